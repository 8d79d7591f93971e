/* The rotate family: tv_family_rotate.c. */
#ifndef TV_FAMILY_ROTATE_H
#define TV_FAMILY_ROTATE_H

#include "tv_family.h"

extern const tv_family tv_family_rotate;

#endif
