/* Turns of several parts from a moves hook (core/play/tv_hturns.h,
 * s:turn): tests/games/amazons_hooks.lua lists Amazons' turns as a queen
 * move and an arrow, and is held to rulesets/amazons.lua, an independent
 * implementation (the shot generator), turn by turn: the same legal turns as
 * text, the same cells after each, the same perft. Then the paths a host
 * and a hostile ruleset take: a turn typed before the hook listed it, a turn
 * no hook lists (refused, the table not grown), the parts a play hook gets,
 * and the turns a hook cannot build (too many parts, a turn in a turn, a
 * full table: that game's error, never a crash). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_game.h"
#include "tv_hmove.h"
#include "tv_hturns.h"
#include "tv_movetext.h"
#include "tv_perft.h"

#define HOOKED "tests/games/amazons_hooks.lua"

/* Random games of 6x6 Amazons, both ways: at every ply the same legal turns
 * (as text, sorted), then one drawn from the data's list played in both by
 * its text, and the same cells after it. The data game ends when the mover
 * has no turn; so must the hook's. */
START_TEST(turns_agree_with_the_data_game)
{
    tv_ruleset *data = must_load("amazons", "size=6"), *hooked = load_variant(HOOKED, NULL);
    long plies = same_games_by_text(data, hooked, 12, 2026);
    ck_assert_msg(plies > 12 * 10, "only %ld plies in 12 games", plies);
    tv_ruleset_free(data);
    tv_ruleset_free(hooked);
}
END_TEST

/* Perft counts whole turns: 544 and 238,532 from the 6x6 start, the data
 * game's, and each a turn of two parts. */
START_TEST(perft_counts_turns)
{
    tv_ruleset *data = must_load("amazons", "size=6"), *hooked = load_variant(HOOKED, NULL);
    tv_state_buf x, y;
    tv_error err;
    ck_assert_int_eq(tv_state_new(tv_ruleset_rules(data), 0, &x.state, &err), TV_OK);
    ck_assert_int_eq(tv_state_new(tv_ruleset_rules(hooked), 0, &y.state, &err), TV_OK);
    for (int depth = 1; depth <= 2; depth++) {
        int64_t want = tv_perft(tv_ruleset_rules(data), &x.state, depth, &err);
        ck_assert_int_eq(tv_perft(tv_ruleset_rules(hooked), &y.state, depth, &err), want);
    }
    ck_assert_int_eq(tv_perft(tv_ruleset_rules(hooked), &y.state, 1, &err), 544);
    tv_ruleset_free(data);
    tv_ruleset_free(hooked);
}
END_TEST

/* A host types a turn before any hook call listed it (a fresh ruleset): it
 * is found once the hook lists the position's turns. A turn the hook does
 * not list is refused with its text, the state unchanged, and the table does
 * not grow by it; a number that no table entry has decodes as no move. */
START_TEST(a_host_types_turns)
{
    tv_ruleset *rs = load_variant(HOOKED, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf start;
    tv_error err;
    tv_move first;
    ck_assert_int_eq(tv_state_new(r, 0, &start.state, &err), TV_OK); /* its end is asked: the hook lists */
    ck_assert_msg(tv_move_parse_at(r, &start.state, "B1-B4/b1", &first, &err) == TV_OK, "%s", err.msg);
    unsigned long known = tv_hturns_count(r->hooks.turns);
    ck_assert_uint_eq(known, 544);
    tv_game *g = new_game(rs);
    ck_assert_msg(tv_game_play(g, first, &err) == TV_OK, "%s", err.msg);
    char text[TV_TEXT_MAX];
    tv_move_text(r, g->history[0], text, sizeof text);
    ck_assert_str_eq(text, "b1-b4/b1");
    ck_assert_int_eq(cell_at(g, "b1"), TV_BLOCK);

    const char *why = refusal(g, "a5-b5/b6", &err); /* b6 holds an amazon */
    ck_assert_msg(strstr(why, "a5-b5/b6") && strstr(why, "not among the legal moves"), "%s", why);
    ck_assert_msg(tv_hturns_count(r->hooks.turns) <= known + 600, "grew past the position's turns");
    unsigned long after = tv_hturns_count(r->hooks.turns);
    refusal(g, "a5-b5/b6", &err);
    ck_assert_uint_eq(tv_hturns_count(r->hooks.turns), after);

    const char *bad[] = {"b4-b5/", "/b4", "b4-b5//c6", "b4-b5/c6/d6/e6/f6/a1/a2/a3/a4", "b4-b5/zz9"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        tv_move m;
        ck_assert_msg(tv_move_parse_at(r, g->state, bad[i], &m, &err) == TV_EINVAL, "%s was read", bad[i]);
    }
    ck_assert_msg(tv_game_play(g, tv_hmove_turn((int)known + 100000), &err) < 0, "an unlisted number played");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* What a play hook gets: m.shape "turn", m.from and m.to the first part's
 * start and the last part's cell, m.parts each decoded ("move", "cell"), and
 * s:text gives the turn's text; a table { parts = { ... } } and text are the
 * same turn as s:turn. */
static const char *const seen_source =
    "local function moves(s)\n"
    "  if s:to_move() == 1 then\n"
    "    return s:turn(s:move('a1', 'a2'), 'c3'), { parts = { { from = 1, to = 4 }, 'b3' } }, 'a1-a2/a3/c1'\n"
    "  end\n"
    "  return 'pass'\n"
    "end\n"
    "return game { name = 't', players = { 'A', 'B' }, board = grid { width = 3, height = 3 },\n"
    "  pieces = { 'man' }, setup = { '...', '...', 'M..' }, moves = moves, max_plies = 3,\n"
    "  play = function(s, m)\n"
    "    if m.shape ~= 'turn' or m.from ~= 1 or m.to ~= 7 and m.to ~= 8 and m.to ~= 9 and m.to ~= 3 then\n"
    "      error('shape ' .. tostring(m.shape) .. ' from ' .. tostring(m.from) .. ' to ' .. tostring(m.to))\n"
    "    end\n"
    "    local p = m.parts\n"
    "    if p[1].shape ~= 'move' or p[1].to ~= 4 or p[2].shape ~= 'cell' then error('parts') end\n"
    "    if s:text(m) ~= 'a1-a2/' .. s:text(p[2].from) .. (p[3] and '/c1' or '') then error(s:text(m)) end\n"
    "    for _, part in ipairs(p) do s:apply(part) end\n"
    "  end,\n"
    "  ends = function(s) return nil end,\n"
    "}\n";

START_TEST(a_play_hook_gets_the_parts)
{
    tv_error err;
    tv_ruleset *rs = load_source("seen.lua", seen_source, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    for (int k = 0; k < 3; k++) {
        static const char *const turns[] = {"a1-a2/c3", "a1-a2/b3", "a1-a2/a3/c1"};
        tv_game *g = new_game(rs);
        if (k == 0) /* no end asks for the moves: the host's text comes first, then the hook's list */
            ck_assert_uint_eq(tv_hturns_count(tv_ruleset_rules(rs)->hooks.turns), 0);
        ck_assert_msg(tv_game_play_text(g, turns[k], &err) == TV_OK, "%s: %s", turns[k], err.msg);
        ck_assert_int_eq(cell_at(g, "a1"), TV_EMPTY);
        ck_assert_int_ne(cell_at(g, "a2"), TV_EMPTY);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* A hook that builds what no turn can be: the hook's error, naming why, in
 * that game; the ruleset goes on (another game plays). */
static const char *const broken_source =
    "local o = options { how = { default = 'ok' } }\n"
    "local function moves(s)\n"
    "  local a = s:move('a1', 'a2')\n"
    "  if o.how == 'nine' then return s:turn(a, 3, 4, 5, 6, 7, 8, 9, 2) end\n"
    "  if o.how == 'nested' then return s:turn(a, s:turn(a, 3)) end\n"
    "  if o.how == 'table' then return { parts = { a, { parts = { a, 3 } } } } end\n"
    "  if o.how == 'none' then return s:turn() end\n"
    "  if o.how == 'off' then return s:turn(a, 10) end\n"
    "  return s:turn(a, s:drop(3 + s:ply() % 6))\n"
    "end\n"
    "return game { name = 't', players = { 'A', 'B' }, board = grid { width = 3, height = 3 },\n"
    "  pieces = { 'man' }, setup = { '...', '...', 'M..' }, moves = moves, max_plies = 40,\n"
    "  play = function(s, m) end, ends = function(s) return nil end }\n";

START_TEST(turns_a_hook_cannot_build)
{
    static const char *const cases[][2] = {
        {"how=nine", "expected 1..8 parts, got 9"},
        {"how=nested", "is a turn itself"},
        {"how=table", "is not a move of this board"},
        {"how=none", "expected 1..8 parts, got 0"},
        {"how=off", "bad move 10"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tv_error err;
        tv_ruleset *rs = load_source("broken.lua", broken_source, cases[i][0], &err);
        ck_assert_msg(rs != NULL, "%s", err.msg);
        tv_game *g = new_game(rs);
        tv_move list[16];
        int n = tv_legal_moves(g->rules, g->state, list, 16, &err);
        ck_assert_msg(n == TV_EHOOK && strstr(err.msg, cases[i][1]), "%s: %d %s", cases[i][0], n, err.msg);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* The host's cap on distinct turns (tv_limits.turns): past it, the moves
 * hook's error names the limit, in that game only; the turns already known
 * still play. */
START_TEST(the_table_has_a_named_cap)
{
    tv_limits few = {.turns = 4, .load_ms = 0};
    tv_error err;
    tv_ruleset *rs = tv_ruleset_load("broken.lua", broken_source, strlen(broken_source), NULL, &few, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    int rc = TV_OK;
    for (int ply = 0; ply < 20 && rc == TV_OK; ply++) {
        tv_move list[16];
        rc = tv_legal_moves(g->rules, g->state, list, 16, &err);
        if (rc > 0)
            rc = tv_game_play(g, list[0], &err);
    }
    ck_assert_msg(rc == TV_EHOOK && strstr(err.msg, "more than 4 distinct turns"), "%d %s", rc, err.msg);
    ck_assert_uint_eq(tv_hturns_count(tv_ruleset_rules(rs)->hooks.turns), 4);
    tv_game_free(g);
    g = new_game(rs);
    ck_assert_msg(tv_game_play_text(g, "a1-a2/M@c1", &err) == TV_OK, "the first turn, known: %s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"agree", turns_agree_with_the_data_game, 300, 0},
        {"agree", perft_counts_turns, 300, 0},
        {"turns", a_host_types_turns, 30, 0},
        {"turns", a_play_hook_gets_the_parts, 30, 0},
        {"turns", turns_a_hook_cannot_build, 30, 0},
        {"turns", the_table_has_a_named_cap, 30, 0},
    };
    return tv_check_run("hook turns", tests, TV_CHECK_COUNT(tests));
}
