/* tavola match: many games between two players, in worker processes if
 * asked (cli_pool.h), with records (cli_recfile.h) and a tally
 * (cli_tally.h) that `tavola merge` can add up across shards.
 *
 * Game i (0-based) of a match with seed S is started with the game seed
 * S * 1000003 + i (mod 2^64); the player named --p1 gets the seed
 * mix(mix(game seed) ^ 1), the one named --p2 mix(mix(game seed) ^ 2), where
 * mix is the splitmix64 finaliser. Players are made afresh for every game, so
 * game i is the same whichever process plays it, alone or in a shard. With
 * --swap-sides the player named --p2 moves first in the odd games.
 *
 * Varied openings (--openings FILE, --random-plies N) come in pairs: games
 * 2k and 2k+1 start from the same opening, the sides swapped (--swap-sides
 * is implied), and both take the game seed of game 2k, so a ruleset's random
 * setup (Pahtum's holes) is the same in both too. Pair k plays opening
 * k mod (the file's openings), then N uniformly random plies drawn with the
 * random_move of the ABI from the state mix(game seed ^ 0x6f70656e696e6773).
 * An opening is a line of the file: a position string if the game reads it
 * as one, else moves from the start, separated by spaces; empty lines and
 * lines starting with '#' are skipped. A game that ends within its opening
 * is counted as it ended.
 *
 * Each game is known by a 64-bit hash of its start position (as the ABI
 * writes it, after game_new) and its moves (the opening's included; a
 * position opening's text too); the workers send it back with the result,
 * and the tally says how many of the games played differ. */
#define _POSIX_C_SOURCE 200809L
#include "cli_match.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_args.h"
#include "cli_pool.h"
#include "cli_recfile.h"
#include "cli_record.h"
#include "cli_tally.h"

#define MAX_JOBS 256
#define MAX_PLIES 100000

typedef struct match {
    const char *name; /* the ruleset as named */
    tavola_ruleset *rs;
    const char *spec[2];
    unsigned long long seed;
    cli_part part;
    int jobs, json;
    const char *record;
    cli_origin origin; /* where the ruleset was found, for the records */
    char *record_head; /* the tags every record begins with (cli_record_head) */
    const char *openings_file;
    char **openings;   /* the file's openings, in order */
    int *is_position;  /* openings[k] is a position string (else moves) */
    long nopenings;
    long random_plies;
} match;

static int paired(const match *m) { return m->nopenings > 0 || m->random_plies > 0; }

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t game_seed(const match *m, long i)
{
    return (uint64_t)m->seed * 1000003u + (uint64_t)(paired(m) ? i - i % 2 : i);
}

/* FNV-1a, 64 bits: the identity of a game. */
static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t k = 0; k < n; k++)
        h = (h ^ p[k]) * 0x100000001b3u;
    return h;
}

/* Plays opening k of the file in g: a position string, or moves. 0, or -1
 * with the reason in why. */
static int play_opening(const match *m, long k, tavola_game *g, char *why, size_t size)
{
    const tavola_api *t = cli_api();
    const char *o = m->openings[k];
    if (m->is_position[k]) {
        if (t->set_position(g, o)) {
            snprintf(why, size, "opening %ld: %s", k + 1, t->error(g));
            return -1;
        }
        return 0;
    }
    char text[64];
    for (const char *p = o; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, " \t");
        if (n == 0)
            break;
        tavola_move mv;
        snprintf(text, sizeof text, "%.*s", (int)(n < 63 ? n : 63), p);
        if (t->move_parse(g, text, &mv) || t->play(g, mv)) {
            snprintf(why, size, "opening %ld: %s: %s", k + 1, text, t->error(g));
            return -1;
        }
        p += n;
    }
    return 0;
}

/* Game i's opening: the file's line for its pair, then the random plies.
 * 0, or -1 with the reason in why (a ruleset's error: the game's). */
static int opening(const match *m, long i, tavola_game *g, char *why, size_t size)
{
    const tavola_api *t = cli_api();
    if (m->nopenings && play_opening(m, (i / 2) % m->nopenings, g, why, size))
        return -1;
    uint64_t rng = mix(game_seed(m, i) ^ 0x6f70656e696e6773u);
    for (long k = 0; k < m->random_plies && t->status(g) == TAVOLA_ONGOING; k++) {
        tavola_move mv;
        int n = t->random_move(g, &rng, &mv);
        if (n <= 0 || t->play(g, mv)) {
            snprintf(why, size, "random opening ply %ld: %s", k + 1, n == 0 ? "no legal move" : t->error(g));
            return -1;
        }
    }
    return 0;
}

/* The identity of game i as played in g from the start position text start. */
static uint64_t game_hash(const match *m, long i, tavola_game *g, const char *start)
{
    const tavola_api *t = cli_api();
    uint64_t h = fnv(0xcbf29ce484222325u, start, strlen(start) + 1);
    if (m->nopenings && m->is_position[(i / 2) % m->nopenings])
        h = fnv(h, m->openings[(i / 2) % m->nopenings], strlen(m->openings[(i / 2) % m->nopenings]) + 1);
    int n = g ? t->history(g, NULL, 0) : 0;
    tavola_move *mv = n > 0 ? malloc((size_t)n * sizeof *mv) : NULL;
    if (mv && t->history(g, mv, n) == n)
        h = fnv(h, mv, (size_t)n * sizeof *mv);
    free(mv);
    return h;
}

/* What the pool carries for a game: its winner (0 draw, 1, 2) and its record
 * (when recording), or GAME_ERROR and the message, a NUL, and the record
 * (when recording); either after the game's hash in 16 hex digits. */
#define GAME_ERROR (-1)

/* The pool's bytes for game i (g NULL: it did not start), ended by the
 * error why when why is not "", into *data and *len; 0, or -1 when out of
 * memory. */
static int pack(const match *m, long i, tavola_game *g, const char *const spec[2], const char *why, uint64_t hash,
                char **data, size_t *len)
{
    char *rec = NULL;
    if (m->record) {
        cli_record_tags tags = {m->name, &m->origin, i, spec[0], spec[1], m->record_head};
        if (!(rec = cli_record_format(m->rs, game_seed(m, i), g, &tags, why[0] ? why : NULL)))
            return -1;
    }
    size_t n = why[0] ? strlen(why) + 1 : 0, k = rec ? strlen(rec) : 0;
    if ((*data = malloc(16 + n + k + 1))) {
        snprintf(*data, 17, "%016llx", (unsigned long long)hash);
        memcpy(*data + 16, why, n);
        memcpy(*data + 16 + n, rec ? rec : "", k + 1);
        *len = 16 + n + k;
    }
    free(rec);
    return *data ? 0 : -1;
}

/* Plays game i to its end, or to an error of the ruleset's in it (a hook
 * that fails, a move refused, a game that does not start or does not end):
 * *winner (0 draw, 1, 2 or GAME_ERROR) and *data as pack() makes them. -1
 * with err when the match cannot go on: a player that cannot be made (both
 * specs were tried before the first game), no memory. */
static int play_game(const match *m, long i, int *winner, char **data, size_t *len, char *err, size_t size)
{
    const tavola_api *t = cli_api();
    uint64_t gs = game_seed(m, i);
    int swapped = m->part.swap && i % 2;
    tavola_player *pl[2] = {NULL, NULL};
    const char *spec[2] = {m->spec[swapped], m->spec[!swapped]}; /* by side */
    char why[1024] = "";                                         /* the game's error */
    tavola_game *g = t->game_new(m->rs, gs);
    int rc = 0;
    char start[4096] = "";
    *data = NULL, *len = 0;
    if (!g)
        snprintf(why, sizeof why, "the game does not start: %s", t->ruleset_error(m->rs));
    else if (t->position(g, start, sizeof start) < 0 || (paired(m) && opening(m, i, g, why, sizeof why)))
        start[0] = '\0'; /* a start too long to write: known by its moves (and seed) alone */
    for (int s = 0; s < 2 && g && rc == 0; s++) {
        char perr[512];
        if (!(pl[s] = t->player_new(m->rs, spec[s], mix(mix(gs) ^ (uint64_t)(1 + (s ^ swapped))), perr, sizeof perr))) {
            snprintf(err, size, "game %ld: %s", i, perr);
            rc = -1;
        }
    }
    for (int ply = 0; g && rc == 0 && !why[0] && t->status(g) == TAVOLA_ONGOING; ply++) {
        int s = t->to_move(g) - 1;
        tavola_move mv;
        if (ply == MAX_PLIES)
            snprintf(why, sizeof why, "not over after %d moves", MAX_PLIES);
        else if (t->player_choose(pl[s], g, 0, 0, 0, &mv) || t->play(g, mv))
            snprintf(why, sizeof why, "%s (%s): %s", t->ruleset_player(m->rs, s + 1), spec[s], t->error(g));
    }
    if (rc == 0) {
        *winner = why[0] ? GAME_ERROR : t->winner(g);
        uint64_t h = game_hash(m, i, g, start);
        if (!start[0]) /* no start position known: the seed stands for it */
            h = fnv(h, &gs, sizeof gs);
        if (pack(m, i, g, spec, why, h, data, len)) {
            snprintf(err, size, "game %ld: out of memory", i);
            rc = -1;
        }
    }
    t->player_free(pl[0]);
    t->player_free(pl[1]);
    t->game_free(g);
    return rc;
}

/* A game that ended in an error, kept until the match ends: the tally takes
 * errors in game order (cli_tally.h), and workers finish in any order. */
typedef struct game_error {
    long game;
    char *text;
} game_error;

/* The parent's side of a match: counts, records, progress. */
typedef struct run {
    const match *m;
    cli_tally *ta;
    cli_recfile rec;
    long total, done;
    int recording, tty;
    double start, drawn;
    game_error *errors;
    long nerrors, cap;
    uint64_t *hashes; /* one a game played, for the distinct count; NULL when out of memory */
    long nhashes;
} run;

static int keep_error(run *r, long game, const char *text)
{
    if (r->nerrors == r->cap) {
        long cap = r->cap ? 2 * r->cap : 16;
        game_error *e = realloc(r->errors, (size_t)cap * sizeof *e);
        if (!e)
            return -1;
        r->errors = e, r->cap = cap;
    }
    if (!(r->errors[r->nerrors].text = strdup(text)))
        return -1;
    r->errors[r->nerrors++].game = game;
    return 0;
}

static int by_game(const void *a, const void *b)
{
    long x = ((const game_error *)a)->game, y = ((const game_error *)b)->game;
    return (x > y) - (x < y);
}

/* The errors kept, in game order, into the tally; frees them. */
static void tally_errors(run *r)
{
    if (r->nerrors)
        qsort(r->errors, (size_t)r->nerrors, sizeof *r->errors, by_game);
    for (long k = 0; k < r->nerrors; k++) {
        cli_tally_error(r->ta, r->errors[k].text, r->errors[k].game);
        free(r->errors[k].text);
    }
    free(r->errors);
    r->errors = NULL, r->nerrors = r->cap = 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A bar on stderr when it is a terminal: games done, rate, time left and
 * the running score of p1 (wins, draws, losses); nothing otherwise, so a log
 * or a shard under GNU parallel or Slurm stays clean. */
static void progress(run *r)
{
    if (!r->tty)
        return;
    double now = now_s(), el = now - r->start, rate = el > 0 ? r->done / el : 0;
    if (r->done < r->total && now - r->drawn < 0.1)
        return; /* at most 10 redraws a second */
    r->drawn = now;
    long eta = rate > 0 ? (long)((r->total - r->done) / rate + 0.5) : 0;
    int fill = (int)(r->done * 30 / r->total);
    long(*c)[3] = r->ta->c;
    long w = c[0][0] + c[1][0], d = c[0][1] + c[1][1], l = c[0][2] + c[1][2];
    long scored = r->done - r->nerrors;
    fprintf(stderr, "\r[%.*s%.*s] %ld/%ld games  %.1f games/s  ETA %ldm%02lds  p1 +%ld =%ld -%ld (%.3f) ", fill,
            "##############################", 30 - fill, "..............................", r->done, r->total, rate,
            eta / 60, eta % 60, w, d, l, scored ? (w + d / 2.0) / (double)scored : 0.5);
    if (r->nerrors)
        fprintf(stderr, " errors %ld ", r->nerrors);
    if (r->done == r->total)
        fputc('\n', stderr);
}

/* The pool's work: the pos-th game of the shard. */
static int work(void *ctx, long pos, int *winner, char **data, size_t *len, char *err, size_t size)
{
    const run *r = ctx;
    return play_game(r->m, cli_shard_game(&r->m->part, pos), winner, data, len, err, size);
}

/* The pool's result: counts a game, or keeps its error, and records it. */
static int done(void *ctx, long pos, int winner, char *data, size_t len)
{
    run *r = ctx;
    long i = cli_shard_game(&r->m->part, pos);
    char hex[17];
    if (!data || len < 16) {
        cli_error("game %ld: a result came back broken", i);
        free(data);
        return -1;
    }
    memcpy(hex, data, 16);
    hex[16] = '\0';
    if (r->hashes)
        r->hashes[r->nhashes++] = strtoull(hex, NULL, 16);
    len -= 16;
    memmove(data, data + 16, len + 1);
    if (winner == GAME_ERROR) {
        size_t n = data ? strlen(data) : 0;
        if (!data || n == len || keep_error(r, i, data)) {
            cli_error("game %ld: %s", i, !data || n == len ? "an error came back broken" : "out of memory");
            free(data);
            return -1;
        }
        memmove(data, data + n + 1, len - n); /* the record, with its NUL */
    } else {
        cli_tally_count(r->ta, r->m->part.swap && i % 2, winner);
    }
    if (r->recording && data && data[0]) {
        if (cli_recfile_add(&r->rec, pos, data))
            return -1;
    } else {
        free(data);
    }
    r->done++;
    progress(r);
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The distinct games among those played, into the tally. */
static void tally_distinct(run *r)
{
    if (!r->hashes)
        return;
    qsort(r->hashes, (size_t)r->nhashes, sizeof *r->hashes, cmp_u64);
    long d = 0;
    for (long k = 0; k < r->nhashes; k++)
        d += k == 0 || r->hashes[k] != r->hashes[k - 1];
    r->ta->has_distinct = 1;
    r->ta->distinct = d;
    r->ta->played = r->nhashes;
    free(r->hashes);
    r->hashes = NULL;
}

static int run_match(match *m, cli_tally *ta)
{
    run r = {.m = m, .ta = ta, .total = cli_shard_size(&m->part), .tty = isatty(2), .start = now_s()};
    r.hashes = malloc((size_t)(r.total > 0 ? r.total : 1) * sizeof *r.hashes);
    if (m->jobs > r.total)
        m->jobs = r.total > 0 ? (int)r.total : 1;
    if (m->record) {
        if (cli_recfile_open(&r.rec, m->record, r.total, m->jobs > 1))
            return 1;
        r.recording = 1;
    }
    long got = cli_pool_run(m->jobs, r.total, work, done, &r);
    int rc = got < 0 ? -1 : 0;
    if (rc == 0 && got != r.total) {
        cli_error("%ld of %ld games came back from the workers", got, r.total);
        rc = -1;
    }
    if (r.recording)
        rc = cli_recfile_close(&r.rec, rc != 0);
    tally_errors(&r);
    tally_distinct(&r);
    return rc ? 1 : 0;
}

static int parse_long(const char *v, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < min || n > max)
        return -1;
    *out = n;
    return 0;
}

/* The arguments into m and options; 0, or 2 after the usage. */
static int parse_args(int argc, char **argv, match *m, char *options, size_t size)
{
    const char *u = cli_command_usage();
    int seeded = 0, rc;
    long n;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) {
            m->json = 1;
            continue;
        }
        if (strcmp(a, "--swap-sides") == 0) {
            m->part.swap = 1;
            continue;
        }
        if (cli_is_help(a))
            return cli_help();
        if (a[0] == '-' && !v)
            return cli_usage_error(u, "%s needs a value", a);
        if (strcmp(a, "-o") == 0) {
            if ((rc = cli_arg_option(u, options, size, v)))
                return rc;
        } else if (strcmp(a, "--p1") == 0 || strcmp(a, "--p2") == 0) {
            m->spec[a[3] - '1'] = v;
        } else if (strcmp(a, "--games") == 0) {
            if (parse_long(v, 1, 1000000000L, &m->part.games))
                return cli_usage_error(u, "--games: '%s' is not an integer 1..1000000000", v);
        } else if (strcmp(a, "--seed") == 0) {
            if ((rc = cli_arg_seed(u, v, &m->seed)))
                return rc;
            seeded = 1;
        } else if (strcmp(a, "--jobs") == 0) {
            if (parse_long(v, 1, MAX_JOBS, &n))
                return cli_usage_error(u, "--jobs: '%s' is not an integer 1..256", v);
            m->jobs = (int)n;
        } else if (strcmp(a, "--shard") == 0) {
            char extra;
            if (sscanf(v, "%d/%d%c", &m->part.k, &m->part.n, &extra) != 2 || m->part.n < 1 || m->part.n > 1000000 ||
                m->part.k < 1 || m->part.k > m->part.n)
                return cli_usage_error(u, "--shard: '%s' is not K/N with 1 <= K <= N", v);
        } else if (strcmp(a, "--record") == 0) {
            m->record = v;
        } else if (strcmp(a, "--openings") == 0) {
            m->openings_file = v;
        } else if (strcmp(a, "--random-plies") == 0) {
            if (parse_long(v, 0, MAX_PLIES, &m->random_plies))
                return cli_usage_error(u, "--random-plies: '%s' is not an integer 0..100000", v);
        } else if (strcmp(a, "--rules") == 0) {
            if ((rc = cli_add_rules(v)))
                return rc;
        } else if (a[0] == '-' || m->name) {
            return cli_usage_error(u, "match: unexpected argument '%s'", a);
        } else {
            m->name = a;
            continue;
        }
        i++; /* the option's value */
    }
    if (!m->name)
        return cli_usage_error(u, "%s", "match: which ruleset?");
    if (!m->spec[0] || !m->spec[1])
        return cli_usage_error(u, "%s", "match: --p1 and --p2 are needed");
    if (!m->part.games)
        return cli_usage_error(u, "%s", "match: --games is needed");
    if (!seeded)
        m->seed = (unsigned long long)time(NULL);
    if (m->openings_file || m->random_plies > 0)
        m->part.swap = 1; /* each opening from both sides */
    m->part.seed = m->seed;
    return 0;
}

static void free_openings(match *m)
{
    for (long k = 0; k < m->nopenings; k++)
        free(m->openings[k]);
    free(m->openings);
    free(m->is_position);
    m->openings = NULL, m->is_position = NULL, m->nopenings = 0;
}

/* Reads --openings: each line tried on a fresh game as a position string,
 * else as moves. 0, 1 (the file cannot be read) or 2 (a line is neither;
 * the file has none) after the message. */
static int read_openings(match *m)
{
    const tavola_api *t = cli_api();
    FILE *f = fopen(m->openings_file, "r");
    if (!f) {
        cli_error("--openings: %s: %s", m->openings_file, strerror(errno));
        return 1;
    }
    char *line = NULL, safe[1024];
    size_t cap = 0;
    long lineno = 0, room = 0;
    int rc = 0;
    ssize_t n;
    while (rc == 0 && (n = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = '\0';
        char *text = line + strspn(line, " \t");
        if (!*text || *text == '#')
            continue;
        if (m->nopenings == room) {
            room = room ? 2 * room : 64;
            char **o = realloc(m->openings, (size_t)room * sizeof *o);
            int *p = o ? realloc(m->is_position, (size_t)room * sizeof *p) : NULL;
            if (o)
                m->openings = o;
            if (p)
                m->is_position = p;
            if (!o || !p) {
                cli_error("--openings: out of memory");
                rc = 1;
                break;
            }
        }
        long k = m->nopenings;
        if (!(m->openings[k] = strdup(text))) {
            cli_error("--openings: out of memory");
            rc = 1;
            break;
        }
        m->nopenings++;
        tavola_game *g = t->game_new(m->rs, 0);
        char why[1024] = "";
        m->is_position[k] = g && t->set_position(g, text) == 0;
        if (g && !m->is_position[k]) {
            t->game_free(g);
            g = t->game_new(m->rs, 0);
            if (g && play_opening(m, k, g, why, sizeof why))
                rc = 2;
        }
        if (!g) {
            cli_error("--openings: the game does not start: %s", t->ruleset_error(m->rs));
            rc = 1;
        } else if (rc) {
            cli_error("--openings: %s:%ld: neither a position nor moves from the start (%s)", m->openings_file,
                      lineno, cli_printable(why, safe, sizeof safe));
        } else if (t->status(g) != TAVOLA_ONGOING) {
            cli_error("--openings: %s:%ld: the game is over there", m->openings_file, lineno);
            rc = 2;
        }
        t->game_free(g);
    }
    free(line);
    fclose(f);
    if (rc == 0 && m->nopenings == 0) {
        cli_error("--openings: %s holds no opening", m->openings_file);
        rc = 2;
    }
    for (long k = 0; rc == 0 && m->record && k < m->nopenings; k++)
        if (m->is_position[k]) {
            /* A record replays from its seed and moves: a game that began at a position could not be checked. */
            cli_error("--openings: %s: opening %ld is a position, which a record cannot hold (give its moves "
                      "instead, or no --record)", m->openings_file, k + 1);
            rc = 2;
        }
    return rc;
}

int cmd_match(int argc, char **argv)
{
    const tavola_api *t = cli_api();
    static char options[4096];
    match m = {.jobs = 1, .part = {.k = 1, .n = 1}};
    options[0] = '\0';
    int rc = parse_args(argc, argv, &m, options, sizeof options);
    if (rc)
        return rc;
    char err[1024];
    if (!(m.rs = t->ruleset_load(m.name, options, err, sizeof err))) {
        cli_error("%s", err);
        return 1;
    }
    /* Both specs are tried once here, so a bad one fails before any game. */
    for (int p = 0; p < 2; p++) {
        tavola_player *pl = t->player_new(m.rs, m.spec[p], 0, err, sizeof err);
        if (!pl) {
            cli_error("--p%d: %s", p + 1, err);
            t->ruleset_free(m.rs);
            return 1;
        }
        t->player_free(pl);
    }
    if (m.openings_file && (rc = read_openings(&m))) {
        free_openings(&m);
        t->ruleset_free(m.rs);
        return rc;
    }
    cli_origin_of(m.name, &m.origin);
    cli_record_tags head = {m.name, &m.origin, 0, NULL, NULL, NULL};
    if (m.record && !(m.record_head = cli_record_head(m.rs, &head))) {
        cli_error("out of memory");
        free_openings(&m);
        t->ruleset_free(m.rs);
        return 1;
    }
    static cli_tally ta;
    memset(&ta, 0, sizeof ta);
    snprintf(ta.game, sizeof ta.game, "%s", m.name);
    snprintf(ta.options, sizeof ta.options, "%s", t->ruleset_options(m.rs));
    snprintf(ta.p1, sizeof ta.p1, "%s", m.spec[0]);
    snprintf(ta.p2, sizeof ta.p2, "%s", m.spec[1]);
    ta.nparts = 1;
    ta.parts[0] = m.part;
    rc = run_match(&m, &ta);
    free(m.record_head);
    free_openings(&m);
    t->ruleset_free(m.rs);
    if (rc)
        return rc;
    (m.json ? cli_tally_print_json : cli_tally_print_table)(stdout, &ta);
    if (!ta.errors)
        return 0;
    /* Said on stderr too, for a log whose stdout went to a result file. */
    cli_error("%ld of %ld games ended in an error (not scored); the first, game %ld: %s", ta.errors,
              cli_shard_size(&m.part), ta.kinds[0].first, ta.kinds[0].text);
    return CLI_MATCH_ERRORS;
}
