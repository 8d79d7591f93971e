/* UGI, the Universal Game Interface (UCI for any game), through the ABI: the
 * command loop, positions and queries. The options are in cli_ugi_options.c,
 * go and the search thread in cli_ugi_search.c. The main thread reads
 * commands; a search runs in other threads, so that "stop", "isready" and
 * "quit" are answered while it thinks. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_ugi.h"
#include "cli_ugi_engine.h"

#define LINE_MAX_LEN 65536

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

void ugi_say(ugi_engine *e, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&out_lock);
    va_start(ap, fmt);
    vfprintf(e->out, fmt, ap);
    va_end(ap);
    fputc('\n', e->out);
    fflush(e->out);
    pthread_mutex_unlock(&out_lock);
}

/* An error quotes what the client sent and what the ruleset and the library
 * said: through cli_printable, so that no byte of theirs ends the line or
 * reaches the manager's terminal or log as a control. */
void ugi_error(ugi_engine *e, const char *fmt, ...)
{
    char raw[2048], msg[4 * sizeof raw];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    cli_printable(raw, msg, sizeof msg);
    pthread_mutex_lock(&out_lock);
    fprintf(e->out, "info string error %s\n", msg);
    fflush(e->out);
    if (e->log) {
        fprintf(e->log, "tavola ugi: error: %s\n", msg);
        fflush(e->log);
    }
    pthread_mutex_unlock(&out_lock);
}

static unsigned long long mix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Game 1 (the first uginewgame, or none yet) has SetupSeed itself, game k
 * SetupSeed + k - 1: two engines told the same see the same startpos. */
unsigned long long ugi_setup_seed(const ugi_engine *e) { return e->setup + (e->games ? e->games - 1 : 0); }

/* Each player of each game gets a stream of its own, from Seed, the game's
 * number and how many players this game had before it. */
unsigned long long ugi_stream_seed(ugi_engine *e)
{
    return mix(e->seed ^ mix(e->games ^ mix(e->players_made++)));
}

/* Whether the start position depends on the seed (a random setup): the
 * starts of a few seeds compared. */
static int setup_varies(tavola_ruleset *rs)
{
    const tavola_api *t = cli_api();
    char first[4096], other[4096];
    int varies = 0;
    for (unsigned long long seed = 1; seed <= 4 && !varies; seed++) {
        tavola_game *g = t->game_new(rs, seed);
        if (!g)
            return 0;
        int n = t->position(g, seed == 1 ? first : other, sizeof first);
        t->game_free(g);
        if (n < 0 || n >= (int)sizeof first)
            return 0;
        varies = seed > 1 && strcmp(first, other) != 0;
    }
    return varies;
}

int ugi_load(ugi_engine *e, const char *options, char *err, size_t size)
{
    tavola_ruleset *rs = cli_api()->ruleset_load(e->name, options, err, size);
    if (!rs)
        return -1;
    tavola_game *g = cli_api()->game_new(rs, ugi_setup_seed(e));
    if (!g) {
        snprintf(err, size, "%s", cli_api()->ruleset_error(rs));
        cli_api()->ruleset_free(rs);
        return -1;
    }
    cli_api()->game_free(e->g);
    cli_api()->ruleset_free(e->rs);
    ugi_drop_player(e);
    e->rs = rs;
    e->g = g;
    e->broken = 0;
    e->random_setup = setup_varies(rs);
    snprintf(e->options, sizeof e->options, "%s", cli_api()->ruleset_options(rs));
    return 0;
}

/* A new game: the pending options are loaded, the setup and the players'
 * streams move on to the next game's. */
static void cmd_newgame(ugi_engine *e)
{
    e->games++;
    e->players_made = 0;
    ugi_apply(e);
    tavola_game *g = cli_api()->game_new(e->rs, ugi_setup_seed(e));
    if (!g) {
        ugi_error(e, "uginewgame: %s", cli_api()->ruleset_error(e->rs));
        return;
    }
    cli_api()->game_free(e->g);
    e->g = g;
    e->broken = 0;
    ugi_drop_player(e); /* the next go makes one with the new game's stream */
}

/* The fields of a command's arguments, split at spaces and tabs (in place). */
enum { UGI_FIELDS_MAX = LINE_MAX_LEN / 2 + 1 }; /* as many as a line can hold */
static int split_fields(char *args, char **field, int max)
{
    int n = 0;
    for (char *save, *f = strtok_r(args, " \t", &save); f && n < max; f = strtok_r(NULL, " \t", &save))
        field[n++] = f;
    return n;
}

/* position startpos|fen POS [moves m1 m2 ...], read by fields: the position
 * is every field after fen up to a field that is exactly "moves" (a position
 * whose text holds the word, as a board row may, is not cut there). A
 * refused one leaves no position at all: the queries answer as for no game
 * (gameover true, result none) until a position is taken, and go answers
 * bestmove none. */
static void cmd_position(ugi_engine *e, char *args)
{
    const tavola_api *t = cli_api();
    static char *field[UGI_FIELDS_MAX]; /* the engine thread alone reads commands */
    int n = split_fields(args, field, UGI_FIELDS_MAX), at = n;
    for (int i = 1; i < n && at == n; i++)
        if (strcmp(field[i], "moves") == 0)
            at = i;
    e->broken = 1;
    tavola_game *g = t->game_new(e->rs, ugi_setup_seed(e));
    if (!g) {
        ugi_error(e, "position: %s", t->ruleset_error(e->rs));
        return;
    }
    int ok = 1;
    if (n > 0 && strcmp(field[0], "startpos") == 0 && at == 1) {
        char start[4096];
        int len = e->random_setup ? t->position(g, start, sizeof start) : -1;
        if (len > 0 && len < (int)sizeof start) /* what a record needs to replay this game: its drawn start */
            ugi_say(e, "info string startpos is fen %s", start);
    } else if (n > 0 && strcmp(field[0], "fen") == 0 && at > 1) {
        for (int i = 2; i < at; i++)
            field[i][-1] = ' '; /* the position's fields, joined again */
        if (t->set_position(g, field[1])) {
            ugi_error(e, "%s (no position until the next one)", t->error(g));
            ok = 0;
        }
    } else if (n > 0 && (strcmp(field[0], "startpos") == 0 || strcmp(field[0], "fen") == 0)) {
        ugi_error(e, "position: %s (no position until the next one)",
                  field[0][0] == 's' ? "startpos is followed by moves or nothing" : "fen needs a position");
        ok = 0;
    } else {
        ugi_error(e, "position: expected startpos or fen (no position until the next one)");
        ok = 0;
    }
    int ply = 0;
    for (int i = at + 1; ok && i < n; i++) {
        char *m = field[i];
        ply++;
        if (t->play_text(g, m)) {
            ugi_error(e, "position: move %d '%.40s' refused: %s (no position until the next one)", ply, m,
                      t->error(g));
            ok = 0;
        }
    }
    if (!ok) {
        t->game_free(g);
        return;
    }
    t->game_free(e->g);
    e->g = g;
    e->broken = 0;
}

static void cmd_query(ugi_engine *e, const char *what)
{
    const tavola_api *t = cli_api();
    int over = e->broken || t->status(e->g) == TAVOLA_OVER;
    if (strcmp(what, "gameover") == 0) {
        ugi_say(e, "response %s", over ? "true" : "false");
    } else if (strcmp(what, "p1turn") == 0) {
        ugi_say(e, "response %s", !e->broken && t->to_move(e->g) == 1 ? "true" : "false");
    } else if (strcmp(what, "result") == 0) {
        int w = e->broken ? -1 : t->winner(e->g);
        ugi_say(e, "response %s", w == 1 ? "p1win" : w == 2 ? "p2win" : w == 0 ? "draw" : "none");
    } else {
        ugi_error(e, "query: expected gameover, p1turn or result");
    }
}

int ugi_run(FILE *in, FILE *out, FILE *log, const char *ruleset, const char *options, unsigned long long seed,
            long max_ms)
{
    ugi_engine *e = calloc(1, sizeof *e);
    char *line = malloc(LINE_MAX_LEN);
    if (!e || !line) {
        free(e);
        free(line);
        fprintf(out, "info string error out of memory\n");
        return 1;
    }
    e->out = out;
    e->log = log;
    e->max_ms = max_ms;
    snprintf(e->name, sizeof e->name, "%s", ruleset);
    snprintf(e->options, sizeof e->options, "%s", options ? options : "");
    snprintf(e->player_spec, sizeof e->player_spec, "%s", UGI_DEFAULT_PLAYER);
    e->seed = e->setup = seed & (unsigned long long)UGI_SPIN_MAX; /* within the options' declared range */
    e->overhead = UGI_DEFAULT_OVERHEAD;
    snprintf(e->kept_spec, sizeof e->kept_spec, "%s", UGI_DEFAULT_PLAYER);
    char err[1024];
    if (ugi_load(e, e->options, err, sizeof err)) {
        ugi_error(e, "%s", err);
        free(e);
        free(line);
        return 1;
    }
    while (fgets(line, LINE_MAX_LEN, in)) {
        size_t len = strlen(line);
        if (len == LINE_MAX_LEN - 1 && line[len - 1] != '\n') { /* an over-long line: skip the rest */
            int c;
            while ((c = fgetc(in)) != EOF && c != '\n')
                ;
            ugi_error(e, "line too long");
            continue;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' ||
                       line[len - 1] == '\t'))
            line[--len] = '\0';
        char *cmd = line;
        while (*cmd == ' ' || *cmd == '\t')
            cmd++;
        char *args = strchr(cmd, ' ');
        if (args)
            *args++ = '\0';
        else
            args = cmd + strlen(cmd);
        while (*args == ' ')
            args++;
        if (!*cmd)
            continue;
        if (strcmp(cmd, "quit") == 0)
            break;
        if (strcmp(cmd, "stop") == 0) {
            ugi_stop_search(e);
            continue;
        }
        if (strcmp(cmd, "isready") == 0) {
            if (!e->searching)
                ugi_apply(e);
            ugi_say(e, "readyok");
            continue;
        }
        if (e->searching && e->infinite) { /* only stop, isready and quit until stopped */
            ugi_error(e, "busy searching: %.60s", cmd);
            continue;
        }
        ugi_finish_search(e); /* a bounded search ends by itself: then the command */
        if (strcmp(cmd, "ugi") == 0)
            ugi_cmd_hello(e);
        else if (strcmp(cmd, "uginewgame") == 0)
            cmd_newgame(e);
        else if (strcmp(cmd, "setoption") == 0)
            ugi_cmd_setoption(e, args);
        else if (strcmp(cmd, "position") == 0)
            ugi_apply(e), cmd_position(e, args);
        else if (strcmp(cmd, "go") == 0)
            ugi_apply(e), ugi_cmd_go(e, args);
        else if (strcmp(cmd, "query") == 0)
            ugi_apply(e), cmd_query(e, args);
        else
            ugi_error(e, "unknown command '%.60s'", cmd);
    }
    ugi_stop_search(e);
    ugi_drop_player(e);
    cli_api()->game_free(e->g);
    cli_api()->ruleset_free(e->rs);
    free(e);
    free(line);
    return 0;
}

int cmd_ugi(int argc, char **argv)
{
    static play_args pa;
    int rc = cli_parse_play_args(argc, argv, &pa, 0);
    if (rc)
        return rc;
    return ugi_run(stdin, stdout, stderr, pa.name, pa.options, pa.seeded ? pa.seed : 0, 0);
}
