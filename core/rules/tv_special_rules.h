/* The chess family's rules at load: royal pieces, castling, en passant, a
 * choice of promotion, progress kinds and insufficient material checked,
 * their variables declared (castle_NAME per player, en_passant) and the
 * special move layout chosen (tv_pieces.special). */
#ifndef TV_SPECIAL_RULES_H
#define TV_SPECIAL_RULES_H

#include "tv_rules.h"

/* After the generators' checks (jump_dirs, shoots derived); before the
 * variables' (check_vars). TV_OK or TV_ERULES. */
int tv_special_rules_check(tv_rules *r, tv_error *err);

#endif
