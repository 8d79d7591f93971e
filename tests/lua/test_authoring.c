/* What authoring the placement family found missing or wrong in the hooks:
 * the line goal after a play hook, the ends hook judging the stone that
 * fills the board, s:last() after pass and swap, a moves hook saying why it
 * refuses a move, and s:score / s:swap in hooks. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"

/* A loaded ruleset from source, which must load. */
static tv_ruleset *must_source(const char *file, const char *src)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source(file, src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    return rs;
}

/* Tic-tac-toe whose stones are put down by a play hook: the goal still ends
 * the game when s:place makes the line. */
static const char *hooked_ttt =
    "return game { name = 'T', board = grid { width = 3, height = 3 },\n"
    "  play = function(s, m) s:place(m) end,\n"
    "  goal = line { length = 3 }, ends = 'board_full' }\n";

START_TEST(goal_applies_after_a_play_hook)
{
    tv_ruleset *rs = must_source("hooked.lua", hooked_ttt);
    tv_game *g = new_game(rs);
    must_play(g, "a1 b1 a2 b2 a3");
    expect_winner(g, 1, "a1 a2 a3 placed by the play hook");
    tv_game_free(g);

    /* Random playouts end as the data rules' (same moves, same numbers). */
    tv_ruleset *data = must_load("tictactoe", NULL);
    const tv_rules *rh = tv_ruleset_rules(rs), *rd = tv_ruleset_rules(data);
    tv_error err = {0};
    for (int game = 0; game < 200; game++) {
        tv_state_buf a, b;
        tv_rng ra, rb;
        tv_rng_seed(&ra, (uint64_t)game);
        rb = ra;
        ck_assert_int_eq(tv_state_new(rd, 0, &a.state, &err), TV_OK);
        ck_assert_int_eq(tv_state_new(rh, 0, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(rd, &a.state, &ra, &err), TV_OK);
        ck_assert_msg(tv_random_playout(rh, &b.state, &rb, &err) == TV_OK, "%s", err.msg);
        ck_assert_int_eq(a.state.ply, b.state.ply);
        ck_assert_int_eq(a.state.winner, b.state.winner);
        ck_assert(memcmp(a.state.cells, b.state.cells, 9) == 0);
    }
    tv_ruleset_free(data);
    tv_ruleset_free(rs);
}
END_TEST

/* Misère Connect Four on 3x3, three in a row loses, as an ends hook; the
 * moves are data (drop), so a full board used to end the game before the
 * hook saw the stone that filled it. */
static const char *misere_src =
    "local function ends(s)\n"
    "  local w, h = s:width(), s:height()\n"
    "  local function at(c, r) if c < 0 or c >= w or r < 0 or r >= h then return -1 end\n"
    "    return s:get(r * w + c + 1) end\n"
    "  for r = 0, h - 1 do for c = 0, w - 1 do\n"
    "    local v = at(c, r)\n"
    "    if v == 1 or v == 2 then\n"
    "      for _, d in ipairs({{1, 0}, {0, 1}, {1, 1}, {1, -1}}) do\n"
    "        if at(c + d[1], r + d[2]) == v and at(c + 2 * d[1], r + 2 * d[2]) == v then\n"
    "          return s:to_move()\n" /* the maker of the line loses */
    "        end\n"
    "      end\n"
    "    end\n"
    "  end end\n"
    "end\n"
    "return game { name = 'Anti', board = grid { width = 3, height = 3 }, moves = drop {},\n"
    "  ends = %s }\n";

START_TEST(ends_hook_judges_the_stone_that_fills_the_board)
{
    const char *ends[] = {"ends", "{ 'board_full', ends }"};
    for (int i = 0; i < 2; i++) {
        char src[2048];
        snprintf(src, sizeof src, misere_src, ends[i]);
        tv_ruleset *rs = must_source("anti.lua", src);
        tv_game *g = new_game(rs);
        must_play(g, "a a a b b c b c c"); /* c3 fills the board and makes x's row 3 */
        expect_winner(g, 2, ends[i]);
        tv_game_free(g);
        /* A full board without a line is still a draw. */
        g = new_game(rs);
        must_play(g, "b a c b a c a b c"); /* rows from the top: x o x / x o o / o x x */
        expect_winner(g, 0, "a full board without a line");
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

START_TEST(last_is_pass_or_swap_after_those_moves)
{
    tv_ruleset *rs = must_source("swap.lua",
                                 "return game { name = 'S', board = grid { width = 3, height = 3 },\n"
                                 "  moves = place { swap_after = 1 },\n"
                                 "  ends = function(s) if s:last() == 'swap' then return 2 end end }\n");
    tv_game *g = new_game(rs);
    must_play(g, "a1 swap");
    expect_winner(g, 2, "the ends hook read s:last() == 'swap'");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_source("pass.lua",
                     "return game { name = 'P', board = grid { width = 3, height = 3 },\n"
                     "  moves = function(s) if s:ply() == 1 then return 'pass' end return s:empties() end,\n"
                     "  ends = function(s) if s:last() == 'pass' then return 1 end end }\n");
    g = new_game(rs);
    must_play(g, "a1 pass");
    expect_winner(g, 1, "the ends hook read s:last() == 'pass'");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Stones only next to another stone, after the first. */
static const char *near_src =
    "local function near(s, i)\n"
    "  local w, h = s:width(), s:height()\n"
    "  local c, r = (i - 1) %% w, (i - 1) // w\n"
    "  for dc = -1, 1 do for dr = -1, 1 do\n"
    "    local x, y = c + dc, r + dr\n"
    "    if x >= 0 and x < w and y >= 0 and y < h and s:get(y * w + x + 1) ~= 0 then return true end\n"
    "  end end\n"
    "  return false\n"
    "end\n"
    "return game { name = 'Near', board = grid { width = 5, height = 5 },\n"
    "  moves = function(s)\n"
    "    local t = {}\n"
    "    for i = 1, s:size() do if s:get(i) == 0 and (s:ply() == 0 or near(s, i)) then t[#t + 1] = i end end\n"
    "    return t\n"
    "  end,\n"
    "  %s\n"
    "  ends = 'board_full' }\n";

START_TEST(refuse_hook_says_why)
{
    char src[2048];
    snprintf(src, sizeof src, near_src,
             "refuse = function(s, m)\n"
             "    if s:get(m) ~= 0 then return 'the cell is taken' end\n"
             "    if m == 25 then return 42 end\n"
             "    return 'not next to a stone\\n\\027[31m'\n"
             "  end,");
    tv_ruleset *rs = must_source("near.lua", src);
    tv_game *g = new_game(rs);
    tv_error err = {0};
    must_play(g, "c3");
    ck_assert_int_eq(tv_game_play_text(g, "a1", &err), TV_EILLEGAL);
    ck_assert_str_eq(err.msg, "a1: not next to a stone??[31m"); /* control characters do not reach the host */
    ck_assert_int_eq(tv_game_play_text(g, "c3", &err), TV_EILLEGAL);
    ck_assert_str_eq(err.msg, "c3: the cell is taken");
    ck_assert_int_eq(tv_game_play_text(g, "e5", &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "refuse hook: expected the reason as text"), "%s", err.msg);
    must_play(g, "b2");
    tv_state_buf s; /* a playout never asks the refuse hook (42 would fail it) */
    tv_state_copy(g->rules, &s.state, g->state);
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    ck_assert_int_eq(tv_random_playout(g->rules, &s.state, &rng, &err), TV_OK);
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* Without one, or when it gives nil, the default reason. */
    snprintf(src, sizeof src, near_src, "refuse = function(s, m) end,");
    rs = must_source("near.lua", src);
    g = new_game(rs);
    must_play(g, "c3");
    ck_assert_int_eq(tv_game_play_text(g, "a1", &err), TV_EILLEGAL);
    ck_assert_str_eq(err.msg, "a1: not among the legal moves");
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* A refuse hook without a moves hook has nothing to explain. */
    ck_assert_ptr_null(load_source("r.lua",
                                   "return game { name = 'R', board = grid { width = 3, height = 3 },\n"
                                   "  refuse = function(s, m) return 'no' end, ends = 'board_full' }\n",
                                   NULL, &err));
    ck_assert_msg(strstr(err.msg, "r.lua:1: game.refuse: gives the reason a moves hook refused a move"), "%s",
                  err.msg);
}
END_TEST

/* The scores a score hook makes, read by an ends hook, also in a random
 * playout (which may leave the stored scores until its end). */
START_TEST(hooks_read_the_scores)
{
    tv_ruleset *rs = must_source("count.lua",
                                 "return game { name = 'C', board = grid { width = 4, height = 4 },\n"
                                 "  score = function(s) local n = 0\n"
                                 "    for c = 1, s:size() do if s:owner(c) == 1 then n = n + 1 end end\n"
                                 "    return n, 2 * n end,\n"
                                 "  ends = function(s) if s:score(1) >= 3 and s:score(2) >= 6 then return 1 end end }\n");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err = {0};
    for (int game = 0; game < 20; game++) {
        tv_state_buf s;
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)game);
        ck_assert_int_eq(tv_state_new(r, 0, &s.state, &err), TV_OK);
        ck_assert_msg(tv_random_playout(r, &s.state, &rng, &err) == TV_OK, "%s", err.msg);
        ck_assert_int_eq(s.state.ply, 5); /* player 1's third stone */
        ck_assert_int_eq(s.state.winner, 1);
    }
    tv_ruleset_free(rs);

    /* No score hook: the stored scores, the play hook's own. */
    rs = must_source("added.lua",
                     "return game { name = 'A', board = grid { width = 3, height = 3 },\n"
                     "  play = function(s, m) s:place(m) s:add_score(s:to_move(), 2)\n"
                     "    if s:score(s:to_move()) >= 4 then s:add_score(1, 100) end end,\n"
                     "  ends = 'board_full' }\n");
    tv_game *g = new_game(rs);
    must_play(g, "a1 b1 c1");
    ck_assert_int_eq(g->state->score[0], 104);
    ck_assert_int_eq(g->state->score[1], 2);
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* The score hook cannot ask itself. */
    rs = must_source("self.lua", "return game { name = 'S', board = grid { width = 3, height = 3 },\n"
                                 "  score = function(s) if s:ply() > 0 then return s:score(1), 0 end return 0, 0 end,\n"
                                 "  ends = 'board_full' }\n");
    g = new_game(rs);
    ck_assert_int_eq(tv_game_play_text(g, "a1", &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "self.lua:2: score: the score hook makes the scores"), "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* s:swap() in a play hook: the colours change hands as with the swap move,
 * the hash follows, and undo takes it back. */
START_TEST(play_hook_swaps_colours)
{
    tv_ruleset *rs = must_source("sw.lua",
                                 "return game { name = 'W', board = grid { width = 3, height = 3 },\n"
                                 "  play = function(s, m) s:place(m) if s:ply() == 0 then s:swap() end end,\n"
                                 "  ends = 'board_full' }\n");
    tv_game *g = new_game(rs);
    tv_state_buf start;
    tv_state_copy(g->rules, &start.state, g->state);
    must_play(g, "b2"); /* player 1's stone, then player 1 takes the other colour */
    ck_assert(g->state->flags & TV_FLAG_SWAPPED);
    ck_assert_int_eq(cell_at(g, "b2"), TV_STONE1);
    ck_assert_uint_eq(g->state->hash, tv_state_hash(g->rules, g->state));
    must_play(g, "a1"); /* player 2 now places the first colour */
    ck_assert_int_eq(cell_at(g, "a1"), TV_STONE1);
    tv_error err = {0};
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert(memcmp(&start, g->state, (size_t)g->rules->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"authoring", goal_applies_after_a_play_hook, 60, 0},
        {"authoring", ends_hook_judges_the_stone_that_fills_the_board, 60, 0},
        {"authoring", last_is_pass_or_swap_after_those_moves, 60, 0},
        {"authoring", refuse_hook_says_why, 60, 0},
        {"authoring", hooks_read_the_scores, 60, 0},
        {"authoring", play_hook_swaps_colours, 60, 0},
    };
    return tv_check_run("lua authoring", tests, TV_CHECK_COUNT(tests));
}
