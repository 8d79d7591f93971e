/* The games the server holds (serve_games.h). */
#define _POSIX_C_SOURCE 200809L
#include "serve_games.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "serve_catalog.h"
#include "serve_engine.h"

enum { BUCKETS = 4096, ERROR_MAX = 512 };

struct live_game {
    store_game row; /* as created; status, winner, scores and plies as stored */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    tavola_game *g;
    tavola_player *engine[2];
    char **moves; /* the moves played, as stored */
    int nmoves, cap;
    unsigned version; /* one more with every stored change */
    int thinking;     /* an engine's job is queued or running */
    char error[ERROR_MAX]; /* why the game cannot go on (an engine's failure) */
    /* under the table's lock: */
    int refs; /* the table's own, and one per holder */
    int over;
    live_game *next;
};

static const tavola_api *api;
static serve_store *store;
static games_config config;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static live_game *table[BUCKETS];
static int nongoing, nall;

/* ---- ids and tokens ------------------------------------------------------ */

static int random_bytes(unsigned char *b, size_t n)
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, b + got, n - got);
        if (k <= 0 && errno != EINTR)
            break;
        if (k > 0)
            got += (size_t)k;
    }
    close(fd);
    return got == n ? 0 : -1;
}

static int random_hex(char *out, size_t chars)
{
    unsigned char b[32];
    if (chars / 2 > sizeof b || random_bytes(b, chars / 2))
        return -1;
    for (size_t i = 0; i < chars / 2; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return 0;
}

static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n != STORE_ID - 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
            return 0;
    return 1;
}

/* Compares a token without leaking where it differs by its time. */
static int same_token(const char *kept, const char *given)
{
    size_t n = strlen(kept);
    if (n == 0 || strlen(given) != n)
        return 0;
    unsigned char d = 0;
    for (size_t i = 0; i < n; i++)
        d |= (unsigned char)(kept[i] ^ given[i]);
    return d == 0;
}

static unsigned bucket_of(const char *id)
{
    unsigned h = 2166136261u;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 16777619u;
    return h % BUCKETS;
}

/* ---- live games ---------------------------------------------------------- */

static void free_game(live_game *lg)
{
    for (int i = 0; i < 2; i++)
        if (lg->engine[i])
            api->player_free(lg->engine[i]);
    if (lg->g)
        api->game_free(lg->g);
    store_free_moves(lg->moves, lg->nmoves);
    pthread_mutex_destroy(&lg->lock);
    pthread_cond_destroy(&lg->changed);
    free(lg);
}

static int push_move(live_game *lg, const char *text)
{
    if (lg->nmoves == lg->cap) {
        int cap = lg->cap ? 2 * lg->cap : 64;
        char **more = realloc(lg->moves, (size_t)cap * sizeof *more);
        if (!more)
            return -1;
        lg->moves = more, lg->cap = cap;
    }
    if (!(lg->moves[lg->nmoves] = strdup(text)))
        return -1;
    lg->nmoves++;
    return 0;
}

static int is_human(const char *spec) { return !strcmp(spec, "human"); }

/* A live game from its row: the ruleset, the game from its seed, the
 * engines. NULL with the sentence in err. */
static live_game *make_game(const store_game *row, char *err, size_t err_size)
{
    live_game *lg = calloc(1, sizeof *lg);
    if (!lg) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    lg->row = *row;
    pthread_mutex_init(&lg->lock, NULL);
    pthread_cond_init(&lg->changed, NULL);
    int owned = 0;
    tavola_ruleset *rs = catalog_load(row->ruleset, row->options, &owned, err, err_size);
    if (!rs)
        goto fail;
    lg->g = api->game_new(rs, row->seed);
    if (!lg->g)
        snprintf(err, err_size, "%s", api->ruleset_error(rs));
    if (owned)
        api->ruleset_free(rs); /* the game keeps its ruleset */
    if (!lg->g)
        goto fail;
    for (int s = 0; s < 2; s++) {
        if (is_human(row->spec[s]))
            continue;
        char perr[ERROR_MAX];
        lg->engine[s] = api->player_new(api->game_ruleset(lg->g), row->spec[s], row->seed + 1 + (uint64_t)s, perr,
                                        sizeof perr);
        if (!lg->engine[s]) {
            snprintf(err, err_size, "p%d: %s", s + 1, perr);
            goto fail;
        }
    }
    return lg;
fail:
    free_game(lg);
    return NULL;
}

static void announce(live_game *lg)
{
    lg->version++;
    pthread_cond_broadcast(&lg->changed);
}

static void engine_turn(void *arg, engine_slot *slot);

/* With lg's lock held: queues the engine's move when an engine is to move. */
static void schedule(live_game *lg)
{
    if (lg->thinking || lg->error[0] || api->status(lg->g) != TAVOLA_ONGOING)
        return;
    int seat = api->to_move(lg->g) - 1;
    if (!lg->engine[seat])
        return;
    pthread_mutex_lock(&table_lock);
    lg->refs++; /* the job's */
    pthread_mutex_unlock(&table_lock);
    lg->thinking = 1;
    if (engine_submit(engine_turn, lg)) { /* cannot happen: the queue has room for every game */
        lg->thinking = 0;
        snprintf(lg->error, sizeof lg->error, "the engines' queue is full");
        games_put(lg);
    }
}

/* With lg's lock held, after a move is played in lg->g: stores it (text is
 * its text, ply the ply before it). 0, or -1 with the move taken back. */
static int keep_move(live_game *lg, const char *text, int ply, char *err, size_t err_size)
{
    int over = api->status(lg->g) == TAVOLA_OVER;
    int winner = over ? api->winner(lg->g) : -1;
    int32_t score[2] = {api->score(lg->g, 1), api->score(lg->g, 2)};
    if (push_move(lg, text)) {
        api->undo(lg->g);
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    if (store_move(store, lg->row.id, ply, text, over, winner, score, err, err_size)) {
        free(lg->moves[--lg->nmoves]);
        api->undo(lg->g);
        return -1;
    }
    lg->row.status = over, lg->row.winner = winner, lg->row.plies = ply + 1;
    lg->row.score[0] = score[0], lg->row.score[1] = score[1];
    if (over) {
        pthread_mutex_lock(&table_lock);
        lg->over = 1;
        nongoing--;
        pthread_mutex_unlock(&table_lock);
    }
    announce(lg);
    schedule(lg);
    return 0;
}

static void engine_turn(void *arg, engine_slot *slot)
{
    live_game *lg = arg;
    pthread_mutex_lock(&lg->lock);
    int seat = api->status(lg->g) == TAVOLA_ONGOING ? api->to_move(lg->g) - 1 : 0;
    tavola_player *p = lg->engine[seat];
    tavola_game *view = lg->error[0] || !p ? NULL : api->game_clone(lg->g);
    unsigned version = lg->version;
    pthread_mutex_unlock(&lg->lock);
    tavola_move m = 0;
    int rc = TAVOLA_ENOMEM;
    char why[ERROR_MAX] = "";
    if (view) { /* the search runs on a copy, so that the game can be shown meanwhile */
        engine_searching(slot, p);
        rc = api->player_choose(p, view, 0, 0, 0, &m);
        engine_searched(slot);
        if (rc < 0)
            snprintf(why, sizeof why, "%s", api->error(view));
        api->game_free(view);
    }
    pthread_mutex_lock(&lg->lock);
    lg->thinking = 0;
    if (p && !lg->error[0] && version == lg->version) {
        char text[TAVOLA_MOVE_TEXT_MAX] = "";
        int ply = api->ply(lg->g);
        if (rc >= 0 && api->move_text(lg->g, m, text, sizeof text) >= 0 && api->play(lg->g, m) >= 0) {
            if (keep_move(lg, text, ply, why, sizeof why) < 0)
                snprintf(lg->error, sizeof lg->error, "the engine's move %.40s could not be stored: %.300s", text, why);
        } else {
            snprintf(lg->error, sizeof lg->error, "the engine %.100s failed: %.300s", lg->row.spec[seat],
                     why[0] ? why : api->error(lg->g));
        }
        if (lg->error[0]) {
            fprintf(stderr, "tavola serve: game %s: %s\n", lg->row.id, lg->error);
            announce(lg);
        }
    }
    pthread_mutex_unlock(&lg->lock);
    games_put(lg);
}

static void insert(live_game *lg)
{
    unsigned b = bucket_of(lg->row.id);
    lg->next = table[b];
    table[b] = lg;
    lg->refs = 1;
    lg->over = lg->row.status != 0;
    nall++;
    nongoing += !lg->over;
}

/* With the table's lock held: frees finished games nobody holds, while
 * more than the bound are kept. */
static void evict(void)
{
    int bound = config.max_live + 1024;
    for (int b = 0; b < BUCKETS && nall > bound; b++)
        for (live_game **p = &table[b]; *p && nall > bound;) {
            live_game *lg = *p;
            if (lg->over && lg->refs == 1) {
                *p = lg->next;
                nall--;
                free_game(lg);
            } else {
                p = &lg->next;
            }
        }
}

/* A game from the store: its row, then its moves replayed. */
static live_game *load(const char *id, int *status, char *err, size_t err_size)
{
    store_game row;
    char **moves = NULL;
    int n = 0, found = store_load(store, id, &row, &moves, &n, err, err_size);
    if (found <= 0) {
        *status = found == 0 ? 404 : 500;
        if (found == 0)
            snprintf(err, err_size, "no game %s", id);
        return NULL;
    }
    live_game *lg = make_game(&row, err, err_size);
    for (int i = 0; lg && i < n; i++) {
        if (api->play_text(lg->g, moves[i]) < 0 || push_move(lg, moves[i])) {
            snprintf(err, err_size, "game %s: its move %d (%s) does not replay: %s", id, i + 1, moves[i],
                     api->error(lg->g));
            free_game(lg);
            lg = NULL;
        }
    }
    store_free_moves(moves, n);
    if (!lg)
        *status = 500;
    else
        lg->version = (unsigned)n; /* one stored change per move */
    return lg;
}

live_game *games_get(const char *id, int *status, char *err, size_t err_size)
{
    if (!valid_id(id)) {
        *status = 404;
        snprintf(err, err_size, "no game %.40s", id);
        return NULL;
    }
    pthread_mutex_lock(&table_lock);
    for (live_game *lg = table[bucket_of(id)]; lg; lg = lg->next)
        if (!strcmp(lg->row.id, id)) {
            lg->refs++;
            pthread_mutex_unlock(&table_lock);
            return lg;
        }
    pthread_mutex_unlock(&table_lock);
    live_game *lg = load(id, status, err, err_size);
    if (!lg)
        return NULL;
    pthread_mutex_lock(&table_lock);
    for (live_game *other = table[bucket_of(id)]; other; other = other->next)
        if (!strcmp(other->row.id, id)) { /* loaded meanwhile by another request */
            other->refs++;
            pthread_mutex_unlock(&table_lock);
            free_game(lg);
            return other;
        }
    insert(lg);
    lg->refs++;
    evict();
    pthread_mutex_unlock(&table_lock);
    pthread_mutex_lock(&lg->lock);
    schedule(lg);
    pthread_mutex_unlock(&lg->lock);
    return lg;
}

void games_put(live_game *lg)
{
    pthread_mutex_lock(&table_lock);
    lg->refs--;
    pthread_mutex_unlock(&table_lock);
}

const char *games_id(const live_game *lg) { return lg->row.id; }

int games_live(void)
{
    pthread_mutex_lock(&table_lock);
    int n = nongoing;
    pthread_mutex_unlock(&table_lock);
    return n;
}

/* ---- answers -------------------------------------------------------------- */

static int seat_of(const live_game *lg, const char *token)
{
    for (int s = 0; token && s < 2; s++)
        if (same_token(lg->row.token[s], token))
            return s + 1;
    return 0;
}

/* "White wins (13-9)", "a draw", "Black to move". */
static void result_text(const live_game *lg, tavola_game *g, char *buf, size_t size)
{
    const tavola_ruleset *rs = api->game_ruleset(g);
    int32_t a = api->score(g, 1), b = api->score(g, 2);
    char scores[48] = "";
    if (a || b)
        snprintf(scores, sizeof scores, " (%d-%d)", (int)a, (int)b);
    if (lg->error[0] && api->status(g) == TAVOLA_ONGOING)
        snprintf(buf, size, "stopped: %s", lg->error);
    else if (api->status(g) == TAVOLA_ONGOING)
        snprintf(buf, size, "%s to move%s", api->ruleset_player(rs, api->to_move(g)), scores);
    else if (api->winner(g) == 0)
        snprintf(buf, size, "a draw%s", scores);
    else
        snprintf(buf, size, "%s wins%s", api->ruleset_player(rs, api->winner(g)), scores);
}

/* A whole number in 0..max, or -1. */
static long parse_count(const char *s, long max)
{
    if (!s || !*s || strlen(s) > 9)
        return -1;
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (*s - '0');
    }
    return v <= max ? v : -1;
}

static int write_text(tv_buf *out, tavola_game *g, int how)
{
    int n = api->draw(g, how, NULL, 0);
    if (n < 0)
        return -1;
    char *buf = malloc((size_t)n + 1);
    if (!buf)
        return -1;
    api->draw(g, how, buf, (size_t)n + 1);
    json_string(out, buf);
    free(buf);
    return 0;
}

/* With lg's lock held: the game as GET /api/games/ID shows it, at view_ply. */
static int view_json(live_game *lg, int your_seat, int view_ply, int brief, tv_buf *out, char *err, size_t err_size)
{
    tavola_game *g = lg->g, *at = NULL;
    int ply = api->ply(g);
    if (view_ply < ply) { /* a copy taken back to that ply */
        if (!(at = api->game_clone(g))) {
            snprintf(err, err_size, "out of memory");
            return 500;
        }
        for (int i = ply; i > view_ply; i--)
            api->undo(at);
    }
    tavola_game *v = at ? at : g;
    const tavola_ruleset *rs = api->game_ruleset(g);
    int over = api->status(g) == TAVOLA_OVER;
    char result[ERROR_MAX + 64];
    result_text(lg, g, result, sizeof result);
    tv_buf_puts(out, "{");
    json_key(out, "id", 1);
    json_string(out, lg->row.id);
    json_key(out, "ruleset", 0);
    json_string(out, lg->row.ruleset);
    json_key(out, "title", 0);
    json_string(out, api->ruleset_title(rs));
    json_key(out, "options", 0);
    json_string(out, lg->row.options);
    tv_buf_printf(out, ",\"seed\":%llu,\"players\":[", (unsigned long long)lg->row.seed);
    json_string(out, api->ruleset_player(rs, 1));
    tv_buf_puts(out, ",");
    json_string(out, api->ruleset_player(rs, 2));
    tv_buf_puts(out, "],\"seats\":[");
    for (int s = 0; s < 2; s++) {
        tv_buf_printf(out, "%s{\"seat\":%d,\"kind\":\"%s\",\"spec\":", s ? "," : "", s + 1,
                    lg->engine[s] ? "engine" : "human");
        json_string(out, lg->row.spec[s]);
        tv_buf_puts(out, "}");
    }
    tv_buf_puts(out, "],\"your_seat\":");
    if (your_seat)
        tv_buf_printf(out, "%d", your_seat);
    else
        tv_buf_puts(out, "null");
    tv_buf_printf(out, ",\"ply\":%d,\"to_move\":%d,\"status\":\"%s\",\"winner\":", ply, api->to_move(g),
                over ? "over" : "ongoing");
    if (over)
        tv_buf_printf(out, "%d", api->winner(g));
    else
        tv_buf_puts(out, "null");
    tv_buf_printf(out, ",\"scores\":[%d,%d]", (int)api->score(g, 1), (int)api->score(g, 2));
    json_key(out, "result", 0);
    json_string(out, result);
    json_key(out, "error", 0);
    json_string(out, lg->error[0] ? lg->error : NULL);
    tv_buf_puts(out, ",\"history\":[");
    for (int i = 0; i < lg->nmoves; i++) {
        tv_buf_puts(out, i ? "," : "");
        json_string(out, lg->moves[i]);
    }
    tv_buf_puts(out, "],\"legal\":[");
    if (!at && !over && !lg->error[0]) {
        int cap = api->max_moves(rs);
        tavola_move *moves = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *moves);
        int n = moves ? api->legal_moves(g, moves, cap) : TAVOLA_ENOMEM;
        for (int i = 0; i < n; i++) {
            char text[TAVOLA_MOVE_TEXT_MAX];
            if (api->move_text(g, moves[i], text, sizeof text) >= 0) {
                tv_buf_puts(out, i ? "," : "");
                json_string(out, text);
            }
        }
        free(moves);
    }
    tv_buf_printf(out, "],\"thinking\":%s,\"view_ply\":%d,\"version\":%u", lg->thinking ? "true" : "false", view_ply,
                lg->version);
    if (!brief) {
        int n = api->position(v, NULL, 0);
        char *pos = n >= 0 ? malloc((size_t)n + 1) : NULL;
        if (pos)
            api->position(v, pos, (size_t)n + 1);
        json_key(out, "position", 0);
        json_string(out, pos ? pos : "");
        free(pos);
        json_key(out, "svg", 0);
        write_text(out, v, TAVOLA_DRAW_SVG_CELLS);
    }
    tv_buf_puts(out, "}");
    if (at)
        api->game_free(at);
    return out->failed ? 500 : 200;
}

int games_view(live_game *lg, const char *token, const char *ply, int brief, tv_buf *out, char *err, size_t err_size)
{
    pthread_mutex_lock(&lg->lock);
    int now = api->ply(lg->g), status;
    long at = ply ? parse_count(ply, now) : now;
    if (at < 0) {
        snprintf(err, err_size, "ply must be a whole number from 0 to %d", now);
        status = 400;
    } else {
        status = view_json(lg, seat_of(lg, token), (int)at, brief, out, err, err_size);
    }
    pthread_mutex_unlock(&lg->lock);
    return status;
}

int games_move(live_game *lg, const char *token, const char *move, const char *ply, int brief, tv_buf *out, char *err,
               size_t err_size)
{
    if (!move || !*move || strlen(move) >= TAVOLA_MOVE_TEXT_MAX) {
        snprintf(err, err_size, "a move is its text, 1 to %d characters", TAVOLA_MOVE_TEXT_MAX - 1);
        return 400;
    }
    pthread_mutex_lock(&lg->lock);
    tavola_game *g = lg->g;
    int seat = seat_of(lg, token), now = api->ply(g), status = 200;
    long seen = ply ? parse_count(ply, 1L << 30) : now;
    const tavola_ruleset *rs = api->game_ruleset(g);
    tavola_move m;
    char text[TAVOLA_MOVE_TEXT_MAX];
    if (!token || !*token) {
        snprintf(err, err_size, "token is missing: the secret of your seat");
        status = 400;
    } else if (!seat) {
        snprintf(err, err_size, "this token holds no seat of game %s", lg->row.id);
        status = 403;
    } else if (api->status(g) == TAVOLA_OVER) {
        snprintf(err, err_size, "the game is over");
        status = 409;
    } else if (lg->error[0]) {
        snprintf(err, err_size, "the game cannot go on: %s", lg->error);
        status = 409;
    } else if (api->to_move(g) != seat) {
        snprintf(err, err_size, "it is not your move: %s is to move", api->ruleset_player(rs, api->to_move(g)));
        status = 403;
    } else if (seen < 0) {
        snprintf(err, err_size, "ply must be a whole number");
        status = 400;
    } else if (seen != now) {
        snprintf(err, err_size, "the game is at ply %d, not %ld: look again", now, seen);
        status = 409;
    } else if (api->move_parse(g, move, &m) < 0 || api->move_text(g, m, text, sizeof text) < 0) {
        snprintf(err, err_size, "%s", api->error(g));
        status = 400;
    } else if (api->play(g, m) < 0) {
        snprintf(err, err_size, "%s", api->error(g));
        status = 400;
    } else if (keep_move(lg, text, now, err, err_size) < 0) {
        status = 500;
    } else {
        status = view_json(lg, seat, now + 1, brief, out, err, err_size);
    }
    pthread_mutex_unlock(&lg->lock);
    return status;
}

/* A record's tag value: '"' and '\' escaped, controls as \n \r \t or \xHH. */
static void tag(tv_buf *out, const char *name, const char *value)
{
    tv_buf_printf(out, "[%s \"", name);
    for (const unsigned char *s = (const unsigned char *)value; *s; s++) {
        if (*s == '"' || *s == '\\')
            tv_buf_printf(out, "\\%c", *s);
        else if (*s == '\n')
            tv_buf_puts(out, "\\n");
        else if (*s == '\r')
            tv_buf_puts(out, "\\r");
        else if (*s == '\t')
            tv_buf_puts(out, "\\t");
        else if (*s < 0x20 || *s == 0x7f)
            tv_buf_printf(out, "\\x%02X", *s);
        else
            tv_buf_put(out, (const char *)s, 1);
    }
    tv_buf_puts(out, "\"]\n");
}

int games_record(live_game *lg, tv_buf *out)
{
    pthread_mutex_lock(&lg->lock);
    tavola_game *g = lg->g;
    char seed[24], scores[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)lg->row.seed);
    snprintf(scores, sizeof scores, "%d,%d", (int)api->score(g, 1), (int)api->score(g, 2));
    int w = api->winner(g);
    tag(out, "Game", lg->row.ruleset);
    tag(out, "Options", lg->row.options);
    tag(out, "Seed", seed);
    tag(out, "P1", lg->row.spec[0]);
    tag(out, "P2", lg->row.spec[1]);
    tag(out, "Result", api->status(g) != TAVOLA_OVER ? "*" : w == 1 ? "1-0" : w == 2 ? "0-1" : "1/2-1/2");
    tag(out, "Scores", scores);
    if (lg->error[0])
        tag(out, "Error", lg->error);
    for (int i = 0; i < lg->nmoves; i++) {
        tv_buf_puts(out, i ? " " : "");
        tv_buf_puts(out, lg->moves[i]);
    }
    tv_buf_puts(out, "\n\n");
    pthread_mutex_unlock(&lg->lock);
    return out->failed ? 500 : 200;
}

int games_position(live_game *lg, tv_buf *out)
{
    pthread_mutex_lock(&lg->lock);
    int n = api->position(lg->g, NULL, 0);
    char *pos = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (pos) {
        api->position(lg->g, pos, (size_t)n + 1);
        tv_buf_puts(out, pos);
        tv_buf_puts(out, "\n");
    }
    free(pos);
    pthread_mutex_unlock(&lg->lock);
    return pos && !out->failed ? 200 : 500;
}

int games_wait(live_game *lg, unsigned *version, long ms, tv_buf *out)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += ms % 1000 * 1000000L;
    if (until.tv_nsec >= 1000000000L)
        until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&lg->lock);
    while (lg->version == *version)
        if (pthread_cond_timedwait(&lg->changed, &lg->lock, &until) == ETIMEDOUT)
            break;
    int changed = lg->version != *version;
    if (changed) {
        *version = lg->version;
        tv_buf_printf(out, "{\"version\":%u,\"ply\":%d,\"status\":\"%s\",\"thinking\":%s}", lg->version,
                    api->ply(lg->g), api->status(lg->g) == TAVOLA_OVER ? "over" : "ongoing",
                    lg->thinking ? "true" : "false");
    }
    pthread_mutex_unlock(&lg->lock);
    return changed;
}

/* ---- creating ------------------------------------------------------------- */

static int check_field(const char *value, size_t max, const char *name, char *err, size_t err_size)
{
    if (!value || !*value) {
        snprintf(err, err_size, "%s is missing", name);
        return -1;
    }
    if (strlen(value) >= max) {
        snprintf(err, err_size, "%s is longer than %zu characters", name, max - 1);
        return -1;
    }
    return 0;
}

int games_create(const char *ruleset, const char *options, const char *p1, const char *p2, const char *seed,
                 tv_buf *out, char *err, size_t err_size)
{
    if (check_field(ruleset, STORE_NAME, "ruleset", err, err_size) ||
        check_field(p1, STORE_SPEC, "p1", err, err_size) || check_field(p2, STORE_SPEC, "p2", err, err_size))
        return 400;
    if (!options)
        options = "";
    if (strlen(options) >= STORE_OPTIONS) {
        snprintf(err, err_size, "options are longer than %d characters", STORE_OPTIONS - 1);
        return 400;
    }
    store_game row = {0};
    if (seed && *seed) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(seed, &end, 10);
        if (*seed < '0' || *seed > '9' || *end || errno || v > INT64_MAX) {
            snprintf(err, err_size, "seed must be a whole number from 0 to %lld", (long long)INT64_MAX);
            return 400;
        }
        row.seed = v;
    } else {
        unsigned char b[8];
        if (random_bytes(b, sizeof b)) {
            snprintf(err, err_size, "no random seed");
            return 500;
        }
        for (int i = 0; i < 8; i++)
            row.seed = row.seed << 8 | b[i];
        row.seed &= (UINT64_C(1) << 53) - 1; /* a JSON number every reader takes exactly */
    }
    if (!catalog_title(ruleset)) {
        snprintf(err, err_size, "no ruleset named \"%.64s\" here", ruleset);
        return 404;
    }
    int owned = 0;
    tavola_ruleset *rs = catalog_load(ruleset, options, &owned, err, err_size);
    if (!rs)
        return 400;
    snprintf(row.ruleset, sizeof row.ruleset, "%s", ruleset);
    int long_options = strlen(api->ruleset_options(rs)) >= sizeof row.options;
    snprintf(row.options, sizeof row.options, "%s", api->ruleset_options(rs));
    if (owned)
        api->ruleset_free(rs);
    if (long_options) { /* kept whole or not at all: a game replays with its options */
        snprintf(err, err_size, "the options in force are longer than %d characters", STORE_OPTIONS - 1);
        return 400;
    }
    snprintf(row.spec[0], sizeof row.spec[0], "%s", p1);
    snprintf(row.spec[1], sizeof row.spec[1], "%s", p2);
    if (random_hex(row.id, STORE_ID - 1) || (is_human(p1) && random_hex(row.token[0], STORE_TOKEN - 1)) ||
        (is_human(p2) && random_hex(row.token[1], STORE_TOKEN - 1))) {
        snprintf(err, err_size, "no random id");
        return 500;
    }
    row.created = (int64_t)time(NULL);
    row.winner = -1;
    live_game *lg = make_game(&row, err, err_size);
    if (!lg)
        return 400;
    pthread_mutex_lock(&table_lock);
    int full = nongoing >= config.max_live;
    if (!full)
        nongoing++; /* held for this game while it is stored */
    pthread_mutex_unlock(&table_lock);
    if (full) {
        snprintf(err, err_size, "the server holds %d ongoing games, its most: try later", config.max_live);
        free_game(lg);
        return 503;
    }
    if (store_create(store, &row, err, err_size)) {
        pthread_mutex_lock(&table_lock);
        nongoing--;
        pthread_mutex_unlock(&table_lock);
        free_game(lg);
        return 500;
    }
    pthread_mutex_lock(&table_lock);
    nongoing--;
    insert(lg);
    evict();
    pthread_mutex_unlock(&table_lock);
    pthread_mutex_lock(&lg->lock);
    schedule(lg);
    pthread_mutex_unlock(&lg->lock);
    tv_buf_puts(out, "{");
    json_key(out, "id", 1);
    json_string(out, row.id);
    static const char *const seats[2] = {"1", "2"};
    for (int k = 0; k < 2; k++) {
        tv_buf_puts(out, k ? "},\"links\":{" : ",\"tokens\":{");
        int first = 1;
        for (int s = 0; s < 2; s++) {
            if (!row.token[s][0])
                continue;
            char link[64];
            snprintf(link, sizeof link, "/#/game/%s/seat/%s", row.id, row.token[s]);
            json_key(out, seats[s], first);
            json_string(out, k ? link : row.token[s]);
            first = 0;
        }
    }
    tv_buf_puts(out, "}}");
    return out->failed ? 500 : 201;
}

/* ---- start and stop -------------------------------------------------------- */

int games_start(const tavola_api *t, serve_store *st, const games_config *cfg, char *err, size_t err_size)
{
    api = t, store = st, config = *cfg;
    /* Each game has at most one engine job at a time: room for all. */
    if (engine_start(t, cfg->workers, cfg->max_live + 64, cfg->engine_ms)) {
        snprintf(err, err_size, "cannot start the engines' threads");
        return -1;
    }
    char (*ids)[STORE_ID] = NULL;
    int n = 0;
    if (store_ongoing(st, &ids, &n, err, err_size))
        return -1;
    for (int i = 0; i < n; i++) {
        int status;
        char why[ERROR_MAX];
        live_game *lg = games_get(ids[i], &status, why, sizeof why);
        if (lg)
            games_put(lg);
        else
            fprintf(stderr, "tavola serve: %s\n", why);
    }
    free(ids);
    return 0;
}

static void drop_job(void *arg) { games_put(arg); }

void games_stop(void)
{
    engine_stop(drop_job);
    pthread_mutex_lock(&table_lock);
    for (int b = 0; b < BUCKETS; b++)
        while (table[b]) {
            live_game *lg = table[b];
            table[b] = lg->next;
            free_game(lg);
        }
    nall = nongoing = 0;
    pthread_mutex_unlock(&table_lock);
}
