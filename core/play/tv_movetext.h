/* Move text: a move of a ruleset as a short name and back. pass and swap are
 * written here; every other move by its family (tv_family.h). Parsing
 * checks only that the text names a move of this board, not that it is
 * legal. Reached through tv_play.h. */
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

/* ---- for the families ---------------------------------------------------- */

/* text[0..len) into buf as snprintf would put it: at most size - 1
 * characters and a NUL; returns len. */
int tv_move_text_put(char *buf, size_t size, const char *text, int len);

/* A cell's name as a move ("d4"); a number out of the board as "#n". */
int tv_move_text_cell(const tv_rules *r, tv_move m, char *buf, size_t size);

/* A cell named by text into *m, or TV_EINVAL: "expected a cell a1..g7, swap or pass". */
int tv_move_parse_cell(const tv_rules *r, const char *text, tv_move *m, tv_error *err);

/* A refusal naming the move: "d4: why" (TV_EILLEGAL). The name is written
 * only here, on the way out: formatting it costs more than the whole check. */
int tv_move_refuse(const tv_rules *r, tv_move m, tv_error *err, const char *why);

#endif
