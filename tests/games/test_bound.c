/* max_moves is a true bound (tv_bound.h, issue 31): no position a game
 * reaches has more legal moves than its ruleset's max_moves. The moves are
 * counted by a copy of the rules whose bound is the hard limit
 * (TV_MOVES_LIMIT), so the count is the position's, not the bound's; random
 * games and perft of every shipped ruleset (Hasami Shogi at every size its
 * option allows) and of hostile mixes of generators (steps plus jumps,
 * chains, several kinds with promotion, leaps, line counts, slides on the
 * biggest board) compare it with the bound at every position. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"

/* The rules of rs with no bound on moves but the hard limit. */
static tv_rules *unbounded(const tv_ruleset *rs)
{
    tv_rules *wide = malloc(sizeof *wide);
    ck_assert(wide != NULL);
    memcpy(wide, tv_ruleset_rules(rs), sizeof *wide);
    wide->max_moves = TV_MOVES_LIMIT;
    return wide;
}

/* The legal moves of s by the unbounded rules, checked against the bound;
 * returns their count. */
static int counted(const tv_rules *wide, int bound, const tv_state *s, tv_move *moves, const char *label)
{
    tv_error err = {0};
    int n = tv_legal_moves(wide, s, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n >= 0, "%s: %s", label, err.msg);
    ck_assert_msg(n <= bound, "%s: %d legal moves, max_moves %d", label, n, bound);
    return n;
}

/* The most legal moves of the positions perft reaches to `depth`. */
static int perft_most(const tv_rules *wide, int bound, tv_state *s, int depth, tv_move *moves, const char *label)
{
    int n = counted(wide, bound, s, moves, label), most = n;
    tv_state_buf next;
    for (int i = 0; i < n && depth > 1; i++) {
        tv_error err = {0};
        memcpy(&next, s, (size_t)wide->state_size);
        ck_assert_msg(tv_play(wide, &next.state, moves[i], NULL, &err) == TV_OK, "%s: %s", label, err.msg);
        if (next.state.status != TV_ONGOING)
            continue;
        int sub = perft_most(wide, bound, &next.state, depth - 1, moves + n, label);
        most = sub > most ? sub : most;
    }
    return most;
}

/* Random games of rs (each at most `plies` long) and perft to `depth` from
 * the start: never more moves than the bound. Returns the most seen. */
static int check_bound(const tv_ruleset *rs, int games, int plies, int depth, const char *label)
{
    tv_rules *wide = unbounded(rs);
    int bound = tv_ruleset_rules(rs)->max_moves, most = 0;
    ck_assert_int_le(bound, TV_MOVES_LIMIT);
    tv_move *moves = malloc((size_t)(depth + 1) * TV_MOVES_LIMIT * sizeof *moves);
    ck_assert(moves != NULL);
    tv_rng rng;
    tv_rng_seed(&rng, 31);
    for (int game = 0; game < games; game++) {
        tv_state_buf b;
        tv_error err = {0};
        ck_assert_msg(tv_state_new(wide, (uint64_t)game, &b.state, &err) == TV_OK, "%s: %s", label, err.msg);
        if (game == 0) {
            tv_state_buf start = b;
            most = perft_most(wide, bound, &start.state, depth, moves, label);
        }
        for (int ply = 0; ply < plies && b.state.status == TV_ONGOING; ply++) {
            int n = counted(wide, bound, &b.state, moves, label);
            most = n > most ? n : most;
            if (n == 0)
                break;
            ck_assert_msg(tv_play(wide, &b.state, moves[tv_rng_below(&rng, (uint32_t)n)], NULL, &err) == TV_OK,
                          "%s: %s", label, err.msg);
        }
    }
    free(moves);
    free(wide);
    return most;
}

START_TEST(shipped_rulesets_stay_within_their_bound)
{
    static const char *const names[] = {"amazons", "anti_line4", "breakthrough", "checkers", "clobber", "connect4",
                                        "connect6", "gomoku", "hasami_shogi", "hex", "kalah", "lines_of_action",
                                        "notakto", "notakto_hooks", "othello", "oware", "pahtum", "pentago", "pente",
                                        "tictactoe", "tihbat", "y"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        tv_ruleset *rs = must_load(names[i], NULL);
        int amazons = strcmp(names[i], "amazons") == 0; /* 2,176 first moves: perft 1 */
        check_bound(rs, 20, 400, amazons ? 1 : 2, names[i]);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Hasami Shogi's option says 5..19: every size loads and plays (14..19 once
 * failed: the slides were bounded by 4 x 18 cells a man, not the 2 x 18 a
 * rook reaches, and 18 and 19 by a capture of more cells than an undo
 * record holds, although no side has more than 19 men to take). */
START_TEST(hasami_shogi_every_size)
{
    for (int size = 5; size <= 19; size++) {
        char options[32], label[48];
        snprintf(options, sizeof options, "size=%d", size);
        snprintf(label, sizeof label, "hasami_shogi %s", options);
        tv_error err = {0};
        tv_ruleset *rs = load_named("hasami_shogi", options, &err);
        ck_assert_msg(rs != NULL, "%s: %s", label, err.msg);
        /* the start: every man slides up its column, short of the enemy's row */
        ck_assert_int_ge(check_bound(rs, 10, 300, 2, label), size * (size - 2));
        ck_assert_int_le(tv_ruleset_rules(rs)->max_moves, TV_MOVES_LIMIT);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Mixes of generators the shipped games do not have, on boards up to the
 * largest: each loads (its bound at most what hosts are promised) and no
 * position its games reach passes the bound. */
static const char *const hostile[] = {
    /* steps plus jumps every way (the mix), a few pieces on 26x26 */
    "local rows = {}\n"
    "for r = 1, 26 do rows[r] = r == 12 and ('M.'):rep(13) or r == 13 and ('.m'):rep(13)\n"
    "  or r == 14 and ('m.'):rep(13) or ('.'):rep(26) end\n"
    "return game { name = 'StepsJumps', board = grid { width = 26, height = 26 }, pieces = { 'man' },\n"
    "  setup = rows, moves = move { man = { step { directions = 'all' }, jump { directions = 'all' } } },\n"
    "  no_move = 'loses', ends = { 'no_move', no_progress = 60 } }\n",
    /* chains of jumps over any piece, steps to enemies too */
    "return game { name = 'Chains', board = grid { width = 6, height = 6 }, pieces = { 'man' },\n"
    "  setup = { '.m.m..', 'm.....', '..M.m.', '.m....', 'M.M.M.', '......' },\n"
    "  moves = move { man = { step { directions = 'all', to = 'any' },\n"
    "    jump { directions = 'diagonal', chain = true, over = 'any' } } },\n"
    "  no_move = 'loses', ends = { 'no_move', no_progress = 60 } }\n",
    /* several kinds: men that promote to kings mid-chain, knights, rooks, line counts */
    "return game { name = 'Kinds', board = grid { width = 8, height = 8 },\n"
    "  pieces = { 'man', 'king', 'horse', 'rook', 'counter' },\n"
    "  setup = { 'mmmhrc..', '.m.m.m..', '........', '........', '........', '........',\n"
    "    'M.M.M...', 'MMMHRC..' },\n"
    "  moves = move {\n"
    "    man = { step { directions = 'diagonal_forward' }, jump { directions = 'diagonal_forward', chain = true } },\n"
    "    king = { slide { directions = 'diagonal' }, jump { directions = 'diagonal', chain = true } },\n"
    "    horse = leap { offsets = { {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2} },\n"
    "      to = 'any' },\n"
    "    rook = slide { directions = 'orthogonal', to = 'any' },\n"
    "    counter = line_count { to = 'any' },\n"
    "    promote = { man = 'king', rows = 1 } },\n"
    "  no_move = 'loses', ends = { 'no_move', no_progress = 80 } }\n",
    /* queens sliding every way on the biggest board */
    "local rows = {}\n"
    "for r = 1, 26 do rows[r] = r == 1 and ('Q'):rep(5) .. ('.'):rep(21) or r == 26 and ('.'):rep(21) .. ('q'):rep(5)\n"
    "  or ('.'):rep(26) end\n"
    "return game { name = 'Queens', board = grid { width = 26, height = 26 }, pieces = { 'queen' },\n"
    "  setup = rows, moves = move { queen = slide { directions = 'all', to = 'any' } },\n"
    "  no_move = 'loses', ends = { 'no_move', no_progress = 60 } }\n",
};

START_TEST(hostile_generator_mixes_stay_within_their_bound)
{
    for (size_t i = 0; i < sizeof hostile / sizeof *hostile; i++) {
        char label[32];
        snprintf(label, sizeof label, "hostile mix %zu", i + 1);
        tv_error err = {0};
        tv_ruleset *rs = load_source("mix.lua", hostile[i], NULL, &err);
        ck_assert_msg(rs != NULL, "%s: %s", label, err.msg);
        ck_assert_int_le(tv_ruleset_rules(rs)->max_moves, TV_MOVES_LIMIT);
        check_bound(rs, 30, 300, 2, label);
        tv_ruleset_free(rs);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"bound", shipped_rulesets_stay_within_their_bound, 300, 0},
        {"bound", hasami_shogi_every_size, 300, 0},
        {"bound", hostile_generator_mixes_stay_within_their_bound, 300, 0},
    };
    return tv_check_run("move bound", tests, TV_CHECK_COUNT(tests));
}
