/* Havannah's shapes at load (tv_rules.h tv_shapes): the corners, edges and
 * inner cells of a hex board, its blocked cells cut out. */
#ifndef TV_SHAPES_RULES_H
#define TV_SHAPES_RULES_H

#include "tv_rules.h"

/* Derives them; TV_ERULES when the shapes are asked of another board, or
 * the board has more than TV_SHAPES_SIDES corners or edges. */
int tv_shapes_derive(tv_rules *r, tv_error *err);

#endif
