/* tavola show: a position as an SVG picture or a text board. */
#ifndef CLI_SHOW_H
#define CLI_SHOW_H

/* `tavola show RULESET [-o key=value]... [--seed N] [--position POS]
 * [--moves "..."] [--svg FILE] [--rules DIR]`, argv after "show". Returns the
 * exit status: 0, 1 (the game cannot be set up or the file written) or 2 (bad
 * arguments). */
int cmd_show(int argc, char **argv);

#endif
