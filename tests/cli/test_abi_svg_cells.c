/* The SVG for a page that takes clicks (TAVOLA_DRAW_SVG_CELLS), through the
 * ABI, for every shipped ruleset: it is the plain SVG with one more layer,
 * <g class="tavola-cells"> at its end; every cell a legal move names (at the
 * start and a few random plies on) has its target, data-cell="d4", once;
 * and a column move (Connect Four's "d") has a target in its column. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"
#include "tv_check.h"

static const tavola_api *t;

static char *drawing(tavola_game *g, int how)
{
    int n = t->draw(g, how, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *s = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(t->draw(g, how, s, (size_t)n + 1), n);
    return s;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Every cell named in the move's text (a letter and a number: "b2xd4" names
 * b2 and d4) has exactly one target; a column alone, its cell in row 1. */
static void targets_of_move(const char *svg, const char *move, const char *ruleset)
{
    char attr[TAVOLA_MOVE_TEXT_MAX + 16];
    int named = 0;
    for (const char *s = move; *s; s++) {
        if (!(*s >= 'a' && *s <= 'z') || !(s[1] >= '0' && s[1] <= '9'))
            continue;
        int digits = (int)strspn(s + 1, "0123456789");
        snprintf(attr, sizeof attr, "data-cell=\"%.*s\"", digits + 1, s);
        ck_assert_msg(count(svg, attr) == 1, "%s: move %s: %s found %d times", ruleset, move, attr, count(svg, attr));
        named++;
        s += digits;
    }
    if (!named && strlen(move) == 1) { /* a column */
        snprintf(attr, sizeof attr, "data-cell=\"%s1\"", move);
        ck_assert_msg(count(svg, attr) == 1, "%s: column %s has no target", ruleset, move);
    }
}

static void check_position(tavola_game *g, const char *ruleset)
{
    char *plain = drawing(g, TAVOLA_DRAW_SVG), *cells = drawing(g, TAVOLA_DRAW_SVG_CELLS);
    size_t n = strlen(plain) - strlen("</svg>\n");
    ck_assert_msg(strncmp(plain, cells, n) == 0, "%s: the plain drawing is not where the layer begins", ruleset);
    ck_assert_msg(strncmp(cells + n, "<g class=\"tavola-cells\"", 23) == 0, "%s: no layer at the end", ruleset);
    ck_assert_int_eq(count(cells, "<g class=\"tavola-cells\""), 1);
    int cap = t->max_moves(t->game_ruleset(g));
    tavola_move *moves = malloc((size_t)cap * sizeof *moves);
    int k = t->legal_moves(g, moves, cap);
    ck_assert_int_ge(k, 0);
    for (int i = 0; i < k; i++) {
        char text[TAVOLA_MOVE_TEXT_MAX];
        ck_assert_int_ge(t->move_text(g, moves[i], text, sizeof text), 0);
        targets_of_move(cells, text, ruleset);
    }
    free(moves);
    free(plain);
    free(cells);
}

START_TEST(every_cell_a_move_names_has_one_target)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    ck_assert_ptr_nonnull(t);
    char names[16384], err[512];
    int n = t->list(names, sizeof names);
    ck_assert_int_gt(n, 20);
    for (char *name = strtok(names, "\n"); name; name = strtok(NULL, "\n")) {
        tavola_ruleset *rs = t->ruleset_load(name, "", err, sizeof err);
        ck_assert_msg(rs != NULL, "%s: %s", name, err);
        tavola_game *g = t->game_new(rs, 7);
        ck_assert_ptr_nonnull(g);
        uint64_t rng = 11;
        for (int ply = 0; ply < 12 && t->status(g) == TAVOLA_ONGOING; ply++) {
            if (ply % 4 == 0)
                check_position(g, name);
            tavola_move m;
            ck_assert_int_gt(t->random_move(g, &rng, &m), 0);
            ck_assert_int_ge(t->play(g, m), 0);
        }
        t->game_free(g);
        t->ruleset_free(rs);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"svg cells", every_cell_a_move_names_has_one_target, 300, 0},
    };
    return tv_check_run("ABI SVG with click targets", tests, TV_CHECK_COUNT(tests));
}
