/* Two generators of pieces that move (tv_pieces.c calls them for its
 * TV_GEN_LINE_COUNT and TV_GEN_LEAP generators):
 *   line_count: along a direction exactly as many cells as there are pieces,
 *     of both colours, on the whole line through the piece (Lines of
 *     Action); it may pass over own pieces, not over an enemy or a block, and
 *     lands on an empty cell or an enemy (captured) as gen->to allows;
 *   leap: to fixed (column, row) offsets (player 2's rows mirrored), over
 *     whatever stands between, onto what gen->to allows.
 * Both make simple moves (tv_pmove_simple), so move text and parsing are the
 * steps' and slides'. The piece counts of every line are found once per
 * position (tv_plines), not once per piece. Nothing allocates; every loop is
 * bounded by the board's side. */
#ifndef TV_PIECES_LINE_H
#define TV_PIECES_LINE_H

#include "tv_pmove.h"
#include "tv_rules.h"

/* The pieces on each line: columns, rows, and the diagonals by col - row
 * (NE-SW, offset by height - 1) and col + row (NW-SE). ready = 0: not yet
 * counted for this position. */
typedef struct tv_plines {
    int ready;
    uint8_t col[TV_MAX_SIDE], row[TV_MAX_SIDE], diag[2 * TV_MAX_SIDE], anti[2 * TV_MAX_SIDE];
} tv_plines;

/* The moves of generator gen for the piece of `colour` on `from`, appended
 * to out[n..] with their captures (0 or 1) in caps[n..]; counts the lines
 * into *lines first when they are not ready. Returns the new count, or -1
 * when more than r->max_moves would be needed. */
int tv_pline_moves(const tv_rules *r, const tv_gen *gen, const uint8_t *cells, int colour, int from,
                   tv_plines *lines, tv_move *out, int8_t *caps, int n);

/* Likewise for a leap generator. */
int tv_pleap_moves(const tv_rules *r, const tv_gen *gen, const uint8_t *cells, int colour, int from, tv_move *out,
                   int8_t *caps, int n);

/* Why the piece of `colour` on `from` cannot go to `to` by line_count
 * generator gen (a refusal's reason, with *cell the cell it names or -1), or
 * NULL when to is not along one of gen's directions. */
const char *tv_pline_why(const tv_rules *r, const tv_gen *gen, const uint8_t *cells, int colour, int from, int to,
                         int *cell);

#endif
