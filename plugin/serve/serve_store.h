/* The server's database: games, their moves and results in SQLite.
 *
 * One connection, its calls serialised by a lock. WAL journal: a move is
 * acknowledged after its transaction commits, so a kill of the process
 * loses no acknowledged move (with --sync full, neither does a power cut:
 * every commit is synced to the disk). */
#ifndef SERVE_STORE_H
#define SERVE_STORE_H

#include <stdint.h>

#include "serve_json.h"

enum { STORE_ID = 13, STORE_TOKEN = 33, STORE_NAME = 128, STORE_OPTIONS = 1024, STORE_SPEC = 160 };

/* A game's row: what it was created with and where it stands. */
typedef struct store_game {
    char id[STORE_ID];
    char ruleset[STORE_NAME];
    char options[STORE_OPTIONS]; /* in force, as played */
    uint64_t seed;
    char spec[2][STORE_SPEC]; /* "human" or an engine's spec */
    char token[2][STORE_TOKEN]; /* "" for an engine's seat */
    int64_t created;            /* seconds since the epoch */
    int status;                 /* 0 ongoing, 1 over */
    int winner;                 /* -1 ongoing, 0 draw, 1, 2 */
    int32_t score[2];
    int plies;
} store_game;

typedef struct serve_store serve_store;

serve_store *store_open(const char *path, int sync_full, char *err, size_t err_size);
void store_close(serve_store *st);

/* Each returns 0, or -1 with the message in err. */
int store_create(serve_store *st, const store_game *g, char *err, size_t err_size);
/* Move `ply` (0-based) of game id, and the game's state after it, in one
 * transaction. */
int store_move(serve_store *st, const char *id, int ply, const char *move, int status, int winner,
               const int32_t score[2], char *err, size_t err_size);

/* Game id's row and its moves (malloc'd texts, *n of them; free with
 * store_free_moves). 1 when found, 0 when not, -1 on an error. */
int store_load(serve_store *st, const char *id, store_game *g, char ***moves, int *n, char *err, size_t err_size);
void store_free_moves(char **moves, int n);
/* The ids of the ongoing games (malloc'd array of STORE_ID strings). */
int store_ongoing(serve_store *st, char (**ids)[STORE_ID], int *n, char *err, size_t err_size);

/* Finished games by result. Per ruleset: calls fn for each ruleset with its
 * counts of wins of the first and second player and draws. */
int store_totals(serve_store *st, void (*fn)(void *ctx, const char *ruleset, const int64_t counts[3]), void *ctx);
/* One ruleset's finished games per variant (its options in force), as the
 * JSON object of GET /api/stats without the title. */
int store_stats_json(serve_store *st, const char *ruleset, tv_buf *out);
/* The most recent games (of one ruleset, or all with NULL) as a JSON array. */
int store_recent_json(serve_store *st, const char *ruleset, int limit, const char *(*title)(const char *ruleset),
                      tv_buf *out);

#endif
