/* Text drawings of a game for hosts: the board rows, or a board with
 * coordinates and a status line. */
#ifndef TV_DRAW_H
#define TV_DRAW_H

#include <stddef.h>

#include "tv_game.h"

/* One line per row, top row first: grid cells as . x o #, mancala holes as
 * seed counts separated by spaces. Returns the length (or the length needed). */
int tv_draw_rows(const tv_game *g, char *buf, size_t size);

/* The board with coordinates (the last stone in capitals), under it a line
 * for the game's variables and one for its hands where the ruleset has them
 * ("    vars: done=false ko=b2 passes=0/1", "    hands: Player 1: M1 K1;
 * Player 2: none"), and a status line. */
int tv_draw_board(const tv_game *g, char *buf, size_t size);

/* The game's variables as drawn, by name: "done=false ko=b2 passes=0/1
 * phase=2" (flags true or false, cells by name or '-', one per player as
 * player 1's/player 2's); "" when the ruleset declares none. Returns the
 * length (or the length needed). */
int tv_draw_vars(const tv_game *g, char *buf, size_t size);

/* The kinds a hand holds: the ruleset's kinds (1 for plain stones), 0 when
 * the game keeps no pieces in hand. */
int tv_draw_hand_kinds(const tv_rules *r);

/* Player index p's (0, 1) letter of kind k, as the position string writes
 * it (tv_vars_write): player 1's kinds in capitals, 'x' and 'o' for stones. */
char tv_draw_hand_letter(const tv_rules *r, int p, int k);

/* The status line alone: ply, scores, whose move or the result. */
int tv_draw_status(const tv_game *g, char *buf, size_t size);

#endif
