/* FEN (Forsyth-Edwards Notation) for the chess family: games whose pieces
 * move and that have a royal kind. Read wherever a position string is
 * (tv_position_read hands a FEN here) and written beside it:
 *
 *     rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
 *
 * the board (rank 8 first, runs of empty cells as digits), the side to move
 * (w or b), the castling rights (K and Q for player 1's castlings whose
 * rook stands towards the last and the first column, k and q for player
 * 2's; the rook's column letter as Shredder-FEN writes Chess960's, read
 * too; - for none), the en-passant cell (-: none), the plies since the
 * last capture or pawn move, and the move number. A FEN is turned into
 * tavola's position string and read as one, so every check of a position
 * holds for it too (and, as for any position, a right whose pieces have
 * left their cells and an en-passant cell no capture could use are
 * dropped, as moves keep them: tv_pieces_special.h). */
#ifndef TV_FEN_H
#define TV_FEN_H

#include <stddef.h>

#include "tv_error.h"
#include "tv_rules.h"

/* Whether r's positions have a FEN (the chess family). */
int tv_fen_applies(const tv_rules *r);

/* Whether text is a FEN (its second field is w or b) for r. */
int tv_fen_is(const tv_rules *r, const char *text);

/* Writes s's FEN; returns the length (or the length needed), or -1 when r
 * has none. */
int tv_fen_write(const tv_rules *r, const tv_state *s, char *buf, size_t size);

/* The position string of a FEN into out[0..size) (with the quiet count
 * when quiet_field: tv_position_read reads the result, so every check of a
 * position holds for a FEN too). TV_OK, or TV_EINVAL naming the field. */
int tv_fen_to_position(const tv_rules *r, const char *text, int quiet_field, char *out, size_t size, tv_error *err);

#endif
