/* Sowing (mancala): move generation and the sowing primitive, with captures,
 * stores, extra turns, feeding and grand-slam rules as tv_sow describes, and
 * what happens to the seeds left on the board at the end. */
#ifndef TV_SOW_H
#define TV_SOW_H

#include "tv_rules.h"

#include <string.h>

/* Seeds in player p's row (p = 0 or 1). */
int tv_sow_row_seeds(const tv_rules *r, const tv_state *s, int p);
/* Whether player p's row holds no seed (the end rules ask it every ply):
 * its lanes in the holes' words. */
static inline int tv_sow_row_empty(const tv_rules *r, const tv_state *s, int p)
{
    const uint8_t *words = s->cells + r->ncells - 32;
    uint64_t seeds = 0;
    for (int i = r->laps.first; i < 4; i++) {
        uint64_t w;
        memcpy(&w, words + 8 * i, 8);
        seeds |= w & r->laps.row[p][i];
    }
    return seeds == 0;
}

/* Legal moves of the player to move: own non-empty holes that the feeding and
 * grand-slam rules allow, or pass when there is none and the rules pass. */
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
