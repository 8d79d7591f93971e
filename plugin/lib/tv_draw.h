/* Text drawings of a game for hosts: the board rows, or a board with
 * coordinates and a status line. */
#ifndef TV_DRAW_H
#define TV_DRAW_H

#include <stddef.h>

#include "tv_game.h"

/* One line per row, top row first: grid cells as . x o #, mancala holes as
 * seed counts separated by spaces. Returns the length (or the length needed). */
int tv_draw_rows(const tv_game *g, char *buf, size_t size);

/* The board with coordinates (the last stone in capitals) and a status line. */
int tv_draw_board(const tv_game *g, char *buf, size_t size);

/* The status line alone: ply, scores, whose move or the result. */
int tv_draw_status(const tv_game *g, char *buf, size_t size);

#endif
