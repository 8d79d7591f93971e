/* The random-playout fast path (tv_random_playout) plays the kernel's game:
 * for every ruleset in rulesets/ and option variants of each, seeded random
 * games are played move by move through the kernel (tv_legal_moves, a move
 * drawn by tv_rng_below, or by pairs in Amazons' shape (kernel_draw),
 * tv_check_move, tv_play_hist with the history), and
 * the fast path, started from the same position and random state, must end in
 * the same state: the same moves (ply count, last move), status, winner,
 * scores, cells and hash, and the same random numbers used. Besides the start
 * it is started again from later positions of each game, so a divergence is
 * found near the ply where it happens. At every ply tv_random_move, from the
 * same random state, must draw the move the list's draw gives, and a host's
 * loop over a tv_game (random_move, play) must play the same game. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_family_pieces.h"

#define MAX_PLIES 8192 /* above the engine's move limit (TV_DEFAULT_MAX_PLIES): random Hasami Shogi reaches it */

typedef struct variant {
    const char *name; /* rulesets/<name>.lua, or a path when it has a '/' */
    const char *options;
    int games;
} variant;

static const variant variants[] = {
    {"pahtum", NULL, 500},
    {"pahtum", "holes=placed", 500},
    {"pahtum", "holes=placed,count=3,swap=true", 500},
    {"pahtum", "holes=c3,e5,d4,swap=true", 500},
    {"pahtum", "holes=5,size=9,diagonals=true", 100},
    {"pahtum", "size=5", 500},
    {"tihbat", NULL, 500},
    {"tihbat", "chain=true", 500},
    {"kalah", NULL, 500},
    {"kalah", "holes=4,seeds=3", 500},
    {"kalah", "empty_capture=true", 500},
    {"oware", NULL, 500},
    {"connect4", NULL, 500},
    {"connect4", "width=5,height=4,connect=3", 500},
    {"gomoku", NULL, 150},
    {"gomoku", "size=9,freestyle=true", 100},
    {"gomoku", "size=9,opening=pro", 200},
    {"gomoku", "size=9,opening=swap", 200},
    {"connect6", "size=9,connect=4", 300},
    {"connect6", NULL, 30},
    {"pentago", NULL, 500},
    {"tests/cli/rulesets/rotate_wide.lua", NULL, 100},
    {"tictactoe", NULL, 1000},
    {"notakto", NULL, 500},
    {"notakto", "size=4", 100},
    {"lines_of_action", "start=scrambled", 100},
    {"notakto_hooks", NULL, 200},
    {"othello", NULL, 200},
    {"othello", "size=6", 200},
    {"othello", "size=4", 500},
    {"othello", "size=10", 50},                 /* past 64 cells: bit boards of several words */
    {"othello", "size=16", 10},
    {"tests/games/flips_wide.lua", "size=26", 3}, /* eleven words: the largest grid */
    {"tests/games/flips_wide.lua", "size=18", 5},
    {"anti_line4", NULL, 300},
    {"anti_line4", "width=3,height=3,connect=3", 300},
    {"amazons", "size=6", 200}, /* counted and picked by index, not listed (tv_shoot.h) */
    {"amazons", "size=8", 30},
    {"amazons", NULL, 6}, /* 10x10: the queen path (one slide, all lines, range that cannot bind) */
    {"tests/games/shoot_capped.lua", NULL, 300}, /* arrows that a range stops, two kinds */
    {"pente", "size=9", 300},                 /* captures give cells back to the fast path's set */
    {"pente", "size=7,keryo=true", 300},
    {"hasami_shogi", "size=5", 300},
    {"hex", "size=5,swap=true", 500},            /* the connection groups as a union-find, rebuilt after a swap */
    {"hex", "size=7", 300},
    {"y", "size=7,swap=true", 300},
    {"havannah", "base=4", 300},                 /* rings, bridges and forks (tv_shapes.c) */
    {"havannah", "base=5,swap=true", 100},
    {"go", "size=5", 300},                       /* chains kept as they change (tv_chains.h) */
    {"go", "size=5,suicide=true,komi=0", 300},   /* a suicide takes its own chain off */
    {"go", "size=13", 10},
    {"atari_go", "size=5", 300},                 /* the stones taken are the scores */
    /* the same games with Lua hooks: the hook path of the playout */
    {"tests/bench/pahtum_hooks.lua", NULL, 30},
    {"tests/bench/tihbat_hooks.lua", NULL, 30},
    /* whole moves from a moves hook (tv_hmove.h): cells and chains, steps of
     * two kinds, the same games as rulesets/breakthrough.lua, and every shape
     * with game variables and hands (its option effect=default: no play hook) */
    /* pieces that only step past 64 cells: bit sets of several words
     * (tv_pieces.c), one cell in the last word, two to four words unrolled,
     * eleven (26x26) and six (Clobber 13x26) not */
    {"breakthrough", "width=13,height=5", 60},
    {"breakthrough", "width=9,height=8", 40},
    {"breakthrough", "width=12,height=12", 8},
    {"breakthrough", "width=16,height=16", 4},
    {"breakthrough", "width=26,height=26", 1},
    {"clobber", "rows=10,columns=10", 20},
    {"clobber", "rows=13,columns=26", 3},
    {"konane", "size=4", 300},
    {"konane", "size=6", 100},
    {"konane", "size=8", 30},
    {"brandubh", NULL, 20},
    {"tests/bench/breakthrough_hooks.lua", "width=5,height=6", 50},
    {"tests/bench/breakthrough_hooks.lua", NULL, 10},
    {"tests/games/vars_hands_game.lua", NULL, 100},
    {"tests/games/vars_hands_game.lua", "effect=default", 100},
    {"tests/games/vars_hands_game.lua", "size=8", 20},
};
enum { NVARIANTS = sizeof variants / sizeof *variants };

/* One game through the kernel, and the record of it the fast path is held to. */
typedef struct kernel_game {
    int plies;
    tv_move moves[MAX_PLIES];
    tv_state *end; /* where it ended */
    tv_rng rng_end;
} kernel_game;

/* The kernel's random game from s (its history hist[0..*nhist)), as the fast
 * path's contract describes it; s is left at the end. */
/* A host's loop (tv_game: random_move, then play) must play the kernel's
 * game too, with the family's kept structures (tv_family.h, keep_*): the same
 * count, move and random numbers at every ply, and the same state after it;
 * now and then a move taken back and drawn again, or a move played without
 * a draw, so that the structures are rebuilt from the state. */
static void host_ply(tv_game *g, const tv_rng *before, const tv_rng *after, int n, tv_move m, tv_move then,
                     const char *what)
{
    tv_error err = {0};
    tv_rng rng = *before;
    tv_move drawn = TV_MOVE_NONE;
    int ply = g->state->ply;
    if (ply % 13 == 7) { /* played as a host's own choice: no draw */
        ck_assert_msg(tv_game_play(g, then, &err) == TV_OK, "%s: ply %d: tv_game_play: %s", what, ply, err.msg);
        return;
    }
    for (int again = 0; again < 1 + (ply % 11 == 5); again++) {
        if (again) /* taken back: the next draw starts from the state */
            ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
        rng = *before;
        ck_assert_msg(tv_game_random_move(g, &rng, &drawn, &err) == n && drawn == m &&
                          memcmp(&rng, after, sizeof rng) == 0,
                      "%s: ply %d: tv_game_random_move drew %d, the list's draw is %d (of %d): %s", what, ply,
                      (int)drawn, (int)m, n, err.msg);
        ck_assert_msg(tv_game_play(g, then, &err) == TV_OK, "%s: ply %d: tv_game_play: %s", what, ply, err.msg);
    }
}

/* The playout's draw in Amazons' shape (tv_shoot.h), written again from the
 * kernel's list: its turns grouped by (piece, landing) in the list's order;
 * a pair drawn uniformly and an index u below the most arrows a cell of the
 * board can have (its eight lines to the edge); the pair's arrow u when it
 * has that many, else both drawn again; past 64 times that bound, the
 * list's draw. */
static tv_move pairs_draw(const tv_rules *r, const tv_move *moves, int n, tv_rng *rng)
{
    static int first[TV_MOVES_LIMIT], count[TV_MOVES_LIMIT];
    int pairs = shot_pairs(moves, n, first, count), most = 0, w = r->grid.width, h = r->grid.height;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int up = h - 1 - y, right = w - 1 - x;
            int lines = (w - 1) + (h - 1) + (x < y ? x : y) + (right < up ? right : up) + (x < up ? x : up) +
                        (right < y ? right : y);
            most = lines > most ? lines : most;
        }
    for (long tries = 64L * most; tries > 0; tries--) {
        int i = (int)tv_rng_below(rng, (uint32_t)pairs), u = (int)tv_rng_below(rng, (uint32_t)most);
        if (u < count[i])
            return moves[first[i] + u];
    }
    return moves[tv_rng_below(rng, (uint32_t)n)];
}

/* The kernel's draw from its list, as tv_random_playout draws for r. */
static tv_move kernel_draw(const tv_rules *r, const tv_move *moves, int n, tv_rng *rng)
{
    return tv_pieces_playout_pairs(r) ? pairs_draw(r, moves, n, rng) : moves[tv_rng_below(rng, (uint32_t)n)];
}

static void kernel_play(const tv_rules *r, tv_state *s, tv_rng *rng, uint64_t *hist, int *nhist, kernel_game *k,
                        tv_game *g, const char *what)
{
    tv_error err = {0};
    while (s->status == TV_ONGOING) {
        ck_assert_msg(k->plies < MAX_PLIES, "%s: longer than %d plies", what, MAX_PLIES);
        if (s->quiet == 0)
            *nhist = 0;
        hist[(*nhist)++] = s->hash;
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
        ck_assert_msg(n > 0, "%s: ply %d: no legal move in a game that is not over: %s", what, s->ply, err.msg);
        /* a host's draw is the list's (its count is the host's); the
         * playout's may be by pairs (kernel_draw) */
        tv_rng drawn_rng = *rng, rng_before = *rng, listed_rng = *rng;
        tv_move listed = moves[tv_rng_below(&listed_rng, (uint32_t)n)], drawn = TV_MOVE_NONE;
        tv_move m = kernel_draw(r, moves, n, rng);
        if (g)
            host_ply(g, &rng_before, &listed_rng, n, listed, m, what);
        ck_assert_msg(tv_random_move(r, s, &drawn_rng, &drawn, &err) == n, "%s: ply %d: tv_random_move counts "
                      "other moves: %s", what, s->ply, err.msg);
        ck_assert_msg(drawn == listed && memcmp(&drawn_rng, &listed_rng, sizeof drawn_rng) == 0,
                      "%s: ply %d: tv_random_move drew %d, the list's draw is %d", what, s->ply, (int)drawn,
                      (int)listed);
        ck_assert_msg(tv_check_move(r, s, m, &err) == TV_OK, "%s: ply %d: a generated move is refused: %s", what,
                      s->ply, err.msg);
        ck_assert_msg(tv_play_hist(r, s, m, NULL, hist, *nhist, &err) == TV_OK, "%s: ply %d: %s", what, s->ply,
                      err.msg);
        k->moves[k->plies++] = m;
        if (g)
            ck_assert_msg(memcmp(g->state, s, (size_t)r->state_size) == 0,
                          "%s: ply %d: a host's loop (tv_game) reached another state than the kernel's", what, s->ply);
    }
    ck_assert_msg(s->winner >= 0 && s->winner <= 2, "%s: over with winner %d", what, s->winner);
    ck_assert_msg(s->hash == tv_state_hash(r, s), "%s: the incremental hash differs from a recount", what);
}

/* The fast path from `from` (random state rng) must end where the kernel's
 * game k ended. */
static void expect_fast_path(const tv_rules *r, const tv_state *from, tv_rng rng, const kernel_game *k,
                             const char *what, int ply)
{
    tv_error err = {0};
    tv_state_buf buf;
    tv_state *s = &buf.state;
    const tv_state *want = k->end;
    tv_state_copy(r, s, from);
    ck_assert_msg(tv_random_playout(r, s, &rng, &err) == TV_OK, "%s: from ply %d: %s", what, ply, err.msg);
    char got_last[16], want_last[16];
    tv_move_text(r, s->last, got_last, sizeof got_last);
    tv_move_text(r, want->last, want_last, sizeof want_last);
    ck_assert_msg(s->ply == want->ply && s->last == want->last,
                  "%s: from ply %d the fast path ends at ply %d after %s, the kernel at ply %d after %s", what, ply,
                  s->ply, got_last, want->ply, want_last);
    ck_assert_msg(s->status == want->status && s->winner == want->winner,
                  "%s: from ply %d: status %d winner %d, the kernel's %d, %d", what, ply, s->status, s->winner,
                  want->status, want->winner);
    ck_assert_msg(s->score[0] == want->score[0] && s->score[1] == want->score[1],
                  "%s: from ply %d: scores %d-%d, the kernel's %d-%d", what, ply, s->score[0], s->score[1],
                  want->score[0], want->score[1]);
    ck_assert_msg(s->hash == want->hash, "%s: from ply %d: hash %016llx, the kernel's %016llx", what, ply,
                  (unsigned long long)s->hash, (unsigned long long)want->hash);
    ck_assert_msg(memcmp(s, want, (size_t)r->state_size) == 0, "%s: from ply %d: the states differ", what, ply);
    ck_assert_msg(rng.s == k->rng_end.s, "%s: from ply %d: other random numbers were drawn", what, ply);
}

/* Game `game` of a ruleset: the kernel plays it, then the fast path from the
 * start and from later positions. A later start needs the whole history the
 * repetition rule may look at, which begins at the last capture (quiet = 0);
 * the fast path keeps its own, so only such positions are started from. */
static int check_game(const tv_rules *r, uint64_t game, int restarts, const char *label)
{
    static kernel_game k;
    static tv_state_buf end;
    static uint64_t hist[MAX_PLIES + 1];
    char what[160];
    snprintf(what, sizeof what, "%s, game %llu", label, (unsigned long long)game);
    tv_error err = {0};
    tv_state_buf start, s;
    ck_assert_msg(tv_state_new(r, game, &start.state, &err) == TV_OK, "%s: %s", what, err.msg);
    tv_rng rng0;
    tv_rng_seed(&rng0, game * 7919 + 1);

    k.plies = 0;
    tv_rng rng = rng0;
    int nhist = 0;
    k.end = &end.state;
    tv_state_copy(r, k.end, &start.state);
    tv_game *g = tv_game_new(r, game, &err);
    ck_assert_msg(g != NULL, "%s: %s", what, err.msg);
    kernel_play(r, k.end, &rng, hist, &nhist, &k, g, what);
    tv_game_free(g);
    k.rng_end = rng;
    expect_fast_path(r, &start.state, rng0, &k, what, 0);
    if (!restarts)
        return k.plies;

    /* The same moves again, the fast path started along the way: at the
     * first position it may start from (quiet = 0) `every` plies on, at most
     * some 24 times a game, so that a long game (chess: 344 plies, most of
     * them restarts) costs as a short one does. */
    rng = rng0;
    tv_state_copy(r, &s.state, &start.state);
    nhist = 0;
    int every = k.plies / restarts > 24 ? k.plies / 24 : restarts, next = 0;
    for (int i = 0; i < k.plies; i++) {
        if (s.state.quiet == 0)
            nhist = 0;
        hist[nhist++] = s.state.hash;
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, &s.state, moves, TV_MOVES_LIMIT, &err);
        ck_assert_int_gt(n, 0);
        tv_move m = kernel_draw(r, moves, n, &rng);
        ck_assert_msg(m == k.moves[i], "%s: the kernel does not replay its own game at ply %d", what, i);
        ck_assert_int_eq(tv_play_hist(r, &s.state, m, NULL, hist, nhist, &err), TV_OK);
        if (s.state.quiet == 0 && (i >= next || i + 1 == k.plies)) {
            expect_fast_path(r, &s.state, rng, &k, what, i + 1);
            next = i + every;
        }
    }
    return k.plies;
}

/* Under ASan and UBSan a game costs about ten times what it costs plain:
 * the sanitized build plays the first third of each variant's games (the
 * same seeds), where a bad read or write shows as well, and the plain build
 * plays them all. */
#if defined(__SANITIZE_ADDRESS__)
#define GAMES_OF(n) ((n) >= 3 ? (n) / 3 : (n))
#else
#define GAMES_OF(n) (n)
#endif

/* v's games; with a budget (> 0), fewer of long ones: it stops once that
 * many plies were played. */
static void check_variant(const variant *v, long budget)
{
    tv_ruleset *rs = load_variant(v->name, v->options);
    const tv_rules *r = tv_ruleset_rules(rs);
    char label[128];
    snprintf(label, sizeof label, "%s%s%s", v->name, v->options ? " " : "", v->options ? v->options : "");
    long plies = 0;
    for (int game = 0; game < GAMES_OF(v->games) && (!budget || plies < budget); game++)
        plies += check_game(r, (uint64_t)game, game < 20 ? 1 : game % 5 == 0 ? 7 : 0, label);
    tv_ruleset_free(rs);
}

START_TEST(fast_path_is_the_kernel)
{
    check_variant(&variants[_i], 0);
}
END_TEST

static void playout_defaults(const char *name, void *ctx)
{
    (void)ctx;
    variant v = {name, NULL, 50};
    check_variant(&v, 6000); /* 50 games, or as many as 6,000 plies take (chess: about 18) */
}

/* Every ruleset shipped, with its default options, also any added later. */
START_TEST(every_ruleset_with_its_defaults)
{
    ck_assert_int_ge(each_shipped_ruleset(playout_defaults, NULL), 8);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"fast path = kernel", fast_path_is_the_kernel, 600, NVARIANTS},
        {"fast path = kernel", every_ruleset_with_its_defaults, 600, 0},
    };
    return tv_check_run("playout", tests, TV_CHECK_COUNT(tests));
}
