/* Position strings read back to the state they were written from, for every
 * state a game reaches: random games of every ruleset in rulesets/, of the
 * hook rulesets of tests/bench (*_hooks.lua) and of the hook rulesets of
 * tests/cli/rulesets (a play hook that places two stones a move; one that
 * captures, adds to the scores and gives the mover another move). At each
 * ply the position is read into a fresh game, which must then agree with the
 * original through the ABI: the same string, side to move, ply, status,
 * winner, scores, and legal moves. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"
#include "tv_check.h"

static const char *const rulesets[][2] = {
    {"pahtum", ""},
    {"pahtum", "holes=placed,count=5,swap=true"},
    {"pahtum", "swap=true,diagonals=true"},
    {"gomoku", "size=9"},
    {"gomoku", "size=9,opening=pro"},
    {"gomoku", "size=9,opening=swap"},
    {"connect6", "size=9,connect=4"},
    {"connect4", ""},
    {"tictactoe", ""},
    {"notakto", ""},
    {"notakto_hooks", ""},
    {"anti_line4", "width=5,height=4,connect=3"},
    {"othello", ""},
    {"othello", "size=4"},
    {"othello", "size=10"},
    {"kalah", ""},
    {"oware", ""},
    {"tihbat", ""},
    {"tests/bench/pahtum_hooks.lua", ""},
    {"tests/bench/tihbat_hooks.lua", ""},
    {"tests/cli/rulesets/two_stones.lua", ""},
    {"tests/cli/rulesets/captures.lua", ""},
};
#define NRULESETS (int)(sizeof rulesets / sizeof *rulesets)
#define GAMES 40 /* per ruleset */
#define MAX_PLIES 400

static const tavola_api *t;

/* g and h must be the same state as far as the ABI can tell. */
static void same_state(tavola_game *g, tavola_game *h, const char *what, const char *pos)
{
    char a[8192], b[8192];
    ck_assert_int_ge(t->position(h, b, sizeof b), 0);
    t->position(g, a, sizeof a);
    ck_assert_msg(strcmp(a, b) == 0, "%s: '%s' read back as '%s'", what, a, b);
    ck_assert_msg(t->to_move(g) == t->to_move(h), "%s: %s: to move %d, read back %d", what, pos, t->to_move(g),
                  t->to_move(h));
    ck_assert_msg(t->ply(g) == t->ply(h), "%s: %s: ply", what, pos);
    ck_assert_msg(t->status(g) == t->status(h), "%s: %s: status %d, read back %d", what, pos, t->status(g),
                  t->status(h));
    ck_assert_msg(t->winner(g) == t->winner(h), "%s: %s: winner %d, read back %d", what, pos, t->winner(g),
                  t->winner(h));
    for (int p = 1; p <= 2; p++)
        ck_assert_msg(t->score(g, p) == t->score(h, p), "%s: %s: score of %d is %d, read back %d", what, pos, p,
                      (int)t->score(g, p), (int)t->score(h, p));
    tavola_move mg[1024], mh[1024];
    int ng = t->legal_moves(g, mg, 1024), nh = t->legal_moves(h, mh, 1024);
    ck_assert_msg(ng == nh, "%s: %s: %d legal moves, read back %d", what, pos, ng, nh);
    ck_assert_msg(ng < 0 || memcmp(mg, mh, (size_t)ng * sizeof *mg) == 0, "%s: %s: other legal moves", what, pos);
}

START_TEST(round_trip)
{
    const char *name = rulesets[_i][0], *opts = rulesets[_i][1];
    char err[1024], what[256], pos[8192];
    tavola_ruleset *rs = t->ruleset_load(name, opts, err, sizeof err);
    ck_assert_msg(rs != NULL, "%s: %s", name, err);
    long states = 0;
    for (int k = 0; k < GAMES; k++) {
        uint64_t seed = 1000 + (uint64_t)k * 7919;
        tavola_game *g = t->game_new(rs, seed), *h = t->game_new(rs, seed + 1);
        ck_assert(g && h);
        for (int ply = 0; ply <= MAX_PLIES; ply++) {
            snprintf(what, sizeof what, "%s (%s) game %d ply %d", name, opts, k, ply);
            ck_assert_int_ge(t->position(g, pos, sizeof pos), 0);
            ck_assert_msg(t->set_position(h, pos) == TAVOLA_OK, "%s: '%s' refused: %s", what, pos, t->error(h));
            same_state(g, h, what, pos);
            states++;
            if (t->status(g) == TAVOLA_OVER)
                break;
            tavola_move m;
            ck_assert_msg(t->choose(g, "random", seed + (uint64_t)ply, &m) == TAVOLA_OK, "%s: %s", what, t->error(g));
            ck_assert_msg(t->play(g, m) == TAVOLA_OK, "%s: %s", what, t->error(g));
        }
        t->game_free(g);
        t->game_free(h);
    }
    ck_assert_int_gt(states, GAMES);
    t->ruleset_free(rs);
}
END_TEST

/* The scores field of a hook ruleset's position is checked like any number. */
START_TEST(scores_field)
{
    char err[1024];
    tavola_ruleset *rs = t->ruleset_load("tests/cli/rulesets/captures.lua", "", err, sizeof err);
    ck_assert_msg(rs != NULL, "%s", err);
    tavola_game *g = t->game_new(rs, 1);
    ck_assert_int_eq(t->set_position(g, "x.../..../..../.... 2 - 1 7,-3"), TAVOLA_OK);
    ck_assert_int_eq(t->score(g, 1), 7);
    ck_assert_int_eq(t->score(g, 2), -3);
    ck_assert_int_eq(t->set_position(g, "x.../..../..../.... 2 - 1"), TAVOLA_EINVAL);
    ck_assert_ptr_nonnull(strstr(t->error(g), "expected 5 fields"));
    ck_assert_int_eq(t->set_position(g, "x.../..../..../.... 2 - 1 7,99999999999"), TAVOLA_EINVAL);
    ck_assert_int_eq(t->set_position(g, "x.../..../..../.... 2 - 1 7"), TAVOLA_EINVAL);
    ck_assert_int_eq(t->set_position(g, "x.../..../..../.... 2 - 1 2147483647,-2147483648"), TAVOLA_OK);
    ck_assert_int_eq(t->score(g, 2), INT32_MIN);
    t->game_free(g);
    t->ruleset_free(rs);
}
END_TEST

int main(void)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    if (!t)
        return EXIT_FAILURE;
    const tv_check_test tests[] = {
        {"position", round_trip, 600, NRULESETS},
        {"position", scores_field, 600, 0},
    };
    return tv_check_run("position read-back", tests, TV_CHECK_COUNT(tests));
}
