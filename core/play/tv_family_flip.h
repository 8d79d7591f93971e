/* The flip family: tv_family_flip.c. */
#ifndef TV_FAMILY_FLIP_H
#define TV_FAMILY_FLIP_H

#include "tv_family.h"

extern const tv_family tv_family_flip;

#endif
