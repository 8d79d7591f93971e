/* tavola serve: its arguments, start and stop (serve.h). */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve_catalog.h"
#include "serve_games.h"
#include "serve_http.h"
#include "serve_rate.h"
#include "serve_store.h"
#include "tavola.h"

static const char usage[] =
    "usage: tavola serve [--port N] [--bind ADDR] [--db FILE] [--rules DIR]...\n"
    "                    [--rate N] [--max-games N] [--engines N] [--engine-ms N]\n"
    "                    [--connections N] [--per-address N] [--sync normal|full]\n"
    "                    [--trust-proxy]\n"
    "Serves the web game center on http://ADDR:N/ (default 127.0.0.1:8080; port 0: any\n"
    "free port), its games kept in FILE (default tavola.db). --rate: requests a second\n"
    "per address (default 50; 0: no limit). --max-games: ongoing games at most (10000).\n"
    "--connections: at once (1000), --per-address: from one address (64; 0: any).\n"
    "--engines: threads for engine moves (default: twice the cores); --engine-ms: the longest\n"
    "an engine's move may take (10000). --sync full: every move synced to the disk\n"
    "(survives a power cut; normal survives a killed process). --trust-proxy: rate by\n"
    "X-Forwarded-For (behind a reverse proxy). See plugin/serve/HTTP.md.\n";

/* A whole number in lo..hi from an option's value, or exits with status 2. */
static long number(const char *opt, const char *v, long lo, long hi)
{
    char *end;
    long n = v ? strtol(v, &end, 10) : 0;
    if (!v || !*v || *end || n < lo || n > hi) {
        fprintf(stderr, "tavola serve: %s wants a whole number from %ld to %ld\n", opt, lo, hi);
        exit(2);
    }
    return n;
}

int serve_main(int argc, char **argv)
{
    const tavola_api *t = tavola_get_api(TAVOLA_ABI_VERSION);
    if (!t || t->size < offsetof(tavola_api, fen) + sizeof(void *)) {
        fprintf(stderr, "tavola serve: the library is too old\n");
        return 1;
    }
    http_config http = {"127.0.0.1", 8080, 1000, 64, 0};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    /* More engine threads than cores: a long search must not make the quick
     * engines of other games wait their turn behind it. */
    games_config games = {10000, cores > 1 ? 2 * (int)cores : 4, 10000};
    const char *db = "tavola.db";
    double rate = 50;
    int sync_full = 0, per_address_given = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--port")) {
            http.port = (int)number(a, v, 0, 65535), i++;
        } else if (!strcmp(a, "--bind") && v) {
            http.bind = v, i++;
        } else if (!strcmp(a, "--db") && v) {
            db = v, i++;
        } else if (!strcmp(a, "--rules") && v) {
            if (t->add_path(v) < 0) {
                fprintf(stderr, "tavola serve: --rules %s: too many folders\n", v);
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--rate")) {
            rate = (double)number(a, v, 0, 1000000), i++;
        } else if (!strcmp(a, "--max-games")) {
            games.max_live = (int)number(a, v, 1, 1000000), i++;
        } else if (!strcmp(a, "--engines")) {
            games.workers = (int)number(a, v, 1, 64), i++;
        } else if (!strcmp(a, "--engine-ms")) {
            games.engine_ms = number(a, v, 1, 3600000), i++;
        } else if (!strcmp(a, "--connections")) {
            http.connections = (int)number(a, v, 4, 100000), i++;
        } else if (!strcmp(a, "--per-address")) {
            http.per_address = (int)number(a, v, 0, 100000), i++;
            per_address_given = 1;
        } else if (!strcmp(a, "--sync") && v && (!strcmp(v, "normal") || !strcmp(v, "full"))) {
            sync_full = !strcmp(v, "full"), i++;
        } else if (!strcmp(a, "--trust-proxy")) {
            http.trust_proxy = 1;
        } else {
            fprintf(stderr, "tavola serve: unknown or incomplete argument: %s\n%s", a, usage);
            return 2;
        }
    }
    if (http.trust_proxy && !per_address_given)
        http.per_address = 0; /* every client comes from the proxy's address */
    /* The signals that end the server are taken by sigwait below, on this
     * thread, so every thread started from here on blocks them. */
    sigset_t ends;
    sigemptyset(&ends);
    sigaddset(&ends, SIGINT);
    sigaddset(&ends, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &ends, NULL);
    signal(SIGPIPE, SIG_IGN);

    char err[1024];
    serve_store *st = store_open(db, sync_full, err, sizeof err);
    if (!st) {
        fprintf(stderr, "tavola serve: %s\n", err);
        return 1;
    }
    rate_init(rate);
    int port = -1;
    if (catalog_init(t, err, sizeof err) || games_start(t, st, &games, err, sizeof err) ||
        (port = http_start(&http, st, err, sizeof err)) < 0) {
        fprintf(stderr, "tavola serve: %s\n", err);
        games_stop();
        store_close(st);
        catalog_free();
        return 1;
    }
    int v6 = strchr(http.bind, ':') != NULL;
    printf("tavola serve: listening on http://%s%s%s:%d/\n", v6 ? "[" : "", http.bind, v6 ? "]" : "", port);
    fflush(stdout);
    int sig = 0;
    sigwait(&ends, &sig);
    fprintf(stderr, "tavola serve: stopping (signal %d)\n", sig);
    http_stop();
    games_stop();
    store_close(st);
    catalog_free();
    return 0;
}
