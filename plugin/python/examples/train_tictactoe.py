"""Self-play training for tic-tac-toe through the tavola package: a small
policy-value network guides a PUCT search (AlphaZero's recipe, in miniature),
trained on its own games; every few iterations it plays tavola's solver from
the start, from both sides. Writes a PNG of the loss and those results.

    PYTHONPATH=plugin/python /usr/bin/python3 plugin/python/examples/train_tictactoe.py --minutes 4

--tiny runs a few seconds (the plumbing, not the strength). Needs python3-torch,
and python3-matplotlib for the plot."""
import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import tavola  # noqa: E402


class Net(nn.Module):
    def __init__(self, inputs, actions, hidden=128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.body(x.flatten(1))
        return self.policy(h), torch.tanh(self.value(h)).squeeze(1)


def evaluate(net, state):
    """Priors over the legal actions and the value for the player to move."""
    with torch.no_grad():
        logits, v = net(torch.from_numpy(state.observation_tensor()).unsqueeze(0))
    mask = torch.from_numpy(state.legal_actions_mask().astype(bool))
    logits = logits[0].masked_fill(~mask, -1e9)
    return torch.softmax(logits, 0).numpy(), float(v[0])


class Node:
    __slots__ = ("prior", "n", "w", "children")

    def __init__(self, prior):
        self.prior, self.n, self.w, self.children = prior, 0, 0.0, None


def search(net, root_state, sims, noise, c_puct=1.5):
    """PUCT search; returns the visit counts per action."""
    root = Node(1.0)
    for _ in range(sims):
        state, node, path = root_state.clone(), root, []
        while node.children is not None and not state.is_terminal():
            total = math.sqrt(node.n + 1)
            best, best_a = -1e9, None
            for a, child in node.children.items():
                q = -child.w / child.n if child.n else 0.0  # the child's value is the opponent's
                u = q + c_puct * child.prior * total / (1 + child.n)
                if u > best:
                    best, best_a = u, a
            path.append(node)
            node = node.children[best_a]
            state.apply_action(best_a)
        if state.is_terminal():
            r = state.returns()
            # the player who just moved won or drew; value for the player to move here
            v = -1.0 if max(r) > 0 else 0.0
        else:
            priors, v = evaluate(net, state)
            legal = state.legal_actions()
            if node is root and noise:
                d = np.random.dirichlet([0.5] * len(legal))
                priors = priors.copy()
                for k, a in enumerate(legal):
                    priors[a] = 0.75 * priors[a] + 0.25 * d[k]
            node.children = {a: Node(float(priors[a])) for a in legal}
        path.append(node)
        for n in reversed(path):  # v is for the player to move at the leaf
            n.n += 1
            n.w += v
            v = -v
    counts = np.zeros(root_state.game.num_distinct_actions(), dtype=np.float32)
    for a, child in (root.children or {}).items():
        counts[a] = child.n
    return counts


def self_play(net, game, sims, rng):
    state = game.new_initial_state()
    samples = []
    while not state.is_terminal():
        counts = search(net, state, sims, noise=True)
        pi = counts / counts.sum()
        samples.append((state.observation_tensor(), pi, state.current_player()))
        temp_moves = state.move_number() < 3
        a = int(rng.choice(len(pi), p=pi)) if temp_moves else int(np.argmax(counts))
        state.apply_action(a)
    r = state.returns()
    return [(o, p, r[who]) for o, p, who in samples]


def against_solver(net, game, sims, games):
    """Games from the start against tavola's solver, half with each side."""
    results = {"win": 0, "draw": 0, "loss": 0}
    for g in range(games):
        solver = tavola.Player("solver", seed=g)
        me = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == me:
                a = int(np.argmax(search(net, state, sims, noise=False)))
            else:
                a = solver.choose(state)
            state.apply_action(a)
        r = state.returns()[me]
        results["win" if r > 0 else "loss" if r < 0 else "draw"] += 1
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=4.0, help="training time budget")
    ap.add_argument("--sims", type=int, default=40, help="search simulations per move")
    ap.add_argument("--games", type=int, default=16, help="self-play games per iteration")
    ap.add_argument("--eval-every", type=int, default=5, help="iterations between solver matches")
    ap.add_argument("--eval-games", type=int, default=10)
    ap.add_argument("--out", default="build/train_tictactoe.png")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tiny", action="store_true", help="a few seconds: check the plumbing")
    args = ap.parse_args()
    if args.tiny:
        args.minutes, args.sims, args.games, args.eval_every, args.eval_games = 0.05, 8, 2, 1, 2
    torch.manual_seed(args.seed)
    torch.set_num_threads(2)
    rng = np.random.default_rng(args.seed)
    game = tavola.load_game("tictactoe")
    shape = game.observation_tensor_shape()
    net = Net(shape[0] * shape[1] * shape[2], game.num_distinct_actions())
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-4)
    buffer, log, evals = [], [], []
    start = time.process_time()
    wall = time.time()
    it = 0
    while True:
        it += 1
        net.eval()
        for _ in range(args.games):
            buffer.extend(self_play(net, game, args.sims, rng))
        buffer = buffer[-20000:]
        net.train()
        for _ in range(40):
            batch = [buffer[i] for i in rng.integers(len(buffer), size=min(256, len(buffer)))]
            obs = torch.from_numpy(np.stack([b[0] for b in batch]))
            pi = torch.from_numpy(np.stack([b[1] for b in batch]))
            z = torch.tensor([b[2] for b in batch], dtype=torch.float32)
            logits, v = net(obs)
            loss = -(pi * F.log_softmax(logits, 1)).sum(1).mean() + F.mse_loss(v, z)
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.append((it, float(loss)))
        done = time.process_time() - start > args.minutes * 60
        if it % args.eval_every == 0 or done:
            net.eval()
            res = against_solver(net, game, args.sims, args.eval_games)
            evals.append((it, res))
            print("iteration %d  loss %.3f  against the solver: %d draws, %d losses, %d wins  (%.0f s)"
                  % (it, float(loss), res["draw"], res["loss"], res["win"], time.time() - wall), flush=True)
        if done:
            break
    final = evals[-1][1]
    cpu = time.process_time() - start
    print("final: %d of %d games against the solver drawn, %d lost (%d iterations, %.0f s CPU, %.0f s wall)"
          % (final["draw"], args.eval_games, final["loss"], it, cpu, time.time() - wall))
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib (Debian: python3-matplotlib): no plot")
        return 0
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4))
    a1.plot([i for i, _ in log], [l for _, l in log])
    a1.set_xlabel("iteration")
    a1.set_ylabel("loss (policy cross-entropy + value MSE)")
    a1.set_title("training loss")
    xs = [i for i, _ in evals]
    for key, label, colour in (("draw", "draws", "tab:blue"), ("loss", "losses", "tab:red"),
                               ("win", "wins", "tab:green")):
        a2.plot(xs, [r[key] for _, r in evals], marker="o", color=colour, label=label)
    a2.set_xlabel("iteration")
    a2.set_ylabel("games of %d" % args.eval_games)
    a2.set_title("against tavola's solver, from the start")
    a2.legend()
    fig.suptitle("tic-tac-toe self-play: %d iterations, %.0f s CPU" % (it, cpu))
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    fig.savefig(args.out, dpi=80)
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
