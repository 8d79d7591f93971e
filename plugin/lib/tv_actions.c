/* The learning view of a ruleset: action ids, observation planes and batched
 * random playouts (tv_actions.h; the layout is documented in the README,
 * "## Python"). Nothing here is static but constants: it runs on any thread. */
#include <stdlib.h>
#include <string.h>

#include "tv_actions.h"
#include "tv_family.h"
#include "tv_hmove.h"
#include "tv_movetext.h"
#include "tv_play.h"

static int is_pieces(const tv_rules *r) { return r->data_family == TV_FAMILY_PIECES; }

/* The board's moves take the first ids, in the family's layout (tv_family.h:
 * cells, columns, (from, to) pairs, a cell and a turn of a block); then a
 * pass and a swap, where the rules can have them. */
static int board_actions(const tv_rules *r) { return tv_family_of(r)->actions(r); }
static int can_pass(const tv_rules *r) { return tv_family_of(r)->passes(r); }
static int can_swap(const tv_rules *r) { return tv_family_of(r)->swaps(r); }

int tv_actions_count(const tv_rules *r) { return board_actions(r) + can_pass(r) + can_swap(r); }

int tv_action_of_move(const tv_rules *r, tv_move m)
{
    int b = board_actions(r);
    if (m >= 0)
        return tv_family_of(r)->action_of(r, m);
    if (m == TV_MOVE_PASS && can_pass(r))
        return b;
    if (m == TV_MOVE_SWAP && can_swap(r))
        return b + can_pass(r);
    return TV_EINVAL;
}

int tv_move_of_action(const tv_rules *r, int a, tv_move *m)
{
    int b = board_actions(r);
    if (a < 0 || a >= tv_actions_count(r))
        return TV_EINVAL;
    if (a < b)
        return tv_family_of(r)->move_of(r, a, m);
    *m = a == b && can_pass(r) ? TV_MOVE_PASS : TV_MOVE_SWAP;
    return TV_OK;
}

static int by_value(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

int tv_legal_actions(const tv_rules *r, const tv_state *s, int32_t *out, int cap, tv_error *err)
{
    return tv_legal_actions_hist(r, s, NULL, 0, out, cap, err);
}

int tv_legal_actions_hist(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, int32_t *out, int cap,
                          tv_error *err)
{
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves_hist(r, s, hist, nhist, moves, TV_MOVES_LIMIT, err);
    if (n < 0)
        return n;
    int32_t ids[TV_MOVES_LIMIT];
    for (int i = 0; i < n; i++) {
        ids[i] = tv_action_of_move(r, moves[i]);
        if (ids[i] < 0) {
            char text[TV_TEXT_MAX];
            tv_move_text(r, moves[i], text, sizeof text);
            return tv_error_set(err, TV_EHOOK, "legal move %s has no action id%s", text,
                                tv_hmove_rules(r) && tv_hmove_shape(moves[i]) == TV_HMOVE_TURNS
                                    ? " (a turn of several parts: a host reads its text)" : "");
        }
    }
    /* Pieces come in the generator's order, and two chains may share their
     * ends; a moves hook lists its moves in any order (Brandubh's rook moves,
     * Konane's chains), and may list one twice: sorted, each id once. Other
     * moves come cells first, then pass or swap, already increasing. */
    int k = n;
    if ((is_pieces(r) || r->hooks.moves) && n > 1) {
        qsort(ids, (size_t)n, sizeof *ids, by_value);
        k = 1;
        for (int i = 1; i < n; i++)
            if (ids[i] != ids[k - 1])
                ids[k++] = ids[i];
    }
    if (k > cap || (k > 0 && !out))
        return tv_error_set(err, TV_ELIMIT, "%d legal actions, room for %d", k, cap);
    memcpy(out, ids, (size_t)k * sizeof *ids);
    return k;
}

int tv_move_of_action_in(const tv_rules *r, const tv_state *s, int a, tv_move *m, tv_error *err)
{
    int rc = tv_move_of_action(r, a, m);
    if (rc)
        return tv_error_set(err, TV_EINVAL, "%d is not an action id (0..%d)", a, tv_actions_count(r) - 1);
    if (!is_pieces(r))
        return TV_OK;
    if (r->pieces.shoots) /* the id says the whole move */
        return TV_OK;
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves(r, s, moves, r->max_moves, err);
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++)
        if (tv_action_of_move(r, moves[i]) == a) {
            *m = moves[i];
            break;
        }
    return TV_OK;
}

/* Grid planes: the viewer's pieces, one plane per kind (a game without
 * kinds has one, its stones), the opponent's likewise, blocks, player 1 to
 * move; then both scores when the ruleset scores; then the share of blocks
 * still to be placed when the players place them. Mancala planes: seeds, own
 * store, opponent's store, player 1 to move. */
static int has_scores(const tv_rules *r) { return r->lines.dirs != 0 || r->hooks.score != NULL; }

static int kinds(const tv_rules *r) { return r->pieces.nkinds > 1 ? r->pieces.nkinds : 1; }

static int grid_planes(const tv_rules *r)
{
    return 2 * kinds(r) + 2 + 2 * has_scores(r) + (r->blocks.mode == TV_BLOCKS_PLACED);
}

int tv_observation_shape(const tv_rules *r, int dims[TV_OBS_DIMS])
{
    if (r->board == TV_BOARD_MANCALA) {
        dims[0] = 4;
        dims[1] = 2;
        dims[2] = r->sow.holes;
    } else {
        dims[0] = grid_planes(r);
        dims[1] = r->grid.height;
        dims[2] = r->grid.width;
    }
    return TV_OBS_DIMS;
}

/* Scores are scaled by the points of the best single run (line scoring), so
 * that a typical score is a small number; a score hook's are taken as they are. */
static float score_scale(const tv_rules *r)
{
    int32_t best = 0;
    if (r->lines.dirs)
        for (int i = 0; i <= TV_MAX_SIDE; i++)
            if (r->lines.points[i] > best)
                best = r->lines.points[i];
    return best > 0 ? (float)best : 1.0f;
}

static void fill(float *plane, int cells, float v)
{
    for (int i = 0; i < cells; i++)
        plane[i] = v;
}

int tv_observation(const tv_rules *r, const tv_state *s, int player, float *out, size_t n)
{
    int dims[TV_OBS_DIMS];
    tv_observation_shape(r, dims);
    int cells = dims[1] * dims[2], total = dims[0] * cells, me = player ? player - 1 : s->to_move;
    if (n < (size_t)total)
        return TV_ELIMIT;
    memset(out, 0, (size_t)total * sizeof *out);
    float first = s->to_move == 0 ? 1.0f : 0.0f;
    if (r->board == TV_BOARD_MANCALA) {
        /* Seen from one side: player 2 sees the board turned round, so row
         * 0 is always the viewer's holes in sowing order. */
        int seeds = 2 * r->sow.holes * r->sow.seeds;
        float scale = seeds > 0 ? (float)seeds : 1.0f;
        for (int c = 0; c < cells; c++)
            out[me == 0 ? c : cells - 1 - c] = (float)s->cells[c] / scale;
        fill(out + cells, cells, (float)s->score[me] / scale);
        fill(out + 2 * cells, cells, (float)s->score[1 - me] / scale);
        fill(out + 3 * cells, cells, first);
        return total;
    }
    int own = tv_colour_of(s, me), k = kinds(r), p = 2 * k;
    for (int c = 0; c < cells; c++) {
        int v = s->cells[c];
        if (v == TV_BLOCK)
            out[p * cells + c] = 1.0f;
        else if (tv_cell_is_piece(v) && tv_cell_kind(v) < k)
            out[((tv_cell_colour(v) == own ? 0 : k) + tv_cell_kind(v)) * cells + c] = 1.0f;
    }
    fill(out + (p + 1) * cells, cells, first);
    p += 2;
    if (has_scores(r)) {
        float scale = score_scale(r);
        fill(out + p++ * cells, cells, (float)s->score[me] / scale);
        fill(out + p++ * cells, cells, (float)s->score[1 - me] / scale);
    }
    if (r->blocks.mode == TV_BLOCKS_PLACED)
        fill(out + p * cells, cells, r->blocks.count > 0 ? (float)s->setup_left / (float)r->blocks.count : 0.0f);
    return total;
}

int tv_playouts(const tv_rules *r, const tv_state *s, int n, uint64_t seed, int64_t results[3],
                double *mean_plies, tv_error *err)
{
    if (n < 0)
        return tv_error_set(err, TV_EINVAL, "a negative number of playouts (%d)", n);
    int64_t counts[3] = {0, 0, 0}, plies = 0;
    tv_state_buf buf;
    tv_rng rng;
    tv_rng_seed(&rng, seed);
    for (int i = 0; i < n; i++) {
        tv_state_copy(r, &buf.state, s);
        int rc = tv_random_playout(r, &buf.state, &rng, err);
        if (rc)
            return rc;
        int w = buf.state.winner;
        counts[w >= 0 && w <= 2 ? w : 0]++;
        plies += buf.state.ply - s->ply;
    }
    if (results)
        memcpy(results, counts, sizeof counts);
    if (mean_plies)
        *mean_plies = n > 0 ? (double)plies / n : 0.0;
    return n;
}
