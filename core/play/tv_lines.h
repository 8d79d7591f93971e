/* Line scoring: maximal runs of one colour along the chosen directions, each
 * scored from a table by its length. The kernel keeps the scores up to date
 * incrementally (tv_lines_delta, a few cells per placement); tv_lines_count is
 * the full recount that tests use to check it. */
#ifndef TV_LINES_H
#define TV_LINES_H

#include "tv_rules.h"

/* Points gained when the stone now on `cell` was placed there: only the runs
 * through that cell change, one per direction. */
int32_t tv_lines_delta(const tv_rules *r, const uint8_t *cells, int cell);

/* Scores every maximal run on a board of grid g with the lines rule l;
 * points[0] for TV_STONE1, points[1] for TV_STONE2. */
void tv_runs_count(const tv_grid *g, const tv_lines *l, const uint8_t *cells, int32_t points[2]);

/* tv_runs_count with the ruleset's own lines rule; points[0] for TV_STONE1, points[1]
 * for TV_STONE2. */
void tv_lines_count(const tv_rules *r, const uint8_t *cells, int32_t points[2]);

/* The colour argument of tv_goal_anywhere meaning stones of either colour. */
#define TV_GOAL_ANY (-1)

/* Who wins when player p (0 or 1) makes a line that meets the goal: p + 1,
 * or the other player under a misère goal (line { loses = true }). */
static inline int tv_goal_winner(const tv_rules *r, int p) { return (r->goal.loses ? p ^ 1 : p) + 1; }

/* The winner a goal line on the board of s names (its maker lost under a
 * misère goal; a line of either colour is the last mover's), -1 when there is
 * none, -2 when both colours have one (no game reaches that). */
int tv_goal_on_board(const tv_rules *r, const tv_state *s);

/* Whether the stone now on `cell` completes a line that meets the goal
 * (of its own colour, or of any stones with line { colours = "any" }). */
int tv_goal_made(const tv_rules *r, const tv_state *s, int cell);

/* Whether `colour` has a line anywhere on the board that meets the goal
 * (the full scan, for positions read from text); any stones with
 * line { colours = "any" }. */
int tv_goal_anywhere(const tv_rules *r, const uint8_t *cells, int colour);

#endif
