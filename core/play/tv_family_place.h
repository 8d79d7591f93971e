/* The placement families (place, drop): tv_family_place.c. */
#ifndef TV_FAMILY_PLACE_H
#define TV_FAMILY_PLACE_H

#include "tv_family.h"

extern const tv_family tv_family_place, tv_family_drop;

#endif
