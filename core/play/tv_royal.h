/* Royal pieces and check (the chess family): a kind can be royal, and a
 * move that leaves a royal piece of the mover attacked is illegal. Attacks
 * come from the same generators as moves -- a cell is attacked by a colour
 * when one of its pieces has a capturing step, slide or leap that lands
 * there -- read backwards from the attacked cell: one walk along each
 * direction, one look at each leap's offset. A ruleset whose royal pieces
 * could be taken any other way (a jump, a line count, custodial capture, a
 * capture that depends on the row) is refused when it loads, so "attacked"
 * is exactly "could be taken next move". Insufficient material lives here
 * too: it asks which pieces could still give check. */
#ifndef TV_ROYAL_H
#define TV_ROYAL_H

#include "tv_error.h"
#include "tv_rules.h"

/* How the pieces of one colour attack, derived once from the rules (a flat
 * value, as tv_pieces_plan). */
typedef struct tv_attack_plan {
    int colour;                       /* the attacker */
    /* reach[d][k], bit j: a piece of kind k standing j + 1 cells from the
     * attacked cell along direction d (nothing between) attacks it. */
    uint32_t reach[8][TV_MAX_KINDS];
    uint8_t far[8];                   /* the longest of them along d (0: none) */
    int nleaps;
    struct { int8_t dcol, drow; uint8_t kinds; } leap[TV_MAX_GENS * TV_MAX_LEAPS];
} tv_attack_plan;

/* The plan of the attacker of `colour` (TV_STONE1/2). */
void tv_attack_plan_for(const tv_rules *r, int colour, tv_attack_plan *a);

/* Whether a piece of a's colour attacks `cell` of the board `cells`. */
int tv_royal_attacked(const tv_rules *r, const tv_attack_plan *a, const uint8_t *cells, int cell);

/* Whether a royal piece of `colour` stands attacked in s (0 when the game
 * has no royal kind). */
int tv_royal_in_check(const tv_rules *r, const tv_state *s, int colour);

/* The cells of the royal pieces of `colour` on `cells` into
 * at[0..TV_MAX_CELLS); their count. */
int tv_royals(const tv_rules *r, const uint8_t *cells, int colour, int *at);

/* Whether a piece of a's colour attacks one of the cells at[0..n). */
int tv_royal_any_attacked(const tv_rules *r, const tv_attack_plan *a, const uint8_t *cells, const int *at, int n);

/* Whether neither side has the material left to attack a royal piece
 * (r->pieces.insufficient). */
int tv_royal_insufficient(const tv_rules *r, const tv_state *s);

#endif
