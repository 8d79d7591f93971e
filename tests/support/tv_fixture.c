/* Helpers shared by the core/ suites: see tv_fixture.h. */
#include "tv_fixture.h"

#include <stdlib.h>

#include "tv_error.h"
#include "tv_lines.h"

/* Pahtum's run table: 3 -> 3, 4 -> 10, 5 -> 25, 6 -> 56, 7 -> 119; runs of 1
 * and 2 score nothing. */
static const int32_t pahtum_points[8] = {0, 0, 0, 3, 10, 25, 56, 119};

tv_rules *rules_new(int w, int h, int dirs)
{
    tv_rules *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    tv_rules_init(r);
    r->grid = (tv_grid){.width = w, .height = h};
    r->lines.dirs = dirs;
    for (int i = 3; i <= 7; i++)
        r->lines.points[i] = pahtum_points[i];
    r->ends = TV_END_BOARD_FULL;
    return r;
}

tv_rules *rules_finish_ok(tv_rules *r)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_rules_finish(r, &err);
    ck_assert_msg(rc == TV_OK, "tv_rules_finish failed (%d): %s", rc, err.msg);
    return r;
}

tv_rules *mancala_rules_new(int holes, int seeds)
{
    tv_rules *r = malloc(sizeof *r);
    tv_rules_init(r);
    r->board = TV_BOARD_MANCALA;
    r->sow.holes = holes;
    r->sow.seeds = seeds;
    r->ends = TV_END_BOARD_EMPTY;
    return r;
}

tv_game *game_from(const tv_rules *r, const char *pos)
{
    tv_error err;
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_ptr_nonnull(g);
    ck_assert_msg(tv_game_set_position(g, pos, &err) == TV_OK, "%s: %s", pos, err.msg);
    return g;
}

tv_rules *pahtum(void) { return rules_finish_ok(rules_new(7, 7, TV_DIR_H | TV_DIR_V)); }

tv_rules *pahtum_holes(int w, int h, int dirs)
{
    tv_rules *r = rules_new(w, h, dirs);
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    return rules_finish_ok(r);
}

tv_rules *swap_rules(void)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->swap_after = 3;
    r->lines.points[2] = 1;
    return rules_finish_ok(r);
}

int c7(const char *name) { return (atoi(name + 1) - 1) * 7 + (name[0] - 'a'); }

tv_state *start(const tv_rules *r, tv_state_buf *buf, uint64_t seed)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_state_new(r, seed, &buf->state, &err);
    REQUIRE(rc == TV_OK, "tv_state_new(seed %llu): %s", (unsigned long long)seed, err.msg);
    return &buf->state;
}

void play_ok(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_play(r, s, m, u, &err);
    REQUIRE(rc == TV_OK, "tv_play(%d) failed (%d): %s", (int)m, rc, err.msg);
}

int count_cells(const tv_rules *r, const tv_state *s, int value)
{
    int n = 0;
    for (int c = 0; c < r->ncells; c++)
        n += s->cells[c] == value;
    return n;
}

/* A uniformly random legal move of an ongoing game. */
tv_move random_move(const tv_rules *r, const tv_state *s, tv_rng *rng)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    tv_error_clear(&err);
    int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
    REQUIRE(n > 0, "no legal move in an ongoing game (n = %d: %s)", n, err.msg);
    return moves[tv_rng_below(rng, (uint32_t)n)];
}

int is_legal(const tv_rules *r, const tv_state *s, tv_move m)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

void check_consistent(const tv_rules *r, const tv_state *s, unsigned long game)
{
    int32_t pts[2];
    tv_lines_count(r, s->cells, pts);
    int sw = (s->flags & TV_FLAG_SWAPPED) ? 1 : 0;
    int32_t want0 = pts[sw], want1 = pts[sw ^ 1];
    REQUIRE(s->score[0] == want0 && s->score[1] == want1,
            "game %lu ply %u: incremental scores %d,%d but the recount gives %d,%d", game,
            (unsigned)s->ply, s->score[0], s->score[1], want0, want1);
    uint64_t h = tv_state_hash(r, s);
    REQUIRE(s->hash == h, "game %lu ply %u: incremental hash %016llx, recomputed %016llx", game,
            (unsigned)s->ply, (unsigned long long)s->hash, (unsigned long long)h);
    int empty = count_cells(r, s, TV_EMPTY);
    int stones = count_cells(r, s, TV_STONE1) + count_cells(r, s, TV_STONE2);
    REQUIRE(s->empty == empty, "game %lu ply %u: empty %u, board has %d", game,
            (unsigned)s->ply, (unsigned)s->empty, empty);
    REQUIRE(s->stones == stones, "game %lu ply %u: stones %u, board has %d", game,
            (unsigned)s->ply, (unsigned)s->stones, stones);
    if (s->status == TV_OVER) {
        int w = s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? 2 : 0;
        REQUIRE(s->winner == w, "game %lu: winner %d with scores %d,%d", game, s->winner,
                s->score[0], s->score[1]);
    } else {
        REQUIRE(s->status == TV_ONGOING && s->winner == -1,
                "game %lu ply %u: status %u winner %d", game, (unsigned)s->ply,
                (unsigned)s->status, s->winner);
    }
}

long random_games_consistent(const tv_rules *r, int games, int force_swap)
{
    long total = 0;
    int swaps = 0;
    for (int g = 0; g < games; g++) {
        tv_state_buf buf;
        tv_state *s = start(r, &buf, (uint64_t)g);
        check_consistent(r, s, (unsigned long)g);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)g ^ 0x5DEECE66Dull);
        while (s->status == TV_ONGOING) {
            tv_move m = random_move(r, s, &rng);
            if (force_swap && (g & 1) && is_legal(r, s, TV_MOVE_SWAP))
                m = TV_MOVE_SWAP;
            swaps += m == TV_MOVE_SWAP;
            play_ok(r, s, m, NULL);
            check_consistent(r, s, (unsigned long)g);
        }
        /* Board-full rule: the game ends exactly when no empty cell is left. */
        REQUIRE(s->empty == 0 && s->status == TV_OVER, "game %d ended with %u empty cells", g,
                (unsigned)s->empty);
        total += s->score[0] + s->score[1];
    }
    if (force_swap)
        REQUIRE(swaps >= games / 2, "only %d swaps in %d games", swaps, games);
    return total;
}
