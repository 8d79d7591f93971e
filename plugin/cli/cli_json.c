#define _POSIX_C_SOURCE 200809L
#include "cli_json.h"

#include <stdlib.h>
#include <string.h>

static void json_string(FILE *out, const char *s)
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

static void json_moves(FILE *out, const tavola_api *t, const tavola_game *g, const tavola_move *m, int n)
{
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        char text[32];
        t->move_text(g, m[i], text, sizeof text);
        fprintf(out, "%s", i ? "," : "");
        json_string(out, text);
    }
    fputc(']', out);
}

int cli_json(FILE *out, const tavola_api *t, const tavola_ruleset *rs, tavola_game *g)
{
    static tavola_move moves[4096];
    int n = t->legal_moves(g, moves, 4096);
    if (n < 0)
        return n;
    fprintf(out, "{\"game\":");
    json_string(out, t->ruleset_name(rs));
    fprintf(out, ",\"title\":");
    json_string(out, t->ruleset_title(rs));
    fprintf(out, ",\"options\":");
    json_string(out, t->ruleset_options(rs));
    fprintf(out, ",\"seed\":%llu,\"ply\":%d,\"to_move\":%d,\"status\":\"%s\",\"winner\":",
            (unsigned long long)t->seed(g), t->ply(g), t->to_move(g),
            t->status(g) == TAVOLA_OVER ? "over" : "ongoing");
    if (t->winner(g) < 0)
        fprintf(out, "null");
    else
        fprintf(out, "%d", t->winner(g));
    fprintf(out, ",\"scores\":[%d,%d],\"moves\":", (int)t->score(g, 1), (int)t->score(g, 2));
    json_moves(out, t, g, moves, n);

    char rows[8192];
    t->draw(g, TAVOLA_DRAW_ROWS, rows, sizeof rows);
    fprintf(out, ",\"board\":[");
    char *save, *line = strtok_r(rows, "\n", &save);
    for (int i = 0; line; line = strtok_r(NULL, "\n", &save), i++) {
        fprintf(out, "%s", i ? "," : "");
        json_string(out, line);
    }
    fprintf(out, "],\"history\":");
    int played = t->history(g, NULL, 0);
    tavola_move *history = malloc(((size_t)played + 1) * sizeof *history);
    if (history) {
        t->history(g, history, played);
        json_moves(out, t, g, history, played);
        free(history);
    }
    char pos[2048];
    t->position(g, pos, sizeof pos);
    fprintf(out, ",\"position\":");
    json_string(out, pos);
    fprintf(out, "}\n");
    return TAVOLA_OK;
}
