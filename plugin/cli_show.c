/* tavola show: sets up a position (options, seed, position string, moves)
 * and writes it as an SVG picture (--svg FILE, "-" for stdout) or prints the
 * text board. Through the plugin ABI (tavola.h) only. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_show.h"
#include "tavola.h"

static const char show_usage[] =
    "usage: tavola show RULESET [-o key=value]... [--seed N] [--position POS]\n"
    "                   [--moves \"m1 m2 ...\"] [--svg FILE|-] [--rules DIR]\n";

static int bad_args(const char *fmt, const char *arg)
{
    fprintf(stderr, "tavola: show: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", show_usage);
    return 2;
}

typedef struct show_args {
    const char *name, *moves, *position, *svg;
    unsigned long long seed;
    int seeded;
    char options[4096];
} show_args;

static int parse_args(const tavola_api *t, int argc, char **argv, show_args *sa)
{
    memset(sa, 0, sizeof *sa);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] == '-' && a[1] != '\0' && !v)
            return bad_args("%s needs a value", a);
        if (strcmp(a, "-o") == 0) {
            size_t used = strlen(sa->options);
            if (!strchr(v, '=') || v[0] == '=' || used + strlen(v) + 2 > sizeof sa->options)
                return bad_args("option '%s': expected key=value", v);
            snprintf(sa->options + used, sizeof sa->options - used, "%s%s", used ? "," : "", v);
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            errno = 0;
            sa->seed = strtoull(v, &end, 10);
            if (*end || end == v || v[0] == '-' || errno)
                return bad_args("--seed: '%s' is not a non-negative integer", v);
            sa->seeded = 1;
        } else if (strcmp(a, "--moves") == 0) {
            sa->moves = v;
        } else if (strcmp(a, "--position") == 0) {
            sa->position = v;
        } else if (strcmp(a, "--svg") == 0) {
            sa->svg = v;
        } else if (strcmp(a, "--rules") == 0) {
            t->add_path(v);
        } else if (a[0] == '-' || sa->name) {
            return bad_args("unexpected argument '%s'", a);
        } else {
            sa->name = a;
            continue;
        }
        i++; /* the option's value */
    }
    if (!sa->name)
        return bad_args("%s", "which ruleset?");
    if (!sa->seeded) /* as `tavola play`: random setup differs run to run */
        sa->seed = (unsigned long long)time(NULL);
    return 0;
}

static int play_moves(const tavola_api *t, tavola_game *g, const char *moves)
{
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    if (!buf) {
        fprintf(stderr, "tavola: out of memory\n");
        return 1;
    }
    memcpy(buf, moves, len + 1);
    int k = 0, rc = 0;
    char *save;
    for (char *m = strtok_r(buf, " \t\n,", &save); m && rc == 0; m = strtok_r(NULL, " \t\n,", &save)) {
        k++;
        if (t->play_text(g, m)) {
            fprintf(stderr, "tavola: move %d '%s' refused: %s\n", k, m, t->error(g));
            rc = 1;
        }
    }
    free(buf);
    return rc;
}

/* The drawing `how` of g in a buffer of the size it needs (free it). */
static char *drawing(const tavola_api *t, const tavola_game *g, int how, size_t *len)
{
    int n = t->draw(g, how, NULL, 0);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!buf)
        return NULL;
    int m = t->draw(g, how, buf, (size_t)n + 1);
    if (m != n) {
        free(buf);
        return NULL;
    }
    *len = (size_t)n;
    return buf;
}

/* Writes the whole text to path ("-": stdout); 0 or 1 with a message. */
static int write_file(const char *path, const char *text, size_t len)
{
    int to_stdout = strcmp(path, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "tavola: cannot write '%s': %s\n", path, strerror(errno));
        return 1;
    }
    int failed = fwrite(text, 1, len, f) != len;
    failed |= to_stdout ? fflush(f) != 0 : fclose(f) != 0;
    if (failed) {
        fprintf(stderr, "tavola: cannot write '%s': %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

int cmd_show(int argc, char **argv)
{
    const tavola_api *t = tavola_get_api(TAVOLA_ABI_VERSION);
    static show_args sa;
    int rc = parse_args(t, argc, argv, &sa);
    if (rc)
        return rc;
    char err[1024];
    tavola_ruleset *rs = t->ruleset_load(sa.name, sa.options, err, sizeof err);
    if (!rs) {
        fprintf(stderr, "tavola: %s\n", err);
        return 1;
    }
    tavola_game *g = t->game_new(rs, sa.seed);
    if (!g) {
        fprintf(stderr, "tavola: %s\n", t->ruleset_error(rs));
        rc = 1;
    } else if (sa.position && t->set_position(g, sa.position)) {
        fprintf(stderr, "tavola: %s\n", t->error(g));
        rc = 1;
    } else if (sa.moves) {
        rc = play_moves(t, g, sa.moves);
    }
    if (rc == 0) {
        /* The picture is made before the file is opened: a failure above
         * leaves an existing file as it was. */
        size_t len = 0;
        char *text = drawing(t, g, sa.svg ? TAVOLA_DRAW_SVG : TAVOLA_DRAW_BOARD, &len);
        if (!text) {
            fprintf(stderr, "tavola: cannot draw the position\n");
            rc = 1;
        } else {
            rc = write_file(sa.svg ? sa.svg : "-", text, len);
            free(text);
        }
    }
    t->game_free(g);
    t->ruleset_free(rs);
    return rc;
}
