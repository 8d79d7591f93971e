/* Move text: a move of a ruleset as a short name and back. Parsing checks
 * only that the text names a move of this board, not that it is legal.
 * Reached through tv_play.h. */
#ifndef TV_MOVETEXT_H
#define TV_MOVETEXT_H

#include <stddef.h>

#include "tv_rules.h"

/* "d4" (a cell), "d" (a column, for dropped stones), "pass", "swap"; a
 * piece's move "a2-a3", a capture "a2xb3", a chain of jumps "c3xe5xc7".
 * Returns the length written. */
int tv_move_text(const tv_rules *r, tv_move m, char *buf, size_t size);

/* Parses move text (not checking legality). TV_EINVAL with a message if it
 * names no move of this board. */
int tv_move_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err);

/* Parses move text as a player types it in position s: for pieces, the
 * cells may be given in any case, with '-', 'x', ':' or nothing between
 * them, and from-to alone names a chain when exactly one legal move goes
 * from there to there. Text that matches no legal move parses as
 * tv_move_parse does (the check then says why it is not legal); text that
 * matches several is refused (TV_EINVAL) naming two of them. */
int tv_move_parse_at(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err);

#endif
