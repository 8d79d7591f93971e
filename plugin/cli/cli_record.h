/* Game records: one finished game as text, like PGN.
 *
 *     [Game "pahtum"]                    the ruleset, as named to the command
 *     [Found "rules"]                    how it was found: "name" (the search
 *                                        path), "rules" (a --rules folder) or
 *                                        "file" (Game is a path)
 *     [File "/home/me/games/pahtum.lua"] the file loaded, resolved (with
 *                                        "rules" and "file" only: the ABI does
 *                                        not say where a name was found)
 *     [Options "count=7,holes=random,..."] the options in force
 *     [Seed "7000021"]                   the seed given to game_new
 *     [Index "0"]                        the game's number in its match
 *     [P1 "greedy"]                      the player spec of side 1 (moves first)
 *     [P2 "random"]                      the player spec of side 2
 *     [Result "1-0"]                     1-0, 0-1 or 1/2-1/2 (side 1 first);
 *                                        * for a game that ended in an error
 *     [Scores "13,3"]                    the final scores, side 1 first (the
 *                                        scores when the error came)
 *     [Error "B (random): play hook: ..."] why the game ended without a
 *                                        result: only with Result "*"
 *     d4 e4 f4 ...                       the moves, separated by spaces (those
 *                                        played before the error: maybe none)
 *     (an empty line)
 *
 * A game ends in an error when the ruleset fails in it (a hook's Lua error
 * or garbage, a limit, a move the rules refuse from a player, a game that
 * does not start or does not end): the match records what was played and
 * goes on with its next game.
 * Tag values escape '"' and '\' with a backslash, a newline, carriage return
 * and tab as \n \r \t, and any other control byte as \xHH, so a value of any
 * length and content stays on its line and reads back the same. Tags may come
 * in any order; all but Index, Found, File and Error are required (records
 * written before Found and File read as before), unknown tags are kept out of the
 * way. A record ends with its empty line: a file that stops before it was cut
 * short. */
#ifndef CLI_RECORD_H
#define CLI_RECORD_H

#include <stdio.h>

#include "tavola.h"

typedef struct cli_record {
    char *game, *options, *p1, *p2; /* malloc'd, any length */
    char *found, *file;             /* malloc'd, NULL when the record has none */
    unsigned long long seed;
    long index;   /* -1 when the record has no Index tag */
    int result;   /* 1, 2, or 0 for a draw (and for a game that ended in an error) */
    long scores[2];
    char *error;  /* why the game ended in an error (malloc'd); NULL for a finished game */
    char *moves;  /* the moves line (malloc'd) */
    long line;    /* line numbers: the record's first line, its tags, its moves */
    long result_line, scores_line, moves_line;
} cli_record;

/* "1-0", "0-1", "1/2-1/2" for a winner 1, 2, 0. */
const char *cli_result_text(int winner);

/* Where the ruleset of a match came from, for its records: found is "name",
 * "rules" or "file" (cli_args.h: CLI_FOUND_*), file the resolved path or "". */
typedef struct cli_origin {
    const char *found;
    char file[4096];
} cli_origin;
void cli_origin_of(const char *game, cli_origin *o);

/* What a record says of its game besides the position and the moves. */
typedef struct cli_record_tags {
    const char *game;         /* the ruleset as named to the command */
    const cli_origin *origin; /* where it was found; NULL: no Found or File tag */
    long index;               /* the game's number in its match */
    const char *p1, *p2;      /* the player specs by side */
    const char *head;         /* the Game, Found, File and Options tags from cli_record_head, or NULL */
} cli_record_tags;

/* The tags a match's records all begin with (Game, Found, File, Options) as
 * malloc'd text, made once for the match (NULL when out of memory). */
char *cli_record_head(const tavola_ruleset *rs, const cli_record_tags *tags);

/* The record of game g as malloc'd text (NULL when out of memory): a
 * finished game when error is NULL, else one that ended in that error after
 * the moves it holds. g is NULL for a game that could not start: the record
 * then takes its options from rs, its seed from seed, and has no moves. */
char *cli_record_format(const tavola_ruleset *rs, uint64_t seed, tavola_game *g, const cli_record_tags *tags,
                        const char *error);

/* Reads records one at a time from f (named `file` in messages). */
typedef struct cli_reader {
    FILE *f;
    const char *file;
    long line; /* lines read so far */
    int partial; /* the last line read has no end of line */
    char *buf;
    size_t cap;
    char *value; /* room for one tag's value */
    long offset; /* bytes of the file read, up to the end of the last line read */
    long good;   /* bytes of the file up to the end of the last whole record read */
} cli_reader;

/* The next record: 1, 0 at the end of the file, or -1 with "FILE:LINE: what"
 * in err. Free a record with cli_record_free. */
int cli_record_read(cli_reader *rd, cli_record *r, char *err, size_t err_size);
void cli_record_free(cli_record *r);
void cli_reader_close(cli_reader *rd);

/* Puts "FILE:LINE: " and the message in err (noting a last line cut short)
 * and returns -1: how the reader and replay report a record. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
int cli_reader_fail(cli_reader *rd, long line, char *err, size_t err_size, const char *fmt, ...);

#endif
