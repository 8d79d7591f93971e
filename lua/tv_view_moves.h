/* Moves between C and a hook (tv_view_moves.c): a move as a hook gets it
 * (a cell, text, or a whole move decoded into a table), a move a hook
 * gives back (s:apply), and the view's constructors of whole moves
 * (s:move, s:chain, s:drop, s:take) and piece methods (s:put, s:remove,
 * s:kind, s:apply). */
#ifndef TV_VIEW_MOVES_H
#define TV_VIEW_MOVES_H

#include <lua.h>

#include "tv_rules.h"

/* Pushes m as a play or refuse hook gets it: a 1-based cell, hole or column;
 * "pass" or "swap"; a whole move or a piece's move as a table
 * { move, text, shape, from, to, kind, promote, removed, path, over }. */
void tv_view_push_move(lua_State *L, const tv_rules *r, tv_move m);

/* A whole move given as a table by a moves hook: { from = 1, to = 9 },
 * with promote = "queen", removed = 17, path = { 17, 19 } (a chain's
 * landings), kind = "man" with from alone (a drop), or move = N (the table
 * a play hook got). Raw reads only. TV_MOVE_NONE when it is none. */
tv_move tv_view_table_move(lua_State *L, const tv_rules *r, int idx);

/* A whole move a view built (s:move, s:chain, s:drop, s:take, s:turn), or
 * TV_MOVE_NONE. Cells are below 1024: such a number is never a cell. */
tv_move tv_view_whole_move(const tv_rules *r, lua_Integer i);

/* A move as a hook writes it: a 1-based cell or hole (a column for dropped
 * stones), a whole move a view built, a table move, or text ("d4",
 * "a1-a3", "pass", "swap"). TV_MOVE_NONE if it is none of them. */
tv_move tv_view_move_value(lua_State *L, const tv_rules *r, int idx);

/* Whether the table at idx is one move (it has a key of one), not a list. */
int tv_view_is_table_move(lua_State *L, int idx);

/* Adds the methods above to the view's table on top of the stack. */
void tv_view_moves_open(lua_State *L);

#endif
