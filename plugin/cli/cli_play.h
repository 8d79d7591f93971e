/* tavola play and tavola perft. Each takes the arguments after its name
 * (see cli_parse_play_args) and returns the exit status: 0, 1 (the game
 * cannot be set up or played) or 2 (bad arguments). */
#ifndef CLI_PLAY_H
#define CLI_PLAY_H

/* play RULESET [game arguments]: the terminal game, or with --moves or
 * --position the board (--json: the state as JSON). */
int cmd_play(int argc, char **argv);

/* perft RULESET DEPTH [game arguments]: move-path counts for depths 1..DEPTH. */
int cmd_perft(int argc, char **argv);

#endif
