"""The package's API: action ids, masks, observation tensors on hand-worked
positions, errors, clones, playouts, players and the solver."""
import os
import random
import subprocess
import sys

import pytest

import tavola
from conftest import ROOT, RULESETS

np = pytest.importorskip("numpy")


def random_states(name, games=2, seed=7):
    """Every state of a few random games (a clone of each)."""
    game = tavola.load_game(name)
    rng = random.Random(seed)
    for g in range(games):
        s = game.new_initial_state(seed + g)
        while True:
            yield s.clone()
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))


# ---- action ids ------------------------------------------------------------------

@pytest.mark.parametrize("name", RULESETS)
def test_action_ids_round_trip(name):
    game = tavola.load_game(name)
    s = game.new_initial_state(3)
    n = game.num_distinct_actions()
    texts = set()
    for a in range(n):
        t = s.action_to_string(a)
        assert s.string_to_action(t) == a
        assert game.move_action(game.action_move(a)) == a
        texts.add(t)
    assert len(texts) == n


def test_action_space_sizes():
    sizes = {name: tavola.load_game(name).num_distinct_actions() for name in RULESETS}
    assert sizes["tictactoe"] == 9 and sizes["connect4"] == 7 and sizes["gomoku"] == 225
    assert sizes["pahtum"] == 49 and sizes["kalah"] == 12 and sizes["oware"] == 12
    assert tavola.load_game("pahtum", swap=True).num_distinct_actions() == 50  # the swap
    g = tavola.load_game("pahtum", swap=True)
    assert g.new_initial_state().action_to_string(49) == "swap"
    assert tavola.load_game("connect4", width=9).num_distinct_actions() == 9
    assert sizes["connect6"] == 361  # a stone is an action: a two-stone turn is two
    assert sizes["pentago"] == 288  # a cell and a turn of one of four blocks, either way
    assert tavola.load_game("gomoku", opening="swap").num_distinct_actions() == 226  # the swap after three stones


@pytest.mark.parametrize("name", RULESETS)
def test_masks_equal_legal_moves(name):
    for s in random_states(name):
        legal = s.legal_actions()
        mask = s.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (s.game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == legal
        assert legal == sorted(legal)
        assert (legal == []) == s.is_terminal()


def test_swap_is_an_action():
    g = tavola.load_game("pahtum", holes="c3,e5,d4", swap=True)
    s = g.new_initial_state()
    for m in ("a1", "b1", "a2"):
        s.apply_move(m)
    assert 49 in s.legal_actions()
    s.apply_action(49)
    assert s.history()[-1] == 49 and s.action_to_string(49) == "swap"


# ---- observation tensors ---------------------------------------------------------

@pytest.mark.parametrize("name", RULESETS)
def test_tensor_shapes(name):
    game = tavola.load_game(name)
    shape = tuple(game.observation_tensor_shape())
    assert game.observation_tensor_size() == shape[0] * shape[1] * shape[2]
    for s in random_states(name, games=1):
        t = s.observation_tensor()
        assert t.shape == shape and t.dtype == np.float32
        assert np.isfinite(t).all()


def test_tictactoe_planes():
    s = tavola.load_game("tictactoe").new_initial_state()
    s.apply_move("a1")  # X
    s.apply_move("b2")  # O; X to move
    t = s.observation_tensor()
    assert t.shape == (4, 3, 3)
    own, opp, blocks, first = t
    assert own[0][0] == 1 and own.sum() == 1  # a1: row 1, column a
    assert opp[1][1] == 1 and opp.sum() == 1
    assert blocks.sum() == 0
    assert (first == 1).all()  # player 1 (X) to move
    o = s.observation_tensor(1)  # O's view of the same position
    assert (o[0] == opp).all() and (o[1] == own).all() and (o[3] == 1).all()
    s.apply_move("c3")
    t = s.observation_tensor()  # O to move
    assert t[0][1][1] == 1 and t[1][0][0] == 1 and t[1][2][2] == 1 and (t[3] == 0).all()


def test_connect4_planes():
    s = tavola.load_game("connect4").new_initial_state()
    for m in "d d c".split():
        s.apply_move(m)
    t = s.observation_tensor()  # Yellow (o) to move
    assert t.shape == (4, 6, 7)
    assert t[0][1][3] == 1 and t[0].sum() == 1  # o on d2
    assert t[1][0][2] == 1 and t[1][0][3] == 1 and t[1].sum() == 2
    assert (t[3] == 0).all()


def test_pahtum_planes_blocks_and_scores():
    g = tavola.load_game("pahtum", holes="c3,e5,d4")
    assert g.observation_tensor_shape() == [6, 7, 7]
    s = g.new_initial_state()
    for m in "a1 a7 b1 b7 c1".split():  # White: a1 b1 c1, a run of 3 (3 points)
        s.apply_move(m)
    assert s.scores() == [3, 0]
    t = s.observation_tensor()  # Black to move
    blocks = t[2]
    assert blocks[2][2] == 1 and blocks[4][4] == 1 and blocks[3][3] == 1 and blocks.sum() == 3
    assert t[1][0][:3].tolist() == [1, 1, 1]  # White's stones are the opponent's
    assert t[0][6][:2].tolist() == [1, 1]
    assert (t[3] == 0).all()
    assert np.allclose(t[4], 0) and np.allclose(t[5], 3 / 119)  # scores / the best run's points
    w = s.observation_tensor(0)
    assert np.allclose(w[4], 3 / 119) and np.allclose(w[5], 0)


def test_pahtum_placed_holes_plane():
    g = tavola.load_game("pahtum", holes="placed", count=3)
    assert g.observation_tensor_shape() == [7, 7, 7]
    s = g.new_initial_state()
    assert np.allclose(s.observation_tensor()[6], 1.0)
    s.apply_move("d4")
    t = s.observation_tensor()
    assert t[2][3][3] == 1 and np.allclose(t[6], 2 / 3)


def test_kalah_planes():
    g = tavola.load_game("kalah")
    assert g.observation_tensor_shape() == [4, 2, 6]
    s = g.new_initial_state()
    t = s.observation_tensor()
    assert np.allclose(t[0], 4 / 48) and np.allclose(t[1], 0) and (t[3] == 1).all()
    s.apply_move("c1")  # 4 seeds: d1 e1 f1 and the store; player 1 moves again
    assert s.current_player() == 0
    t = s.observation_tensor()
    assert (t[0][0] * 48).round().tolist() == [4, 4, 0, 5, 5, 5]
    assert (t[0][1] * 48).round().tolist() == [4] * 6
    assert np.allclose(t[1], 1 / 48) and np.allclose(t[2], 0)
    s.apply_move("a1")  # a1's 4 seeds: b1 c1 d1 e1; player 2 to move
    assert s.current_player() == 1
    t = s.observation_tensor()  # player 2 sees the board turned round
    rows = s.rows()  # top row first: row 2, then row 1, as a2..f2 and a1..f1
    row2 = [int(x) for x in rows[0].split()]
    row1 = [int(x) for x in rows[1].split()]
    assert (t[0][0] * 48).round().tolist() == row2[::-1]
    assert (t[0][1] * 48).round().tolist() == row1[::-1]
    assert np.allclose(t[1], 0) and np.allclose(t[2], 1 / 48) and (t[3] == 0).all()
    p1 = s.observation_tensor(0)
    assert (p1[0][0] * 48).round().tolist() == row1 and (p1[0][1] * 48).round().tolist() == row2


# ---- errors ----------------------------------------------------------------------

def test_illegal_move_keeps_the_state():
    s = tavola.load_game("tictactoe").new_initial_state()
    s.apply_move("b2")
    before = s.position()
    with pytest.raises(tavola.IllegalMove) as e:
        s.apply_move("b2")
    assert "b2" in str(e.value)
    with pytest.raises(tavola.IllegalMove):
        s.apply_action(4)
    assert s.position() == before and s.history() == [4]


def test_bad_input_raises():
    g = tavola.load_game("connect4")
    s = g.new_initial_state()
    for bad in (-1, 7, 2 ** 40, -2 ** 63):
        with pytest.raises(tavola.InvalidArgument):
            s.apply_action(bad)
    for bad in ("d", None, 1.5, [1]):
        with pytest.raises(TypeError):
            s.apply_action(bad)
    with pytest.raises(tavola.InvalidArgument) as e:
        s.apply_move("zz")
    assert "zz" in str(e.value)
    with pytest.raises(tavola.InvalidArgument):
        s.apply_move("d\0")
    with pytest.raises(tavola.InvalidArgument):
        s.string_to_action("q")
    with pytest.raises(tavola.InvalidArgument):
        s.undo()  # nothing to take back
    with pytest.raises(tavola.InvalidArgument):
        s.set_position("not a position")
    with pytest.raises(tavola.InvalidArgument):
        s.observation_tensor(2)
    with pytest.raises(tavola.InvalidArgument):
        s.playouts(-1)
    s.apply_action(np.int64(3))  # numpy integers are action ids too
    assert s.history() == [3]
    assert s.position().startswith("......./")


def test_ruleset_errors():
    with pytest.raises(tavola.RulesetNotFound) as e:
        tavola.load_game("no_such_game")
    assert "no_such_game" in str(e.value)
    with pytest.raises(tavola.RulesetError) as e:
        tavola.load_game(os.path.join(ROOT, "tests", "bad_rulesets", "broken.lua"))
    assert "broken.lua:2:" in str(e.value)
    with pytest.raises(tavola.RulesetError) as e:
        tavola.load_game("pahtum", holes=4)
    assert "pahtum.lua:" in str(e.value) and "odd" in str(e.value)
    with pytest.raises(tavola.RulesetError) as e:
        tavola.load_game("pahtum", bogus=1)
    assert "unknown option 'bogus'" in str(e.value)
    with pytest.raises(tavola.InvalidArgument):
        tavola.load_game("pahtum", "holes")
    with pytest.raises(TypeError):
        tavola.load_game(3)


def test_game_over_errors():
    s = tavola.load_game("tictactoe").new_initial_state()
    for m in "a1 b1 a2 b2 a3".split():
        s.apply_move(m)
    assert s.is_terminal() and s.current_player() == tavola.TERMINAL
    assert s.returns() == [1.0, -1.0] and s.winner() == 0
    assert s.legal_actions() == [] and s.legal_actions_mask().sum() == 0
    with pytest.raises(tavola.IllegalMove):
        s.apply_action(8)
    with pytest.raises(tavola.IllegalMove):
        tavola.Player("random").choose(s)


def test_library_not_found_is_an_error():
    env = dict(os.environ, TAVOLA_LIB="/nonexistent/libtavola.so.1",
               PYTHONPATH=os.path.join(ROOT, "plugin", "python"))
    r = subprocess.run([sys.executable, "-c", "import tavola; tavola.load_game('tictactoe')"], env=env,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "TAVOLA_LIB" in r.stderr and "Segmentation" not in r.stderr


# ---- clones, undo, positions -------------------------------------------------------

def test_clone_is_independent():
    s = tavola.load_game("connect4").new_initial_state()
    s.apply_move("d")
    c = s.clone()
    c.apply_move("e")
    assert s.history() == [3] and c.history() == [3, 4]
    s.undo()
    assert s.history() == [] and c.history() == [3, 4]
    assert c.legal_actions() == list(range(7))
    del s
    c.apply_move("e")
    assert c.move_number() == 3
    import copy

    d = copy.deepcopy(c)
    d.undo()
    assert c.move_number() == 3 and d.move_number() == 2


@pytest.mark.parametrize("name", RULESETS)
def test_undo_and_positions(name):
    states = list(random_states(name, games=1, seed=11))
    last = states[-1]
    for s in reversed(states[:-1]):
        last.undo()
        assert last.position() == s.position()
        assert last.legal_actions() == s.legal_actions()
    for s in states[::5]:
        t = s.game.new_state_from_position(s.position())
        assert t.position() == s.position() and t.legal_actions() == s.legal_actions()


def test_text_and_svg():
    s = tavola.load_game("tictactoe").new_initial_state()
    s.apply_move("a1")
    assert "X to move" in str(s) or "to move" in str(s)
    assert s.rows() == ["...", "...", "x.."]
    svg = s._repr_svg_()
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")


def test_without_numpy(monkeypatch):
    import tavola._game

    monkeypatch.setattr(tavola._game, "np", None)
    s = tavola.load_game("tictactoe").new_initial_state()
    s.apply_move("a1")
    t = s.observation_tensor()
    assert isinstance(t, list) and len(t) == 36 and t[27:36] == [0.0] * 9 and t[9] == 1.0 and t[0] == 0.0
    assert s.observation_tensor(0)[0] == 1.0
    assert s.legal_actions_mask() == [0] + [1] * 8


# ---- playouts, players, the solver --------------------------------------------------

@pytest.mark.parametrize("name", RULESETS)
def test_playouts(name):
    s = tavola.load_game(name).new_initial_state(5)
    before = s.position()
    p = s.playouts(200, seed=9)
    assert p.n == 200 and p.draws + sum(p.wins) == 200 and p.mean_length > 0
    assert s.playouts(200, seed=9) == p and s.position() == before


def test_playouts_match_random_games_in_length():
    s = tavola.load_game("tictactoe").new_initial_state()
    p = s.playouts(4000, seed=1)
    assert 7.0 < p.mean_length < 9.0  # random tic-tac-toe lasts 7.6 plies on average
    assert p.wins[0] > p.wins[1] > p.draws
    for m in "a1 b1 a2 b2 a3".split():
        s.apply_move(m)
    assert s.playouts(10) == tavola.Playouts(10, 0, (10, 0), 0.0)


def test_players_choose_legal_actions():
    s = tavola.load_game("connect4").new_initial_state()
    for spec in ("random", "greedy", "mcts:iterations=300", "alphabeta:depth=3"):
        p = tavola.Player(spec, seed=1)
        a = p.choose(s)
        assert a in s.legal_actions()
        assert p.info()["nodes"] >= 0
    with pytest.raises(tavola.InvalidArgument):
        tavola.Player("no_such_player").choose(s)


def test_solver():
    s = tavola.load_game("tictactoe").new_initial_state()
    sol = tavola.solve(s)
    assert sol.value == 0 and set(sol.action_values) == set(range(9))
    assert sol.action_values[4] == 0
    a = tavola.Player("solver").choose(s)
    assert sol.action_values[a] == 0
    s.apply_move("a1")
    s.apply_move("b1")
    sol = tavola.solve(s)  # X to move wins
    assert sol.value >= tavola.WIN


# ---- pieces that move: (from, to) action ids, planes per kind -------------------

CHAIN = "......../m......./.....m../......../...m..../..M...../......../........ 1 - 0 0"


def cell(name, width=8):
    return (int(name[1:]) - 1) * width + ord(name[0]) - ord("a")


def pair(frm, to, n=64):
    f, t = cell(frm), cell(to)
    return f * (n - 1) + (t - 1 if t > f else t)


def test_pieces_action_space():
    for name, n in (("breakthrough", 64), ("clobber", 30)):
        assert tavola.load_game(name).num_distinct_actions() == n * (n - 1)
    # jumps that chain: one more id per cell, a chain back to its start
    assert tavola.load_game("checkers").num_distinct_actions() == 64 * 63 + 64
    g = tavola.load_game("checkers")
    s = g.new_initial_state()
    assert s.action_to_string(pair("c3", "d4")) == "c3-d4"
    assert s.string_to_action("c3-d4") == pair("c3", "d4")
    assert s.legal_actions() == sorted(s.legal_actions()) and len(s.legal_actions()) == 7


def test_pieces_chain_is_one_action():
    g = tavola.load_game("checkers")
    s = g.new_state_from_position(CHAIN)
    a = pair("c3", "g7")
    assert s.legal_actions() == [a]  # the capture is mandatory, the whole chain one action
    assert s.action_to_string(a) == "c3xe5xg7"
    assert s.string_to_action("c3xe5xg7") == a
    mask = s.legal_actions_mask()
    assert mask.sum() == 1 and mask[a] == 1
    s.apply_action(a)
    assert s.history() == [a]
    rows = s.position().split()[0].split("/")
    assert rows[1] == "m.....M." and rows[2] == "........" and rows[4] == "........"


def test_pieces_capture_action_plays_the_capture():
    g = tavola.load_game("breakthrough")
    s = g.new_state_from_position("ppppppp./pppppppp/......../......../......../.p....../PPPPPPPP/PPPPPPPP 1 - 0")
    a = pair("a2", "b3")
    assert a in s.legal_actions() and s.action_to_string(a) == "a2xb3"
    s.apply_action(a)
    assert s.position().split()[0].split("/")[5] == ".P......"
    with pytest.raises(tavola.IllegalMove):  # b3 to b5 is no move of a pawn
        s.apply_action(pair("b3", "b5"))


def test_pieces_planes_by_kind():
    g = tavola.load_game("checkers")
    assert g.observation_tensor_shape() == [6, 8, 8]  # man, king for each side, blocks, to move
    s = g.new_state_from_position("......../......../......../......../......../......../.K....../m....... 1 - 0 0")
    obs = np.asarray(s.observation_tensor()).reshape(6, 8, 8)
    assert obs[1][1][1] == 1 and obs[0].sum() == 0 and obs[1].sum() == 1  # the viewer's king on b2
    assert obs[2][0][0] == 1 and obs[2].sum() == 1 and obs[3].sum() == 0  # the opponent's man on a1
    assert obs[5].sum() == 64  # player 1 to move
    theirs = np.asarray(s.observation_tensor(1)).reshape(6, 8, 8)
    assert theirs[0][0][0] == 1 and theirs[3][1][1] == 1


# A NUL inside a text, an integer past the C parameter's width, a bool where
# an action goes: each refused with an error naming it, never cut short or
# wrapped (ctypes would stop a text at its NUL and wrap an integer).
@pytest.mark.parametrize("call", [
    lambda: tavola.load_game("amazons", "size=6\0,junk=1"),
    lambda: tavola.load_game("amazons", size="6\0junk"),
    lambda: tavola.load_game("amazons\0.lua"),
    lambda: tavola.add_path("rulesets\0/x"),
    lambda: tavola.load_game("tictactoe").new_initial_state().apply_move("b2\0a1"),
    lambda: tavola.load_game("tictactoe").new_initial_state().string_to_action("b2\0a1"),
    lambda: tavola.load_game("tictactoe").new_initial_state().set_position("..././... 1\0junk"),
    lambda: tavola.Player("random\0junk"),
], ids=["options text", "option value", "ruleset name", "folder", "move", "string_to_action", "position",
        "player spec"])
def test_nul_is_refused(call):
    with pytest.raises(tavola.InvalidArgument, match="NUL byte"):
        call()


def test_integers_are_not_wrapped():
    game = tavola.load_game("tictactoe")
    state = game.new_initial_state()
    with pytest.raises(tavola.InvalidArgument, match="depth: 4294967298 is outside"):
        state.perft(2 ** 32 + 2)
    with pytest.raises(tavola.InvalidArgument, match="move: 1099511627776 is outside"):
        game.move_action(2 ** 40)
    with pytest.raises(tavola.InvalidArgument):
        game.new_initial_state(seed=2 ** 64)
    with pytest.raises(tavola.InvalidArgument):
        tavola.Player("random").choose(state, ms=2 ** 63)
    assert state.perft(2) == 72


def test_bool_is_not_an_action():
    state = tavola.load_game("tictactoe").new_initial_state()
    for call in (lambda: state.apply_action(True), lambda: state.action_to_string(False),
                 lambda: state.game.action_move(True), lambda: state.perft(True)):
        with pytest.raises(TypeError, match="not bool"):
            call()
    assert state.move_number() == 0


def test_a_chain_back_to_its_start_has_an_id():
    """A king round four pieces ends where it began: its own id, played."""
    s = tavola.load_game("checkers").new_initial_state()
    s.set_position("......../......../......../......../...m.m../..K...../...m.m../........ 1 - 0 0")
    assert sorted(s.legal_moves()) == ["c3xe1xg3xe5xc3", "c3xe5xg3xe1xc3"]
    ids = s.legal_actions()
    assert ids == [64 * 63 + cell("c3")]  # the two ways round share it
    s.apply_action(ids[0])
    assert s.is_terminal()  # Black has no piece left



def test_add_path_comes_first(tmp_path):
    """A folder added by add_path is searched before the stock rulesets: its
    tictactoe.lua shadows the shipped one, as add_path's docstring says (in a
    process of its own: the search path is the process's)."""
    import os
    import subprocess
    import sys
    (tmp_path / "tictactoe.lua").write_text(
        'return game { name = "Shadow", players = { "A", "B" }, board = grid { width = 4, height = 4 },\n'
        '  moves = place {}, ends = "board_full" }\n')
    code = ("import tavola; tavola.add_path(%r); print(tavola.load_game('tictactoe').num_distinct_actions())"
            % str(tmp_path))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))  # the package as this process has it
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["16"]  # the 4x4 one, not the stock 3x3
