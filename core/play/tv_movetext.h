/* Move text: a move of a ruleset as a short name and back. Parsing checks
 * only that the text names a move of this board, not that it is legal.
 * Reached through tv_play.h. */
#ifndef TV_MOVETEXT_H
#define TV_MOVETEXT_H

#include <stddef.h>

#include "tv_rules.h"

/* "d4" (a cell), "d" (a column, for dropped stones), "pass", "swap".
 * Returns the length written. */
int tv_move_text(const tv_rules *r, tv_move m, char *buf, size_t size);

/* Parses move text (not checking legality). TV_EINVAL with a message if it
 * names no move of this board. */
int tv_move_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err);

#endif
