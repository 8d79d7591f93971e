/* UGI, the Universal Game Interface (UCI for any game), through the ABI.
 * The main thread reads commands; a search runs in a worker thread so that
 * "stop", "isready" and "quit" are answered while it thinks. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "cli_ugi.h"

#define LINE_MAX_LEN 65536

typedef struct engine {
    FILE *out;
    long max_ms; /* caps every search (0: no cap) */
    char name[4096];
    /* The ruleset's options in force ("k=v,...", each declared option once,
     * as ruleset_options gives them after every load): a setoption appends
     * one pair, and the load that follows folds it in, so the text never
     * outgrows the ruleset's options (at most 32 of 64 + 256 characters). */
    char options[16384];
    char player_spec[256];
    unsigned long long seed;
    tavola_ruleset *rs;
    tavola_game *g;
    tavola_player *player;
    pthread_t worker;
    int searching;
    long ms, nodes;
    int depth, infinite;
} engine;

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void say(engine *e, const char *fmt, ...)
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

/* (Re)loads the ruleset with the options in force and starts a new game. */
static int load(engine *e)
{
    char err[1024];
    tavola_ruleset *rs = cli_api()->ruleset_load(e->name, e->options, err, sizeof err);
    if (!rs) {
        say(e, "info string error %s", err);
        return -1;
    }
    tavola_game *g = cli_api()->game_new(rs, e->seed);
    if (!g) {
        say(e, "info string error %s", cli_api()->ruleset_error(rs));
        cli_api()->ruleset_free(rs);
        return -1;
    }
    cli_api()->game_free(e->g);
    cli_api()->ruleset_free(e->rs);
    cli_api()->player_free(e->player);
    e->player = NULL;
    e->rs = rs;
    e->g = g;
    snprintf(e->options, sizeof e->options, "%s", cli_api()->ruleset_options(rs));
    return 0;
}

static void *search(void *arg)
{
    engine *e = arg;
    const tavola_api *t = cli_api();
    tavola_move m;
    char text[32];
    if (t->player_choose(e->player, e->g, e->ms, e->nodes, e->depth, &m)) {
        say(e, "info string error %s", t->error(e->g));
        say(e, "bestmove none");
        return NULL;
    }
    int depth;
    uint64_t nodes;
    int64_t score;
    long ms;
    t->player_info(e->player, &depth, &nodes, &score, &ms);
    t->move_text(e->g, m, text, sizeof text);
    say(e, "info depth %d nodes %llu score %lld time %ld", depth, (unsigned long long)nodes, (long long)score, ms);
    say(e, "bestmove %s", text);
    return NULL;
}

static void finish_search(engine *e)
{
    if (e->searching) {
        pthread_join(e->worker, NULL);
        e->searching = 0;
    }
}

static void stop_search(engine *e)
{
    if (e->searching)
        cli_api()->player_stop(e->player);
    finish_search(e);
}

static const char *const players[] = {"mcts", "alphabeta", "greedy", "random", "solver", NULL};

static void cmd_ugi_hello(engine *e)
{
    char title[1024];
    say(e, "id name tavola %s %s", cli_api()->version, cli_printable(cli_api()->ruleset_title(e->rs), title, sizeof title));
    say(e, "id author the tavola developers");
    say(e, "option name Player type combo default %s var mcts var alphabeta var greedy var random var solver",
        e->player_spec);
    say(e, "option name Seed type spin default %llu min 0 max 2147483647", e->seed);
    for (int i = 0; i < cli_api()->ruleset_option_count(e->rs); i++) {
        const char *name, *def, *doc;
        cli_api()->ruleset_option(e->rs, i, &name, &def, &doc);
        int is_bool = strcmp(def, "true") == 0 || strcmp(def, "false") == 0;
        say(e, "option name %s type %s default %s", name, is_bool ? "check" : "string", def);
    }
    say(e, "ugiok");
}

/* setoption name NAME value VALUE */
static void cmd_setoption(engine *e, char *args)
{
    char *name = strstr(args, "name ");
    char *value = strstr(args, " value ");
    if (!name || !value || value < name) {
        say(e, "info string error setoption: expected 'setoption name NAME value VALUE'");
        return;
    }
    *value = '\0';
    name += 5;
    value += 7;
    if (strcmp(name, "Player") == 0) {
        int ok = 0;
        for (int i = 0; players[i] && !ok; i++)
            ok = strncmp(value, players[i], strlen(players[i])) == 0;
        char err[256];
        tavola_player *p = ok ? cli_api()->player_new(e->rs, value, e->seed, err, sizeof err) : NULL;
        if (!p) {
            say(e, "info string error Player: %s", ok ? err : "unknown player");
            return;
        }
        cli_api()->player_free(p);
        snprintf(e->player_spec, sizeof e->player_spec, "%s", value);
        cli_api()->player_free(e->player);
        e->player = NULL;
    } else if (strcmp(name, "Seed") == 0) {
        char *end;
        errno = 0;
        unsigned long long s = strtoull(value, &end, 10);
        if (*end || *value < '0' || *value > '9' || errno == ERANGE) {
            say(e, "info string error Seed: '%.40s' is not a number 0..%llu", value, (unsigned long long)-1);
            return;
        }
        e->seed = s;
    } else {
        static char saved[sizeof e->options]; /* the main thread's only */
        char pair[1024];
        memcpy(saved, e->options, sizeof saved);
        snprintf(pair, sizeof pair, "%s=%s", name, value);
        size_t used = strlen(e->options);
        if (used + strlen(pair) + 2 > sizeof e->options) {
            say(e, "info string error options too long");
            return;
        }
        snprintf(e->options + used, sizeof e->options - used, "%s%s", used ? "," : "", pair);
        if (load(e))
            memcpy(e->options, saved, sizeof saved); /* keep what worked */
    }
}

/* position startpos|fen POS [moves m1 m2 ...] */
static void cmd_position(engine *e, char *args)
{
    char *moves = strstr(args, "moves");
    if (moves && (moves == args || moves[-1] == ' ')) {
        moves[-1 + (moves == args)] = '\0';
        moves += 5;
    } else {
        moves = NULL;
    }
    tavola_game *g = cli_api()->game_new(e->rs, e->seed);
    if (!g) {
        say(e, "info string error %s", cli_api()->ruleset_error(e->rs));
        return;
    }
    int ok = 1;
    if (strncmp(args, "startpos", 8) == 0 && (args[8] == '\0' || args[8] == ' ')) {
    } else if (strncmp(args, "fen ", 4) == 0) {
        if (cli_api()->set_position(g, args + 4)) {
            say(e, "info string error %s", cli_api()->error(g));
            ok = 0;
        }
    } else {
        say(e, "info string error position: expected startpos or fen");
        ok = 0;
    }
    for (char *save, *m = moves ? strtok_r(moves, " ", &save) : NULL; ok && m; m = strtok_r(NULL, " ", &save))
        if (cli_api()->play_text(g, m)) {
            say(e, "info string error move %s: %s", m, cli_api()->error(g));
            ok = 0;
        }
    if (!ok) { /* the position in force stays as it was */
        cli_api()->game_free(g);
        return;
    }
    cli_api()->game_free(e->g);
    e->g = g;
}

/* The number after key in args, 0..max: *found is 1, 0 when key is not
 * there, -1 (after a message naming the key and the range) when the number
 * is missing, not a whole number, or out of range: never wrapped. */
static long number_after(engine *e, const char *args, const char *key, long max, int *found)
{
    const char *p = strstr(args, key);
    size_t len = strlen(key);
    while (p && ((p != args && p[-1] != ' ') || (p[len] != ' ' && p[len] != '\0')))
        p = strstr(p + 1, key);
    if (!p) {
        *found = 0;
        return 0;
    }
    const char *num = p + len + (p[len] == ' ');
    char *end;
    errno = 0;
    long v = *num >= '0' && *num <= '9' ? strtol(num, &end, 10) : -1;
    if (v < 0 || errno == ERANGE || v > max || (*end != ' ' && *end != '\0')) {
        say(e, "info string error go: %s needs a whole number 0..%ld, got '%.*s'", key, max,
            (int)strcspn(num, " "), num);
        *found = -1;
        return 0;
    }
    *found = 1;
    return v;
}

static void cmd_go(engine *e, const char *args)
{
    const tavola_api *t = cli_api();
    if (t->status(e->g) == TAVOLA_OVER) {
        say(e, "info string error go: the game is over");
        say(e, "bestmove none");
        return;
    }
    if (!e->player) {
        char err[256];
        if (!(e->player = t->player_new(e->rs, e->player_spec, e->seed, err, sizeof err))) {
            say(e, "info string error %s", err);
            return;
        }
    }
    /* Times up to a year of milliseconds, nodes to 10^15, depth to 1000:
     * the clock share below cannot overflow. Both sides' clocks are checked. */
    const long MS_MAX = 366L * 24 * 3600 * 1000, DEPTH_MAX = 1000;
    int f1, f2, f3, f4, f5, f6, f7;
    int one = t->to_move(e->g) == 1;
    e->ms = number_after(e, args, "movetime", MS_MAX, &f1);
    e->nodes = number_after(e, args, "nodes", 1000000000000000L, &f2);
    e->depth = (int)number_after(e, args, "depth", DEPTH_MAX, &f3);
    long t1 = number_after(e, args, "p1time", MS_MAX, &f4), i1 = number_after(e, args, "p1inc", MS_MAX, &f5);
    long t2 = number_after(e, args, "p2time", MS_MAX, &f6), i2 = number_after(e, args, "p2inc", MS_MAX, &f7);
    if (f1 < 0 || f2 < 0 || f3 < 0 || f4 < 0 || f5 < 0 || f6 < 0 || f7 < 0) {
        e->ms = e->nodes = e->depth = 0;
        return;
    }
    long mytime = one ? t1 : t2, myinc = one ? i1 : i2;
    f4 = one ? f4 : f6, f5 = one ? f5 : f7;
    if (f4 > 0) /* a share of the clock: about 30 moves to go, plus the increment */
        e->ms = mytime / 30 + (f5 > 0 ? myinc * 3 / 4 : 0) + 1;
    e->infinite = strstr(args, "infinite") != NULL;
    if (e->infinite)
        e->ms = 24L * 3600 * 1000; /* until stop */
    if (!e->ms && !e->nodes && !e->depth && !f4 && args[0] && !strstr(args, "infinite")) {
        say(e, "info string error go: expected movetime, nodes, depth, p1time/p2time or infinite");
        return;
    }
    if (e->max_ms > 0 && (e->ms <= 0 || e->ms > e->max_ms))
        e->ms = e->max_ms;
    e->searching = pthread_create(&e->worker, NULL, search, e) == 0;
    if (!e->searching)
        say(e, "info string error go: cannot start the search");
}

static void cmd_query(engine *e, const char *what)
{
    const tavola_api *t = cli_api();
    if (strcmp(what, "gameover") == 0) {
        say(e, "response %s", t->status(e->g) == TAVOLA_OVER ? "true" : "false");
    } else if (strcmp(what, "p1turn") == 0) {
        say(e, "response %s", t->to_move(e->g) == 1 ? "true" : "false");
    } else if (strcmp(what, "result") == 0) {
        int w = t->winner(e->g);
        say(e, "response %s", w == 1 ? "p1win" : w == 2 ? "p2win" : w == 0 ? "draw" : "none");
    } else {
        say(e, "info string error query: expected gameover, p1turn or result");
    }
}

int ugi_run(FILE *in, FILE *out, const char *ruleset, const char *options, unsigned long long seed, long max_ms)
{
    engine *e = calloc(1, sizeof *e);
    char *line = malloc(LINE_MAX_LEN);
    if (!e || !line) {
        free(e);
        free(line);
        fprintf(out, "info string error out of memory\n");
        return 1;
    }
    e->out = out;
    e->max_ms = max_ms;
    snprintf(e->name, sizeof e->name, "%s", ruleset);
    snprintf(e->options, sizeof e->options, "%s", options ? options : "");
    snprintf(e->player_spec, sizeof e->player_spec, "mcts:ms=1000");
    e->seed = seed;
    if (load(e)) {
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
            say(e, "info string error line too long");
            continue;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' '))
            line[--len] = '\0';
        char *cmd = line;
        while (*cmd == ' ' || *cmd == '\t')
            cmd++;
        char *args = strchr(cmd, ' ');
        if (args)
            *args++ = '\0';
        else
            args = cmd + strlen(cmd);
        if (!*cmd)
            continue;
        if (strcmp(cmd, "quit") == 0)
            break;
        if (strcmp(cmd, "stop") == 0) {
            stop_search(e);
            continue;
        }
        if (strcmp(cmd, "isready") == 0) {
            say(e, "readyok");
            continue;
        }
        if (e->searching && e->infinite) { /* only stop, isready and quit until stopped */
            say(e, "info string error busy searching: %s", cmd);
            continue;
        }
        finish_search(e); /* a bounded search ends by itself: then the command */
        if (strcmp(cmd, "ugi") == 0)
            cmd_ugi_hello(e);
        else if (strcmp(cmd, "uginewgame") == 0)
            load(e);
        else if (strcmp(cmd, "setoption") == 0)
            cmd_setoption(e, args);
        else if (strcmp(cmd, "position") == 0)
            cmd_position(e, args);
        else if (strcmp(cmd, "go") == 0)
            cmd_go(e, args);
        else if (strcmp(cmd, "query") == 0)
            cmd_query(e, args);
        else
            say(e, "info string error unknown command '%.60s'", cmd);
    }
    stop_search(e);
    cli_api()->player_free(e->player);
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
    return ugi_run(stdin, stdout, pa.name, pa.options, pa.seeded ? pa.seed : 0, 0);
}
