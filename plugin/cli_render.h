/* How the tavola command shows a game: a text board and a JSON object. */
#ifndef CLI_RENDER_H
#define CLI_RENDER_H

#include <stdio.h>

#include "tv_game.h"

/* The board with coordinates, then a status line. */
void cli_draw(FILE *out, const tv_game *g);

/* One line: whose move, scores, or the result. */
void cli_status_line(FILE *out, const tv_game *g);

/* The state as one JSON object (see README: game, ply, to_move, status,
 * winner, scores, moves, board, position, ...). Returns TV_OK or the error of
 * a failing hook. */
int cli_json(FILE *out, const tv_game *g, const char *options, tv_error *err);

#endif
