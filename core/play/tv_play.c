/* The kernel: start position, legal moves, check, play (the family's apply,
 * the one hand-over, the end rules), undo. It never branches on the kind of
 * move: each call goes to the game's family (tv_family.h). Random playouts
 * are in tv_playout.c, move text in tv_movetext.c, cell writes and hashing
 * in tv_cells.c, the end rules in tv_end.h. */
#include "tv_play.h"

#include <string.h>

#include "tv_end.h"
#include "tv_family.h"
#include "tv_history.h"
#include "tv_join.h"
#include "tv_lines.h"
#include "tv_pieces.h"
#include "tv_vars_state.h"

/* The blocks a game starts with: listed, or a random count on random cells. */
static inline void start_blocks(const tv_rules *r, tv_state *s, uint64_t seed)
{
    const tv_blocks *b = &r->blocks;
    if (b->mode == TV_BLOCKS_LIST) {
        for (int i = 0; i < b->count; i++)
            s->cells[b->cells[i]] = TV_BLOCK;
        s->empty = (uint16_t)(s->empty - b->count);
    } else if (b->mode == TV_BLOCKS_RANDOM) {
        tv_rng rng;
        tv_rng_seed(&rng, seed);
        int count;
        if (b->odd) {
            int lo = b->min | 1, choices = (b->max - lo) / 2 + 1;
            count = lo + 2 * (int)tv_rng_below(&rng, (uint32_t)choices);
        } else {
            count = b->min + (int)tv_rng_below(&rng, (uint32_t)(b->max - b->min + 1));
        }
        uint16_t order[TV_MAX_CELLS];
        for (int c = 0; c < r->ncells; c++)
            order[c] = (uint16_t)c;
        for (int i = 0; i < count; i++) { /* partial Fisher-Yates */
            int j = i + (int)tv_rng_below(&rng, (uint32_t)(r->ncells - i));
            uint16_t t = order[i];
            order[i] = order[j];
            order[j] = t;
            s->cells[order[i]] = TV_BLOCK;
        }
        s->empty = (uint16_t)(s->empty - count);
    } else if (b->mode == TV_BLOCKS_PLACED) {
        s->flags |= TV_FLAG_SETUP;
        s->setup_left = (uint8_t)b->count;
    }
}

int tv_state_new(const tv_rules *r, uint64_t seed, tv_state *s, tv_error *err)
{
    memset(s, 0, (size_t)r->state_size);
    s->empty = (uint16_t)r->ncells;
    s->last = TV_MOVE_NONE;
    s->winner = -1;
    if (r->board == TV_BOARD_MANCALA) {
        s->empty = 0;
        for (int h = 0; h < r->ncells; h++)
            s->cells[h] = (uint8_t)r->sow.seeds;
        s->stones = (uint16_t)(r->ncells * r->sow.seeds);
    } else {
        start_blocks(r, s, seed);
    }
    if (r->setup.given) { /* the start position, then the listed blocks on its empty cells */
        memcpy(s->cells, r->setup.cells, (size_t)r->ncells);
        for (int i = 0; r->blocks.mode == TV_BLOCKS_LIST && i < r->blocks.count; i++)
            s->cells[r->blocks.cells[i]] = TV_BLOCK;
        tv_state_count(r, s);
    }
    tv_vars_init(r, s);
    s->hash = tv_state_hash(r, s);
    return tv_end_settle(r, s, -1, 0, err);
}

int tv_legal_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    return s->status == TV_OVER ? 0 : tv_family_of(r)->moves(r, s, out, cap, err);
}

int tv_legal_moves_hist(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, tv_move *out, int cap,
                        tv_error *err)
{
    int n = tv_legal_moves(r, s, out, cap, err);
    return n <= 0 || !r->groups.superko || !hist ? n : tv_history_superko(r, s, hist, nhist, out, n);
}

int tv_check_move(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (s->status == TV_OVER)
        return tv_move_refuse(r, m, err, "the game is over");
    return tv_family_of(r)->check(r, s, m, err);
}

/* The family's effect of the legal move m, then the hand-over; no end rule yet. */
static int effect(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err)
{
    tv_effect e = {-1, 0};
    int rc = tv_family_of(r)->apply(r, s, m, u, &e, err);
    if (rc)
        return rc;
    *line_winner = e.line_winner;
    tv_end_turn(r, s, m, e.again);
    return TV_OK;
}

int tv_play(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err)
{
    return tv_play_hist(r, s, m, u, NULL, 0, err);
}

/* The checked move m played: its effect, the hand-over and the end rules. */
static int play_checked(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist, int nhist,
                        tv_error *err)
{
    int rc;
    tv_undo local;
    if (!u && (tv_family_hooked(r) || (r->groups.superko && hist)))
        u = &local; /* a hook may fail half-way, a stone break superko: keep a way back */
    if (u)
        tv_undo_start(r, u, s);
    int line_winner;
    rc = effect(r, s, m, u, &line_winner, err);
    if (!rc && r->groups.superko && hist && m != TV_MOVE_PASS && tv_history_has(hist, nhist, tv_board_key(r, s))) {
        tv_unplay(r, s, u);
        return tv_move_refuse(r, m, err, "superko: the stone would recreate an earlier position of the game");
    }
    if (!rc)
        rc = tv_play_settle(r, s, line_winner, hist, nhist, TV_END_COUNT, err);
    if (rc && u)
        tv_unplay(r, s, u);
    return rc;
}

int tv_play_hist(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist,
                 int nhist, tv_error *err)
{
    int rc = tv_check_move(r, s, m, err);
    return rc ? rc : play_checked(r, s, m, u, hist, nhist, err);
}

int tv_play_listed(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist, int nhist,
                   tv_error *err)
{
    if (tv_family_hooked(r) || s->status == TV_OVER) /* a hook's list is checked as it is played */
        return tv_play_hist(r, s, m, u, hist, nhist, err);
    return play_checked(r, s, m, u, hist, nhist, err);
}

int tv_play_splits(const tv_rules *r) { return !tv_family_hooked(r) && !r->groups.superko; }

int tv_play_effect(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err)
{
    tv_undo_start(r, u, s);
    int rc = effect(r, s, m, u, line_winner, err);
    if (rc)
        tv_unplay(r, s, u);
    return rc;
}

int tv_play_settle(const tv_rules *r, tv_state *s, int line_winner, const uint64_t *hist, int nhist, int nmoves,
                   tv_error *err)
{
    int repeated = r->repetition && hist && tv_history_repeats(r, s, hist, nhist);
    return tv_end_settle_counted(r, s, line_winner, repeated, nmoves, err);
}

int tv_last_cell(const tv_rules *r, const tv_state *s)
{
    if (s->last < 0 || (s->flags & TV_FLAG_SETUP))
        return -1;
    return tv_family_of(r)->last_cell(r, s);
}

int tv_last_from(const tv_rules *r, const tv_state *s)
{
    const tv_family *f = tv_family_of(r);
    if (s->last < 0 || (s->flags & TV_FLAG_SETUP) || !f->last_from)
        return -1;
    return f->last_from(r, s);
}
