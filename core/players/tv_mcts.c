/* MCTS: UCT with random playouts ("mcts:iterations=N", "ms=N" or "cpu_ms=N",
 * together if wished, the first reached ending the search; optional "c=1.4",
 * the exploration constant, and "mb=N", the most memory the tree may take,
 * 512 by default; with no budget at all, 10000 iterations).
 *
 * "prove=1" makes it an MCTS-Solver (Winands, Bjornsson and Saito 2008): a
 * node whose game is won is proven for its winner; a node where the player
 * to move has a child proven won for them is proven won for that player, and
 * one whose children are all expanded and all proven won for the opponent is
 * proven lost. Proofs are by player, not by "the mover", so extra turns need
 * nothing special. Selection skips children proven lost for the player to
 * move (while any other is left), an iteration that reaches a proven node
 * backs up its result with no playout, the search ends once the root is
 * proven, and the move chosen is a proven win if there is one, else the most
 * visited child not proven lost (an untried move before a proven loss). A
 * draw is never proven: a node all of whose moves draw or lose stays open.
 *
 * "playout=decisive" plays, at each ply of a playout, a move that wins at
 * once if there is one (the first such in the rules' order), else a random
 * move; "playout=antidecisive" also, when there is no such move, plays a
 * move of the opponent's that would win at once for them if it is legal for
 * the mover too (a placement blocked by taking the cell): found by giving the
 * opponent the move on a copy, so only in rulesets without hooks. Both list
 * and try every move at every ply: far more work a playout than the random
 * one (tv_random_playout), which "playout=random", the default, keeps.
 *
 * "rave=K" (K > 0; 0, the default, is off) adds RAVE (Gelly and Silver
 * 2007, 2011) to the selection: each child also holds all-moves-as-first
 * (AMAF) counts, and its value for the player to move at the parent is
 * (1 - b) Q + b A + c sqrt(ln N / n), with Q its own mean reward, A its AMAF
 * mean, n its own visits and b = sqrt(K / (3n + K)), the "hand-selected"
 * schedule: K is the equivalence parameter, the visits at which the two
 * means weigh the same (b = 1/2 at n = K; b = 0 while A has no sample). Gelly
 * and Silver count n for the state; here it is the move's own visits, so a
 * child that has been tried often leans on its own mean whatever its
 * siblings did. A simulation (the tree's moves from the root, then the
 * playout) updates, at each node of its path, the AMAF counts of every
 * child whose move the player to move there played at that node or later
 * in the simulation, before the opponent played the same move (the first
 * player to play a cell owns it; m->owner). Only for rules whose moves are
 * placements: a move is a cell that gets a stone of the mover, the same
 * stone at any later ply -- the place, groups (Go) and flip (Othello)
 * families, not under a moves or play hook (which may make a cell mean
 * anything; an ends or score hook is no matter); a pass, a swap and a block
 * of the setup phase are never AMAF moves. Other rules (a column, a piece's
 * from-to, a rotation, a hole, a hook's moves) refuse rave=K with an error.
 * The playout's moves: where no stone is ever taken off or changes owner
 * (the place family with no custodial capture and no swap still to come),
 * the cells the playout filled and their stones' colours, read off the
 * final board, so the random playout's fast path is kept; elsewhere (Go,
 * Othello, Pente's captures) the playout lists the moves at every ply, as
 * the decisive ones do, and notes each: a dearer playout (3000 iterations
 * from the start take 1.25 times plain MCTS's time in Hex 11x11, 1.3 in
 * Gomoku 15x15, read off the board; 3 in Pente 11x11, 3.5 in Othello and
 * 4.5 in Go 9x9, listed). It combines with prove=1 (a proven node's
 * back-up counts the tree's moves only) and with decisive playouts, and
 * costs 8 bytes a node and a table of cells, nothing when off. K = 1000
 * suits Hex, Gomoku and Pente; in Go and Othello, whose random playouts
 * fill eyes and flip stones, a move's value hangs on when it is played and
 * AMAF helps little (at 1000 iterations against plain MCTS, 20 games: K =
 * 1000 scored 0.30 in Go 9x9 and 0.40 in Othello, K = 10 0.55 and 0.65).
 *
 * Each node holds its state inline (a tv_state is one flat value), the move
 * that led to it, its visit count and its reward in half-points (2 a win,
 * 1 a draw) from the view of the player who moved into it, that is the
 * player to move in the parent's state: extra turns (Kalah) mean players do
 * not simply alternate. Children are expanded one per iteration, at random
 * among the untried moves. Nodes live in an arena of big blocks addressed by
 * index; when the tree is carried over to the next move, the subtree that is
 * kept is copied into a second arena and the two swap roles, so memory is
 * reused and never freed node by node.
 *
 * Reported in tv_search_info: nodes = iterations done, depth = length of the
 * most visited line, score = the chosen move's win rate w (draws count half)
 * as (2w - 1) * 1000, so +1000 is "always won", 0 even, -1000 "always lost". */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tv_cells.h"
#include "tv_family.h"
#include "tv_history.h"
#include "tv_mcts.h"
#include "tv_player.h"

#define NIL UINT32_MAX
#define BLOCK_NODES 4096u
#define NMOVES_UNKNOWN UINT16_MAX
#define MAX_VISITS (1u << 30) /* far beyond any real search; keeps the counts from overflowing */

typedef struct node {
    uint32_t child;    /* first child, NIL if none */
    uint32_t sibling;  /* next child of the same parent, NIL if none */
    uint32_t visits;
    uint32_t half;     /* reward in half-points for the player who moved into this node */
    tv_move move;      /* the move that led here */
    uint16_t nmoves;   /* legal moves here, NMOVES_UNKNOWN until the first expansion */
    uint16_t nchildren;
    uint8_t proven;    /* prove=1: the player (1 or 2) this node is proven won for, 0 if not proven */
    /* followed by the state (rules->state_size bytes, a multiple of 8), then with rave=K an amaf */
} node;

/* rave=K: a node's all-moves-as-first counts, in the units of visits and
 * half: the simulations through its parent in which the player to move
 * there played this node's move (then or later), and their reward for that player. */
typedef struct amaf {
    uint32_t visits;
    uint32_t half;
} amaf;

typedef struct arena {
    unsigned char **blocks;
    uint32_t nblocks, cap_blocks; /* blocks allocated, room in blocks[] */
    uint32_t used;                /* nodes handed out */
} arena;

enum { PLAYOUT_RANDOM, PLAYOUT_DECISIVE, PLAYOUT_ANTIDECISIVE };

typedef struct mcts {
    const tv_rules *rules;
    double c;
    int prove;        /* MCTS-Solver */
    int playout;      /* PLAYOUT_* */
    double rave;      /* RAVE's equivalence parameter K, 0 = no RAVE */
    size_t amaf_at;   /* rave: where a node's amaf starts */
    tv_cpu_limit cpu; /* the spec's cpu_ms */
    size_t stride; /* bytes per node: header + state (+ amaf with rave) */
    uint32_t max_nodes;
    arena a[2];
    int cur;          /* a[cur] holds the tree */
    int have_tree;    /* the tree in a[cur] is rooted at node 0 */
    int root_nply;    /* g->nply when the tree's root was the game's state */
    uint64_t root_hash;
    uint64_t *hist;   /* hashes of the game so far, then of the path being searched */
    int hist_cap;
    uint32_t *path;
    int path_cap;
    tv_move *pmoves;  /* listed playouts: the moves of a ply, then the opponent's */
    uint8_t owner[TV_MAX_CELLS]; /* rave: by cell, the player (1, 2) who first put a stone there
                                  * in the simulation, from the node being backed up on; 0 none */
} mcts;

static node *at(const mcts *m, const arena *a, uint32_t i)
{
    return (node *)(a->blocks[i / BLOCK_NODES] + (size_t)(i % BLOCK_NODES) * m->stride);
}

/* The node's header rounded up to 8 bytes: where its state starts. */
#define NODE_HEAD ((sizeof(node) + 7) & ~(size_t)7)

static tv_state *state_of(node *n) { return (tv_state *)((unsigned char *)n + NODE_HEAD); }

/* rave=K only: the node's AMAF counts, after its state. */
static amaf *amaf_of(const mcts *m, node *n) { return (amaf *)((unsigned char *)n + m->amaf_at); }

/* A fresh node index, or NIL when the memory limit is reached. */
static uint32_t alloc_node(mcts *m, arena *a)
{
    if (a->used >= m->max_nodes)
        return NIL;
    if (a->used == a->nblocks * BLOCK_NODES) {
        if (a->nblocks == a->cap_blocks) {
            uint32_t cap = a->cap_blocks ? 2 * a->cap_blocks : 16;
            unsigned char **b = realloc(a->blocks, cap * sizeof *b);
            if (!b)
                return NIL;
            a->blocks = b;
            a->cap_blocks = cap;
        }
        if (!(a->blocks[a->nblocks] = malloc(BLOCK_NODES * m->stride)))
            return NIL;
        a->nblocks++;
    }
    return a->used++;
}

static void init_node(const mcts *m, node *n, tv_move move)
{
    n->child = n->sibling = NIL;
    n->visits = n->half = 0;
    n->move = move;
    n->nmoves = NMOVES_UNKNOWN;
    n->nchildren = 0;
    n->proven = 0;
    if (m->rave > 0)
        *amaf_of(m, n) = (amaf){0, 0};
}

/* Copies the subtree under old index `from` of a[cur] into the other arena
 * (breadth first, the new arena doubling as the queue) and makes it the tree. */
static int keep_subtree(mcts *m, uint32_t from)
{
    arena *src = &m->a[m->cur], *dst = &m->a[m->cur ^ 1];
    dst->used = 0;
    uint32_t root = alloc_node(m, dst);
    if (root == NIL)
        return 0;
    memcpy(at(m, dst, root), at(m, src, from), m->stride);
    for (uint32_t i = 0; i < dst->used; i++) {
        uint32_t old = at(m, dst, i)->child, prev = NIL;
        at(m, dst, i)->child = NIL;
        for (; old != NIL; old = at(m, src, old)->sibling) {
            uint32_t j = alloc_node(m, dst); /* never fails: dst holds fewer nodes than src */
            if (j == NIL)
                return 0;
            memcpy(at(m, dst, j), at(m, src, old), m->stride);
            at(m, dst, j)->sibling = NIL;
            if (prev == NIL)
                at(m, dst, i)->child = j;
            else
                at(m, dst, prev)->sibling = j;
            prev = j;
        }
    }
    src->used = 0;
    m->cur ^= 1;
    return 1;
}

/* Makes node 0 of a[cur] the game's current state: the old tree's node for it
 * when the moves played since the old root lead to one, else a new root. */
static int set_root(mcts *m, const tv_game *g, tv_error *err)
{
    const tv_rules *r = m->rules;
    arena *a = &m->a[m->cur];
    if (m->have_tree && m->root_nply <= g->nply && g->hashes[m->root_nply] == m->root_hash) {
        uint32_t n = 0;
        for (int i = m->root_nply; i < g->nply && n != NIL; i++) {
            uint32_t c = at(m, a, n)->child;
            while (c != NIL && at(m, a, c)->move != g->history[i])
                c = at(m, a, c)->sibling;
            n = c;
        }
        if (n != NIL && memcmp(state_of(at(m, a, n)), g->state, (size_t)r->state_size) == 0 &&
            (n == 0 || keep_subtree(m, n)))
            goto done;
    }
    a = &m->a[m->cur];
    a->used = 0;
    if (alloc_node(m, a) == NIL) {
        m->have_tree = 0;
        return tv_error_set(err, TV_ENOMEM, "mcts: out of memory");
    }
    init_node(m, at(m, a, 0), TV_MOVE_NONE);
    tv_state_copy(r, state_of(at(m, a, 0)), g->state);
done:
    m->have_tree = 1;
    m->root_nply = g->nply;
    m->root_hash = g->state->hash;
    return TV_OK;
}

/* Room for n entries in the history and path stacks. */
static int reserve(mcts *m, int n, tv_error *err)
{
    if (n > m->hist_cap) {
        int cap = m->hist_cap ? m->hist_cap : 256;
        while (cap < n)
            cap *= 2;
        uint64_t *h = realloc(m->hist, (size_t)cap * sizeof *h);
        if (!h)
            return tv_error_set(err, TV_ENOMEM, "mcts: out of memory");
        m->hist = h;
        m->hist_cap = cap;
    }
    if (n > m->path_cap) {
        int cap = m->path_cap ? m->path_cap : 256;
        while (cap < n)
            cap *= 2;
        uint32_t *p = realloc(m->path, (size_t)cap * sizeof *p);
        if (!p)
            return tv_error_set(err, TV_ENOMEM, "mcts: out of memory");
        m->path = p;
        m->path_cap = cap;
    }
    return TV_OK;
}

static int cmp_move(const void *x, const void *y)
{
    tv_move a = *(const tv_move *)x, b = *(const tv_move *)y;
    return (a > b) - (a < b);
}

/* The k-th of moves[0..n) that is not among kids[0..nk) (the moves already
 * expanded), or TV_MOVE_NONE. Cells and special moves are struck in a table;
 * larger moves (pieces' from-to moves) are looked up in the sorted kids. */
static tv_move untried(const tv_move *moves, int n, tv_move *kids, int nk, int k)
{
    int small = 1;
    for (int i = 0; i < n && small; i++)
        small = moves[i] >= -3 && moves[i] < TV_MAX_CELLS;
    for (int i = 0; i < nk && small; i++)
        small = kids[i] >= -3 && kids[i] < TV_MAX_CELLS;
    if (small) {
        unsigned char tried[TV_MAX_CELLS + 4] = {0};
        for (int i = 0; i < nk; i++)
            tried[kids[i] + 3] = 1;
        for (int i = 0; i < n; i++)
            if (!tried[moves[i] + 3] && k-- == 0)
                return moves[i];
        return TV_MOVE_NONE;
    }
    qsort(kids, (size_t)nk, sizeof *kids, cmp_move);
    for (int i = 0; i < n; i++)
        if (!bsearch(&moves[i], kids, (size_t)nk, sizeof *kids, cmp_move) && k-- == 0)
            return moves[i];
    return TV_MOVE_NONE;
}

/* Expands one untried move of node p (chosen at random among them) and
 * returns the new child, or NIL when the tree is full. The child's state is
 * played with the history of the game and of the path (hist[0..nhist)), so
 * repetitions inside the tree end the game as the rules say. */
static int expand(mcts *m, uint32_t p, tv_rng *rng, int nhist, uint32_t *out, tv_error *err)
{
    const tv_rules *r = m->rules;
    arena *a = &m->a[m->cur];
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves_hist(r, state_of(at(m, a, p)), m->hist, nhist, moves, TV_MOVES_LIMIT, err);
    if (n < 0)
        return n;
    if (n == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    node *pn = at(m, a, p);
    pn->nmoves = (uint16_t)n;
    *out = NIL;
    if (pn->nchildren >= n)
        return TV_OK;
    /* The k-th move not yet expanded, in the rules' order. */
    tv_move kids[TV_MOVES_LIMIT];
    int nk = 0;
    for (uint32_t c = pn->child; c != NIL && nk < TV_MOVES_LIMIT; c = at(m, a, c)->sibling)
        kids[nk++] = at(m, a, c)->move;
    int k = (int)tv_rng_below(rng, (uint32_t)(n - pn->nchildren));
    tv_move mv = untried(moves, n, kids, nk, k);
    if (mv == TV_MOVE_NONE)
        return tv_error_set(err, TV_ERULES, "mcts: the legal moves changed under a node");
    uint32_t c = alloc_node(m, a);
    if (c == NIL)
        return TV_OK;
    node *cn = at(m, a, c);
    init_node(m, cn, mv);
    tv_state_copy(r, state_of(cn), state_of(pn));
    int rc = tv_play_listed(r, state_of(cn), mv, NULL, m->hist, nhist, err);
    if (rc) {
        a->used--; /* give the node back */
        return rc;
    }
    if (m->prove && state_of(cn)->status != TV_ONGOING && state_of(cn)->winner > 0)
        cn->proven = (uint8_t)state_of(cn)->winner;
    cn->sibling = pn->child;
    pn->child = c;
    pn->nchildren++;
    *out = c;
    return TV_OK;
}

/* A visited child's value for the player who moves into it: its mean
 * reward, blended with its AMAF mean by rave=K's schedule, plus the
 * exploration term (logn = ln of the parent's visits + 1). */
static double uct_value(const mcts *m, node *cn, double logn)
{
    double q = (double)cn->half / (2.0 * cn->visits);
    if (m->rave > 0) {
        const amaf *am = amaf_of(m, cn);
        if (am->visits) {
            double beta = sqrt(m->rave / (3.0 * cn->visits + m->rave));
            q = (1.0 - beta) * q + beta * (double)am->half / (2.0 * am->visits);
        }
    }
    return q + m->c * sqrt(logn / cn->visits);
}

/* The UCT choice among p's children: the best value for the player to move
 * at p (uct_value); with prove=1, among the children not proven lost for
 * that player while there is one. */
static uint32_t select_child(const mcts *m, const arena *a, uint32_t p)
{
    node *pn = at(m, a, p);
    double logn = log((double)pn->visits + 1.0), top = -1.0;
    int lost = m->prove ? 2 - state_of(pn)->to_move : 0; /* the opponent's number: a child proven for them */
    uint32_t best = NIL, any = NIL;
    for (uint32_t c = pn->child; c != NIL;) {
        node *cn = at(m, a, c);
        any = c;
        if (lost && cn->proven == lost) {
            c = cn->sibling;
            continue;
        }
        double v = cn->visits ? uct_value(m, cn, logn) : 1e9;
        if (v > top) {
            top = v;
            best = c;
        }
        c = cn->sibling;
    }
    return best != NIL ? best : any;
}

/* The most visited child of p (ties: the better reward, then list order). */
static uint32_t most_visited(const mcts *m, const arena *a, uint32_t p)
{
    uint32_t best = NIL;
    for (uint32_t c = at(m, a, p)->child; c != NIL; c = at(m, a, c)->sibling) {
        node *cn = at(m, a, c), *bn = best == NIL ? NULL : at(m, a, best);
        if (!bn || cn->visits > bn->visits || (cn->visits == bn->visits && cn->half > bn->half))
            best = c;
    }
    return best;
}

/* Half-points for player index p (0/1) in a finished state. */
static uint32_t reward(const tv_state *s, int p)
{
    return s->winner == 0 ? 1u : s->winner == p + 1 ? 2u : 0u;
}

/* prove=1: after the child c of p was proven, p's proof if it now has one
 * (a child won for the player to move at p, or every move expanded and won
 * for the opponent); whether p is proven. */
static int prove_parent(const mcts *m, const arena *a, uint32_t p, uint32_t c)
{
    node *pn = at(m, a, p);
    if (pn->proven)
        return 1;
    int me = state_of(pn)->to_move + 1, opp = 3 - me;
    if (at(m, a, c)->proven == me) {
        pn->proven = (uint8_t)me;
        return 1;
    }
    if (pn->nmoves == NMOVES_UNKNOWN || pn->nchildren < pn->nmoves)
        return 0;
    for (uint32_t k = pn->child; k != NIL; k = at(m, a, k)->sibling)
        if (at(m, a, k)->proven != opp)
            return 0;
    pn->proven = (uint8_t)opp;
    return 1;
}

/* One iteration: select, expand, play out, back up. */
/* What ends a search: the stop flag, the deadline (tv_now_ms, 0 = none). */
typedef struct halt_ctx {
    const atomic_int *stop;
    long deadline;
    const tv_cpu_limit *cpu;
} halt_ctx;

static int halt_now(void *arg)
{
    const halt_ctx *h = arg;
    return atomic_load_explicit(h->stop, memory_order_relaxed) || (h->deadline && tv_now_ms() >= h->deadline) ||
           tv_cpu_limit_over(h->cpu);
}

/* Whether playing mv in s ends the game won by player `who` (1 or 2); s is
 * left as it was. A move the rules refuse here is no win. */
static int wins_at_once(const tv_rules *r, tv_state *s, tv_move mv, int who, const uint64_t *hist, int nhist)
{
    tv_undo u;
    tv_error ignored;
    if (tv_play_hist(r, s, mv, &u, hist, nhist, &ignored) != TV_OK)
        return 0;
    int won = s->status != TV_ONGOING && s->winner == who;
    tv_unplay(r, s, &u);
    return won;
}

/* rave: whether mv puts the mover's stone on a cell of s (not a pass, a
 * swap or a block of the setup phase): an AMAF move. */
static int stone_move(const tv_state *s, tv_move mv) { return mv >= 0 && !(s->flags & TV_FLAG_SETUP); }

/* rave: whether a random playout from leaf may be read off the board at
 * its end (note_board): placements whose stones are never taken off nor
 * change owner (no custodial capture, no swap to come). */
static int amaf_from_board(const tv_rules *r, const tv_state *leaf)
{
    return r->family == TV_FAMILY_PLACE && !r->custodial.dirs &&
           (r->swap_after == 0 || leaf->stones > r->swap_after || (leaf->flags & TV_FLAG_SWAPPED));
}

/* rave: the moves of a playout from leaf to end when amaf_from_board holds:
 * each cell empty at the leaf and holding a stone at the end was the move
 * of the player of that colour (the colours do not change on the way). */
static void note_board(mcts *m, const tv_state *leaf, const tv_state *end)
{
    int first = tv_colour_of(leaf, 0);
    for (int c = 0; c < m->rules->ncells; c++) {
        int colour = tv_cell_colour(end->cells[c]);
        if (leaf->cells[c] == TV_EMPTY && (colour == TV_STONE1 || colour == TV_STONE2))
            m->owner[c] = colour == first ? 1 : 2;
    }
}

/* A playout from s (whose hash is m->hist[nhist - 1]) that lists the moves
 * at every ply: playout=decisive takes a win at once when it has one and
 * antidecisive otherwise the cell of the opponent's win at once; else (and
 * always for playout=random, used here by rave where the board cannot tell
 * the moves) a random move, as tv_random_playout draws it. With rave, the
 * first stone on each cell is noted for its player. */
static int listed_playout(mcts *m, tv_state *s, int nhist, tv_rng *rng, halt_ctx *halt, tv_error *err)
{
    const tv_rules *r = m->rules;
    int decisive = m->playout != PLAYOUT_RANDOM;
    int anti = m->playout == PLAYOUT_ANTIDECISIVE && !tv_family_hooked(r);
    tv_move *moves = m->pmoves, *theirs = m->pmoves + r->max_moves;
    /* The CPU clock is a system call, dearer than a ply: asked every 16
     * plies, every ply where hooks may make one slow. */
    int every = tv_family_hooked(r) ? 1 : 16;
    for (int ply = 0; s->status == TV_ONGOING; ply++) {
        if (ply % every == 0 && halt_now(halt))
            return TV_PLAYOUT_HALTED;
        int rc, me = s->to_move, n = tv_legal_moves_hist(r, s, m->hist, nhist, moves, r->max_moves, err);
        if (n < 0)
            return n;
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        tv_move mv = TV_MOVE_NONE;
        for (int i = 0; i < n && decisive && mv == TV_MOVE_NONE; i++)
            if (wins_at_once(r, s, moves[i], me + 1, m->hist, nhist))
                mv = moves[i];
        if (mv == TV_MOVE_NONE && anti) { /* the opponent to move on a copy: their wins at once */
            tv_state_buf t;
            tv_state_copy(r, &t.state, s);
            t.state.to_move = (uint8_t)(me ^ 1);
            t.state.hash = tv_state_hash(r, &t.state); /* the side to move is in the hash */
            tv_error ignored;
            int k = tv_legal_moves(r, &t.state, theirs, r->max_moves, &ignored);
            for (int j = 0; j < k && mv == TV_MOVE_NONE; j++)
                if (wins_at_once(r, &t.state, theirs[j], 2 - me, NULL, 0))
                    for (int i = 0; i < n; i++)
                        if (moves[i] == theirs[j])
                            mv = theirs[j];
        }
        if (mv == TV_MOVE_NONE)
            mv = moves[tv_rng_below(rng, (uint32_t)n)];
        if (m->rave > 0 && stone_move(s, mv) && mv < r->ncells && !m->owner[mv])
            m->owner[mv] = (uint8_t)(me + 1);
        if ((rc = reserve(m, nhist + 1, err)) || (rc = tv_play_listed(r, s, mv, NULL, m->hist, nhist, err)))
            return rc;
        m->hist[nhist++] = tv_history_key(r, s);
    }
    return TV_OK;
}

/* rave: the AMAF back-up of a simulation along m->path[0..depth) whose
 * playout's stones are in m->owner. From the leaf up, the move played at
 * each node is noted (a play earlier in the simulation owns its cell), then
 * every child of the node whose cell the player to move there owns counts
 * the simulation's reward for that player. */
static void backup_amaf(mcts *m, const arena *a, int depth, const tv_state *end)
{
    for (int i = depth - 1; i >= 0; i--) {
        node *pn = at(m, a, m->path[i]);
        const tv_state *ps = state_of(pn);
        if (i + 1 < depth) {
            tv_move mv = at(m, a, m->path[i + 1])->move;
            if (stone_move(ps, mv) && mv < m->rules->ncells)
                m->owner[mv] = (uint8_t)(ps->to_move + 1);
        }
        if (ps->flags & TV_FLAG_SETUP) /* its children are blocks, not stones */
            continue;
        uint32_t me = ps->to_move + 1u, half = reward(end, ps->to_move);
        for (uint32_t c = pn->child; c != NIL; c = at(m, a, c)->sibling) {
            node *cn = at(m, a, c);
            if (cn->move >= 0 && cn->move < m->rules->ncells && m->owner[cn->move] == me) {
                amaf *am = amaf_of(m, cn);
                am->visits++;
                am->half += half;
            }
        }
    }
}

/* One iteration: TV_OK, TV_PLAYOUT_HALTED when the playout was cut short
 * (nothing is backed up), or an error code. */
static int iterate(mcts *m, int nhist0, tv_rng *rng, halt_ctx *halt, tv_error *err)
{
    const tv_rules *r = m->rules;
    arena *a = &m->a[m->cur];
    uint32_t n = 0;
    int depth = 0, nhist = nhist0, rc, expanded = 0;
    m->path[depth++] = 0;
    for (;;) {
        node *nn = at(m, a, n);
        if (state_of(nn)->status != TV_ONGOING || nn->proven)
            break;
        if ((rc = reserve(m, nhist + 2, err)) || (rc = reserve(m, depth + 2, err)))
            return rc;
        if (nn->nmoves == NMOVES_UNKNOWN || nn->nchildren < nn->nmoves) {
            uint32_t c = NIL; /* set by expand on success */
            if ((rc = expand(m, n, rng, nhist, &c, err)))
                return rc;
            if (c != NIL) {
                m->path[depth++] = c;
                n = c;
                expanded = 1;
                break;
            }
            if (at(m, a, n)->child == NIL)
                break; /* the tree is full: play out from here */
        }
        n = select_child(m, a, n);
        m->path[depth++] = n;
        m->hist[nhist++] = tv_history_key(r, state_of(at(m, a, n)));
    }
    tv_state_buf end;
    tv_state_copy(r, &end.state, state_of(at(m, a, n)));
    if (m->rave > 0)
        memset(m->owner, 0, (size_t)r->ncells);
    int proven = at(m, a, n)->proven;
    if (proven) { /* a proven node's result, without a playout */
        end.state.status = TV_OVER;
        end.state.winner = (int8_t)proven;
    } else if (end.state.status == TV_ONGOING) {
        const tv_state *leaf = state_of(at(m, a, n));
        int by_board = m->rave > 0 && amaf_from_board(r, leaf);
        if (m->playout == PLAYOUT_RANDOM && (m->rave <= 0 || by_board)) {
            rc = tv_random_playout_halt(r, &end.state, rng, halt_now, halt, err);
            if (!rc && by_board)
                note_board(m, leaf, &end.state);
        } else if (!(rc = reserve(m, nhist + 1, err))) {
            if (expanded) /* a new leaf's hash is not in the history yet */
                m->hist[nhist++] = tv_history_key(r, &end.state);
            rc = listed_playout(m, &end.state, nhist, rng, halt, err);
        }
        if (rc)
            return rc;
    }
    at(m, a, 0)->visits++;
    for (int i = 1; i < depth; i++) {
        node *cn = at(m, a, m->path[i]);
        cn->visits++;
        cn->half += reward(&end.state, state_of(at(m, a, m->path[i - 1]))->to_move);
    }
    if (m->rave > 0)
        backup_amaf(m, a, depth, &end.state);
    if (proven)
        for (int i = depth - 1; i > 0 && prove_parent(m, a, m->path[i - 1], m->path[i]); i--)
            ;
    return TV_OK;
}

/* prove=1: the move when proofs decide it -- a proven win (the most visited
 * one), else the most visited child not proven lost, else an untried move --
 * or 0 when the plain choice (the most visited child, *c) stands. Returns 1
 * when it chose. */
static int choose_proven(const mcts *m, const arena *a, const tv_move *moves, int n, uint32_t *c, tv_move *best,
                         tv_search_info *info)
{
    node *root = at(m, a, 0);
    int me = state_of(root)->to_move + 1;
    uint32_t win = NIL, open = NIL;
    for (uint32_t k = root->child; k != NIL; k = at(m, a, k)->sibling) {
        node *kn = at(m, a, k);
        uint32_t *slot = kn->proven == me ? &win : kn->proven == 3 - me ? NULL : &open;
        if (slot && (*slot == NIL || kn->visits > at(m, a, *slot)->visits ||
                     (kn->visits == at(m, a, *slot)->visits && kn->half > at(m, a, *slot)->half)))
            *slot = k;
    }
    if (win != NIL) {
        *best = at(m, a, win)->move;
        info->score = TV_SCORE_WIN / 2;
        return 1;
    }
    if (root->proven == 3 - me) { /* every move loses: the most visited, as without proofs */
        *best = at(m, a, *c)->move;
        info->score = -TV_SCORE_WIN / 2;
        return 1;
    }
    if (open != NIL) {
        *c = open;
        return 0;
    }
    /* Every expanded child is lost, but not every move was tried: one that was not. */
    tv_move kids[TV_MOVES_LIMIT];
    int nk = 0;
    for (uint32_t k = root->child; k != NIL && nk < TV_MOVES_LIMIT; k = at(m, a, k)->sibling)
        kids[nk++] = at(m, a, k)->move;
    tv_move mv = untried(moves, n, kids, nk, 0);
    *best = mv != TV_MOVE_NONE ? mv : at(m, a, *c)->move;
    info->score = 0;
    return 1;
}

static int mcts_choose(void *self, const tv_game *g, const tv_budget *budget, tv_rng *rng,
                       const atomic_int *stop, tv_search_info *info, tv_move *best, tv_error *err)
{
    mcts *m = self;
    const tv_rules *r = m->rules;
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves_hist(r, g->state, g->hashes, g->nply + 1, moves, TV_MOVES_LIMIT, err);
    if (n <= 0)
        return n < 0 ? n : tv_error_set(err, TV_ERULES, "no legal move in an ongoing game");
    if (n == 1) { /* nothing to think about; the tree is kept for the next move */
        *best = moves[0];
        info->depth = 1;
        return TV_OK;
    }
    int rc = set_root(m, g, err);
    if (rc || (rc = reserve(m, g->nply + 1, err)))
        return rc;
    memcpy(m->hist, g->hashes, (size_t)(g->nply + 1) * sizeof *m->hist);

    long iterations = budget->iterations, ms = budget->ms;
    if (iterations <= 0 && ms <= 0 && m->cpu.ms <= 0)
        iterations = 10000;
    long start = ms > 0 ? tv_now_ms() : 0, done = 0;
    tv_cpu_limit_start(&m->cpu);
    halt_ctx halt = {stop, ms > 0 ? start + ms : 0, &m->cpu};
    arena *a = &m->a[m->cur];
    /* At least one iteration, so there is always a child to choose, unless
     * the stop or the time cut its playout short. */
    do {
        if ((rc = iterate(m, g->nply + 1, rng, &halt, err)) == TV_PLAYOUT_HALTED)
            break;
        if (rc) {
            m->have_tree = 0; /* a half-backed-up tree is not worth keeping */
            return rc;
        }
        done++;
        if (done % 64 == 0 && ((ms > 0 && tv_now_ms() - start >= ms) || tv_cpu_limit_over(&m->cpu)))
            break;
    } while (!atomic_load_explicit(stop, memory_order_relaxed) && (iterations <= 0 || done < iterations) &&
             at(m, a, 0)->visits < MAX_VISITS && !at(m, a, 0)->proven);

    if (at(m, a, 0)->visits == 0) { /* stopped before one playout ended: nothing learnt */
        *best = moves[0];
        info->nodes = 0;
        info->depth = 0;
        info->score = 0;
        return TV_OK;
    }
    uint32_t c = most_visited(m, a, 0);
    node *cn = at(m, a, c);
    info->nodes = (uint64_t)done;
    if (!m->prove || !choose_proven(m, a, moves, n, &c, best, info)) {
        cn = at(m, a, c);
        *best = cn->move;
        info->score = (int64_t)llround(((double)cn->half / cn->visits - 1.0) * 1000.0);
    }
    int depth = 0;
    for (uint32_t k = 0; k != NIL; k = most_visited(m, a, k))
        depth++;
    info->depth = depth - 1;
    return TV_OK;
}

int tv_mcts_children(const void *self, const tv_move *path, int npath, tv_mcts_child *out, int cap)
{
    const mcts *m = self;
    const arena *a = &m->a[m->cur];
    if (!m->have_tree || a->used == 0)
        return -1;
    uint32_t n = 0;
    for (int i = 0; i < npath && n != NIL; i++) {
        uint32_t c = at(m, a, n)->child;
        while (c != NIL && at(m, a, c)->move != path[i])
            c = at(m, a, c)->sibling;
        n = c;
    }
    if (n == NIL)
        return -1;
    int k = 0;
    for (uint32_t c = at(m, a, n)->child; c != NIL && k < cap; c = at(m, a, c)->sibling, k++) {
        node *cn = at(m, a, c);
        amaf am = m->rave > 0 ? *amaf_of(m, cn) : (amaf){0, 0};
        out[k] = (tv_mcts_child){cn->move, cn->visits, cn->half, am.visits, am.half};
    }
    return k;
}

static void mcts_destroy(void *self)
{
    mcts *m = self;
    if (!m)
        return;
    for (int k = 0; k < 2; k++) {
        for (uint32_t i = 0; i < m->a[k].nblocks; i++)
            free(m->a[k].blocks[i]);
        free(m->a[k].blocks);
    }
    free(m->hist);
    free(m->path);
    free(m->pmoves);
    free(m);
}

/* rave=K: whether the rules' moves are placements, a cell that gets the
 * mover's stone whenever it is played (the header says why these). */
static int rave_fits(const tv_rules *r)
{
    return r->family == TV_FAMILY_PLACE || r->family == TV_FAMILY_GROUPS || r->family == TV_FAMILY_FLIP;
}

static void *mcts_create(const tv_rules *r, const tv_params *params, tv_budget *budget, tv_error *err)
{
    static const char *const known[] = {"iterations", "ms", "cpu_ms", "c", "mb", "prove", "playout", "rave", NULL};
    static const char *const playouts[] = {"random", "decisive", "antidecisive"};
    long iterations = 0, ms = 0, cpu_ms = 0, mb = 512, prove = 0, rave = 0;
    double c = 1.4;
    int playout = PLAYOUT_RANDOM;
    if (tv_params_check(params, "mcts", known, err))
        return NULL;
    tv_error e;
    if (tv_param_long(params, "iterations", 1, 2000000000L, &iterations, &e) ||
        tv_param_long(params, "ms", 1, 86400000L, &ms, &e) || tv_param_long(params, "cpu_ms", 1, 86400000L, &cpu_ms, &e) ||
        tv_param_double(params, "c", 0.0, 100.0, &c, &e) || tv_param_long(params, "mb", 1, 1L << 20, &mb, &e) ||
        tv_param_long(params, "prove", 0, 1, &prove, &e) ||
        tv_param_long(params, "rave", 0, 1000000000L, &rave, &e)) {
        tv_error_set(err, e.code, "mcts: %.400s", e.msg);
        return NULL;
    }
    for (int i = 0; i < params->n; i++)
        if (strcmp(params->key[i], "playout") == 0) {
            playout = -1;
            for (int k = 0; k < 3; k++)
                if (strcmp(params->value[i], playouts[k]) == 0)
                    playout = k;
            if (playout < 0) {
                tv_error_set(err, TV_EINVAL, "mcts: playout=%s: expected random, decisive or antidecisive",
                             params->value[i]);
                return NULL;
            }
        }
    if (rave > 0 && !rave_fits(r)) {
        tv_error_set(err, TV_EINVAL,
                     "mcts: rave=%ld needs moves that put a stone on a cell (place, groups or flip rules, no "
                     "moves or play hook); this ruleset's moves are %s: %s",
                     rave, tv_family_info_of(r->family)->name, tv_family_info_of(r->family)->text);
        return NULL;
    }
    mcts *m = calloc(1, sizeof *m);
    int listed = playout != PLAYOUT_RANDOM || rave > 0; /* playouts that may list their moves */
    if (!m || (listed && !(m->pmoves = malloc(2 * (size_t)r->max_moves * sizeof *m->pmoves)))) {
        free(m);
        tv_error_set(err, TV_ENOMEM, "out of memory");
        return NULL;
    }
    m->rules = r;
    m->c = c;
    m->prove = (int)prove;
    m->playout = playout;
    m->rave = (double)rave;
    m->cpu.ms = cpu_ms;
    m->amaf_at = (NODE_HEAD + (size_t)r->state_size + 7) & ~(size_t)7;
    m->stride = m->amaf_at + (rave > 0 ? sizeof(amaf) : 0);
    m->stride = (m->stride + 7) & ~(size_t)7;
    /* Each arena may take half of mb: the kept subtree always fits in the other. */
    size_t limit = ((size_t)mb << 20) / m->stride / 2;
    m->max_nodes = limit > NIL - 1 ? NIL - 1 : limit < 2 ? 2 : (uint32_t)limit;
    budget->iterations = iterations;
    budget->ms = ms;
    return m;
}

const tv_engine tv_engine_mcts = {"mcts", mcts_create, mcts_choose, mcts_destroy};
