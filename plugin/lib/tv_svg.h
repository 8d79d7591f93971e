/* SVG drawing of a game's position for hosts (TAVOLA_DRAW_SVG). */
#ifndef TV_SVG_H
#define TV_SVG_H

#include <stddef.h>

#include "tv_game.h"

/* A standalone SVG 1.1 document (UTF-8, integer coordinates, no timestamps:
 * the same position always gives the same bytes) of the current position:
 * grid boards as cells with coordinates, stones, blocked cells and the last
 * stone marked (a red dot; the last arrow shot, a red ring); mancala boards as two rows of holes (row 2 on
 * top) with their seed counts, the hole last sown from ringed in red, the
 * stores or captured counts at the ends; a caption with the title, ply,
 * scores and whose move or the result; and, for a ruleset that declares
 * them, its variables as a line of text and each player's hand (a piece
 * with the kind's letter and the count per kind held) under the board. Writes at most size bytes
 * (NUL-terminated when size > 0) and returns the length of the whole
 * document, like snprintf: call again with a buffer of that length + 1.
 * With targets, a last layer of invisible shapes, one per cell of the board
 * (a grid's squares, a graph's points, hexagons, mancala holes), each with
 * data-cell="d4", the cell's name as moves write it: what a host's page
 * needs to turn a click into a cell. */
int tv_svg_draw(const tv_game *g, int targets, char *buf, size_t size);

#endif
