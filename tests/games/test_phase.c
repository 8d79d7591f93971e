/* A phase choosing the generators (when = { phase = N } in move { }): the
 * data game of tests/games/phase_game.lua, whose play hook advances each
 * player's phase, is held to the same game with its moves listed by a moves
 * hook from s:var("phase"), an independent generator: the same legal moves
 * at every ply of random games and the same perft. Then the phase is read
 * from the state as a host sets it (a position string), a move of another
 * phase is refused with the state unchanged, and the rulesets whose `when`
 * cannot be a phase are refused when they load, each with its reason. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_game.h"
#include "tv_movetext.h"
#include "tv_perft.h"

#define PHASES "tests/games/phase_game.lua"

START_TEST(phases_agree_with_a_moves_hook)
{
    tv_ruleset *data = load_variant(PHASES, "impl=data"), *hook = load_variant(PHASES, "impl=hook");
    long plies = same_games_by_text(data, hook, 60, 77);
    ck_assert_msg(plies > 60 * 8, "only %ld plies", plies);
    tv_state_buf x, y;
    tv_error err;
    ck_assert_int_eq(tv_state_new(tv_ruleset_rules(data), 0, &x.state, &err), TV_OK);
    ck_assert_int_eq(tv_state_new(tv_ruleset_rules(hook), 0, &y.state, &err), TV_OK);
    for (int depth = 1; depth <= 5; depth++)
        ck_assert_int_eq(tv_perft(tv_ruleset_rules(data), &x.state, depth, &err),
                         tv_perft(tv_ruleset_rules(hook), &y.state, depth, &err));
    tv_ruleset_free(data);
    tv_ruleset_free(hook);
}
END_TEST

/* The phase is the state's: a position string that sets White's phase to 1
 * or 2 gives the diagonal steps or the forward moves at once; in phase 0 a
 * diagonal step is refused with its reason and the state left as it was. */
START_TEST(the_phase_is_read_from_the_state)
{
    static char t[TV_MOVES_LIMIT][TV_TEXT_MAX];
    tv_ruleset *rs = load_variant(PHASES, "impl=data");
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_int_eq(sorted_legal_texts(g, t), 5); /* phase 0: the front row's men step forward */
    const char *why = refusal(g, "b2-c3", &err);
    ck_assert_msg(strstr(why, "b2-c3") != NULL, "%s", why);
    char pos[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, pos, sizeof pos);
    char *at = strstr(pos, "phase=0/0");
    ck_assert_msg(at != NULL, "%s", pos);
    at[6] = '1'; /* the front row's men step diagonally onto row 3: 1 + 2 + 2 + 2 + 1 */
    ck_assert_msg(tv_game_set_position(g, pos, &err) == TV_OK, "%s: %s", pos, err.msg);
    ck_assert_int_eq(sorted_legal_texts(g, t), 8);
    ck_assert_str_eq(t[0], "a2-b3");
    at[6] = '2'; /* one or two cells forward */
    ck_assert_msg(tv_game_set_position(g, pos, &err) == TV_OK, "%s: %s", pos, err.msg);
    ck_assert_int_eq(sorted_legal_texts(g, t), 10);
    ck_assert_str_eq(t[1], "a2-a4");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Loads that must fail, each with its reason. */
START_TEST(a_when_that_is_no_phase_is_refused)
{
    static const char *const cases[][2] = {
        {"vars = { turn = { min = 0, max = 2 } }, moves = move { man = step { directions = \"v\", when = { phase = 1 } } }",
         "no variable 'phase'"},
        {"vars = { phase = { cell = true } }, moves = move { man = step { directions = \"v\", when = { phase = 1 } } }",
         "is a cell"},
        {"vars = { phase = { min = 0, max = 40 } }, moves = move { man = step { directions = \"v\", when = { phase = 1 } } }",
         "beyond 0..31"},
        {"vars = { phase = { min = 0, max = 2 } }, moves = move { man = step { directions = \"v\", when = { phase = 3 } } }",
         "'phase' is never 3"},
        {"vars = { a = { min = 0, max = 2 }, b = { min = 0, max = 2 } }, moves = move { man = { step { directions = "
         "\"v\", when = { a = 1 } }, step { directions = \"h\", when = { b = 1 } } } }",
         "one variable chooses the generators"},
        {"vars = { phase = { min = 0, max = 2 } }, moves = move { man = step { directions = \"v\", when = { phase = "
         "\"1\" } } }",
         "expected a value 0..31"},
        {"vars = { phase = { min = 0, max = 2 } }, moves = move { man = step { directions = \"v\", when = { phase = "
         "1, other = 2 } } }",
         "expected one variable"},
        {"vars = { phase = { flag = true } }, moves = move { man = step { directions = \"v\", when = { phase = true } "
         "}, royal = \"man\" }",
         "royal pieces"},
        {"vars = { phase = { min = 0, max = 2 } }, moves = move { man = step { directions = \"v\", when = { phase = "
         "(function() local t = {} for i = 1, 33 do t[i] = i % 3 end return t end)() } } }",
         "expected 1..32 entries, got 33"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char source[1024];
        snprintf(source, sizeof source,
                 "return game { name = 't', players = { 'A', 'B' }, board = grid { width = 3, height = 3 },\n"
                 "  pieces = { 'man' }, setup = { 'm..', '...', '..M' }, %s, ends = { 'no_move' } }\n",
                 cases[i][0]);
        tv_error err;
        tv_ruleset *rs = load_source("when.lua", source, NULL, &err);
        ck_assert_msg(rs == NULL && strstr(err.msg, cases[i][1]), "case %zu: %s", i, rs ? "loaded" : err.msg);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"phase", phases_agree_with_a_moves_hook, 120, 0},
        {"phase", the_phase_is_read_from_the_state, 120, 0},
        {"phase", a_when_that_is_no_phase_is_refused, 120, 0},
    };
    return tv_check_run("phase", tests, TV_CHECK_COUNT(tests));
}
