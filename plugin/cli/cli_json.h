/* The --json view of a game, built through the plugin ABI only. */
#ifndef CLI_JSON_H
#define CLI_JSON_H

#include <stdio.h>

#include "tavola.h"

/* Writes the state as one JSON object (see the README); returns TAVOLA_OK
 * or the error of a failing hook. */
int cli_json(FILE *out, const tavola_api *t, const tavola_ruleset *rs, tavola_game *g);

#endif
