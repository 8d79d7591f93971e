#include "cli_render.h"

#include <string.h>

static const char cell_char[4] = {'.', 'x', 'o', '#'};

/* Mancala: row 2 on top, as the players sit; seed counts in the holes. */
static void draw_mancala(FILE *out, const tv_game *g)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    int w = r->sow.holes;
    fprintf(out, "    ");
    for (int col = 0; col < w; col++)
        fprintf(out, " %3c", 'a' + col);
    fputc('\n', out);
    for (int row = 1; row >= 0; row--) {
        fprintf(out, "%3d ", row + 1);
        for (int col = 0; col < w; col++)
            fprintf(out, " %3d", s->cells[row * w + col]);
        fprintf(out, "    %s %s %d\n", r->players[row], r->sow.stores ? "store" : "captured", (int)s->score[row]);
    }
    cli_status_line(out, g);
}

void cli_draw(FILE *out, const tv_game *g)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    if (r->board == TV_BOARD_MANCALA) {
        draw_mancala(out, g);
        return;
    }
    int last = tv_last_cell(r, s);
    for (int row = r->grid.height - 1; row >= 0; row--) {
        fprintf(out, "%3d ", row + 1);
        for (int col = 0; col < r->grid.width; col++) {
            int cell = row * r->grid.width + col;
            /* The last stone is shown in capitals. */
            int c = cell_char[s->cells[cell] & 3];
            if (cell == last && (c == 'x' || c == 'o'))
                c -= 'a' - 'A';
            fprintf(out, " %c", c);
        }
        fputc('\n', out);
    }
    fprintf(out, "    ");
    for (int col = 0; col < r->grid.width; col++)
        fprintf(out, " %c", 'a' + col);
    fputc('\n', out);
    cli_status_line(out, g);
}

void cli_status_line(FILE *out, const tv_game *g)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    if (r->board == TV_BOARD_MANCALA)
        fprintf(out, "ply %u  %s %d  %s %d  ", (unsigned)s->ply, r->players[0], (int)s->score[0],
                r->players[1], (int)s->score[1]);
    else
        fprintf(out, "ply %u  %s (%c) %d  %s (%c) %d  ", (unsigned)s->ply, r->players[0],
                cell_char[tv_colour_of(s, 0)], (int)s->score[0], r->players[1],
                cell_char[tv_colour_of(s, 1)], (int)s->score[1]);
    if (s->status == TV_OVER) {
        if (s->winner == 0)
            fprintf(out, "game over: draw\n");
        else
            fprintf(out, "game over: %s wins\n", r->players[s->winner - 1]);
    } else {
        fprintf(out, "%s to %s\n", r->players[s->to_move],
                (s->flags & TV_FLAG_SETUP) ? "place a hole" : "move");
    }
}

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

int cli_json(FILE *out, const tv_game *g, const char *options, tv_error *err)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    tv_move moves[TV_MAX_MOVES];
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, err);
    if (n < 0)
        return n;
    char text[TV_POSITION_MAX];
    fprintf(out, "{\"game\":");
    json_string(out, r->name);
    fprintf(out, ",\"title\":");
    json_string(out, r->title);
    fprintf(out, ",\"options\":");
    json_string(out, options);
    fprintf(out, ",\"seed\":%llu,\"ply\":%u,\"to_move\":%d,\"status\":\"%s\",\"winner\":",
            (unsigned long long)g->seed, (unsigned)s->ply, s->to_move + 1,
            s->status == TV_OVER ? "over" : "ongoing");
    if (s->winner < 0)
        fprintf(out, "null");
    else
        fprintf(out, "%d", s->winner);
    fprintf(out, ",\"scores\":[%d,%d],\"moves\":[", (int)s->score[0], (int)s->score[1]);
    for (int i = 0; i < n; i++) {
        tv_move_text(r, moves[i], text, sizeof text);
        fprintf(out, "%s\"%s\"", i ? "," : "", text);
    }
    fprintf(out, "],\"board\":[");
    for (int row = r->grid.height - 1; row >= 0; row--) {
        fputc('"', out);
        for (int col = 0; col < r->grid.width; col++) {
            int v = s->cells[row * r->grid.width + col];
            if (r->board == TV_BOARD_MANCALA)
                fprintf(out, "%s%d", col ? " " : "", v); /* seed counts */
            else
                fputc(cell_char[v & 3], out);
        }
        fprintf(out, "\"%s", row ? "," : "");
    }
    fprintf(out, "],\"history\":[");
    for (int i = 0; i < g->nply; i++) {
        tv_move_text(r, g->history[i], text, sizeof text);
        fprintf(out, "%s\"%s\"", i ? "," : "", text);
    }
    tv_position_write(r, s, text, sizeof text);
    fprintf(out, "],\"position\":");
    json_string(out, text);
    fprintf(out, "}\n");
    return TV_OK;
}
