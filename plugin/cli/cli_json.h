/* JSON for the tavola command, in one place: the writer's pieces (a string,
 * a number that may be infinite), a small reader for the JSON the command
 * itself writes (strings with simple escapes, non-negative integers, nested
 * values to skip), and the --json view of a game. The reader calls return 0,
 * or -1 on anything they do not expect, and then leave the text where it
 * failed. */
#ifndef CLI_JSON_H
#define CLI_JSON_H

#include <stdio.h>

#include "tavola.h"

/* s as a JSON string: quoted, '"' and '\' escaped, controls as \u00XX. */
void cli_json_string(FILE *out, const char *s);

/* ,"key":x with fmt ("%.6f"); NAN and the infinities (an interval's
 * unbounded end) as null, JSON having no infinity; a value that rounds to
 * zero without its minus sign (0.00, not -0.00). */
void cli_json_number(FILE *out, const char *key, double x, const char *fmt);

/* Reads from s on. */
typedef struct cli_jreader {
    const char *s;
} cli_jreader;

void cli_json_space(cli_jreader *j);                            /* skips white space */
int cli_json_char(cli_jreader *j, char c);                      /* c, after white space */
int cli_json_read_string(cli_jreader *j, char *out, size_t size); /* no \u0000, nothing above \u00ff */
int cli_json_read_long(cli_jreader *j, long *out);              /* >= 0 */
int cli_json_skip(cli_jreader *j, int depth);                   /* any value, nested up to 32 deep */

/* Writes the state as one JSON object (see the README); returns TAVOLA_OK
 * or the error of a failing hook. */
int cli_json(FILE *out, const tavola_ruleset *rs, tavola_game *g);

#endif
