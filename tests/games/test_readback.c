/* Every position the engine writes reads back to the same state (issue 31,
 * item 7): random games of every ruleset in rulesets/ (any added later too),
 * of option variants that switch on the flags and fields a position string
 * can carry (placed blocks, the swap, openings, turns, no-progress counts),
 * and of every hook ruleset under tests/ (a play hook that captures and
 * scores, that places two stones, that swaps the colours of pieces that
 * move). At every ply the position is written, read into a fresh state, and
 * must give the same state byte for byte (the last move aside, which a
 * position does not carry), the same hash as a recount, and the same legal
 * moves. The games are played by tv_play, without a history, so no game
 * ends by a repetition, which no position can say. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_position.h"

#define GAMES 12      /* per ruleset */
#define MAX_PLIES 600 /* a game is cut there: enough to reach every phase of each */

typedef struct variant {
    const char *name; /* rulesets/<name>.lua, or a path when it has a '/' */
    const char *options;
} variant;

static const variant variants[] = {
    {"pahtum", "holes=placed,count=5,swap=true"},
    {"pahtum", "holes=c3,e5,d4,swap=true,diagonals=true"},
    {"gomoku", "size=9,opening=pro"},
    {"gomoku", "size=9,opening=swap"},
    {"connect6", "size=9,connect=4"},
    {"connect4", "width=5,height=4,connect=3"},
    {"othello", "size=4"},
    {"kalah", "empty_capture=true"},
    {"tihbat", "chain=true"},
    {"pente", "size=9"},
    {"pente", "size=7,keryo=true"},
    {"amazons", "size=6"},
    {"lines_of_action", "start=scrambled"},
    {"hex", "size=5"},
    {"y", "size=5"},
    {"breakthrough", "width=4,height=5"},
    {"checkers", NULL},
    {"hasami_shogi", "size=5"},
    /* whole moves from a moves hook, variables and hands */
    {"konane", "size=4"},
    {"konane", "size=6"},
    {"konane", "size=8"},
    {"brandubh", NULL},
    {"tests/bench/breakthrough_hooks.lua", "width=5,height=6"},
    {"tests/games/vars_hands_game.lua", NULL},
    {"tests/games/vars_hands_game.lua", "effect=default"},
    {"tests/games/vars_hands_game.lua", "size=8"},
};
enum { NVARIANTS = sizeof variants / sizeof *variants };

/* The hook rulesets of the tests, by path. */
static const char *const hook_rulesets[] = {
    "tests/bench/pahtum_hooks.lua",  "tests/bench/tihbat_hooks.lua",     "tests/bench/connect6_hooks.lua",
    "tests/cli/rulesets/captures.lua",  "tests/cli/rulesets/two_stones.lua",
    "tests/cli/rulesets/near.lua",   "tests/cli/rulesets/rotate_wide.lua", "tests/cli/rulesets/pieces_swap.lua",
    "tests/games/shoot_capped.lua", "tests/bench/breakthrough_hooks.lua", "tests/games/vars_hands_game.lua",
};
enum { NHOOKS = sizeof hook_rulesets / sizeof *hook_rulesets };

/* The legal moves of s into out (r->max_moves of room); their count. */
static int moves_of(const tv_rules *r, const tv_state *s, tv_move *out, const char *what)
{
    tv_error err = {0};
    int n = tv_legal_moves(r, s, out, r->max_moves, &err);
    ck_assert_msg(n >= 0, "%s: %s", what, err.msg);
    return n;
}

/* s written and read back must be s. */
static void expect_reads_back(const tv_rules *r, const tv_state *s, const char *what)
{
    static tv_move want[TV_MOVES_LIMIT], got[TV_MOVES_LIMIT];
    char pos[TV_POSITION_MAX];
    tv_error err = {0};
    tv_state_buf back, orig;
    ck_assert_int_lt(tv_position_write(r, s, pos, sizeof pos), (int)sizeof pos);
    memset(&back, 0, sizeof back);
    ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: '%s' is refused: %s", what, pos,
                  err.msg);
    ck_assert_msg(back.state.hash == tv_state_hash(r, &back.state), "%s: '%s': the hash read is not a recount",
                  what, pos);
    ck_assert_msg(back.state.hash == s->hash, "%s: '%s': hash %016llx, written from %016llx", what, pos,
                  (unsigned long long)back.state.hash, (unsigned long long)s->hash);
    tv_state_copy(r, &orig.state, s);
    orig.state.last = back.state.last; /* not in a position */
    if (!r->no_progress && !(r->repetition && r->moves == TV_MOVES_PIECES))
        orig.state.quiet = back.state.quiet; /* written only where a rule looks at it */
    ck_assert_msg(memcmp(&orig.state, &back.state, (size_t)r->state_size) == 0,
                  "%s: '%s' reads back to another state (ply %d/%d, side %d/%d, flags %d/%d, status %d/%d, "
                  "winner %d/%d, scores %d,%d/%d,%d)",
                  what, pos, s->ply, back.state.ply, s->to_move, back.state.to_move, s->flags, back.state.flags,
                  s->status, back.state.status, s->winner, back.state.winner, s->score[0], s->score[1],
                  back.state.score[0], back.state.score[1]);
    int n = moves_of(r, s, want, what), m = moves_of(r, &back.state, got, what);
    ck_assert_msg(n == m && memcmp(want, got, (size_t)n * sizeof *want) == 0, "%s: '%s': other legal moves", what,
                  pos);
}

static void check_variant(const char *name, const char *options)
{
    tv_ruleset *rs = load_variant(name, options);
    const tv_rules *r = tv_ruleset_rules(rs);
    static tv_move moves[TV_MOVES_LIMIT];
    char what[256];
    for (uint64_t game = 0; game < GAMES; game++) {
        tv_error err = {0};
        tv_state_buf buf;
        tv_state *s = &buf.state;
        ck_assert_msg(tv_state_new(r, game, s, &err) == TV_OK, "%s: %s", name, err.msg);
        tv_rng rng;
        tv_rng_seed(&rng, game * 7919 + 3);
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            snprintf(what, sizeof what, "%s %s, game %d, ply %d", name, options ? options : "", (int)game, ply);
            expect_reads_back(r, s, what);
            int n = s->status == TV_ONGOING ? moves_of(r, s, moves, what) : 0;
            if (n == 0)
                break;
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            ck_assert_msg(tv_play(r, s, m, NULL, &err) == TV_OK, "%s: %s", what, err.msg);
        }
    }
    tv_ruleset_free(rs);
}

START_TEST(variants_read_back)
{
    check_variant(variants[_i].name, variants[_i].options);
}
END_TEST

START_TEST(hook_rulesets_read_back)
{
    check_variant(hook_rulesets[_i], NULL);
}
END_TEST

static void read_back_defaults(const char *name, void *ctx)
{
    (void)ctx;
    check_variant(name, NULL);
}

/* Every ruleset shipped, with its default options, also any added later. */
START_TEST(every_ruleset_reads_back)
{
    ck_assert_int_ge(each_shipped_ruleset(read_back_defaults, NULL), 20);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"read back", variants_read_back, 600, NVARIANTS},
        {"read back", hook_rulesets_read_back, 600, NHOOKS},
        {"read back", every_ruleset_reads_back, 600, 0},
    };
    return tv_check_run("position read-back", tests, TV_CHECK_COUNT(tests));
}
