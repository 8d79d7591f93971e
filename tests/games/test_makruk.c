/* Makruk as data (rulesets/makruk.lua): the chess family's primitives with
 * other pieces. Fairy-Stockfish's published perft from the start, and
 * hand-worked positions: a Bia becoming a Met on the sixth row, the Khon's
 * five steps, checkmate (a loss) and stalemate (a draw). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_movetext.h"
#include "tv_perft.h"
#include "tv_play.h"

/* Fairy-Stockfish's tests/perft.sh: makruk startpos 4 273026; the depths
 * before it as tavola counts them (the same generator). */
START_TEST(perft_published)
{
    tv_ruleset *rs = must_load("makruk", NULL);
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_int_eq(tv_perft(g->rules, g->state, 1, &err), 23);
    ck_assert_int_eq(tv_perft(g->rules, g->state, 4, &err), 273026);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The legal moves of g, in the generator's order, one string. */
static const char *moves_of(const tv_game *g, char *buf, size_t size)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n >= 0, "legal moves: %s", err.msg);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++) {
        char t[24];
        tv_move_text(g->rules, moves[i], t, sizeof t);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", t);
    }
    return buf;
}

START_TEST(pieces_and_promotion)
{
    tv_ruleset *rs = must_load("makruk", "draws=0"); /* its position strings have no quiet-ply count */
    char buf[512];
    /* the Bia on the sixth row: a Met, which covers d7 and f7 */
    tv_game *g = game_at(rs, "....k.../......../......../....P.../......../......../......../...K.... 1 - 0");
    must_play(g, "e5-e6");
    ck_assert_int_eq(cell_at(g, "e6"), tv_piece(TV_STONE1, 3));
    ck_assert_str_eq(moves_of(g, buf, sizeof buf), "e8-f8 e8-e7 e8-d8");
    tv_game_free(g);
    /* the Khon: four diagonal steps and one straight forward */
    g = game_at(rs, "....k.../......../......../......../...S..../......../......../K....... 1 - 0");
    ck_assert_str_eq(moves_of(g, buf, sizeof buf), "a1-a2 a1-b2 a1-b1 d4-e5 d4-e3 d4-c3 d4-c5 d4-d5");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(mate_and_stalemate)
{
    tv_ruleset *rs = must_load("makruk", "draws=0");
    tv_game *g = game_at(rs, "k......R/......../.K....../......../......../......../......../........ 2 - 1");
    expect_winner(g, 1, "checkmate");
    tv_game_free(g);
    g = game_at(rs, "k......./..M...../.K....../......../......../......../......../........ 2 - 1");
    expect_winner(g, 0, "stalemate");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"perft", perft_published, 120, 0},
        {"rules", pieces_and_promotion, 30, 0},
        {"rules", mate_and_stalemate, 30, 0},
    };
    return tv_check_run("makruk", tests, TV_CHECK_COUNT(tests));
}
