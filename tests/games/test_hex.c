/* Hex, Y and the connection goal, loaded as a host would: every full board
 * has exactly one winner (so no game is a draw), small boards' known results
 * by the solver, chains that join along a hexagon's sides but not a
 * square's (and the other way round), Y's three sides, the swap handing the
 * first stone's sides over, position strings, and the rules a hex board
 * refuses. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_join.h"
#include "tv_solver.h"

static tv_ruleset *hex_of_size(int size)
{
    char opts[32];
    snprintf(opts, sizeof opts, "size=%d", size);
    return must_load("hex", opts);
}

/* ---- the board ----------------------------------------------------------- */

/* Six neighbours inside, four along a side; the acute corners a1 and k11
 * two, the obtuse a11 and k1 three; (c+1, r+1) is never one. */
START_TEST(hex_cells_have_six_neighbours)
{
    tv_ruleset *rs = hex_of_size(11);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->ncells, 121);
    ck_assert_int_eq(r->join.ndirs, 6);
    int total = 0;
    for (int c = 0; c < r->ncells; c++) {
        int n = 0, col = c % 11, row = c / 11;
        for (int d = 0; d < 8; d++) {
            int e = r->nb[c][d];
            if (e < 0)
                continue;
            int dc = e % 11 - col, dr = e / 11 - row;
            ck_assert_msg(dc != dr, "cell %d: %d is a neighbour", c, e);
            n++;
        }
        int edge = (col == 0) + (col == 10) + (row == 0) + (row == 10);
        int want = edge == 0 ? 6 : edge == 1 ? 4 : (c == 0 || c == 120) ? 2 : 3;
        ck_assert_msg(n == want, "cell %d: %d neighbours, not %d", c, n, want);
        total += n;
    }
    ck_assert_int_eq(total, 2 * (3 * 11 * 11 - 4 * 11 + 1)); /* twice the edges of the lattice: 320 */
    char name[8];
    tv_grid_cell_name(&r->grid, 120, name, sizeof name);
    ck_assert_str_eq(name, "k11");
    ck_assert_int_eq(tv_grid_parse_cell(&r->grid, "f6"), 60);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- no draws ------------------------------------------------------------ */

/* Random full boards of every size 2..13 (and 11 often): as many stones of
 * the first colour as of the second, or one more; exactly one colour joins
 * its sides (the Hex theorem), by the full scan and by the position string. */
START_TEST(full_boards_have_exactly_one_winner)
{
    tv_rng rng;
    tv_rng_seed(&rng, 15);
    long boards = 0, wins[2] = {0, 0};
    for (int size = 2; size <= 13; size++) {
        tv_ruleset *rs = hex_of_size(size);
        const tv_rules *r = tv_ruleset_rules(rs);
        int count = size == 11 ? 2000 : 300;
        for (int i = 0; i < count; i++, boards++) {
            tv_state_buf b;
            tv_error err;
            ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
            uint8_t colours[TV_MAX_CELLS];
            int n = r->ncells;
            for (int c = 0; c < n; c++)
                colours[c] = (uint8_t)(c % 2 ? TV_STONE2 : TV_STONE1);
            for (int c = n - 1; c > 0; c--) { /* shuffle */
                int k = (int)tv_rng_below(&rng, (uint32_t)c + 1);
                uint8_t t = colours[c];
                colours[c] = colours[k];
                colours[k] = t;
            }
            int one = tv_join_anywhere(r, colours, TV_STONE1), two = tv_join_anywhere(r, colours, TV_STONE2);
            ck_assert_msg(one + two == 1, "size %d board %d: first colour %d, second %d", size, i, one, two);
            wins[two]++;
            /* The same board as a position string: over, won by that colour. */
            char text[TV_POSITION_MAX];
            memcpy(b.state.cells, colours, (size_t)n);
            b.state.to_move = (uint8_t)(n % 2);
            b.state.ply = (uint16_t)n;
            tv_state_count(r, &b.state);
            ck_assert_int_eq(tv_state_settle(r, &b.state, &err), TV_OK);
            ck_assert_int_gt(tv_position_write(r, &b.state, text, sizeof text), 0);
            tv_state_buf back;
            ck_assert_msg(tv_position_read(r, text, &back.state, &err) == TV_OK, "%s: %s", text, err.msg);
            ck_assert_int_eq(back.state.status, TV_OVER);
            ck_assert_int_eq(back.state.winner, two ? 2 : 1);
        }
        tv_ruleset_free(rs);
    }
    ck_assert_int_eq(boards, 11 * 300 + 2000);
    ck_assert_int_gt(wins[0], boards / 4); /* both colours win some */
    ck_assert_int_gt(wins[1], boards / 4);
}
END_TEST

/* Random games through the kernel and through the playout fast path: each
 * ends with a winner, never a draw, the winner's colour joined and the
 * loser's not, and the two paths play the same game. */
START_TEST(random_games_never_draw)
{
    static const int sizes[] = {2, 3, 5, 8, 11};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        tv_ruleset *rs = hex_of_size(sizes[z]);
        const tv_rules *r = tv_ruleset_rules(rs);
        for (uint64_t seed = 1; seed <= 300; seed++) {
            tv_state_buf a, b;
            tv_error err;
            tv_rng ra, rb;
            tv_rng_seed(&ra, seed);
            tv_rng_seed(&rb, seed);
            ck_assert_int_eq(tv_state_new(r, 1, &a.state, &err), TV_OK);
            tv_state_copy(r, &b.state, &a.state);
            while (a.state.status == TV_ONGOING) {
                tv_move moves[TV_MAX_MOVES];
                int n = tv_legal_moves(r, &a.state, moves, TV_MAX_MOVES, &err);
                ck_assert_int_gt(n, 0);
                ck_assert_int_eq(tv_play(r, &a.state, moves[tv_rng_below(&ra, (uint32_t)n)], NULL, &err), TV_OK);
            }
            ck_assert_int_eq(tv_random_playout(r, &b.state, &rb, &err), TV_OK);
            ck_assert(memcmp(&a.state, &b.state, (size_t)r->state_size) == 0);
            int w = a.state.winner;
            ck_assert_msg(w == 1 || w == 2, "size %d seed %d: winner %d", sizes[z], (int)seed, w);
            int colour = tv_colour_of(&a.state, w - 1);
            ck_assert(tv_join_anywhere(r, a.state.cells, colour));
            ck_assert(!tv_join_anywhere(r, a.state.cells, colour ^ 3));
            ck_assert_int_eq(a.state.hash, tv_state_hash(r, &a.state));
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Y: random full triangles of sides 2..13 and 19 (1 the ruleset refuses),
 * as many stones of the first colour as of the second or one more: exactly
 * one colour joins the three sides. Then random games of Y, which never
 * draw either. */
START_TEST(y_full_boards_and_games_have_one_winner)
{
    tv_rng rng;
    tv_rng_seed(&rng, 19);
    for (int size = 1; size <= 19; size += size < 13 ? 1 : 6) {
        char opts[32];
        snprintf(opts, sizeof opts, "size=%d", size);
        tv_error err;
        tv_ruleset *rs = load_named("y", opts, &err);
        if (size == 1) { /* the ruleset's bounds: 2..26 */
            ck_assert_ptr_null(rs);
            continue;
        }
        ck_assert_msg(rs != NULL, "%s", err.msg);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf start;
        ck_assert_int_eq(tv_state_new(r, 1, &start.state, &err), TV_OK);
        ck_assert_int_eq(start.state.empty, size * (size + 1) / 2);
        int cells[TV_MAX_CELLS], n = 0, wins[2] = {0, 0};
        for (int c = 0; c < r->ncells; c++)
            if (start.state.cells[c] == TV_EMPTY)
                cells[n++] = c;
        for (int i = 0; i < (size == 19 ? 1000 : 200); i++) {
            uint8_t b[TV_MAX_CELLS];
            memcpy(b, start.state.cells, (size_t)r->ncells);
            for (int k = n - 1; k > 0; k--) { /* shuffle the triangle's cells */
                int j = (int)tv_rng_below(&rng, (uint32_t)k + 1), t = cells[k];
                cells[k] = cells[j];
                cells[j] = t;
            }
            for (int k = 0; k < n; k++)
                b[cells[k]] = (uint8_t)(k % 2 ? TV_STONE2 : TV_STONE1);
            int one = tv_join_anywhere(r, b, TV_STONE1), two = tv_join_anywhere(r, b, TV_STONE2);
            ck_assert_msg(one + two == 1, "Y %d board %d: first colour %d, second %d", size, i, one, two);
            wins[two]++;
        }
        if (size >= 3)
            ck_assert(wins[0] > 0 && wins[1] > 0);
        for (uint64_t seed = 1; seed <= 100; seed++) {
            tv_state_buf a;
            tv_rng pr;
            tv_rng_seed(&pr, seed);
            tv_state_copy(r, &a.state, &start.state);
            ck_assert_int_eq(tv_random_playout(r, &a.state, &pr, &err), TV_OK);
            ck_assert(a.state.winner == 1 || a.state.winner == 2);
            ck_assert(tv_join_anywhere(r, a.state.cells, tv_colour_of(&a.state, a.state.winner - 1)));
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Y by hand on a side of 5: Black's a3 a4 a5 b2 touch column a and the
 * diagonal (a5) but not row 1; White's a2 b1 c1 d1 e1 touch column a, row 1
 * and, at e1, the diagonal: a Y. The cells beyond the diagonal are blocked. */
START_TEST(y_joins_three_sides)
{
    tv_ruleset *rs = must_load("y", "size=5");
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_int_ne(tv_game_play_text(g, "b5", &err), TV_OK); /* beyond the diagonal */
    ck_assert_msg(strstr(err.msg, "blocked") != NULL, "%s", err.msg);
    must_play(g, "a1 c1 b2 d1 a4 b3 a5 e1 a3");
    expect_ongoing(g, "Y: Black's group misses row 1");
    must_play(g, "a2 c2 b1");
    expect_winner(g, 2, "Y: White's a2-e1");
    ck_assert_int_eq(cell_at(g, "e5"), TV_BLOCK);
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, "a1 e1 a2 d2 a3 c3 a4 b4 a5"); /* column a, row 1 at a1, the diagonal at a5 */
    expect_winner(g, 1, "Y: Black's column a");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- small boards solved ------------------------------------------------- */

/* The first player wins n x n Hex; on 3x3 the winning openings are the
 * centre and the four cells beside the short diagonal's ends (c1 a2 b2 c2
 * a3), a set symmetric under the half turn. (4x4: 8,188,705 positions, the
 * four cells of the short diagonal, d1 c2 b3 a4 -- about 20 s, so the CLI
 * shows it: `tavola solve hex -o size=4`.) */
START_TEST(small_boards_first_player_wins)
{
    for (int size = 2; size <= 3; size++) {
        tv_ruleset *rs = hex_of_size(size);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_game *g = new_game(rs);
        tv_error err;
        tv_solution *sol = tv_solve(r, g->state, 100000, NULL, NULL, &err);
        ck_assert_msg(sol != NULL, "%s", err.msg);
        int64_t v;
        ck_assert_int_eq(tv_solution_value(sol, g->state, &v), TV_OK);
        ck_assert_msg(v > 0, "size %d: value %lld", size, (long long)v);
        if (size == 3) {
            ck_assert_int_eq(tv_solution_positions(sol), 4520);
            char wins[64] = "";
            for (int c = 0; c < r->ncells; c++) {
                int64_t mv;
                ck_assert_int_eq(tv_solution_move_value(sol, g->state, c, &mv, &err), TV_OK);
                char name[8];
                tv_grid_cell_name(&r->grid, c, name, sizeof name);
                if (mv > 0)
                    snprintf(wins + strlen(wins), sizeof wins - strlen(wins), "%s%s", wins[0] ? " " : "", name);
            }
            ck_assert_str_eq(wins, "c1 a2 b2 c2 a3");
        }
        tv_solution_free(sol);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Y, solved: the first player wins; the winning openings of sides 3 and 4
 * are every cell but the three corners (the triangle's turns map each set
 * onto itself). Side 5: 3,048,564 positions, the three inner cells b2 c2 b3
 * (about 20 s: `tavola solve y -o size=5`). */
START_TEST(y_small_boards_first_player_wins)
{
    static const struct { int size; uint64_t positions; const char *wins; } cases[] = {
        {3, 217, "b1 a2 b2"},
        {4, 14629, "b1 c1 a2 b2 c2 a3 b3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char opts[32];
        snprintf(opts, sizeof opts, "size=%d", cases[i].size);
        tv_ruleset *rs = must_load("y", opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_game *g = new_game(rs);
        tv_error err;
        tv_solution *sol = tv_solve(r, g->state, 100000, NULL, NULL, &err);
        ck_assert_msg(sol != NULL, "%s", err.msg);
        ck_assert_int_eq(tv_solution_positions(sol), cases[i].positions);
        int64_t v;
        ck_assert_int_eq(tv_solution_value(sol, g->state, &v), TV_OK);
        ck_assert(v > 0);
        char wins[96] = "";
        tv_move moves[TV_MAX_MOVES];
        int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
        for (int k = 0; k < n; k++) {
            int64_t mv;
            ck_assert_int_eq(tv_solution_move_value(sol, g->state, moves[k], &mv, &err), TV_OK);
            char name[8];
            tv_grid_cell_name(&r->grid, moves[k], name, sizeof name);
            if (mv > 0)
                snprintf(wins + strlen(wins), sizeof wins - strlen(wins), "%s%s", wins[0] ? " " : "", name);
        }
        ck_assert_str_eq(wins, cases[i].wins);
        tv_solution_free(sol);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* ---- chains by hand ------------------------------------------------------ */

/* A square grid whose colours join rows and columns, with or without the
 * diagonal neighbours. */
static tv_ruleset *square(int diagonals)
{
    char src[400];
    snprintf(src, sizeof src,
             "return game { name = 'Square connect', board = grid { width = 4, height = 4 },\n"
             "  moves = place {}, goal = connect { sides = { 'rows', 'columns' }%s } }\n",
             diagonals ? ", diagonals = true" : "");
    tv_error err;
    tv_ruleset *rs = load_source("square.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    return rs;
}

/* d1 c2 b3 a4: each stone touches the next across a hexagon's side (c-1,
 * r+1), so Red's four stones join rows 1 and 4 and win on the fourth; on a
 * square grid that diagonal joins only with diagonals = true. */
START_TEST(hex_diagonal_joins_square_does_not)
{
    const char *moves = "d1 a1 c2 a2 b3 b1 a4";
    tv_ruleset *rs = hex_of_size(4);
    tv_game *g = new_game(rs);
    must_play(g, moves);
    expect_winner(g, 1, "hex: d1 c2 b3 a4");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = square(0);
    g = new_game(rs);
    must_play(g, moves);
    expect_ongoing(g, "square, four neighbours: d1 c2 b3 a4 touch at corners only");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = square(1);
    g = new_game(rs);
    must_play(g, moves);
    expect_winner(g, 1, "square with diagonals: d1 c2 b3 a4");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* a1 b2 c3 d4: the long diagonal (c+1, r+1) is no side of a hexagon; on a
 * square grid with diagonals it joins. Then Blue's a1-d1 row (columns a and
 * d) on a hex board, and Red's broken chain mended by one stone. */
START_TEST(square_diagonal_joins_hex_does_not)
{
    const char *moves = "a1 d3 b2 d2 c3 a3 d4";
    tv_ruleset *rs = square(1);
    tv_game *g = new_game(rs);
    must_play(g, moves);
    expect_winner(g, 1, "square with diagonals: a1 b2 c3 d4");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = hex_of_size(4);
    g = new_game(rs);
    must_play(g, moves);
    expect_ongoing(g, "hex: a1 b2 c3 d4 do not touch");
    must_play(g, "a4 b3"); /* Blue a4; Red b3 touches b2 (c, r-1) and c3 (c+1, r) */
    expect_ongoing(g, "hex: a1 still alone");
    must_play(g, "c1 a2"); /* Red a2 joins a1 to b2 (c+1, r): a1 a2 b2 b3 c3, rows 1 to 3 */
    expect_ongoing(g, "hex: c3 and d4 do not touch");
    must_play(g, "d1 c4"); /* c4 touches c3 (c, r-1): rows 1 to 4 */
    expect_winner(g, 1, "hex: a1 a2 b2 b3 c3 c4");
    tv_game_free(g);

    g = new_game(rs);
    must_play(g, "a4 a1 b4 b1 a3 c1 b3 d1"); /* Blue: a1 b1 c1 d1, columns a to d */
    expect_winner(g, 2, "hex: Blue's a1-d1");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* With the swap rule Blue may take Red's first stone: the colours change
 * hands, so the player who swapped now joins rows 1 and N with it. */
START_TEST(swap_hands_the_sides_over)
{
    tv_ruleset *rs = must_load("hex", "size=3,swap=true");
    tv_game *g = new_game(rs);
    tv_error err;
    must_play(g, "b2");
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_OK);
    ck_assert_int_eq(tv_colour_of(g->state, 1), TV_STONE1); /* player 2 has b2's colour */
    ck_assert_int_ne(tv_game_play_text(g, "swap", &err), TV_OK); /* once only */
    must_play(g, "a2 b1 c1 b3"); /* player 2: b2 b1 b3, rows 1 to 3 */
    expect_winner(g, 2, "swap: b1 b2 b3 for the player who swapped");
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, "a1 b1");
    ck_assert_int_ne(tv_game_play_text(g, "swap", &err), TV_OK); /* only right after the first stone */
    ck_assert_msg(strstr(err.msg, "after stone 1") != NULL, "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Position strings: a won position reads back over, with its winner; a
 * board where both colours join (possible on a square grid whose colours
 * both join rows) is refused. */
START_TEST(positions_read_back_and_refuse)
{
    tv_ruleset *rs = hex_of_size(3);
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_int_eq(tv_game_set_position(g, ".x./ox./.xo 2 - 5", &err), TV_OK);
    expect_winner(g, 1, "b1 b2 b3 read from text");
    ck_assert_int_eq(tv_game_set_position(g, "o../ox./x.. 1 - 4", &err), TV_OK);
    expect_ongoing(g, "a1 b2 do not touch");
    tv_game_free(g);
    tv_ruleset_free(rs);

    const char *src = "return game { name = 'Race', board = grid { width = 3, height = 3 },\n"
                      "  moves = place {}, goal = connect { sides = { 'rows', 'rows' } } }\n";
    rs = load_source("race.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    g = new_game(rs);
    ck_assert_int_ne(tv_game_set_position(g, "xo./xo./xo. 1 - 6", &err), TV_OK);
    ck_assert_msg(strstr(err.msg, "both players have a winning connection") != NULL, "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- refusals ------------------------------------------------------------ */

static void refused(const char *src, const char *text)
{
    tv_error err;
    tv_ruleset *rs = load_source("bad.lua", src, NULL, &err);
    ck_assert_msg(rs == NULL, "loaded: %s", src);
    ck_assert_msg(strstr(err.msg, text) != NULL, "'%s' lacks '%s'", err.msg, text);
    ck_assert_msg(strstr(err.msg, "bad.lua:") != NULL, "no file:line in '%s'", err.msg);
}

START_TEST(what_a_hex_board_refuses)
{
    refused("return game { name = 'H', board = hex { size = 5 }, moves = place {},\n"
            "  goal = line { length = 4 } }\n", "hex board: only stones placed");
    refused("return game { name = 'H', board = hex { size = 5 }, moves = place {},\n"
            "  score = runs { points = {0, 0, 1, 2, 3} }, ends = 'board_full' }\n", "hex board: only stones placed");
    refused("return game { name = 'H', board = hex { size = 5 }, moves = drop {}, ends = 'board_full' }\n",
            "hex board: only stones placed");
    refused("return game { name = 'H', board = hex { size = 5 }, moves = place {},\n"
            "  goal = connect { sides = { 'rows', 'columns' }, diagonals = true } }\n", "diagonals are for square grids");
    refused("return game { name = 'H', board = hex { size = 5, width = 4 }, moves = place {}, ends = 'board_full' }\n",
            "give size");
    refused("return game { name = 'H', board = hex { size = 27 }, moves = place {}, ends = 'board_full' }\n",
            "hex.size");
    refused("return game { name = 'H', board = hex { size = 5 }, moves = place {},\n"
            "  goal = connect { sides = { 'rows', 'diagonals' } } }\n", "sides[2]");
    refused("return game { name = 'H', board = hex { size = 5 }, moves = place {},\n"
            "  goal = connect { sides = { 'rows' } } }\n", "connect.sides: expected 2..2 entries");
    refused("return game { name = 'H', board = hex { size = 5 }, moves = place {},\n"
            "  goal = connect { sides = { 'rows', 'columns' }, corners = 3 } }\n", "corners");
    refused("return game { name = 'M', board = mancala { holes = 3, seeds = 3 }, moves = sow {},\n"
            "  goal = connect { sides = { 'rows', 'columns' } }, ends = 'board_empty' }\n", "connect");
    refused("return game { name = 'Y', board = grid { width = 5, height = 5 }, moves = place {},\n"
            "  goal = connect { sides = { 'y', 'y' } } }\n", "the three sides of y are a triangle's");
    refused("return game { name = 'Y', board = hex { width = 5, height = 4 }, moves = place {},\n"
            "  goal = connect { sides = { 'y', 'y' } } }\n", "the three sides of y are a triangle's");
    refused("return game { name = 'H', board = hex { size = 5 }, moves = place { swap_after = 25 },\n"
            "  goal = connect { sides = { 'rows', 'columns' } } }\n", "swap after 25");
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"board", hex_cells_have_six_neighbours, 30, 0},
        {"no draws", full_boards_have_exactly_one_winner, 60, 0},
        {"no draws", random_games_never_draw, 60, 0},
        {"no draws", y_full_boards_and_games_have_one_winner, 60, 0},
        {"solved", small_boards_first_player_wins, 60, 0},
        {"solved", y_small_boards_first_player_wins, 60, 0},
        {"chains", hex_diagonal_joins_square_does_not, 30, 0},
        {"chains", square_diagonal_joins_hex_does_not, 30, 0},
        {"chains", y_joins_three_sides, 30, 0},
        {"chains", swap_hands_the_sides_over, 30, 0},
        {"chains", positions_read_back_and_refuse, 30, 0},
        {"refusals", what_a_hex_board_refuses, 30, 0},
    };
    return tv_check_run("hex", tests, TV_CHECK_COUNT(tests));
}
