/* Sowing (mancala): move generation and the sowing primitive, with captures,
 * stores, extra turns, feeding and grand-slam rules as tv_sow describes, and
 * what happens to the seeds left on the board at the end. */
#ifndef TV_SOW_H
#define TV_SOW_H

#include "tv_holes.h"
#include "tv_rules.h"

#include <string.h>

/* Seeds in player p's row (p = 0 or 1). */
int tv_sow_row_seeds(const tv_rules *r, const tv_state *s, int p);
/* Whether a row holds no seed (the end rules ask it every ply): both
 * rows' lanes in the holes' words, read once. */
static inline int tv_sow_a_row_empty(const tv_rules *r, const tv_state *s)
{
    const uint8_t *words = s->cells + r->ncells - 32;
    uint64_t seeds[2] = {0, 0};
    for (int i = r->laps.first; i < 4; i++) {
        uint64_t w;
        memcpy(&w, words + 8 * i, 8);
        seeds[0] |= w & r->laps.row[0][i];
        seeds[1] |= w & r->laps.row[1][i];
    }
    return seeds[0] == 0 || seeds[1] == 0;
}

/* Whether the feeding, grand-slam or relay rules may need a sowing tried
 * before its hole is legal (tv_sow.c's must_look says when they do). */
static inline int tv_sow_may_look(const tv_rules *r)
{
    return r->sow.must_feed || r->sow.grand_slam == TV_SLAM_ILLEGAL || r->sow.relay;
}

/* tv_sow_legal where the feeding, grand-slam or relay rules may look ahead. */
unsigned tv_sow_legal_looked(const tv_rules *r, const tv_state *s);

/* The legal holes of the player to move as bits, bit i for its row's hole
 * i: own non-empty holes that the feeding and grand-slam rules allow.
 * Without those rules, the holes with seeds, read from the words inline. */
static inline unsigned tv_sow_legal(const tv_rules *r, const tv_state *s)
{
    return tv_sow_may_look(r) ? tv_sow_legal_looked(r, s) : tv_holes_row_sown(r, s, s->to_move);
}
/* Legal moves of the player to move: the holes of tv_sow_legal in order,
 * or pass when there is none and the rules pass. */
int tv_sow_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap);

/* TV_OK, or TV_EILLEGAL saying why m cannot be played in s. */
int tv_sow_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);

/* Plays a legal sowing move or pass on s; records every hole in u (if any)
 * first. Returns 1 when the mover moves again (extra turn), else 0; a relay
 * sowing that would never end (which tv_sow_moves never offers, but a play
 * hook may ask for) is TV_EILLEGAL, s and u left as they were. */
int tv_sow_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u);

/* tv_sow_apply without an undo record or the hash, for a playout that
 * keeps no repetition history: s->hash is stale until its caller sets it
 * (tv_state_hash) once the playout ends. */
int tv_sow_apply_unhashed(const tv_rules *r, tv_state *s, tv_move m);

/* At the end of a game: the seeds left in the holes go to the players as
 * r->remainder says (split equally, or each keeps their own row). */
void tv_sow_remainder(const tv_rules *r, tv_state *s);

#endif
