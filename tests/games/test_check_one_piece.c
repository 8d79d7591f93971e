/* The check of a single move in the pieces family, which where no rule
 * weighs one piece's moves against another's looks at the moving piece's
 * own moves only (tv_pieces.c, among_moves_from): over random games of
 * every shipped ruleset whose pieces move, it accepts exactly the moves of
 * the legal list. Every legal move is accepted, and moves made legal in
 * other positions of the same games (the same encoding, another board) are
 * accepted only where they are in this position's list. */
#include <check.h>
#include <stdlib.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_play.h"
#include "tv_playout.h"

enum { GAMES = 16, POOL = 4096 };

static const char *const rulesets[] = {"breakthrough", "clobber", "amazons", "lines_of_action", "checkers",
                                       "draughts", "chess", "makruk", "hasami_shogi"};
#define NRULESETS (int)(sizeof rulesets / sizeof *rulesets)

static int listed(const tv_move *moves, int n, tv_move m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

START_TEST(one_pieces_check_accepts_exactly_the_legal_list)
{
    const char *name = rulesets[_i];
    tv_ruleset *rs = must_load(name, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    static tv_move pool[POOL], moves[TV_MOVES_LIMIT];
    int npool = 0, checked = 0;
    tv_rng rng = {17};
    for (int game = 0; game < GAMES; game++) {
        tv_state_buf buf;
        tv_state *s = &buf.state;
        tv_error err;
        ck_assert_int_eq(tv_state_new(r, (uint64_t)game, s, &err), TV_OK);
        for (int ply = 0; ply < 120 && s->status == TV_ONGOING; ply++) {
            int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
            ck_assert_int_gt(n, 0);
            for (int i = 0; i < n; i++) {
                ck_assert_msg(tv_check_move(r, s, moves[i], &err) == TV_OK, "%s: a legal move refused: %s", name,
                              err.msg);
                if (npool < POOL)
                    pool[npool++] = moves[i];
            }
            for (int k = 0; k < 64 && npool; k++) {
                tv_move m = pool[tv_rng_below(&rng, (uint32_t)npool)];
                int ok = tv_check_move(r, s, m, &err) == TV_OK;
                ck_assert_msg(ok == listed(moves, n, m), "%s: game %d ply %d: move %d %s but %s the list", name,
                              game, ply, (int)m, ok ? "accepted" : "refused", ok ? "not in" : "in");
                checked++;
            }
            tv_move m;
            ck_assert_int_gt(tv_random_move(r, s, &rng, &m, &err), 0);
            ck_assert_int_eq(tv_play(r, s, m, NULL, &err), TV_OK);
        }
    }
    ck_assert_int_gt(checked, 1000);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"check", one_pieces_check_accepts_exactly_the_legal_list, 300, NRULESETS},
    };
    return tv_check_run("the check of one move, pieces", tests, TV_CHECK_COUNT(tests));
}
