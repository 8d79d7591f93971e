/* tavola solve RULESET [-o k=v]... [--seed N] [--position P] [--moves M] [--positions MAX] */
#ifndef CLI_SOLVE_H
#define CLI_SOLVE_H

int cmd_solve(int argc, char **argv);

#endif
