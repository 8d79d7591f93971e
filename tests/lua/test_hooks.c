/* The Lua bridge in play: data rulesets never enter the VM, hooks (score,
 * moves, ends, play) agree with the data rules, fail without harm, share a
 * VM between threads and are stopped by the instruction limit. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"

/* A data ruleset enters the VM once, to load; never during play. */
START_TEST(data_rules_never_enter_the_vm_in_play)
{
    tv_error err = {0};
    tv_ruleset *rs = load_named("pahtum", NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert(r->hooks.moves == NULL);
    ck_assert(r->hooks.score == NULL);
    ck_assert(r->hooks.ends == NULL);
    unsigned long after_load = tv_ruleset_vm_entries(rs);
    ck_assert_uint_eq(after_load, 1);
    tv_state_buf buf;
    tv_rng rng;
    tv_rng_seed(&rng, 9);
    for (int game = 0; game < 200; game++) {
        ck_assert_int_eq(tv_state_new(r, (uint64_t)game, &buf.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(r, &buf.state, &rng, &err), TV_OK);
    }
    ck_assert_uint_eq(tv_ruleset_vm_entries(rs), after_load);
    tv_ruleset_free(rs);
}
END_TEST

/* Pahtum with its scoring as a Lua hook over the C primitive. */
static const char *hook_pahtum =
    "return game { name = 'Pahtum (hooked)', board = grid { width = 7, height = 7 },\n"
    "  blocks = { cells = { 'a1', 'b2', 'c3' } },\n"
    "  score = function(s) return s:runs({0, 0, 3, 10, 25, 56, 119}, 'hv') end,\n"
    "  ends = 'board_full' }\n";

START_TEST(score_hook_agrees_with_data)
{
    tv_error err = {0};
    tv_ruleset *data = load_named("pahtum", "holes=a1,b2,c3", &err);
    ck_assert_msg(data != NULL, "%s", err.msg);
    tv_ruleset *hook = load_source("hook.lua", hook_pahtum, NULL, &err);
    ck_assert_msg(hook != NULL, "%s", err.msg);
    const tv_rules *rd = tv_ruleset_rules(data), *rh = tv_ruleset_rules(hook);
    ck_assert(rh->hooks.score != NULL);
    tv_rng rng;
    tv_rng_seed(&rng, 4);
    for (int game = 0; game < 30; game++) {
        tv_state_buf a, b;
        ck_assert_int_eq(tv_state_new(rd, 0, &a.state, &err), TV_OK);
        ck_assert_int_eq(tv_state_new(rh, 0, &b.state, &err), TV_OK);
        while (a.state.status == TV_ONGOING) {
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(rd, &a.state, moves, TV_MOVES_LIMIT, &err);
            ck_assert_int_gt(n, 0);
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            unsigned long before = tv_ruleset_vm_entries(hook);
            ck_assert_int_eq(tv_play(rd, &a.state, m, NULL, &err), TV_OK);
            ck_assert_int_eq(tv_play(rh, &b.state, m, NULL, &err), TV_OK);
            ck_assert_uint_eq(tv_ruleset_vm_entries(hook), before + 1); /* one score call */
            ck_assert_int_eq(a.state.score[0], b.state.score[0]);
            ck_assert_int_eq(a.state.score[1], b.state.score[1]);
        }
        ck_assert_int_eq(b.state.status, TV_OVER);
        ck_assert_int_eq(a.state.winner, b.state.winner);
    }
    tv_ruleset_free(data);
    tv_ruleset_free(hook);
}
END_TEST

/* A small game that needs hooks: stones only next to the last one placed
 * (or anywhere when no neighbour is free), first to own a corner... wins. */
static const char *hook_game =
    "local function neighbours(s, c)\n"
    "  local w, out = s:width(), {}\n"
    "  local col, row = (c - 1) % w, (c - 1) // w\n"
    "  for _, d in ipairs({{1,0},{-1,0},{0,1},{0,-1}}) do\n"
    "    local x, y = col + d[1], row + d[2]\n"
    "    if x >= 0 and x < w and y >= 0 and y < s:height() then out[#out + 1] = y * w + x + 1 end\n"
    "  end\n"
    "  return out\n"
    "end\n"
    "return game { name = 'Adjacent', board = grid { width = 4, height = 4 },\n"
    "  moves = function(s)\n"
    "    local out = {}\n"
    "    local last = s:last()\n"
    "    if last then\n"
    "      for _, n in ipairs(neighbours(s, s:cell(last))) do\n"
    "        if s:get(n) == 0 then out[#out + 1] = n end\n"
    "      end\n"
    "    end\n"
    "    if #out == 0 then\n"
    "      for c = 1, s:size() do if s:get(c) == 0 then out[#out + 1] = s:name(c) end end\n"
    "    end\n"
    "    return out\n"
    "  end,\n"
    "  ends = { 'board_full', function(s)\n"
    "    for _, c in ipairs({'a1', 'd1', 'a4', 'd4'}) do\n"
    "      if s:owner(c) ~= 0 then return s:owner(c) end\n"
    "    end\n"
    "  end } }\n";

START_TEST(moves_and_ends_hooks)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("adjacent.lua", hook_game, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_ptr_nonnull(g);
    tv_move moves[TV_MOVES_LIMIT];
    ck_assert_int_eq(tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err), 16);
    ck_assert_int_eq(play_moves(g, "b2", &err), TV_OK);
    /* Only the neighbours of b2 now: b1, a2, c2, b3 (in the hook's order). */
    ck_assert_int_eq(tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err), 4);
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    ck_assert_int_eq(tv_game_play_text(g, "d4", &err), TV_EILLEGAL);
    ck_assert(memcmp(&before, g->state, (size_t)r->state_size) == 0);
    ck_assert_int_eq(play_moves(g, "b1", &err), TV_OK);
    ck_assert_int_eq(g->state->status, TV_ONGOING);
    ck_assert_int_eq(play_moves(g, "a1", &err), TV_OK); /* player 1 takes a corner */
    ck_assert_int_eq(g->state->status, TV_OVER);
    ck_assert_int_eq(g->state->winner, 1);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A hook that fails mid-game: the move is refused, the state unchanged, and
 * the message names the ruleset's file:line. */
START_TEST(failing_hook_leaves_state_unchanged)
{
    const char *src = "return game { name = 'F', board = grid { width = 3, height = 3 },\n"
                      "  score = function(s)\n"
                      "    if s:ply() == 3 then error('boom at ply 3') end\n"
                      "    return s:ply(), 0\n"
                      "  end, ends = 'board_full' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("fail.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_int_eq(play_moves(g, "a1 b1", &err), TV_OK);
    ck_assert_int_eq(g->state->score[0], 2);
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    ck_assert_int_eq(tv_game_play_text(g, "c1", &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "fail.lua:3: boom at ply 3") != NULL, "%s", err.msg);
    ck_assert(memcmp(&before, g->state, (size_t)r->state_size) == 0);
    ck_assert_int_eq(g->nply, 2);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A hook that fails inside a random playout (one batch of hook calls) ends
 * it with the hook's error; the state is the position before the move that
 * failed, consistent (hash, counts), and the VM goes on. */
START_TEST(failing_hook_in_a_playout)
{
    const char *src = "return game { name = 'P', board = grid { width = 3, height = 3 },\n"
                      "  play = function(s, m)\n"
                      "    s:place(m)\n"
                      "    if s:ply() == 3 then error('boom at ply 3') end\n"
                      "  end, ends = 'board_full' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("pf.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    for (int round = 0; round < 3; round++) {
        tv_state_buf b;
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)round);
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_EHOOK);
        ck_assert_msg(strstr(err.msg, "play hook: pf.lua:4: boom at ply 3") != NULL, "%s", err.msg);
        ck_assert_int_eq(b.state.ply, 3);
        ck_assert_int_eq(b.state.empty, 6);
        ck_assert_int_eq(b.state.status, TV_ONGOING);
        ck_assert(b.state.hash == tv_state_hash(r, &b.state));
    }
    /* The same VM still plays through the other path. */
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_int_eq(play_moves(g, "a1 b2 c3", &err), TV_OK);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A moves hook that lists a move twice is refused wherever its list is
 * read, naming the move: the legal moves (perft, MCTS, UGI), a move checked
 * against them, and a random playout, which reads the whole list too (it
 * once converted only the move it drew, so the repeat counted twice). The
 * same cell as a number and as text is the same move. */
START_TEST(a_move_listed_twice_is_refused_by_every_path)
{
    const char *same = "return game { name = 'Same', board = grid { width = 3, height = 3 },\n"
                       "  moves = function(s) return 1, 'a1', 2 end,\n"
                       "  play = function(s, m) s:place(m) end, ends = 'board_full' }\n";
    const char *later = "return game { name = 'Later', board = grid { width = 3, height = 3 },\n"
                        "  moves = function(s)\n"
                        "    local e = { s:empties() }\n"
                        "    if s:ply() == 2 then e[#e + 1] = e[1] end\n"
                        "    return e\n"
                        "  end,\n"
                        "  play = function(s, m) s:place(m) end, ends = 'board_full' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("same.lua", same, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_move moves[TV_MAX_MOVES];
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_int_eq(tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err), TV_EHOOK);
    ck_assert_str_eq(err.msg, "moves hook: a1 is listed twice (moves 1 and 2)");
    ck_assert_int_eq(tv_check_move(r, g->state, 1, &err), TV_EHOOK);
    ck_assert_str_eq(err.msg, "moves hook: a1 is listed twice (moves 1 and 2)");
    tv_game_free(g);
    tv_ruleset_free(rs);
    ck_assert_msg((rs = load_source("later.lua", later, NULL, &err)) != NULL, "%s", err.msg);
    r = tv_ruleset_rules(rs);
    for (int seed = 0; seed < 20; seed++) { /* the repeat at ply 2, whatever was drawn before */
        tv_state_buf b;
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)seed);
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_EHOOK);
        ck_assert_msg(strstr(err.msg, "moves hook: ") && strstr(err.msg, " is listed twice (moves 1 and 8)"), "%s",
                      err.msg);
        ck_assert_int_eq(b.state.ply, 2);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* Threads sharing one hook ruleset take turns on its VM, a playout at a time:
 * each gets the games it gets alone. */
typedef struct playout_worker {
    const tv_rules *r;
    int first, count;
    uint64_t hash[64];
    int failed;
} playout_worker;

static void *run_playouts(void *arg)
{
    playout_worker *w = arg;
    for (int i = 0; i < w->count; i++) {
        tv_state_buf b;
        tv_rng rng;
        tv_error err;
        tv_rng_seed(&rng, (uint64_t)(w->first + i));
        if (tv_state_new(w->r, (uint64_t)(w->first + i), &b.state, &err) ||
            tv_random_playout(w->r, &b.state, &rng, &err))
            w->failed = 1;
        w->hash[i] = b.state.hash ^ (uint64_t)b.state.score[0] << 32 ^ (uint64_t)b.state.ply;
    }
    return NULL;
}

START_TEST(threads_share_a_hook_vm)
{
    tv_error err = {0};
    FILE *f = fopen("tests/bench/pahtum_hooks.lua", "rb");
    ck_assert_ptr_nonnull(f);
    static char src[8192];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = '\0';
    tv_ruleset *rs = load_source("pahtum_hooks.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    playout_worker alone = {tv_ruleset_rules(rs), 0, 64, {0}, 0}, w[4];
    run_playouts(&alone);
    ck_assert(!alone.failed);
    pthread_t th[4];
    for (int i = 0; i < 4; i++) {
        w[i] = (playout_worker){tv_ruleset_rules(rs), 16 * i, 16, {0}, 0};
        ck_assert_int_eq(pthread_create(&th[i], NULL, run_playouts, &w[i]), 0);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(th[i], NULL);
        ck_assert(!w[i].failed);
        for (int k = 0; k < 16; k++)
            ck_assert(w[i].hash[k] == alone.hash[16 * i + k]);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* A hook stuck in a loop is stopped, and the host can go on. */
START_TEST(hook_instruction_limit)
{
    const char *src = "return game { name = 'L', board = grid { width = 3, height = 3 },\n"
                      "  score = function(s) if s:ply() > 1 then while true do end end return 0, 0 end,\n"
                      "  ends = 'board_full' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("loop.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_int_eq(play_moves(g, "a1", &err), TV_OK);
    ck_assert_int_eq(play_moves(g, "b1", &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "instruction limit") != NULL, "%s", err.msg);
    ck_assert_int_eq(g->state->ply, 1);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(play_moves(g, "c3", &err), TV_OK);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A ruleset whose moves and effect are hooks over the C primitives plays the
 * same games as the same rules written as data. */
static void same_games_opts(const char *data_name, const char *data_opts, const char *hook_file,
                            const char *hook_opts, int games)
{
    tv_error err = {0};
    tv_ruleset *data = load_named(data_name, data_opts, &err);
    ck_assert_msg(data != NULL, "%s", err.msg);
    FILE *f = fopen(hook_file, "rb");
    ck_assert_ptr_nonnull(f);
    static char src[8192];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = '\0';
    tv_ruleset *hook = load_source(hook_file, src, hook_opts, &err);
    ck_assert_msg(hook != NULL, "%s", err.msg);
    const tv_rules *rd = tv_ruleset_rules(data), *rh = tv_ruleset_rules(hook);
    ck_assert(rh->hooks.play != NULL && rh->hooks.moves != NULL);
    tv_rng rng;
    tv_rng_seed(&rng, 11);
    for (int game = 0; game < games; game++) {
        tv_game *a = tv_game_new(rd, (uint64_t)game, &err), *b = tv_game_new(rh, (uint64_t)game, &err);
        while (a->state->status == TV_ONGOING) {
            tv_move ma[TV_MOVES_LIMIT], mb[TV_MOVES_LIMIT];
            int na = tv_legal_moves(rd, a->state, ma, TV_MOVES_LIMIT, &err);
            int nb = tv_legal_moves(rh, b->state, mb, TV_MOVES_LIMIT, &err);
            if (na != nb || memcmp(ma, mb, (size_t)na * sizeof *ma) != 0)
                ck_abort_msg("%s game %d ply %d: the legal moves differ", hook_file, game, a->nply);
            tv_move m = ma[tv_rng_below(&rng, (uint32_t)na)];
            if (tv_game_play(a, m, &err) || tv_game_play(b, m, &err))
                ck_abort_msg("%s: %s", hook_file, err.msg);
            if (memcmp(a->state->cells, b->state->cells, (size_t)rd->ncells) != 0 ||
                a->state->score[0] != b->state->score[0] || a->state->score[1] != b->state->score[1] ||
                a->state->to_move != b->state->to_move || a->state->status != b->state->status ||
                a->state->winner != b->state->winner || a->state->hash != b->state->hash)
                ck_abort_msg("%s game %d ply %d: the states differ", hook_file, game, a->nply);
        }
        ck_assert_int_eq(b->state->status, TV_OVER);
        /* Undo through the hook's records gives the start back. */
        while (b->nply)
            tv_game_undo(b, &err);
        tv_state_buf start;
        tv_state_new(rh, (uint64_t)game, &start.state, &err);
        ck_assert(memcmp(&start, b->state, (size_t)rh->state_size) == 0);
        tv_game_free(a);
        tv_game_free(b);
    }
    /* Random playouts: the hooks run as one batch a playout and only the
     * move drawn is converted, yet the games are the data rules' games. */
    for (int game = 0; game < games; game++) {
        tv_state_buf a, b;
        tv_rng ra, rb;
        tv_rng_seed(&ra, (uint64_t)game * 31 + 7);
        rb = ra;
        ck_assert_int_eq(tv_state_new(rd, (uint64_t)game, &a.state, &err), TV_OK);
        ck_assert_int_eq(tv_state_new(rh, (uint64_t)game, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(rd, &a.state, &ra, &err), TV_OK);
        if (tv_random_playout(rh, &b.state, &rb, &err))
            ck_abort_msg("%s playout %d: %s", hook_file, game, err.msg);
        if (memcmp(a.state.cells, b.state.cells, (size_t)rd->ncells) != 0 ||
            a.state.score[0] != b.state.score[0] || a.state.score[1] != b.state.score[1] ||
            a.state.ply != b.state.ply || b.state.status != TV_OVER || a.state.winner != b.state.winner ||
            a.state.hash != b.state.hash || ra.s != rb.s)
            ck_abort_msg("%s playout %d: the final states differ", hook_file, game);
    }
    tv_ruleset_free(data);
    tv_ruleset_free(hook);
}

static void same_games(const char *data_name, const char *data_opts, const char *hook_file, int games)
{
    same_games_opts(data_name, data_opts, hook_file, NULL, games);
}

START_TEST(play_hooks_match_the_data_rules)
{
    same_games("pahtum", NULL, "tests/bench/pahtum_hooks.lua", 40);
    same_games("tihbat", NULL, "tests/bench/tihbat_hooks.lua", 300);
    /* two stones a turn, and lines by the first of a pair, on small boards */
    same_games_opts("connect6", "size=7,connect=4", "tests/bench/connect6_hooks.lua", "size=7,connect=4", 100);
    same_games_opts("connect6", "size=6,connect=3", "tests/bench/connect6_hooks.lua", "size=6,connect=3", 100);
    same_games("connect6", NULL, "tests/bench/connect6_hooks.lua", 3);
}
END_TEST

/* The primitives a play hook uses refuse what the rules do not allow; the
 * move is then refused and the state unchanged. Outside play they refuse. */
START_TEST(play_hook_primitives_are_checked)
{
    const char *src = "return game { name = 'P', board = grid { width = 3, height = 3 },\n"
                      "  play = function(s, m)\n"
                      "    s:place(m)\n"
                      "    if s:name(m) == 'c3' then s:place('a1') end\n"
                      "    if s:name(m) == 'b3' then s:set('a1', 7) end\n"
                      "  end,\n"
                      "  score = function(s) if s:ply() == 0 then return 0, 0 end s:set(1, 1) end,\n"
                      "  ends = 'board_full' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("prim.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_ptr_nonnull(g);
    tv_state_buf before;
    tv_state_copy(g->rules, &before.state, g->state);
    ck_assert_int_eq(tv_game_play_text(g, "a1", &err), TV_EHOOK); /* score hook calls set */
    ck_assert_msg(strstr(err.msg, "prim.lua:7: the state may only be changed in a play hook"), "%s", err.msg);
    ck_assert(memcmp(&before, g->state, (size_t)g->rules->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);

    src = "return game { name = 'P', board = grid { width = 3, height = 3 },\n"
          "  play = function(s, m)\n"
          "    s:place(m)\n"
          "    if s:name(m) == 'c3' then s:place('a1') end\n"
          "    if s:name(m) == 'b3' then s:set('a1', 7) end\n"
          "  end,\n"
          "  ends = 'board_full' }\n";
    rs = load_source("prim.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_int_eq(play_moves(g, "a1", &err), TV_OK);
    tv_state_copy(g->rules, &before.state, g->state);
    ck_assert_int_eq(tv_game_play_text(g, "c3", &err), TV_EHOOK); /* a1 is taken */
    ck_assert_msg(strstr(err.msg, "prim.lua:4:") && strstr(err.msg, "not an empty cell"), "%s", err.msg);
    ck_assert(memcmp(&before, g->state, (size_t)g->rules->state_size) == 0);
    ck_assert_int_eq(tv_game_play_text(g, "b3", &err), TV_EHOOK); /* 7 is no cell value */
    ck_assert_msg(strstr(err.msg, "prim.lua:5:"), "%s", err.msg);
    ck_assert(memcmp(&before, g->state, (size_t)g->rules->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A play hook may sow as often as it likes in one move: each hole is kept
 * once in the undo record, on its first write, so forty sowings on a board
 * of 2 x 16 holes undo byte for byte (the record once kept every hole at
 * every sowing and refused the third). */
START_TEST(many_sowings_in_one_move_undo)
{
    const char *src = "return game { name = 'S', board = mancala { holes = 16, seeds = 4 },\n"
                      "  sow = sow { direction = 'ccw' },\n"
                      "  moves = function(s) return s:empties() end, no_move = 'pass',\n"
                      "  play = function(s, m)\n"
                      "    if m == 'pass' then return end\n"
                      "    s:sow(m)\n"
                      "    for i = 1, 40 do\n"
                      "      local more = { s:empties() }\n"
                      "      if #more == 0 then break end\n"
                      "      s:sow(more[1 + i % #more])\n"
                      "    end\n"
                      "  end, ends = 'board_empty', winner = 'most_captured' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("sow40.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf b, before;
    tv_state *s = &b.state;
    ck_assert_int_eq(tv_state_new(r, 1, s, &err), TV_OK);
    tv_move moves[TV_MOVES_LIMIT];
    for (int ply = 0; ply < 6 && s->status == TV_ONGOING; ply++) {
        int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
        ck_assert_msg(n > 0, "%s", err.msg);
        tv_undo u;
        tv_state_copy(r, &before.state, s);
        ck_assert_msg(tv_play(r, s, moves[0], &u, &err) == TV_OK, "ply %d: %s", ply, err.msg);
        ck_assert(memcmp(&before.state, s, (size_t)r->state_size) != 0);
        tv_state_buf after;
        tv_state_copy(r, &after.state, s);
        tv_unplay(r, s, &u);
        ck_assert_msg(memcmp(&before.state, s, (size_t)r->state_size) == 0, "ply %d: undo", ply);
        tv_state_copy(r, s, &after.state);
    }
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"hooks", data_rules_never_enter_the_vm_in_play, 60, 0},
        {"hooks", score_hook_agrees_with_data, 60, 0},
        {"hooks", moves_and_ends_hooks, 60, 0},
        {"hooks", failing_hook_leaves_state_unchanged, 60, 0},
        {"hooks", hook_instruction_limit, 60, 0},
        {"hooks", failing_hook_in_a_playout, 60, 0},
        {"hooks", a_move_listed_twice_is_refused_by_every_path, 60, 0},
        {"hooks", threads_share_a_hook_vm, 60, 0},
        {"hooks", play_hooks_match_the_data_rules, 60, 0},
        {"hooks", play_hook_primitives_are_checked, 60, 0},
        {"hooks", many_sowings_in_one_move_undo, 60, 0},
    };
    return tv_check_run("lua hooks", tests, TV_CHECK_COUNT(tests));
}
