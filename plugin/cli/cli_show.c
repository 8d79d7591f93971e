/* tavola show: sets up a position (options, seed, position string, moves)
 * and writes it as an SVG picture (--svg FILE, "-" for stdout) or prints the
 * text board. Through the plugin ABI (tavola.h) only. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "cli_show.h"
#include "tavola.h"

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
        cli_error("cannot write '%s': %s", path, strerror(errno));
        return 1;
    }
    int failed = fwrite(text, 1, len, f) != len;
    failed |= to_stdout ? fflush(f) != 0 : fclose(f) != 0;
    if (failed) {
        cli_error("cannot write '%s': %s", path, strerror(errno));
        return 1;
    }
    return 0;
}

int cmd_show(int argc, char **argv)
{
    const tavola_api *t = cli_api();
    /* --svg FILE is show's own; the rest are the game arguments of play. */
    const char *svg = NULL;
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    int nrest = 0;
    if (!rest) {
        cli_error("out of memory");
        return 1;
    }
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--svg") != 0) {
            rest[nrest++] = argv[i];
        } else if (i + 1 < argc) {
            svg = argv[++i];
        } else {
            free(rest);
            return cli_usage_error(cli_command_usage(), "%s needs a value", "--svg");
        }
    }
    static play_args pa;
    int rc = cli_parse_play_args(nrest, rest, &pa, 0);
    free(rest);
    if (rc)
        return rc;
    tavola_ruleset *rs;
    tavola_game *g;
    rc = cli_start_game(&pa, &rs, &g);
    if (rc == 0 && pa.moves)
        rc = cli_play_moves(g, pa.moves);
    if (rc == 0) {
        /* The picture is made before the file is opened: a failure above
         * leaves an existing file as it was. */
        size_t len = 0;
        char *text = drawing(t, g, svg ? TAVOLA_DRAW_SVG : TAVOLA_DRAW_BOARD, &len);
        if (!text) {
            cli_error("cannot draw the position");
            rc = 1;
        } else {
            rc = write_file(svg ? svg : "-", text, len);
            free(text);
        }
    }
    t->game_free(g);
    t->ruleset_free(rs);
    return rc;
}
