/* The pieces family: tv_family_pieces.c. */
#ifndef TV_FAMILY_PIECES_H
#define TV_FAMILY_PIECES_H

#include "tv_family.h"

extern const tv_family tv_family_pieces;

/* Whether tv_random_playout draws r's turns by (piece, landing) pairs
 * (tv_shoot.h: Amazons' shape) instead of by count and index. */
int tv_pieces_playout_pairs(const tv_rules *r);

#endif
