/* A graph board at load (tv_rules.h tv_graph): its points, links and the
 * lines through each point, derived from the lines and extra links given;
 * every cell of the grid that is no point becomes a block. */
#ifndef TV_GRAPH_RULES_H
#define TV_GRAPH_RULES_H

#include "tv_rules.h"

/* Derives them (after the grid's size is known, before the blocks are
 * checked); TV_ERULES naming the line or link that is not a path of points
 * (a point twice, a cell off the board), a point with more than
 * TV_GRAPH_LINKS links or in more than TV_GRAPH_AT lines, a board given
 * blocks of its own, or mills { } on a board that is no graph. */
int tv_graph_derive(tv_rules *r, tv_error *err);

/* Whether the cells a and b are linked. */
int tv_graph_linked(const tv_rules *r, int a, int b);

/* mills { } at load: its fly count, the hands its men come from, and the
 * most moves a position can have (r->max_moves): each man (or the hand) to
 * each empty point, each with each enemy man it may remove. */
int tv_graph_mills_check(tv_rules *r, tv_error *err);

#endif
