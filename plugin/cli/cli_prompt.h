/* The terminal game of tavola play: a prompt that knows the game. */
#ifndef CLI_PROMPT_H
#define CLI_PROMPT_H

#include "tavola.h"

/* Plays g at the terminal: the computers' moves (players[p] non-NULL) and the
 * humans' from stdin, with help and messages built from what the game
 * allows. When the game ends and a human played, the prompt stays for
 * review, undo or a new game until quit or the end of input. Returns the exit
 * status: 0 (quit, end of input, or a computers' game over) or 1 (a player
 * or the ruleset failed). */
int cli_prompt(tavola_game *g, tavola_player *const players[2]);

#endif
