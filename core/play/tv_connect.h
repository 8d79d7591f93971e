/* The connection end (TV_END_CONNECTED, Lines of Action): a player all of
 * whose pieces form one group of 8-neighbours (orthogonal or diagonal) has
 * won. A single piece is a group; a player without pieces has none. After a
 * move both players are looked at: the mover first, so a move that connects
 * both sides at once wins for the mover (the tournament rule, and
 * OpenSpiel's); else an opponent connected by the move (a capture of a
 * straggler) wins. Boards of up to 64 cells are filled as bit sets, larger
 * ones cell by cell; either way at most one pass per piece. */
#ifndef TV_CONNECT_H
#define TV_CONNECT_H

#include "tv_rules.h"

/* Whether the `count` pieces of `colour` on cells (count as the state keeps
 * it in owned[]) form one 8-neighbour group. */
int tv_connect_all(const tv_rules *r, const uint8_t *cells, int colour, int count);

/* The connection end after a move, s->to_move being the mover's opponent:
 * 1 with *winner set when a player is connected, else 0. */
int tv_connect_end(const tv_rules *r, const tv_state *s, int *winner);

#endif
