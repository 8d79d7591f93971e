/* The games the server holds: created, moved, viewed and kept in the store.
 *
 * A live game is the library's game handle, its seats (a person's token or
 * an engine) and the moves played, behind a lock of its own; every change is
 * stored before it is acknowledged, then announced to the game's event
 * streams. Games are found by id through a table that loads a game from the
 * store on demand (a finished game evicted, or every game after a restart).
 *
 * The calls that answer a request return an HTTP status and write the answer
 * (JSON) or the error's sentence. */
#ifndef SERVE_GAMES_H
#define SERVE_GAMES_H

#include <stddef.h>

#include "serve_json.h"
#include "serve_store.h"
#include "tavola.h"

typedef struct live_game live_game;

typedef struct games_config {
    int max_live;     /* ongoing games at most (503 past it) */
    int workers;      /* engine threads */
    long engine_ms;   /* the longest an engine's move may take */
} games_config;

/* Starts the engines and loads every ongoing game from st, replaying its
 * moves (those that cannot be replayed are said on stderr). */
int games_start(const tavola_api *t, serve_store *st, const games_config *cfg, char *err, size_t err_size);
void games_stop(void);

/* POST /api/games. */
int games_create(const char *ruleset, const char *options, const char *p1, const char *p2, const char *seed,
                 tv_buf *out, char *err, size_t err_size);

/* The game with this id (a reference: give it back with games_put), or NULL
 * with the HTTP status in *status (404, or 500 for a game the store cannot
 * give back) and the sentence in err. */
live_game *games_get(const char *id, int *status, char *err, size_t err_size);
void games_put(live_game *g);

/* GET /api/games/ID: ply NULL for the current position. */
int games_view(live_game *g, const char *token, const char *ply, int brief, tv_buf *out, char *err, size_t err_size);
/* POST /api/games/ID/move. */
int games_move(live_game *g, const char *token, const char *move, const char *ply, int brief, tv_buf *out, char *err,
               size_t err_size);
/* The record and the position string (text). */
int games_record(live_game *g, tv_buf *out);
int games_position(live_game *g, tv_buf *out);
/* Waits up to ms for the game's version to differ from *version; then sets
 * *version and writes the update event's JSON into out. 1 when it changed,
 * 0 when the time ran out. */
int games_wait(live_game *g, unsigned *version, long ms, tv_buf *out);
/* The id of a game (as kept, for a file name). */
const char *games_id(const live_game *g);

int games_live(void);

#endif
