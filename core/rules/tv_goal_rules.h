/* The line goal at load (tv_rules.h tv_goal): on grids of 64 cells or
 * fewer, every window of the goal's length through each cell as a bit set,
 * so that a placement tests a few masks (tv_lines.c tv_goal_made). */
#ifndef TV_GOAL_RULES_H
#define TV_GOAL_RULES_H

#include "tv_rules.h"

/* Derives them, or leaves goal.windowed 0 where they do not apply or would
 * take more than TV_GOAL_WINS entries (the runs are walked there). */
void tv_goal_windows(tv_rules *r);

#endif
