/* tavola match and tavola merge: many games between two players, in worker
 * processes if asked, with records, statistics and mergeable results.
 *
 * Game i (0-based) of a match with seed S is started with the game seed
 * S * 1000003 + i (mod 2^64); the player named --p1 gets the seed
 * mix(mix(game seed) ^ 1), the one named --p2 mix(mix(game seed) ^ 2), where
 * mix is the splitmix64 finaliser. Players are made afresh for every game, so
 * game i is the same whichever process plays it, alone or in a shard. With
 * --swap-sides the player named --p2 moves first in the odd games. */
#define _POSIX_C_SOURCE 200809L
#include "cli_match.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli_record.h"
#include "cli_stats.h"
#include "tavola.h"

#define MAX_PARTS 256
#define MAX_JOBS 256
#define MAX_PLIES 100000

static const tavola_api *t;

static const char usage[] =
    "usage: tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]... [--seed S]\n"
    "                    [--swap-sides] [--jobs J] [--shard K/N] [--record FILE] [--json] [--rules DIR]\n"
    "       tavola merge RESULT.json... [--json]\n"
    "       tavola replay RECORDS... [--rules DIR]\n";

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "tavola: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage);
    return 2;
}

/* ---- results ------------------------------------------------------------- */

/* Which games a result covers: those i < games with i % n == k - 1. */
typedef struct part {
    unsigned long long seed;
    long games;
    int k, n, swap;
} part;

/* What a match, or a merge of shards, adds up to. */
typedef struct tally {
    char game[512], options[2048], p1[256], p2[256];
    int nparts;
    part parts[MAX_PARTS];
    long c[2][3]; /* [p1 moved first, second][p1 won, drew, lost] */
} tally;

static long shard_size(const part *p) { return p->games > p->k - 1 ? (p->games - p->k + p->n) / p->n : 0; }

static void json_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_num(FILE *out, const char *key, double x, const char *fmt)
{
    fprintf(out, ",\"%s\":", key);
    if (isinf(x))
        fprintf(out, "\"%s\"", x > 0 ? "+inf" : "-inf");
    else
        fprintf(out, fmt, x);
}

static void json_side(FILE *out, const char *key, const long c[3])
{
    cli_stats st = cli_stats_of(c[0], c[1], c[2]);
    fprintf(out, "\"%s\":{\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld", key, st.games, c[0], c[1], c[2]);
    json_num(out, "score", st.score, "%.6f");
    fputc('}', out);
}

static void print_json(FILE *out, const tally *ta)
{
    const long(*c)[3] = ta->c;
    cli_stats st = cli_stats_of(c[0][0] + c[1][0], c[0][1] + c[1][1], c[0][2] + c[1][2]);
    fprintf(out, "{\"game\":");
    json_str(out, ta->game);
    fprintf(out, ",\"options\":");
    json_str(out, ta->options);
    fprintf(out, ",\"p1\":");
    json_str(out, ta->p1);
    fprintf(out, ",\"p2\":");
    json_str(out, ta->p2);
    fprintf(out, ",\"parts\":[");
    for (int i = 0; i < ta->nparts; i++) {
        const part *p = &ta->parts[i];
        fprintf(out, "%s\"seed=%llu games=%ld shard=%d/%d swap=%d\"", i ? "," : "", p->seed, p->games, p->k, p->n,
                p->swap);
    }
    fprintf(out, "],\"counts\":[[%ld,%ld,%ld],[%ld,%ld,%ld]]", c[0][0], c[0][1], c[0][2], c[1][0], c[1][1], c[1][2]);
    fprintf(out, ",\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld", st.games, st.wins, st.draws, st.losses);
    json_num(out, "score", st.score, "%.6f");
    json_num(out, "score_low", st.score_low, "%.6f");
    json_num(out, "score_high", st.score_high, "%.6f");
    json_num(out, "elo", st.elo, "%.2f");
    json_num(out, "elo_low", st.elo_low, "%.2f");
    json_num(out, "elo_high", st.elo_high, "%.2f");
    fprintf(out, ",\"by_side\":{");
    json_side(out, "p1_first", c[0]);
    fputc(',', out);
    json_side(out, "p1_second", c[1]);
    fprintf(out, ",\"first_wins\":%ld,\"second_wins\":%ld,\"draws\":%ld}}\n", c[0][0] + c[1][2], c[0][2] + c[1][0],
            st.draws);
}

static void print_row(FILE *out, int width, const char *who, const char *name, const long c[3])
{
    cli_stats st = cli_stats_of(c[0], c[1], c[2]);
    char label[600];
    snprintf(label, sizeof label, "%s%s", who, name);
    fprintf(out, "%-*s %6ld %6ld %6ld %6ld", width, label, st.games, c[0], c[1], c[2]);
    if (st.games)
        fprintf(out, "  %5.3f  [%.3f, %.3f]\n", st.score, st.score_low, st.score_high);
    else
        fprintf(out, "      -\n");
}

static void print_table(FILE *out, const tally *ta)
{
    const long(*c)[3] = ta->c;
    long p1[3], p2[3];
    for (int r = 0; r < 3; r++) {
        p1[r] = c[0][r] + c[1][r];
        p2[2 - r] = p1[r];
    }
    fprintf(out, "%s%s%s%s: %s vs %s\n", ta->game, ta->options[0] ? " (" : "", ta->options, ta->options[0] ? ")" : "",
            ta->p1, ta->p2);
    for (int i = 0; i < ta->nparts; i++) {
        const part *p = &ta->parts[i];
        fprintf(out, "  seed %llu, %ld games", p->seed, p->games);
        if (p->n > 1)
            fprintf(out, ", shard %d/%d (%ld games)", p->k, p->n, shard_size(p));
        fprintf(out, "%s\n", p->swap ? ", sides swapped every other game" : "");
    }
    int width = 18;
    if ((int)strlen(ta->p1) + 4 > width)
        width = (int)strlen(ta->p1) + 4;
    if ((int)strlen(ta->p2) + 4 > width)
        width = (int)strlen(ta->p2) + 4;
    fprintf(out, "%-*s %6s %6s %6s %6s  %5s  %s\n", width, "player", "games", "wins", "draws", "losses", "score",
            "95% interval");
    print_row(out, width, "p1 ", ta->p1, p1);
    print_row(out, width, "p2 ", ta->p2, p2);
    print_row(out, width, "p1 moving first", "", c[0]);
    print_row(out, width, "p1 moving second", "", c[1]);
    cli_stats st = cli_stats_of(p1[0], p1[1], p1[2]);
    char e[32], lo[32], hi[32];
    fprintf(out, "first player won %ld, second %ld, draws %ld\n", c[0][0] + c[1][2], c[0][2] + c[1][0], st.draws);
    fprintf(out, "Elo p1 - p2: %s [%s, %s]\n", cli_elo_text(st.elo, e, sizeof e),
            cli_elo_text(st.elo_low, lo, sizeof lo), cli_elo_text(st.elo_high, hi, sizeof hi));
}

/* ---- playing ------------------------------------------------------------- */

typedef struct match {
    const char *name; /* the ruleset as named */
    tavola_ruleset *rs;
    const char *spec[2];
    unsigned long long seed;
    part part;
    int jobs, json;
    const char *record;
} match;

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t game_seed(const match *m, long i) { return (uint64_t)m->seed * 1000003u + (uint64_t)i; }

/* Plays game i to its end: the winner (0 draw, 1, 2) and, when recording,
 * its record in *text; -1 with err on failure. */
static int play_game(const match *m, long i, int *winner, char **text, char *err, size_t size)
{
    uint64_t gs = game_seed(m, i);
    int swapped = m->part.swap && i % 2;
    tavola_player *pl[2] = {NULL, NULL};
    const char *spec[2] = {m->spec[swapped], m->spec[!swapped]}; /* by side */
    tavola_game *g = t->game_new(m->rs, gs);
    int rc = 0;
    *text = NULL;
    if (!g) {
        snprintf(err, size, "game %ld: %s", i, t->ruleset_error(m->rs));
        return -1;
    }
    for (int s = 0; s < 2 && rc == 0; s++) {
        char perr[512];
        if (!(pl[s] = t->player_new(m->rs, spec[s], mix(mix(gs) ^ (uint64_t)(1 + (s ^ swapped))), perr, sizeof perr))) {
            snprintf(err, size, "game %ld: %s", i, perr);
            rc = -1;
        }
    }
    for (int ply = 0; rc == 0 && t->status(g) == TAVOLA_ONGOING; ply++) {
        int s = t->to_move(g) - 1;
        tavola_move mv;
        if (ply == MAX_PLIES) {
            snprintf(err, size, "game %ld: not over after %d moves", i, MAX_PLIES);
            rc = -1;
        } else if (t->player_choose(pl[s], g, 0, 0, 0, &mv) || t->play(g, mv)) {
            snprintf(err, size, "game %ld: %s (%s): %s", i, t->ruleset_player(m->rs, s + 1), spec[s], t->error(g));
            rc = -1;
        }
    }
    if (rc == 0) {
        *winner = t->winner(g);
        if (m->record && !(*text = cli_record_format(t, g, m->name, i, spec[0], spec[1]))) {
            snprintf(err, size, "game %ld: out of memory", i);
            rc = -1;
        }
    }
    t->player_free(pl[0]);
    t->player_free(pl[1]);
    t->game_free(g);
    return rc;
}

/* The parent's side: counts, records, progress. */
typedef struct run {
    const match *m;
    tally *ta;
    FILE *rec;
    long rec_start, total, done, written;
    char **texts; /* by position in the shard, kept to sort the records after --jobs */
    int out_of_order, tty, decile;
    double start, drawn;
} run;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress(run *r)
{
    if (!r->tty) {
        int d = (int)(r->done * 10 / r->total);
        if (d > r->decile)
            fprintf(stderr, "match: %ld/%ld games\n", r->done, r->total);
        r->decile = d;
        return;
    }
    double now = now_s(), el = now - r->start, rate = el > 0 ? r->done / el : 0;
    if (r->done < r->total && now - r->drawn < 0.1)
        return; /* at most 10 redraws a second */
    r->drawn = now;
    long eta = rate > 0 ? (long)((r->total - r->done) / rate + 0.5) : 0;
    int fill = (int)(r->done * 30 / r->total);
    fprintf(stderr, "\r[%.*s%.*s] %ld/%ld games  %.1f games/s  ETA %ldm%02lds ", fill,
            "##############################", 30 - fill, "..............................", r->done, r->total, rate,
            eta / 60, eta % 60);
    if (r->done == r->total)
        fputc('\n', stderr);
}

/* Counts a finished game (position pos in the shard) and records it. */
static int collect(run *r, long pos, int winner, char *text)
{
    long i = r->m->part.k - 1 + pos * r->m->part.n;
    int swapped = r->m->part.swap && i % 2;
    int res = winner == 0 ? 1 : winner == 1 + swapped ? 0 : 2;
    r->ta->c[swapped][res]++;
    if (r->rec && text) {
        if (fputs(text, r->rec) == EOF || fflush(r->rec) || fsync(fileno(r->rec))) {
            fprintf(stderr, "tavola: %s: %s\n", r->m->record, strerror(errno));
            free(text);
            return -1;
        }
        r->out_of_order |= pos != r->written++;
        if (r->texts)
            r->texts[pos] = text, text = NULL;
    }
    free(text);
    r->done++;
    progress(r);
    return 0;
}

/* After --jobs, the records written as games ended are put in game order:
 * written to FILE.tmp (what was in FILE before this match, then this match's
 * records in order), then renamed over FILE. */
static int sort_records(run *r)
{
    const char *file = r->m->record;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", file);
    FILE *in = fopen(file, "rb"), *out = in ? fopen(tmp, "wb") : NULL;
    int ok = out != NULL;
    char buf[65536];
    for (long left = r->rec_start; ok && left > 0;) {
        size_t n = fread(buf, 1, left < (long)sizeof buf ? (size_t)left : sizeof buf, in);
        ok = n > 0 && fwrite(buf, 1, n, out) == n;
        left -= (long)n;
    }
    for (long p = 0; ok && p < r->total; p++)
        ok = fputs(r->texts[p], out) != EOF;
    ok = ok && fflush(out) == 0 && fsync(fileno(out)) == 0;
    if (out && fclose(out) != 0)
        ok = 0;
    if (in)
        fclose(in);
    if (!ok || rename(tmp, file) != 0) {
        fprintf(stderr, "tavola: %s: cannot put the records in game order: %s\n", file, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

static int write_all(int fd, const void *buf, size_t n)
{
    for (const char *p = buf; n > 0;) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k, n -= (size_t)k;
    }
    return 0;
}

/* Reads exactly n bytes: n, 0 at a clean end of file, or -1. */
static ssize_t read_all(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, (char *)buf + got, n - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return got == 0 && k == 0 ? 0 : -1;
        got += (size_t)k;
    }
    return (ssize_t)n;
}

/* A worker's message: a finished game and its record, or (winner -1) an error. */
typedef struct msg {
    long pos;
    int winner;
    size_t len;
} msg;

static void worker(const match *m, long total, int w, int fd)
{
    for (long pos = w; pos < total; pos += m->jobs) {
        char err[1024], *text;
        msg h = {pos, 0, 0};
        int rc = play_game(m, m->part.k - 1 + pos * m->part.n, &h.winner, &text, err, sizeof err);
        if (rc) {
            h.winner = -1, h.len = strlen(err);
            write_all(fd, &h, sizeof h);
            write_all(fd, err, h.len);
            _exit(1);
        }
        h.len = text ? strlen(text) : 0;
        if (write_all(fd, &h, sizeof h) || write_all(fd, text ? text : "", h.len))
            _exit(1);
        free(text);
    }
    _exit(0);
}

/* Plays the shard's games in m->jobs worker processes. */
static int run_workers(run *r)
{
    const match *m = r->m;
    pid_t pid[MAX_JOBS];
    struct pollfd fds[MAX_JOBS];
    int started = 0, rc = 0, open = 0;
    fflush(NULL);
    for (; started < m->jobs; started++) {
        int p[2];
        if (pipe(p) || (pid[started] = fork()) < 0) {
            fprintf(stderr, "tavola: cannot start a worker: %s\n", strerror(errno));
            rc = -1;
            break;
        }
        if (pid[started] == 0) {
            close(p[0]);
            for (int j = 0; j < started; j++)
                close(fds[j].fd);
            worker(m, r->total, started, p[1]);
        }
        close(p[1]);
        fds[started].fd = p[0], fds[started].events = POLLIN;
        open++;
    }
    while (rc == 0 && open > 0) {
        if (poll(fds, (nfds_t)started, -1) < 0) {
            if (errno == EINTR)
                continue;
            rc = -1;
            break;
        }
        for (int w = 0; w < started && rc == 0; w++) {
            if (fds[w].fd < 0 || !fds[w].revents)
                continue;
            msg h;
            ssize_t got = read_all(fds[w].fd, &h, sizeof h);
            if (got == 0) {
                close(fds[w].fd);
                fds[w].fd = -1;
                open--;
                continue;
            }
            char *text = got == (ssize_t)sizeof h && h.len < ((size_t)1 << 30) ? malloc(h.len + 1) : NULL;
            if (!text || read_all(fds[w].fd, text, h.len) != (ssize_t)h.len) {
                fprintf(stderr, "tavola: worker %d: broken message\n", w + 1);
                free(text);
                rc = -1;
                break;
            }
            text[h.len] = '\0';
            if (h.winner < 0) {
                fprintf(stderr, "tavola: %s\n", text);
                free(text);
                rc = -1;
            } else {
                rc = collect(r, h.pos, h.winner, text);
            }
        }
    }
    for (int w = 0; w < started; w++) {
        int status;
        if (rc)
            kill(pid[w], SIGTERM);
        if (fds[w].fd >= 0)
            close(fds[w].fd);
        if (waitpid(pid[w], &status, 0) == pid[w] && rc == 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            fprintf(stderr, "tavola: worker %d ended abnormally\n", w + 1);
            rc = -1;
        }
    }
    if (rc == 0 && r->done != r->total) {
        fprintf(stderr, "tavola: %ld of %ld games came back from the workers\n", r->done, r->total);
        rc = -1;
    }
    return rc;
}

static int run_match(match *m, tally *ta)
{
    run r = {.m = m, .ta = ta, .total = shard_size(&m->part), .tty = isatty(2), .start = now_s()};
    int rc = 0;
    if (m->jobs > r.total)
        m->jobs = r.total > 0 ? (int)r.total : 1;
    if (m->record) {
        if (!(r.rec = fopen(m->record, "a")) || fseek(r.rec, 0, SEEK_END) || (r.rec_start = ftell(r.rec)) < 0) {
            fprintf(stderr, "tavola: %s: %s\n", m->record, strerror(errno));
            if (r.rec)
                fclose(r.rec);
            return 1;
        }
        if (m->jobs > 1 && !(r.texts = calloc((size_t)r.total, sizeof *r.texts))) {
            fprintf(stderr, "tavola: out of memory\n");
            fclose(r.rec);
            return 1;
        }
    }
    if (m->jobs > 1) {
        rc = run_workers(&r);
    } else {
        for (long pos = 0; pos < r.total && rc == 0; pos++) {
            char err[1024], *text;
            int winner;
            if ((rc = play_game(m, m->part.k - 1 + pos * m->part.n, &winner, &text, err, sizeof err)))
                fprintf(stderr, "tavola: %s\n", err);
            else
                rc = collect(&r, pos, winner, text);
        }
    }
    if (r.rec && fclose(r.rec) != 0 && rc == 0) {
        fprintf(stderr, "tavola: %s: %s\n", m->record, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && r.out_of_order)
        rc = sort_records(&r);
    for (long p = 0; r.texts && p < r.total; p++)
        free(r.texts[p]);
    free(r.texts);
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

int cmd_match(int argc, char **argv)
{
    static char options[4096];
    match m = {.jobs = 1, .part = {.k = 1, .n = 1}};
    int seeded = 0;
    long n;
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    options[0] = '\0';
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) {
            m.json = 1;
            continue;
        }
        if (strcmp(a, "--swap-sides") == 0) {
            m.part.swap = 1;
            continue;
        }
        if (a[0] == '-' && !v)
            return usage_error("%s needs a value", a);
        if (strcmp(a, "-o") == 0) {
            size_t used = strlen(options);
            if (!strchr(v, '=') || v[0] == '=' || used + strlen(v) + 2 > sizeof options)
                return usage_error("option '%s': expected key=value", v);
            snprintf(options + used, sizeof options - used, "%s%s", used ? "," : "", v);
        } else if (strcmp(a, "--p1") == 0 || strcmp(a, "--p2") == 0) {
            m.spec[a[3] - '1'] = v;
        } else if (strcmp(a, "--games") == 0) {
            if (parse_long(v, 1, 1000000000L, &m.part.games))
                return usage_error("--games: '%s' is not an integer 1..1000000000", v);
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            errno = 0;
            m.seed = strtoull(v, &end, 10);
            if (*end || end == v || v[0] == '-' || errno)
                return usage_error("--seed: '%s' is not a non-negative integer", v);
            seeded = 1;
        } else if (strcmp(a, "--jobs") == 0) {
            if (parse_long(v, 1, MAX_JOBS, &n))
                return usage_error("--jobs: '%s' is not an integer 1..256", v);
            m.jobs = (int)n;
        } else if (strcmp(a, "--shard") == 0) {
            char extra;
            if (sscanf(v, "%d/%d%c", &m.part.k, &m.part.n, &extra) != 2 || m.part.n < 1 || m.part.n > 1000000 ||
                m.part.k < 1 || m.part.k > m.part.n)
                return usage_error("--shard: '%s' is not K/N with 1 <= K <= N", v);
        } else if (strcmp(a, "--record") == 0) {
            m.record = v;
        } else if (strcmp(a, "--rules") == 0) {
            t->add_path(v);
        } else if (a[0] == '-' || m.name) {
            return usage_error("match: unexpected argument '%s'", a);
        } else {
            m.name = a;
            continue;
        }
        i++; /* the option's value */
    }
    if (!m.name)
        return usage_error("%s", "match: which ruleset?");
    if (!m.spec[0] || !m.spec[1])
        return usage_error("%s", "match: --p1 and --p2 are needed");
    if (!m.part.games)
        return usage_error("%s", "match: --games is needed");
    if (!seeded)
        m.seed = (unsigned long long)time(NULL);
    m.part.seed = m.seed;

    char err[1024];
    if (!(m.rs = t->ruleset_load(m.name, options, err, sizeof err))) {
        fprintf(stderr, "tavola: %s\n", err);
        return 1;
    }
    for (int p = 0; p < 2; p++) {
        tavola_player *pl = t->player_new(m.rs, m.spec[p], 0, err, sizeof err);
        if (!pl) {
            fprintf(stderr, "tavola: --p%d: %s\n", p + 1, err);
            t->ruleset_free(m.rs);
            return 1;
        }
        t->player_free(pl);
    }
    static tally ta;
    memset(&ta, 0, sizeof ta);
    snprintf(ta.game, sizeof ta.game, "%s", m.name);
    snprintf(ta.options, sizeof ta.options, "%s", t->ruleset_options(m.rs));
    snprintf(ta.p1, sizeof ta.p1, "%s", m.spec[0]);
    snprintf(ta.p2, sizeof ta.p2, "%s", m.spec[1]);
    ta.nparts = 1;
    ta.parts[0] = m.part;
    int rc = run_match(&m, &ta);
    t->ruleset_free(m.rs);
    if (rc == 0)
        (m.json ? print_json : print_table)(stdout, &ta);
    return rc;
}

/* ---- merge --------------------------------------------------------------- */

/* A small reader for the JSON that print_json writes. */
typedef struct jreader {
    const char *s;
} jreader;

static void jws(jreader *j)
{
    while (*j->s == ' ' || *j->s == '\n' || *j->s == '\t' || *j->s == '\r')
        j->s++;
}

static int jchar(jreader *j, char c)
{
    jws(j);
    if (*j->s != c)
        return -1;
    j->s++;
    return 0;
}

static int jstring(jreader *j, char *out, size_t size)
{
    size_t k = 0;
    if (jchar(j, '"'))
        return -1;
    for (; *j->s != '"'; j->s++) {
        char c = *j->s;
        if (!c || (unsigned char)c < 0x20)
            return -1;
        if (c == '\\') {
            c = *++j->s;
            unsigned u;
            if (c == 'u') {
                if (sscanf(j->s + 1, "%4x", &u) != 1 || u == 0 || u > 0xff)
                    return -1;
                c = (char)u, j->s += 4;
            } else if (c == 'n' || c == 't' || c == 'r') {
                c = c == 'n' ? '\n' : c == 't' ? '\t' : '\r';
            } else if (c != '"' && c != '\\' && c != '/') {
                return -1;
            }
        }
        if (k + 1 >= size)
            return -1;
        out[k++] = c;
    }
    j->s++;
    out[k] = '\0';
    return 0;
}

static int jlong(jreader *j, long *out)
{
    char *end;
    jws(j);
    *out = strtol(j->s, &end, 10);
    if (end == j->s || *out < 0)
        return -1;
    j->s = end;
    return 0;
}

static int jskip(jreader *j, int depth)
{
    char buf[4096];
    jws(j);
    if (depth > 32)
        return -1;
    if (*j->s == '"')
        return jstring(j, buf, sizeof buf);
    if (*j->s == '{' || *j->s == '[') {
        char close = *j->s == '{' ? '}' : ']';
        j->s++;
        if (jchar(j, close) == 0)
            return 0;
        do
            if ((close == '}' && (jstring(j, buf, sizeof buf) || jchar(j, ':'))) || jskip(j, depth + 1))
                return -1;
        while (jchar(j, ',') == 0);
        return jchar(j, close);
    }
    const char *start = j->s;
    while (*j->s && !strchr(",]} \n\t\r", *j->s))
        j->s++;
    return j->s > start ? 0 : -1;
}

/* The result in text (as match --json writes it) into ta; a message or NULL. */
static const char *parse_result(const char *text, tally *ta)
{
    jreader j = {text};
    char key[64];
    unsigned seen = 0;
    memset(ta, 0, sizeof *ta);
    if (jchar(&j, '{'))
        return "expected a JSON object";
    do {
        if (jstring(&j, key, sizeof key) || jchar(&j, ':'))
            return "expected \"key\": value";
        static const char *const strs[] = {"game", "options", "p1", "p2"};
        char *dest[] = {ta->game, ta->options, ta->p1, ta->p2};
        size_t sizes[] = {sizeof ta->game, sizeof ta->options, sizeof ta->p1, sizeof ta->p2};
        int f = 0;
        while (f < 4 && strcmp(key, strs[f]) != 0)
            f++;
        if (f < 4) {
            if (jstring(&j, dest[f], sizes[f]))
                return "a bad string value";
            seen |= 1u << f;
        } else if (strcmp(key, "parts") == 0) {
            if (jchar(&j, '['))
                return "parts: expected an array";
            do {
                char s[256], extra;
                part *p = &ta->parts[ta->nparts];
                if (ta->nparts == MAX_PARTS || jstring(&j, s, sizeof s) ||
                    sscanf(s, "seed=%llu games=%ld shard=%d/%d swap=%d%c", &p->seed, &p->games, &p->k, &p->n,
                           &p->swap, &extra) != 5 ||
                    p->games < 1 || p->n < 1 || p->k < 1 || p->k > p->n)
                    return "parts: expected \"seed=S games=N shard=K/N swap=0|1\"";
                ta->nparts++;
            } while (jchar(&j, ',') == 0);
            if (jchar(&j, ']'))
                return "parts: expected ]";
            seen |= 16;
        } else if (strcmp(key, "counts") == 0) {
            for (int s = 0; s < 2; s++)
                if (jchar(&j, s ? ',' : '[') || jchar(&j, '[') || jlong(&j, &ta->c[s][0]) || jchar(&j, ',') ||
                    jlong(&j, &ta->c[s][1]) || jchar(&j, ',') || jlong(&j, &ta->c[s][2]) || jchar(&j, ']'))
                    return "counts: expected [[w,d,l],[w,d,l]]";
            if (jchar(&j, ']'))
                return "counts: expected [[w,d,l],[w,d,l]]";
            seen |= 32;
        } else if (jskip(&j, 0)) {
            return "a bad value";
        }
    } while (jchar(&j, ',') == 0);
    if (jchar(&j, '}'))
        return "expected , or }";
    jws(&j);
    if (*j.s)
        return "text after the JSON object";
    if (seen != 63)
        return "a field is missing (game, options, p1, p2, parts, counts)";
    long games = 0;
    for (int i = 0; i < ta->nparts; i++)
        games += shard_size(&ta->parts[i]);
    if (games != ta->c[0][0] + ta->c[0][1] + ta->c[0][2] + ta->c[1][0] + ta->c[1][1] + ta->c[1][2])
        return "the counts do not add up to the games of its parts";
    return NULL;
}

/* Whether two parts share a game (the same seed means the same games). */
static int overlap(const part *a, const part *b)
{
    long games = a->games < b->games ? a->games : b->games;
    if (a->seed != b->seed)
        return 0;
    for (long i = a->k - 1, j = 0; i < games && j <= b->n; i += a->n, j++)
        if (i % b->n == b->k - 1)
            return 1;
    return 0;
}

static int same_match(const part *a, const part *b)
{
    return a->seed == b->seed && a->games == b->games && a->swap == b->swap && a->n == b->n;
}

/* The N shards of one match, all there, become that match (shard 1/1), in
 * the place of the first one. */
static void join_shards(tally *ta)
{
    for (int i = 0; i < ta->nparts; i++) {
        part shard = ta->parts[i], whole = shard;
        int same = 0, k = 0;
        for (int j = 0; j < ta->nparts; j++)
            same += same_match(&ta->parts[j], &shard);
        if (shard.n == 1 || same != shard.n) /* no overlap: N distinct shards */
            continue;
        whole.k = whole.n = 1;
        for (int j = 0; j < ta->nparts; j++)
            if (j == i)
                ta->parts[k++] = whole;
            else if (!same_match(&ta->parts[j], &shard))
                ta->parts[k++] = ta->parts[j];
        ta->nparts = k;
    }
}

/* A result file's text (up to 1 MiB), or NULL with errno set. */
static char *slurp(const char *file)
{
    enum { MAX = 1 << 20 };
    FILE *f = fopen(file, "rb");
    char *text = f ? malloc(MAX + 1) : NULL;
    size_t n = text ? fread(text, 1, MAX + 1, f) : 0;
    int bad = !text || ferror(f) || n > MAX;
    if (f)
        fclose(f);
    if (bad) {
        free(text);
        errno = n > MAX ? EFBIG : errno;
        return NULL;
    }
    text[n] = '\0';
    return text;
}

int cmd_merge(int argc, char **argv)
{
    static tally all, one;
    static const char *from[MAX_PARTS];
    int json = 0, files = 0;
    memset(&all, 0, sizeof all);
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return usage_error("merge: unexpected argument '%s'", argv[i]);
        else
            files++;
    }
    if (!files)
        return usage_error("%s", "merge: which result files?");
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            continue;
        char *text = slurp(argv[i]);
        if (!text) {
            fprintf(stderr, "tavola: %s: %s\n", argv[i], strerror(errno));
            return 1;
        }
        const char *bad = parse_result(text, &one);
        free(text);
        if (bad) {
            fprintf(stderr, "tavola: %s: not a match result (tavola match --json): %s\n", argv[i], bad);
            return 1;
        }
        if (all.nparts == 0) {
            all = one;
            all.nparts = 0;
            memset(all.c, 0, sizeof all.c);
        } else if (strcmp(all.game, one.game) || strcmp(all.options, one.options) || strcmp(all.p1, one.p1) ||
                   strcmp(all.p2, one.p2)) {
            fprintf(stderr, "tavola: %s: a match of %s (%s) %s vs %s, not %s (%s) %s vs %s\n", argv[i], one.game,
                    one.options, one.p1, one.p2, all.game, all.options, all.p1, all.p2);
            return 1;
        }
        for (int p = 0; p < one.nparts; p++) {
            for (int q = 0; q < all.nparts; q++) {
                if (overlap(&one.parts[p], &all.parts[q])) {
                    fprintf(stderr, "tavola: %s: its games (seed %llu, shard %d/%d) are already in %s\n", argv[i],
                            one.parts[p].seed, one.parts[p].k, one.parts[p].n, from[q]);
                    return 1;
                }
            }
            if (all.nparts == MAX_PARTS) {
                fprintf(stderr, "tavola: %s: more than %d parts\n", argv[i], MAX_PARTS);
                return 1;
            }
            from[all.nparts] = argv[i];
            all.parts[all.nparts++] = one.parts[p];
        }
        for (int s = 0; s < 2; s++)
            for (int r = 0; r < 3; r++)
                all.c[s][r] += one.c[s][r];
    }
    join_shards(&all);
    (json ? print_json : print_table)(stdout, &all);
    return 0;
}
