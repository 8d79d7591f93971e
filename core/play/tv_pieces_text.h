/* Move text of pieces that move: "a2-a3", a capture "a2xb3", a chain of
 * jumps "c3xe5xc7", a shot "d1-d7/g7", and back, as players type them. */
#ifndef TV_PIECES_TEXT_H
#define TV_PIECES_TEXT_H

#include <stddef.h>

#include "tv_rules.h"

/* m as text, snprintf-like ("#n" when m is no move of these rules). */
int tv_pieces_text(const tv_rules *r, tv_move m, char *buf, size_t size);

/* Text into *m, or TV_EINVAL. With s (not NULL), the cells may be given in
 * any case, with '-', 'x', ':' or nothing between them, and from-to alone
 * names a chain when exactly one legal move goes from there to there; text
 * that matches several legal moves is refused naming two of them. */
int tv_pieces_parse(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err);

#endif
