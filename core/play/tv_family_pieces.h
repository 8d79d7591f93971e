/* The pieces family: tv_family_pieces.c. */
#ifndef TV_FAMILY_PIECES_H
#define TV_FAMILY_PIECES_H

#include "tv_family.h"

extern const tv_family tv_family_pieces;

#endif
