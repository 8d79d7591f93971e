/* JSON writing and reading for the command (see cli_json.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_json.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"

void cli_json_string(FILE *out, const char *s)
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

void cli_json_number(FILE *out, const char *key, double x, const char *fmt)
{
    fprintf(out, ",\"%s\":", key);
    if (isnan(x) || isinf(x)) { /* JSON has no infinity: an unbounded end is null, as no value is */
        fputs("null", out);
    } else {
        /* A value that rounds to zero is 0, not -0.00. */
        char buf[64];
        snprintf(buf, sizeof buf, fmt, x);
        fputs(buf[0] == '-' && buf[strspn(buf + 1, "0.") + 1] == '\0' ? buf + 1 : buf, out);
    }
}

/* ---- reading ------------------------------------------------------------- */

void cli_json_space(cli_jreader *j)
{
    while (*j->s == ' ' || *j->s == '\n' || *j->s == '\t' || *j->s == '\r')
        j->s++;
}

int cli_json_char(cli_jreader *j, char c)
{
    cli_json_space(j);
    if (*j->s != c)
        return -1;
    j->s++;
    return 0;
}

int cli_json_read_string(cli_jreader *j, char *out, size_t size)
{
    size_t k = 0;
    if (cli_json_char(j, '"'))
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

int cli_json_read_long(cli_jreader *j, long *out)
{
    char *end;
    cli_json_space(j);
    *out = strtol(j->s, &end, 10);
    if (end == j->s || *out < 0)
        return -1;
    j->s = end;
    return 0;
}

int cli_json_skip(cli_jreader *j, int depth)
{
    char buf[4096];
    cli_json_space(j);
    if (depth > 32)
        return -1;
    if (*j->s == '"')
        return cli_json_read_string(j, buf, sizeof buf);
    if (*j->s == '{' || *j->s == '[') {
        char close = *j->s == '{' ? '}' : ']';
        j->s++;
        if (cli_json_char(j, close) == 0)
            return 0;
        do
            if ((close == '}' && (cli_json_read_string(j, buf, sizeof buf) || cli_json_char(j, ':'))) ||
                cli_json_skip(j, depth + 1))
                return -1;
        while (cli_json_char(j, ',') == 0);
        return cli_json_char(j, close);
    }
    const char *start = j->s;
    while (*j->s && !strchr(",]} \n\t\r", *j->s))
        j->s++;
    return j->s > start ? 0 : -1;
}

/* ---- a game -------------------------------------------------------------- */

static void json_moves(FILE *out, const tavola_game *g, const tavola_move *m, int n)
{
    const tavola_api *t = cli_api();
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        char text[TAVOLA_MOVE_TEXT_MAX];
        t->move_text(g, m[i], text, sizeof text);
        fprintf(out, "%s", i ? "," : "");
        cli_json_string(out, text);
    }
    fputc(']', out);
}

/* Whether the library has the calls of game variables and hands. */
static int has_vars(const tavola_api *t) { return t->size >= offsetof(tavola_api, hand) + sizeof t->hand; }

/* One value of a variable: an integer, a flag as a boolean, a cell by name
 * ("b2", as position strings write it) or null. */
static void json_value(FILE *out, int type, int32_t v, int width)
{
    if (type == TAVOLA_VAR_FLAG)
        fputs(v ? "true" : "false", out);
    else if (type == TAVOLA_VAR_CELL && (v < 0 || width <= 0))
        fputs("null", out);
    else if (type == TAVOLA_VAR_CELL)
        fprintf(out, "\"%c%ld\"", 'a' + (int)(v % width), (long)(v / width + 1));
    else
        fprintf(out, "%ld", (long)v);
}

/* ,"vars":{"ko":"b2","passes":[0,1],...} and ,"hands":[{"M":1},{}] for a
 * ruleset that declares them (others' JSON stays as it was). */
static void json_vars(FILE *out, const tavola_ruleset *rs, const tavola_game *g)
{
    const tavola_api *t = cli_api();
    if (!has_vars(t))
        return;
    int n = t->var_count(rs), dims[TAVOLA_OBS_DIMS] = {0, 0, 0};
    t->observation_shape(rs, dims); /* a grid's width: a cell's name */
    if (n > 0) {
        fprintf(out, ",\"vars\":{");
        for (int i = 0; i < n; i++) {
            const char *name = "";
            int type = 0, per_player = 0;
            t->var_info(rs, i, &name, &type, NULL, NULL, &per_player);
            fprintf(out, "%s", i ? "," : "");
            cli_json_string(out, name);
            fputc(':', out);
            if (per_player)
                fputc('[', out);
            for (int p = per_player ? 1 : 0; p <= (per_player ? 2 : 0); p++) {
                int32_t v = 0;
                t->var_get(g, i, p, &v);
                fprintf(out, "%s", p == 2 ? "," : "");
                json_value(out, type, v, dims[2]);
            }
            if (per_player)
                fputc(']', out);
        }
        fputc('}', out);
    }
    int kinds = t->hand_kinds(rs);
    if (kinds > 0) {
        fprintf(out, ",\"hands\":[");
        for (int p = 1; p <= 2; p++) {
            fprintf(out, "%s{", p == 2 ? "," : "");
            for (int k = 0, any = 0; k < kinds; k++) {
                char letter = '?';
                int count = t->hand(g, p, k, &letter);
                if (count > 0)
                    fprintf(out, "%s\"%c\":%d", any++ ? "," : "", letter, count);
            }
            fputc('}', out);
        }
        fputc(']', out);
    }
}

int cli_json(FILE *out, const tavola_ruleset *rs, tavola_game *g)
{
    const tavola_api *t = cli_api();
    static tavola_move moves[TAVOLA_MAX_MOVES];
    int n = t->legal_moves(g, moves, TAVOLA_MAX_MOVES);
    if (n < 0)
        return n;
    fprintf(out, "{\"game\":");
    cli_json_string(out, t->ruleset_name(rs));
    fprintf(out, ",\"title\":");
    cli_json_string(out, t->ruleset_title(rs));
    fprintf(out, ",\"options\":");
    cli_json_string(out, t->ruleset_options(rs));
    fprintf(out, ",\"seed\":%llu,\"ply\":%d,\"to_move\":%d,\"status\":\"%s\",\"winner\":",
            (unsigned long long)t->seed(g), t->ply(g), t->to_move(g),
            t->status(g) == TAVOLA_OVER ? "over" : "ongoing");
    if (t->winner(g) < 0)
        fprintf(out, "null");
    else
        fprintf(out, "%d", t->winner(g));
    fprintf(out, ",\"scores\":[%d,%d],\"moves\":", (int)t->score(g, 1), (int)t->score(g, 2));
    json_moves(out, g, moves, n);

    char rows[8192];
    t->draw(g, TAVOLA_DRAW_ROWS, rows, sizeof rows);
    fprintf(out, ",\"board\":[");
    char *save, *line = strtok_r(rows, "\n", &save);
    for (int i = 0; line; line = strtok_r(NULL, "\n", &save), i++) {
        fprintf(out, "%s", i ? "," : "");
        cli_json_string(out, line);
    }
    fprintf(out, "],\"history\":");
    int played = t->history(g, NULL, 0);
    tavola_move *history = malloc(((size_t)played + 1) * sizeof *history);
    if (history) {
        t->history(g, history, played);
        json_moves(out, g, history, played);
        free(history);
    }
    json_vars(out, rs, g);
    char pos[4096];
    t->position(g, pos, sizeof pos);
    fprintf(out, ",\"position\":");
    cli_json_string(out, pos);
    if (t->fen(g, pos, sizeof pos) >= 0) { /* the chess family */
        fprintf(out, ",\"fen\":");
        cli_json_string(out, pos);
    }
    fprintf(out, "}\n");
    return TAVOLA_OK;
}
