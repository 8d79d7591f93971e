/* The server's database (serve_store.h). */
#define _POSIX_C_SOURCE 200809L
#include "serve_store.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct serve_store {
    sqlite3 *db;
    pthread_mutex_t lock;
    /* Checkpoints, in a thread of their own on a connection of their own,
     * so that a move's commit never waits for the WAL to be copied back and
     * synced (SQLite's automatic checkpoint runs in the committing call). */
    sqlite3 *checkpoint_db;
    pthread_t checkpointer;
    int checkpointing, stop_checkpoints;
    pthread_mutex_t checkpoint_lock;
    pthread_cond_t checkpoint_wake;
    sqlite3_stmt *insert_game, *insert_move, *update_game, *begin, *commit, *rollback;
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS games("
    " id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
    " p1 TEXT NOT NULL, p2 TEXT NOT NULL, token1 TEXT NOT NULL, token2 TEXT NOT NULL,"
    " created INTEGER NOT NULL, status INTEGER NOT NULL DEFAULT 0, winner INTEGER NOT NULL DEFAULT -1,"
    " score1 INTEGER NOT NULL DEFAULT 0, score2 INTEGER NOT NULL DEFAULT 0, plies INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS moves("
    " game TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY(game, ply)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS games_by_status ON games(status, ruleset);"
    "CREATE INDEX IF NOT EXISTS games_by_created ON games(created);";

static void say(char *err, size_t size, const char *what, sqlite3 *db)
{
    if (err && size)
        snprintf(err, size, "database: %s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

/* Every second: a passive checkpoint (it copies what no reader needs and
 * never blocks a writer). */
static void *checkpoints(void *arg)
{
    serve_store *st = arg;
    pthread_mutex_lock(&st->checkpoint_lock);
    while (!st->stop_checkpoints) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&st->checkpoint_wake, &st->checkpoint_lock, &until);
        if (st->stop_checkpoints)
            break;
        pthread_mutex_unlock(&st->checkpoint_lock);
        sqlite3_wal_checkpoint_v2(st->checkpoint_db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
        pthread_mutex_lock(&st->checkpoint_lock);
    }
    pthread_mutex_unlock(&st->checkpoint_lock);
    return NULL;
}

serve_store *store_open(const char *path, int sync_full, char *err, size_t err_size)
{
    serve_store *st = calloc(1, sizeof *st);
    if (!st) {
        say(err, err_size, "open", NULL);
        return NULL;
    }
    pthread_mutex_init(&st->lock, NULL);
    pthread_mutex_init(&st->checkpoint_lock, NULL);
    pthread_cond_init(&st->checkpoint_wake, NULL);
    if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        say(err, err_size, path, st->db);
        store_close(st);
        return NULL;
    }
    char pragmas[200];
    snprintf(pragmas, sizeof pragmas, "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s; PRAGMA busy_timeout=5000;"
             " PRAGMA wal_autocheckpoint=0;",
             sync_full ? "FULL" : "NORMAL");
    if (sqlite3_exec(st->db, pragmas, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(st->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db,
                           "INSERT INTO games(id, ruleset, options, seed, p1, p2, token1, token2, created, status,"
                           " winner, score1, score2, plies) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                           -1, &st->insert_game, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "INSERT INTO moves(game, ply, move) VALUES(?,?,?)", -1, &st->insert_move, NULL) !=
            SQLITE_OK ||
        sqlite3_prepare_v2(st->db,
                           "UPDATE games SET status=?, winner=?, score1=?, score2=?, plies=? WHERE id=? AND plies=?",
                           -1, &st->update_game, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "BEGIN IMMEDIATE", -1, &st->begin, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "COMMIT", -1, &st->commit, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "ROLLBACK", -1, &st->rollback, NULL) != SQLITE_OK) {
        say(err, err_size, path, st->db);
        store_close(st);
        return NULL;
    }
    if (sqlite3_open_v2(path, &st->checkpoint_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
        sqlite3_exec(st->checkpoint_db, "PRAGMA busy_timeout=5000;", NULL, NULL, NULL) != SQLITE_OK ||
        pthread_create(&st->checkpointer, NULL, checkpoints, st)) {
        say(err, err_size, path, st->checkpoint_db);
        store_close(st);
        return NULL;
    }
    st->checkpointing = 1;
    return st;
}

void store_close(serve_store *st)
{
    if (!st)
        return;
    if (st->checkpointing) {
        pthread_mutex_lock(&st->checkpoint_lock);
        st->stop_checkpoints = 1;
        pthread_cond_signal(&st->checkpoint_wake);
        pthread_mutex_unlock(&st->checkpoint_lock);
        pthread_join(st->checkpointer, NULL);
    }
    sqlite3_close(st->checkpoint_db);
    sqlite3_finalize(st->insert_game);
    sqlite3_finalize(st->insert_move);
    sqlite3_finalize(st->update_game);
    sqlite3_finalize(st->begin);
    sqlite3_finalize(st->commit);
    sqlite3_finalize(st->rollback);
    sqlite3_close(st->db);
    pthread_mutex_destroy(&st->lock);
    pthread_mutex_destroy(&st->checkpoint_lock);
    pthread_cond_destroy(&st->checkpoint_wake);
    free(st);
}

/* Runs a prepared statement that returns no rows, and resets it. */
static int run(sqlite3_stmt *s)
{
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return rc == SQLITE_DONE ? 0 : -1;
}

static void text(sqlite3_stmt *s, int i, const char *v) { sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT); }

int store_create(serve_store *st, const store_game *g, char *err, size_t err_size)
{
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = st->insert_game;
    text(s, 1, g->id);
    text(s, 2, g->ruleset);
    text(s, 3, g->options);
    sqlite3_bind_int64(s, 4, (sqlite3_int64)g->seed);
    text(s, 5, g->spec[0]);
    text(s, 6, g->spec[1]);
    text(s, 7, g->token[0]);
    text(s, 8, g->token[1]);
    sqlite3_bind_int64(s, 9, g->created);
    sqlite3_bind_int(s, 10, g->status);
    sqlite3_bind_int(s, 11, g->winner);
    sqlite3_bind_int(s, 12, g->score[0]);
    sqlite3_bind_int(s, 13, g->score[1]);
    sqlite3_bind_int(s, 14, g->plies);
    int rc = run(s);
    if (rc)
        say(err, err_size, "create a game", st->db);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_move(serve_store *st, const char *id, int ply, const char *move, int status, int winner,
               const int32_t score[2], char *err, size_t err_size)
{
    pthread_mutex_lock(&st->lock);
    int rc = run(st->begin);
    if (!rc) {
        sqlite3_stmt *m = st->insert_move, *u = st->update_game;
        text(m, 1, id);
        sqlite3_bind_int(m, 2, ply);
        text(m, 3, move);
        sqlite3_bind_int(u, 1, status);
        sqlite3_bind_int(u, 2, winner);
        sqlite3_bind_int(u, 3, score[0]);
        sqlite3_bind_int(u, 4, score[1]);
        sqlite3_bind_int(u, 5, ply + 1);
        text(u, 6, id);
        sqlite3_bind_int(u, 7, ply);
        rc = run(m) || run(u) || sqlite3_changes(st->db) != 1 || run(st->commit);
        if (rc) {
            say(err, err_size, "store a move", st->db);
            run(st->rollback);
        }
    } else {
        say(err, err_size, "store a move", st->db);
    }
    pthread_mutex_unlock(&st->lock);
    return rc ? -1 : 0;
}

static void copy(char *dst, size_t size, const unsigned char *src)
{
    snprintf(dst, size, "%s", src ? (const char *)src : "");
}

int store_load(serve_store *st, const char *id, store_game *g, char ***moves, int *n, char *err, size_t err_size)
{
    *moves = NULL, *n = 0;
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = NULL;
    int found = -1;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT ruleset, options, seed, p1, p2, token1, token2, created, status, winner, score1,"
                           " score2, plies FROM games WHERE id=?",
                           -1, &s, NULL) != SQLITE_OK)
        goto out;
    text(s, 1, id);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_DONE) {
        found = 0;
        goto out;
    }
    if (rc != SQLITE_ROW)
        goto out;
    memset(g, 0, sizeof *g);
    snprintf(g->id, sizeof g->id, "%s", id);
    copy(g->ruleset, sizeof g->ruleset, sqlite3_column_text(s, 0));
    copy(g->options, sizeof g->options, sqlite3_column_text(s, 1));
    g->seed = (uint64_t)sqlite3_column_int64(s, 2);
    copy(g->spec[0], sizeof g->spec[0], sqlite3_column_text(s, 3));
    copy(g->spec[1], sizeof g->spec[1], sqlite3_column_text(s, 4));
    copy(g->token[0], sizeof g->token[0], sqlite3_column_text(s, 5));
    copy(g->token[1], sizeof g->token[1], sqlite3_column_text(s, 6));
    g->created = sqlite3_column_int64(s, 7);
    g->status = sqlite3_column_int(s, 8);
    g->winner = sqlite3_column_int(s, 9);
    g->score[0] = sqlite3_column_int(s, 10);
    g->score[1] = sqlite3_column_int(s, 11);
    g->plies = sqlite3_column_int(s, 12);
    sqlite3_finalize(s);
    s = NULL;
    if (sqlite3_prepare_v2(st->db, "SELECT move FROM moves WHERE game=? ORDER BY ply", -1, &s, NULL) != SQLITE_OK)
        goto out;
    text(s, 1, id);
    int cap = g->plies > 0 ? g->plies : 1;
    char **list = calloc((size_t)cap, sizeof *list);
    if (!list)
        goto out;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW && *n < cap) {
        const unsigned char *m = sqlite3_column_text(s, 0);
        if (!(list[*n] = strdup(m ? (const char *)m : "")))
            break;
        (*n)++;
    }
    *moves = list;
    found = *n == g->plies ? 1 : -1;
    if (found < 0) {
        snprintf(err, err_size, "database: game %s has %d moves stored, not %d", id, *n, g->plies);
        store_free_moves(list, *n);
        *moves = NULL, *n = 0;
        sqlite3_finalize(s);
        pthread_mutex_unlock(&st->lock);
        return -1;
    }
out:
    if (found < 0)
        say(err, err_size, "load a game", st->db);
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->lock);
    return found;
}

void store_free_moves(char **moves, int n)
{
    for (int i = 0; i < n; i++)
        free(moves[i]);
    free(moves);
}

int store_ongoing(serve_store *st, char (**ids)[STORE_ID], int *n, char *err, size_t err_size)
{
    *ids = NULL, *n = 0;
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = NULL;
    int rc = -1, cap = 0;
    if (sqlite3_prepare_v2(st->db, "SELECT id FROM games WHERE status=0 ORDER BY created", -1, &s, NULL) == SQLITE_OK) {
        int step;
        while ((step = sqlite3_step(s)) == SQLITE_ROW) {
            if (*n == cap) {
                cap = cap ? 2 * cap : 64;
                char(*more)[STORE_ID] = realloc(*ids, (size_t)cap * sizeof **ids);
                if (!more)
                    break;
                *ids = more;
            }
            copy((*ids)[(*n)++], STORE_ID, sqlite3_column_text(s, 0));
        }
        rc = step == SQLITE_DONE ? 0 : -1;
    }
    if (rc)
        say(err, err_size, "list the ongoing games", st->db);
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_totals(serve_store *st, void (*fn)(void *ctx, const char *ruleset, const int64_t counts[3]), void *ctx)
{
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT ruleset, sum(winner=1), sum(winner=2), sum(winner=0) FROM games WHERE status=1"
                           " GROUP BY ruleset",
                           -1, &s, NULL) == SQLITE_OK) {
        int step;
        while ((step = sqlite3_step(s)) == SQLITE_ROW) {
            int64_t c[3] = {sqlite3_column_int64(s, 1), sqlite3_column_int64(s, 2), sqlite3_column_int64(s, 3)};
            fn(ctx, (const char *)sqlite3_column_text(s, 0), c);
        }
        rc = step == SQLITE_DONE ? 0 : -1;
    }
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

/* "games":N,"first":a,... with percentages of the finished games. */
static void counts_json(tv_buf *out, int64_t first, int64_t second, int64_t draws)
{
    int64_t n = first + second + draws;
    double d = n ? 100.0 / (double)n : 0;
    tv_buf_printf(out,
                "\"games\":%lld,\"first\":%lld,\"second\":%lld,\"draws\":%lld,\"first_pct\":%.2f,"
                "\"second_pct\":%.2f,\"draws_pct\":%.2f",
                (long long)n, (long long)first, (long long)second, (long long)draws, (double)first * d,
                (double)second * d, (double)draws * d);
}

int store_stats_json(serve_store *st, const char *ruleset, tv_buf *out)
{
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = NULL;
    int rc = -1;
    int64_t total[3] = {0, 0, 0};
    if (sqlite3_prepare_v2(st->db,
                           "SELECT options, sum(winner=1), sum(winner=2), sum(winner=0) FROM games"
                           " WHERE status=1 AND ruleset=? GROUP BY options ORDER BY count(*) DESC, options",
                           -1, &s, NULL) == SQLITE_OK) {
        text(s, 1, ruleset);
        tv_buf_puts(out, "\"variants\":[");
        int step, first = 1;
        while ((step = sqlite3_step(s)) == SQLITE_ROW) {
            int64_t c[3] = {sqlite3_column_int64(s, 1), sqlite3_column_int64(s, 2), sqlite3_column_int64(s, 3)};
            tv_buf_puts(out, first ? "{" : ",{");
            json_key(out, "options", 1);
            json_string(out, (const char *)sqlite3_column_text(s, 0));
            tv_buf_puts(out, ",");
            counts_json(out, c[0], c[1], c[2]);
            tv_buf_puts(out, "}");
            for (int i = 0; i < 3; i++)
                total[i] += c[i];
            first = 0;
        }
        tv_buf_puts(out, "],\"total\":{");
        counts_json(out, total[0], total[1], total[2]);
        tv_buf_puts(out, "}");
        rc = step == SQLITE_DONE ? 0 : -1;
    }
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_recent_json(serve_store *st, const char *ruleset, int limit, const char *(*title)(const char *ruleset),
                      tv_buf *out)
{
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT id, ruleset, options, p1, p2, plies, status, winner, created FROM games"
                           " WHERE ?1 IS NULL OR ruleset=?1 ORDER BY created DESC, rowid DESC LIMIT ?2",
                           -1, &s, NULL) == SQLITE_OK) {
        if (ruleset)
            text(s, 1, ruleset);
        sqlite3_bind_int(s, 2, limit);
        tv_buf_puts(out, "[");
        int step, first = 1;
        while ((step = sqlite3_step(s)) == SQLITE_ROW) {
            const char *rs = (const char *)sqlite3_column_text(s, 1);
            int status = sqlite3_column_int(s, 6), winner = sqlite3_column_int(s, 7);
            tv_buf_puts(out, first ? "{" : ",{");
            static const char *const keys[] = {"id", "ruleset", "options", "p1", "p2"};
            for (int i = 0; i < 5; i++) {
                json_key(out, keys[i], i == 0);
                json_string(out, (const char *)sqlite3_column_text(s, i));
            }
            json_key(out, "title", 0);
            json_string(out, title(rs ? rs : ""));
            tv_buf_printf(out, ",\"ply\":%d,\"status\":\"%s\",\"winner\":", sqlite3_column_int(s, 5),
                        status ? "over" : "ongoing");
            if (status)
                tv_buf_printf(out, "%d", winner);
            else
                tv_buf_puts(out, "null");
            tv_buf_printf(out, ",\"created\":%lld}", (long long)sqlite3_column_int64(s, 8));
            first = 0;
        }
        tv_buf_puts(out, "]");
        rc = step == SQLITE_DONE ? 0 : -1;
    }
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->lock);
    return rc;
}
