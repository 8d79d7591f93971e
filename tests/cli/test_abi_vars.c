/* Game variables and hands through tavola.h (var_count, var_info, var_get,
 * hand_kinds, hand), and whole moves of a moves hook through the action
 * calls: the declarations of a test ruleset with a variable of every type
 * (tests/cli/rulesets/vars_hands.lua), their start values, errors, undo;
 * at every ply of random games, the calls say what the position string's
 * last field says, and the position string read back into a new game gives
 * the same position, variables, hands and legal moves; a ruleset without
 * either is unchanged; and the action ids of Brandubh, Konane and
 * Breakthrough as hooks come increasing, each once, and go to their moves
 * and back. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"
#include "tv_check.h"

#define VARS_HANDS "tests/cli/rulesets/vars_hands.lua"

static const tavola_api *t;
static char err[1024];

static tavola_ruleset *load(const char *name)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_ge(t->size, offsetof(tavola_api, hand) + sizeof t->hand);
    tavola_ruleset *rs = t->ruleset_load(name, "", err, sizeof err);
    ck_assert_msg(rs != NULL, "%s: %s", name, err);
    return rs;
}

static int width_of(const tavola_ruleset *rs)
{
    int dims[TAVOLA_OBS_DIMS];
    ck_assert_int_eq(t->observation_shape(rs, dims), TAVOLA_OBS_DIMS);
    return dims[2];
}

/* The position string's last field as the calls tell it: variables by name,
 * one per player as 1's/2's, cells by name or '-', then the hands. */
static void field_of_calls(const tavola_ruleset *rs, const tavola_game *g, char *out, size_t size)
{
    size_t n = 0;
    int w = width_of(rs);
    out[0] = '\0';
    for (int i = 0; i < t->var_count(rs); i++) {
        const char *name;
        int type, pp;
        ck_assert_int_eq(t->var_info(rs, i, &name, &type, NULL, NULL, &pp), TAVOLA_OK);
        n += (size_t)snprintf(out + n, size - n, "%s%s=", i ? ";" : "", name);
        for (int p = pp ? 1 : 0; p <= (pp ? 2 : 0); p++) {
            int32_t v = -99;
            ck_assert_int_eq(t->var_get(g, i, p, &v), TAVOLA_OK);
            if (p == 2)
                n += (size_t)snprintf(out + n, size - n, "/");
            if (type == TAVOLA_VAR_CELL && v < 0)
                n += (size_t)snprintf(out + n, size - n, "-");
            else if (type == TAVOLA_VAR_CELL)
                n += (size_t)snprintf(out + n, size - n, "%c%d", 'a' + v % w, v / w + 1);
            else
                n += (size_t)snprintf(out + n, size - n, "%d", (int)v);
        }
    }
    if (t->hand_kinds(rs) > 0) {
        n += (size_t)snprintf(out + n, size - n, "%shand=", n ? ";" : "");
        for (int p = 1; p <= 2; p++) {
            int any = 0;
            if (p == 2)
                n += (size_t)snprintf(out + n, size - n, "/");
            for (int k = 0; k < t->hand_kinds(rs); k++) {
                char letter = 0;
                int count = t->hand(g, p, k, &letter);
                ck_assert_int_ge(count, 0);
                if (count > 0)
                    n += (size_t)snprintf(out + n, size - n, "%c%d", letter, count), any = 1;
            }
            if (!any)
                n += (size_t)snprintf(out + n, size - n, "-");
        }
    }
}

static const char *last_field(const char *pos)
{
    const char *space = strrchr(pos, ' ');
    ck_assert_ptr_nonnull(space);
    return space + 1;
}

START_TEST(the_declarations_are_told)
{
    static const struct {
        const char *name;
        int type, min, max, per_player;
    } want[] = {
        {"done", TAVOLA_VAR_FLAG, 0, 1, 0},     {"ko", TAVOLA_VAR_CELL, -1, 15, 0},
        {"last", TAVOLA_VAR_CELL, -1, 15, 1},   {"lead", TAVOLA_VAR_INT, -20, 20, 0},
        {"passed", TAVOLA_VAR_FLAG, 0, 1, 1},   {"passes", TAVOLA_VAR_INT, 0, 9, 1},
        {"phase", TAVOLA_VAR_INT, 0, 3, 0},
    };
    tavola_ruleset *rs = load(VARS_HANDS);
    ck_assert_int_eq(t->var_count(rs), 7);
    for (int i = 0; i < 7; i++) {
        const char *name = NULL;
        int type = 0, pp = -1;
        int32_t min = 99, max = -99;
        ck_assert_int_eq(t->var_info(rs, i, &name, &type, &min, &max, &pp), TAVOLA_OK);
        ck_assert_str_eq(name, want[i].name);
        ck_assert_int_eq(type, want[i].type);
        ck_assert_int_eq(min, want[i].min);
        ck_assert_int_eq(max, want[i].max);
        ck_assert_int_eq(pp, want[i].per_player);
        ck_assert_int_eq(t->var_info(rs, i, NULL, NULL, NULL, NULL, NULL), TAVOLA_OK);
    }
    ck_assert_int_eq(t->var_info(rs, 7, NULL, NULL, NULL, NULL, NULL), TAVOLA_EINVAL);
    ck_assert_msg(strstr(t->ruleset_error(rs), "no variable 7"), "%s", t->ruleset_error(rs));
    ck_assert_int_eq(t->var_info(rs, -1, NULL, NULL, NULL, NULL, NULL), TAVOLA_EINVAL);
    ck_assert_int_eq(t->hand_kinds(rs), 2);
    t->ruleset_free(rs);
}
END_TEST

START_TEST(start_values_errors_and_undo)
{
    tavola_ruleset *rs = load(VARS_HANDS);
    tavola_game *g = t->game_new(rs, 1);
    ck_assert_ptr_nonnull(g);
    int32_t v = -99;
    ck_assert_int_eq(t->var_get(g, 6, 0, &v), TAVOLA_OK); /* phase starts at 1 */
    ck_assert_int_eq(v, 1);
    for (int p = 1; p <= 2; p++) { /* a variable of the whole game: any player, the one value */
        int32_t w = -99;
        ck_assert_int_eq(t->var_get(g, 6, p, &w), TAVOLA_OK);
        ck_assert_int_eq(w, 1);
    }
    ck_assert_int_eq(t->var_get(g, 1, 0, &v), TAVOLA_OK); /* ko: no cell */
    ck_assert_int_eq(v, -1);
    ck_assert_int_eq(t->var_get(g, 2, 0, &v), TAVOLA_EINVAL); /* last is per player: 1 or 2 */
    ck_assert_msg(strstr(t->error(g), "per player"), "%s", t->error(g));
    ck_assert_int_eq(t->var_get(g, 2, 3, &v), TAVOLA_EINVAL);
    ck_assert_int_eq(t->var_get(g, 6, -1, &v), TAVOLA_EINVAL);
    ck_assert_int_eq(t->var_get(g, 7, 0, &v), TAVOLA_EINVAL);
    ck_assert_msg(strstr(t->error(g), "no variable 7"), "%s", t->error(g));
    ck_assert_int_eq(t->var_get(g, 0, 0, NULL), TAVOLA_EINVAL);

    static const struct { int player, kind, count; char letter; } hands[] = {
        {1, 0, 3, 'M'}, {1, 1, 1, 'K'}, {2, 0, 2, 'm'}, {2, 1, 0, 'k'}};
    for (int i = 0; i < 4; i++) {
        char letter = 0;
        ck_assert_int_eq(t->hand(g, hands[i].player, hands[i].kind, &letter), hands[i].count);
        ck_assert_int_eq(letter, hands[i].letter);
        ck_assert_int_eq(t->hand(g, hands[i].player, hands[i].kind, NULL), hands[i].count);
    }
    ck_assert_int_eq(t->hand(g, 0, 0, NULL), TAVOLA_EINVAL);
    ck_assert_int_eq(t->hand(g, 3, 0, NULL), TAVOLA_EINVAL);
    ck_assert_int_eq(t->hand(g, 1, 2, NULL), TAVOLA_EINVAL);
    ck_assert_int_eq(t->hand(g, 1, -1, NULL), TAVOLA_EINVAL);

    char before[1024], after[1024], field[1024];
    ck_assert_int_ge(t->position(g, before, sizeof before), 0);
    ck_assert_str_eq(last_field(before), "done=0;ko=-;last=-/-;lead=0;passed=0/0;passes=0/0;phase=1;hand=M3K1/m2");
    ck_assert_int_eq(t->play_text(g, "M@a1"), TAVOLA_OK);
    ck_assert_int_eq(t->play_text(g, "m@b2"), TAVOLA_OK); /* any case */
    ck_assert_int_eq(t->play_text(g, "pass"), TAVOLA_OK);
    field_of_calls(rs, g, field, sizeof field);
    ck_assert_str_eq(field, "done=0;ko=-;last=a1/b2;lead=0;passed=1/0;passes=1/0;phase=3;hand=M2K1/m1");
    ck_assert_int_ge(t->position(g, after, sizeof after), 0);
    ck_assert_str_eq(last_field(after), field);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(t->undo(g), TAVOLA_OK);
    field_of_calls(rs, g, field, sizeof field);
    ck_assert_str_eq(field, last_field(before));
    t->game_free(g);
    t->ruleset_free(rs);
}
END_TEST

/* A legal move's text of g, sorted, joined: to compare two games' moves. */
static void moves_text(tavola_game *g, char *out, size_t size)
{
    static tavola_move moves[TAVOLA_MAX_MOVES];
    int n = t->legal_moves(g, moves, TAVOLA_MAX_MOVES);
    ck_assert_int_ge(n, 0);
    size_t k = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char text[64];
        ck_assert_int_gt(t->move_text(g, moves[i], text, sizeof text), 0);
        k += (size_t)snprintf(out + k, size - k, "%s ", text);
        ck_assert_uint_lt(k, size);
    }
}

/* At every ply of 40 random games (whole games: to the end or the move
 * limit), including the last: the calls agree with the position string,
 * which read back gives the same game. */
START_TEST(every_ply_of_random_games_round_trips)
{
    tavola_ruleset *rs = load(VARS_HANDS);
    int plies = 0, over = 0, changed = 0;
    char *a = malloc(1 << 14), *b = malloc(1 << 14);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tavola_game *g = t->game_new(rs, seed), *copy = t->game_new(rs, seed);
        uint64_t rng = seed * 0x9e3779b97f4a7c15ull;
        char first[1024];
        t->position(g, first, sizeof first);
        for (;;) {
            char pos[1024], back[1024], field[1024], field2[1024];
            ck_assert_int_lt(t->position(g, pos, sizeof pos), (int)sizeof pos);
            field_of_calls(rs, g, field, sizeof field);
            ck_assert_str_eq(last_field(pos), field);
            ck_assert_msg(t->set_position(copy, pos) == TAVOLA_OK, "%s: %s", pos, t->error(copy));
            t->position(copy, back, sizeof back);
            ck_assert_str_eq(back, pos);
            field_of_calls(rs, copy, field2, sizeof field2);
            ck_assert_str_eq(field2, field);
            ck_assert_int_eq(t->status(copy), t->status(g));
            moves_text(g, a, 1 << 14);
            moves_text(copy, b, 1 << 14);
            ck_assert_str_eq(a, b);
            changed += strcmp(last_field(pos), last_field(first)) != 0;
            tavola_move m;
            int n = t->random_move(g, &rng, &m);
            ck_assert_int_ge(n, 0);
            if (n == 0)
                break;
            ck_assert_int_eq(t->play(g, m), TAVOLA_OK);
            plies++;
        }
        over += t->status(g) == TAVOLA_OVER;
        t->game_free(g);
        t->game_free(copy);
    }
    free(a);
    free(b);
    ck_assert_int_eq(over, 40);
    ck_assert_int_ge(plies, 40 * 10);
    ck_assert_int_ge(changed, plies / 2);
    t->ruleset_free(rs);
}
END_TEST

/* A ruleset without variables or hands: none told, its position as before. */
START_TEST(a_ruleset_without_either_is_unchanged)
{
    tavola_ruleset *rs = load("tictactoe");
    tavola_game *g = t->game_new(rs, 1);
    ck_assert_int_eq(t->var_count(rs), 0);
    ck_assert_int_eq(t->hand_kinds(rs), 0);
    int32_t v;
    ck_assert_int_eq(t->var_get(g, 0, 0, &v), TAVOLA_EINVAL);
    ck_assert_int_eq(t->hand(g, 1, 0, NULL), TAVOLA_EINVAL);
    ck_assert_msg(strstr(t->error(g), "no pieces in hand"), "%s", t->error(g));
    ck_assert_int_eq(t->var_info(rs, 0, NULL, NULL, NULL, NULL, NULL), TAVOLA_EINVAL);
    char pos[256], board[1024];
    t->position(g, pos, sizeof pos);
    ck_assert_str_eq(pos, ".../.../... 1 - 0");
    t->draw(g, TAVOLA_DRAW_BOARD, board, sizeof board);
    ck_assert_ptr_null(strstr(board, "vars:"));
    ck_assert_ptr_null(strstr(board, "hands:"));
    t->game_free(g);
    t->ruleset_free(rs);
}
END_TEST

/* The drawings show them: a line each under the text board, and the hands
 * and the variables in the SVG. */
START_TEST(the_drawings_show_them)
{
    tavola_ruleset *rs = load(VARS_HANDS);
    tavola_game *g = t->game_new(rs, 1);
    ck_assert_int_eq(t->play_text(g, "K@c3"), TAVOLA_OK);
    char board[2048];
    ck_assert_int_lt(t->draw(g, TAVOLA_DRAW_BOARD, board, sizeof board), (int)sizeof board);
    ck_assert_msg(strstr(board, "\n    vars: done=false ko=- last=c3/- lead=0 passed=false/false passes=0/0 "
                                "phase=2\n    hands: Player 1: M3; Player 2: m2\nply 1 "),
                  "%s", board);
    int n = t->draw(g, TAVOLA_DRAW_SVG, NULL, 0);
    char *svg = malloc((size_t)n + 1);
    ck_assert_int_eq(t->draw(g, TAVOLA_DRAW_SVG, svg, (size_t)n + 1), n);
    ck_assert_ptr_nonnull(strstr(svg, ">done=false ko=- last=c3/- lead=0 passed=false/false passes=0/0 phase=2</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">Player 1:</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">x3</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">Player 2:</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">x2</text>"));
    free(svg);
    t->game_free(g);
    t->ruleset_free(rs);
}
END_TEST

static int by_value(const void *x, const void *y)
{
    int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
    return (a > b) - (a < b);
}

/* Whole moves of a moves hook: the legal actions are the legal moves' ids,
 * increasing, each once; each id goes to its move and back, each move's
 * text to the move; play_action plays the id's move. Random games. */
static const char *const whole[] = {"brandubh", "konane", "tests/bench/breakthrough_hooks.lua", VARS_HANDS};

START_TEST(whole_moves_go_to_actions_and_back)
{
    tavola_ruleset *rs = load(whole[_i]);
    static tavola_move moves[TAVOLA_MAX_MOVES];
    static int32_t actions[TAVOLA_MAX_MOVES], ids[TAVOLA_MAX_MOVES];
    int cap = t->max_moves(rs), na = t->num_actions(rs), plies = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        tavola_game *g = t->game_new(rs, seed);
        uint64_t rng = seed;
        for (int ply = 0; ply < 400; ply++) {
            int n = t->legal_moves(g, moves, cap), k = t->legal_actions(g, actions, cap);
            ck_assert_int_ge(n, 0);
            ck_assert_int_eq(k, n); /* the hooks list no move twice */
            for (int i = 0; i < n; i++) {
                char text[64];
                tavola_move back;
                ids[i] = t->move_action(rs, moves[i]);
                ck_assert_int_ge(ids[i], 0);
                ck_assert_int_lt(ids[i], na);
                ck_assert_int_eq(t->action_move(rs, ids[i], &back), TAVOLA_OK);
                ck_assert_int_eq(back, moves[i]);
                ck_assert_int_gt(t->move_text(g, moves[i], text, sizeof text), 0);
                ck_assert_int_eq(t->move_parse(g, text, &back), TAVOLA_OK);
                ck_assert_msg(back == moves[i], "%s: %s", whole[_i], text);
            }
            qsort(ids, (size_t)n, sizeof *ids, by_value);
            for (int i = 0; i < n; i++)
                ck_assert_msg(actions[i] == ids[i] && (i == 0 || actions[i] > actions[i - 1]),
                              "%s: legal_actions[%d] = %d, not the increasing ids", whole[_i], i, actions[i]);
            if (n == 0)
                break;
            /* play_action of an id plays its move */
            int32_t a = actions[rng % (uint64_t)n];
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            tavola_move m;
            ck_assert_int_eq(t->action_move(rs, a, &m), TAVOLA_OK);
            tavola_game *c = t->game_clone(g);
            ck_assert_int_ge(t->play_action(g, a), 0);
            ck_assert_int_eq(t->play(c, m), TAVOLA_OK);
            char p1[2048], p2[2048];
            t->position(g, p1, sizeof p1);
            t->position(c, p2, sizeof p2);
            ck_assert_str_eq(p1, p2);
            t->game_free(c);
            plies++;
        }
        t->game_free(g);
    }
    ck_assert_int_ge(plies, 20);
    t->ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"vars", the_declarations_are_told, 60, 0},
        {"vars", start_values_errors_and_undo, 60, 0},
        {"games", every_ply_of_random_games_round_trips, 120, 0},
        {"vars", a_ruleset_without_either_is_unchanged, 60, 0},
        {"vars", the_drawings_show_them, 60, 0},
        {"whole", whole_moves_go_to_actions_and_back, 120, (int)(sizeof whole / sizeof *whole)},
    };
    return tv_check_run("ABI game variables, hands and whole moves", tests, TV_CHECK_COUNT(tests));
}
