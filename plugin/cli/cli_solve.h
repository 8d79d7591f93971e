/* tavola solve RULESET [-o k=v]... [--seed N] [--position P] [--moves M]
 * [--positions MAX], argv after "solve": the value of the position with
 * perfect play and the value of each move, searching at most MAX positions.
 * The seed is 0 unless given, so a solution does not depend on the clock.
 * Returns the exit status: 0, 1 (no setup, or no solution within MAX) or 2. */
#ifndef CLI_SOLVE_H
#define CLI_SOLVE_H

int cmd_solve(int argc, char **argv);

#endif
