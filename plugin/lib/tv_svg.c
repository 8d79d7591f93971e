/* SVG drawing of a position: a standalone SVG 1.1 document built with integer
 * coordinates only (no %f, so a host's locale cannot change a byte), no
 * timestamps and no ids that depend on anything but the board. */
#include "tv_svg.h"
#include "tv_draw.h"
#include "tv_hmove.h"
#include "tv_out.h"
#include "tv_pieces.h"
#include "tv_vars_state.h"

#include <stdio.h>
#include <string.h>


static void put_bytes(tv_out *o, const char *s, size_t n)
{
    if (o->len < o->size) {
        size_t room = o->size - o->len - 1; /* keep the NUL */
        size_t k = n < room ? n : room;
        memcpy(o->buf + o->len, s, k);
        o->buf[o->len + k] = '\0';
    }
    o->len += n;
}

/* Length of the valid UTF-8 sequence of an XML character at s, or 0. */
static int utf8_char(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
    int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (n == 3) {
        if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0)) /* overlong, surrogates */
            return 0;
        if (c == 0xEF && s[1] == 0xBF && s[2] >= 0xBE) /* U+FFFE, U+FFFF */
            return 0;
    }
    if (n == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90)))
        return 0;
    return n;
}

/* Text for element content or an attribute value: markup characters as
 * entities; bytes that are not XML characters in UTF-8 become '?'. */
static void put_text(tv_out *o, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        int n = utf8_char(s);
        if (n == 0) {
            put_bytes(o, "?", 1);
            s++;
        } else if (*s == '&') {
            put_bytes(o, "&amp;", 5), s++;
        } else if (*s == '<') {
            put_bytes(o, "&lt;", 4), s++;
        } else if (*s == '>') {
            put_bytes(o, "&gt;", 4), s++;
        } else if (*s == '"') {
            put_bytes(o, "&quot;", 6), s++;
        } else if (*s == '\'') {
            put_bytes(o, "&apos;", 6), s++;
        } else {
            put_bytes(o, (const char *)s, (size_t)n);
            s += n;
        }
    }
}

/* Characters of a text, to estimate its width (about 0.55 em each). */
static int text_chars(const char *text)
{
    int n = 0;
    for (const unsigned char *s = (const unsigned char *)text; *s; s++)
        n += (*s & 0xC0) != 0x80;
    return n;
}

static int text_width(const char *text, int font) { return text_chars(text) * font * 11 / 20; }

static int max_int(int a, int b) { return a > b ? a : b; }

enum { CAPTION_FONT = 15, CAPTION_H = 40 };

static void caption(const tv_game *g, char *buf, size_t size)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    char state[TV_NAME_MAX + 32];
    if (s->status == TV_OVER && s->winner == 0)
        snprintf(state, sizeof state, "game over: draw");
    else if (s->status == TV_OVER)
        snprintf(state, sizeof state, "game over: %s wins", r->players[s->winner == 2]);
    else
        snprintf(state, sizeof state, "%s to %s", r->players[s->to_move & 1],
                 (s->flags & TV_FLAG_SETUP) ? "place a hole" : "move");
    if (tv_rules_scores(r))
        snprintf(buf, size, "%s: ply %u, %s %d, %s %d, %s", r->title, (unsigned)s->ply, r->players[0],
                 (int)s->score[0], r->players[1], (int)s->score[1], state);
    else /* a k-in-a-row game: no score to show */
        snprintf(buf, size, "%s: ply %u, %s", r->title, (unsigned)s->ply, state);
}

static void begin(tv_out *o, const tv_game *g, int w, int h, const char *cap)
{
    char pos[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, pos, sizeof pos);
    tv_out_put(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    tv_out_put(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
           "viewBox=\"0 0 %d %d\">\n", w, h, w, h);
    tv_out_put(o, "<title>");
    put_text(o, cap);
    tv_out_put(o, "</title>\n<desc>position: ");
    put_text(o, pos);
    tv_out_put(o, "</desc>\n");
    tv_out_put(o, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", w, h);
    tv_out_put(o, "<text x=\"%d\" y=\"26\" font-family=\"sans-serif\" font-size=\"%d\" text-anchor=\"middle\" "
           "fill=\"#222222\">", w / 2, CAPTION_FONT);
    put_text(o, cap);
    tv_out_put(o, "</text>\n");
}

/* The layer of click targets a host may ask for (TAVOLA_DRAW_SVG_CELLS):
 * invisible shapes on top of everything, one per cell, named as moves name
 * them. */
static void targets_begin(tv_out *o)
{
    tv_out_put(o, "<g class=\"tavola-cells\" fill=\"#000000\" fill-opacity=\"0\" stroke=\"none\">\n");
}

static void target_name(tv_out *o, const tv_game *g, int cell)
{
    char name[16];
    tv_grid_cell_name(&g->rules->grid, cell, name, sizeof name);
    tv_out_put(o, " data-cell=\"");
    put_text(o, name);
    tv_out_put(o, "\"/>\n");
}

/* ---- grid boards ------------------------------------------------------- */

enum { CELL = 40, STONE_R = 16, LABEL_M = 28, FRAME = 6, LEGEND_H = 40 };

/* The drawn values of the colours of tv_rules.h, by TV_COLOUR_*: fill,
 * outline (light stones get a heavier one) and the last-move dot. */
typedef struct { const char *fill, *stroke; int width; const char *dot; } paint;
static const paint paints[TV_COLOURS] = {
    [TV_COLOUR_WHITE] = {"#fafafa", "#222222", 2, "#e02020"},
    [TV_COLOUR_BLACK] = {"#1e1e1e", "#000000", 1, "#e02020"},
    [TV_COLOUR_RED] = {"#d42a2a", "#7a1212", 1, "#fafafa"},
    [TV_COLOUR_YELLOW] = {"#f5c810", "#8a6a00", 2, "#e02020"},
    [TV_COLOUR_BLUE] = {"#2a5cc8", "#102e6e", 1, "#fafafa"},
    [TV_COLOUR_GREEN] = {"#2a8c46", "#0f4a22", 1, "#fafafa"},
};

static const paint *paint_of(const tv_rules *r, int stone)
{
    return &paints[tv_stone_colour(r, stone)];
}

static void stone(tv_out *o, const tv_rules *r, int cx, int cy, int radius, int colour)
{
    const paint *p = paint_of(r, colour);
    tv_out_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%d\"/>\n", cx, cy,
        radius, p->fill, p->stroke, p->width);
}

/* A piece: its owner's stone; a kind past the first (a king) also wears a
 * gold ring and its letter, so that it is told apart at a glance. */
static void piece(tv_out *o, const tv_rules *r, int cx, int cy, int v)
{
    int colour = tv_cell_colour(v), kind = tv_cell_kind(v);
    stone(o, r, cx, cy, STONE_R, colour);
    if (kind == 0 || !r->pieces.nkinds)
        return;
    tv_out_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"#d4a017\" stroke-width=\"3\"/>\n",
        cx, cy, STONE_R - 5);
    tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"13\" font-weight=\"bold\" "
        "text-anchor=\"middle\" fill=\"%s\">%c</text>\n", cx, cy + 5, colour == TV_STONE1 ? "#222222" : "#fafafa",
        r->pieces.letter[kind] - 'a' + 'A');
}

enum { LEGEND_FONT = 13 };

/* Width of the legend: a stone and a name per player. */
static int legend_width(const tv_rules *r)
{
    int legend = 0;
    for (int p = 0; p < 2; p++)
        legend += 22 + text_width(r->players[p], LEGEND_FONT) + (p ? 0 : 28);
    return legend;
}

/* Legend: each player's colour; the player to move in bold. */
static void legend_at(tv_out *o, const tv_game *g, int x, int y)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    for (int p = 0; p < 2; p++) {
        stone(o, r, x + 8, y - 5, 8, tv_colour_of(s, p));
        tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" fill=\"#222222\"%s>",
            x + 22, y, LEGEND_FONT, s->status == TV_ONGOING && s->to_move == p ? " font-weight=\"bold\"" : "");
        put_text(o, r->players[p]);
        tv_out_put(o, "</text>\n");
        x += 22 + text_width(r->players[p], LEGEND_FONT) + 28;
    }
}

/* ---- variables and hands, under the legend -------------------------------
 * A line of the game's variables as text ("done=false ko=b2 passes=0/1"),
 * then each player's hand: the name, and per kind held a small piece of the
 * player's colour with the kind's letter (as the position string writes
 * it) and the count. Only for a ruleset that declares them: other drawings
 * keep every byte. */

enum { EXTRA_H = 26, HAND_R = 9, HAND_FONT = 13 };

/* The lines of the band: the variables' and one per hand. */
static int extra_lines(const tv_rules *r) { return (r->vars.n > 0) + 2 * (tv_draw_hand_kinds(r) > 0); }

/* Player index p's hand line: its width, and the kinds held into held[]
 * (their count returned in *n). */
static int hand_width(const tv_game *g, int p, int *held, int *n)
{
    const tv_rules *r = g->rules;
    char count[16];
    int w = text_width(r->players[p], HAND_FONT) + text_width(":", HAND_FONT);
    *n = 0;
    for (int k = 0; k < tv_draw_hand_kinds(r); k++) {
        int c = tv_hand_get(r, g->state, p, k);
        if (c <= 0)
            continue;
        held[(*n)++] = k;
        snprintf(count, sizeof count, "x%d", c);
        w += 8 + 2 * HAND_R + 3 + text_width(count, HAND_FONT);
    }
    return *n ? w : w + 8 + text_width("none", HAND_FONT);
}

static int vars_text(const tv_game *g, char *buf, size_t size)
{
    int n = tv_draw_vars(g, buf, size);
    return n < (int)size ? n : (int)size - 1;
}

/* The widest line of the band (0 without one). */
static int extras_width(const tv_game *g)
{
    char vars[1024];
    int w = 0, held[TV_MAX_KINDS], n;
    if (g->rules->vars.n > 0) {
        vars_text(g, vars, sizeof vars);
        w = text_width(vars, HAND_FONT);
    }
    for (int p = 0; p < 2 && tv_draw_hand_kinds(g->rules); p++)
        w = max_int(w, hand_width(g, p, held, &n));
    return w;
}

/* The band's lines, each centred in a picture W wide, the first's baseline at y. */
static void extras_at(tv_out *o, const tv_game *g, int W, int y)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    if (r->vars.n > 0) {
        char vars[1024];
        vars_text(g, vars, sizeof vars);
        tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" fill=\"#222222\">",
            (W - text_width(vars, HAND_FONT)) / 2, y, HAND_FONT);
        put_text(o, vars);
        tv_out_put(o, "</text>\n");
        y += EXTRA_H;
    }
    for (int p = 0; p < 2 && tv_draw_hand_kinds(r); p++, y += EXTRA_H) {
        int held[TV_MAX_KINDS], n, x = (W - hand_width(g, p, held, &n)) / 2;
        int colour = tv_colour_of(s, p), paint = tv_stone_colour(r, colour);
        const char *ink = paint == TV_COLOUR_WHITE || paint == TV_COLOUR_YELLOW ? "#222222" : "#fafafa";
        tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" fill=\"#222222\">",
            x, y, HAND_FONT);
        put_text(o, r->players[p]);
        tv_out_put(o, ":%s</text>\n", n ? "" : " none");
        x += text_width(r->players[p], HAND_FONT) + text_width(":", HAND_FONT);
        for (int i = 0; i < n; i++) {
            char count[16];
            int k = held[i];
            char letter = r->pieces.nkinds ? tv_draw_hand_letter(r, p, k) : 0; /* plain stones: no letter */
            snprintf(count, sizeof count, "x%d", tv_hand_get(r, s, p, k));
            stone(o, r, x + 8 + HAND_R, y - 5, HAND_R, colour);
            if (letter) /* letters a-z, A-Z (the loader's check) */
                tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"11\" "
                    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%c</text>\n", x + 8 + HAND_R, y - 1,
                    ink, letter);
            tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" "
                "fill=\"#222222\">%s</text>\n", x + 8 + 2 * HAND_R + 3, y, HAND_FONT, count);
            x += 8 + 2 * HAND_R + 3 + text_width(count, HAND_FONT);
        }
    }
}

static const char hole_pattern[] =
    "<defs>\n<pattern id=\"tavola-hole\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
    "<rect x=\"0\" y=\"0\" width=\"8\" height=\"8\" fill=\"#34302b\"/>"
    "<path d=\"M0 8L8 0M-2 2L2 -2M6 10L10 6\" stroke=\"#7a7166\" stroke-width=\"2\"/></pattern>\n</defs>\n";

static void draw_grid(tv_out *o, const tv_game *g, const char *cap, int targets)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    int w = r->grid.width, h = r->grid.height, bw = w * CELL, bh = h * CELL;
    const int font = LEGEND_FONT;
    int legend = max_int(legend_width(r), extras_width(g));
    int W = max_int(max_int(bw + 2 * LABEL_M + 16, text_width(cap, CAPTION_FONT) + 24), legend + 24);
    int ox = (W - bw) / 2, oy = CAPTION_H + LABEL_M;
    int H = oy + bh + LABEL_M + LEGEND_H + extra_lines(r) * EXTRA_H;
    begin(o, g, W, H, cap);
    tv_out_put(o, "%s", hole_pattern);
    tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"#c9a063\"/>\n", ox - FRAME,
        oy - FRAME, bw + 2 * FRAME, bh + 2 * FRAME);

    /* A graph board: its links, then its points (the other cells are not drawn). */
    if (r->graph.on) {
        tv_out_put(o, "<g stroke=\"#5a4526\" stroke-width=\"3\">\n");
        for (int a = 0; a < r->ncells; a++)
            for (int i = 0; i < r->graph.nlinks[a]; i++) {
                int b = r->graph.link[a][i];
                if (b < a)
                    continue;
                tv_out_put(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", ox + a % w * CELL + CELL / 2,
                           oy + (h - 1 - a / w) * CELL + CELL / 2, ox + b % w * CELL + CELL / 2,
                           oy + (h - 1 - b / w) * CELL + CELL / 2);
            }
        for (int c = 0; c < r->ncells; c++)
            if (r->graph.point[c])
                tv_out_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"#5a4526\"/>\n", ox + c % w * CELL + CELL / 2,
                           oy + (h - 1 - c / w) * CELL + CELL / 2);
        tv_out_put(o, "</g>\n");
    }
    /* Cells, top row first (row 1 at the bottom). */
    tv_out_put(o, "<g stroke=\"#8c6a3a\" stroke-width=\"1\">\n");
    /* A board whose pieces move is checkered, a1 dark (chess's, draughts'
     * and checkers' squares). */
    int checkered = r->moves == TV_MOVES_PIECES || tv_hmove_rules(r);
    for (int row = h - 1; row >= 0 && !r->graph.on; row--)
        for (int col = 0; col < w; col++) {
            int v = s->cells[row * w + col] & 3, x = ox + col * CELL, y = oy + (h - 1 - row) * CELL;
            const char *fill = v == TV_BLOCK ? "url(#tavola-hole)" : checkered && (row + col) % 2 == 0 ? "#c49a5c"
                                                                                                          : "#f0d9a0";
            tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y, CELL, CELL, fill);
        }
    tv_out_put(o, "</g>\n");
    /* Pentago's blocks: their borders, and the number a move turns each by
     * ("d4/2cw"), numbered by rows from row 1, left to right. */
    if (r->rotate.side) {
        int side = r->rotate.side, across = w / side;
        tv_out_put(o, "<g fill=\"none\" stroke=\"#5a4526\" stroke-width=\"3\">\n");
        for (int b = 0; b < r->rotate.blocks; b++)
            tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", ox + b % across * side * CELL,
                       oy + (h - side * (b / across + 1)) * CELL, side * CELL, side * CELL);
        tv_out_put(o, "</g>\n<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#5a4526\">\n");
        for (int b = 0; b < r->rotate.blocks; b++)
            tv_out_put(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", ox + b % across * side * CELL + 3,
                       oy + (h - side * (b / across + 1)) * CELL + 11, b + 1);
        tv_out_put(o, "</g>\n");
    }

    /* Coordinates: letters above and below, numbers left and right. */
    tv_out_put(o, "<g font-family=\"sans-serif\" font-size=\"%d\" fill=\"#5a4526\" text-anchor=\"middle\">\n", font);
    for (int col = 0; col < w; col++) {
        int x = ox + col * CELL + CELL / 2;
        tv_out_put(o, "<text x=\"%d\" y=\"%d\">%c</text>\n", x, oy - FRAME - 6, 'a' + col);
        tv_out_put(o, "<text x=\"%d\" y=\"%d\">%c</text>\n", x, oy + bh + FRAME + 15, 'a' + col);
    }
    for (int row = 0; row < h; row++) {
        int y = oy + (h - 1 - row) * CELL + CELL / 2 + 5;
        tv_out_put(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", ox - FRAME - 12, y, row + 1);
        tv_out_put(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", ox + bw + FRAME + 12, y, row + 1);
    }
    tv_out_put(o, "</g>\n");

    /* The last move's way, under the pieces: from its start through each
     * landing of a chain to its end. */
    int last = tv_last_cell(r, s), way[TV_PMOVE_CHAIN_LIMIT + 1], nway = 0;
    if (r->moves == TV_MOVES_PIECES && s->last >= 0)
        nway = tv_pieces_path(r, s->last, way, TV_PMOVE_CHAIN_LIMIT + 1);
    else if (tv_last_from(r, s) >= 0 && last >= 0)
        way[0] = tv_last_from(r, s), way[1] = last, nway = 2;
    if (nway >= 2) {
        tv_out_put(o, "<polyline fill=\"none\" stroke=\"#e02020\" stroke-width=\"4\" stroke-opacity=\"0.55\" "
                      "stroke-linejoin=\"round\" points=\"");
        for (int i = 0; i < nway; i++)
            tv_out_put(o, "%s%d,%d", i ? " " : "", ox + tv_grid_col(&r->grid, way[i]) * CELL + CELL / 2,
                       oy + (h - 1 - tv_grid_row(&r->grid, way[i])) * CELL + CELL / 2);
        tv_out_put(o, "\"/>\n");
    }
    /* Stones and pieces, and a dot on the last one placed or moved (red, or light on a dark stone). */
    for (int row = h - 1; row >= 0; row--)
        for (int col = 0; col < w; col++) {
            int v = s->cells[row * w + col];
            if (tv_cell_is_piece(v))
                piece(o, r, ox + col * CELL + CELL / 2, oy + (h - 1 - row) * CELL + CELL / 2, v);
        }
    /* The dot beside a piece's letter, not on it; a ring where the move came from. */
    int beside = r->pieces.nkinds && last >= 0 && last < r->ncells && tv_cell_kind(s->cells[last]) > 0 ? 11 : 0;
    if (last >= 0 && last < r->ncells && tv_cell_is_piece(s->cells[last]))
        tv_out_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\"/>\n",
            ox + tv_grid_col(&r->grid, last) * CELL + CELL / 2 + beside,
            oy + (h - 1 - tv_grid_row(&r->grid, last)) * CELL + CELL / 2 - beside,
            paint_of(r, tv_cell_colour(s->cells[last]))->dot);
    int from = tv_last_from(r, s);
    if (from >= 0 && from < r->ncells && from != last && !tv_cell_is_piece(s->cells[from]))
        tv_out_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"#e02020\" stroke-width=\"2\" "
                      "stroke-dasharray=\"4 3\"/>\n",
                   ox + tv_grid_col(&r->grid, from) * CELL + CELL / 2,
                   oy + (h - 1 - tv_grid_row(&r->grid, from)) * CELL + CELL / 2, STONE_R - 4);
    /* The arrow the last move shot (Amazons): a ring on its block. */
    int arrow = r->moves == TV_MOVES_PIECES && s->last >= 0 ? tv_pieces_arrow(r, s->last) : -1;
    if (arrow >= 0 && arrow < r->ncells && s->cells[arrow] == TV_BLOCK)
        tv_out_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"none\" stroke=\"#e02020\" stroke-width=\"3\"/>\n",
            ox + tv_grid_col(&r->grid, arrow) * CELL + CELL / 2,
            oy + (h - 1 - tv_grid_row(&r->grid, arrow)) * CELL + CELL / 2);

    legend_at(o, g, (W - legend_width(r)) / 2, oy + bh + LABEL_M + 20);
    extras_at(o, g, W, oy + bh + LABEL_M + 20 + EXTRA_H + 4);
    if (targets) {
        targets_begin(o);
        for (int c = 0; c < r->ncells; c++)
            if (!r->graph.on || r->graph.point[c]) {
                tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", ox + c % w * CELL,
                           oy + (h - 1 - c / w) * CELL, CELL, CELL);
                target_name(o, g, c);
            }
        tv_out_put(o, "</g>\n");
    }
}

/* ---- hex boards ---------------------------------------------------------
 * Pointy-topped hexagons, 40 wide, rows 35 apart, row 1 at the bottom and
 * each row half a cell right of the one below (as the text drawing). The
 * corners of a hexagon round its centre: (0,-23) (20,-12) (20,12) (0,23)
 * (-20,12) (-20,-12), integers that tile exactly (12 + 23 = 35). A board
 * with a connection goal draws each colour's sides in its colour (Y's three,
 * which both colours join, in the board's brown). Cells a ruleset blocks by
 * name shape the board (Y's triangle): they are left out. */

enum { HEX_HW = 20, HEX_R = 23, HEX_S = 12, HEX_DY = 35, HEX_STONE = 15 };

static void hex_centre(const tv_rules *r, int ox, int oy, int cell, int *cx, int *cy)
{
    int col = tv_grid_col(&r->grid, cell), row = tv_grid_row(&r->grid, cell);
    *cx = ox + HEX_HW + col * 2 * HEX_HW + row * HEX_HW;
    *cy = oy + HEX_R + (r->grid.height - 1 - row) * HEX_DY;
}

/* Whether a cell is off the board: blocked by name in the ruleset. */
static int hex_off(const tv_game *g, int cell)
{
    const tv_blocks *b = &g->rules->blocks;
    if (b->mode != TV_BLOCKS_LIST || g->state->cells[cell] != TV_BLOCK)
        return 0;
    for (int i = 0; i < b->count; i++)
        if (b->cells[i] == cell)
            return 1;
    return 0;
}

enum { SIDE_ROW1, SIDE_TOP, SIDE_COL_A, SIDE_RIGHT, SIDE_DIAGONAL };

/* The outer edges of the cells along one side, as one path: corners from,
 * from + 1, from + 2 (clockwise from the top) of each of its cells. */
static void hex_side(tv_out *o, const tv_rules *r, int ox, int oy, int side, const char *colour)
{
    static const int dx[6] = {0, HEX_HW, HEX_HW, 0, -HEX_HW, -HEX_HW};
    static const int dy[6] = {-HEX_R, -HEX_S, HEX_S, HEX_R, HEX_S, -HEX_S};
    /* Row 1's lower edges run 2-3-4, the last row's upper 5-0-1, column
     * a's 4-5-0, the last column's 1-2-3, the short diagonal's 0-1-2. */
    static const int from[5] = {2, 5, 4, 1, 0};
    int w = r->grid.width, h = r->grid.height, n = side == SIDE_ROW1 || side == SIDE_TOP ? w : h;
    tv_out_put(o, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"5\" stroke-linecap=\"round\" d=\"", colour);
    for (int i = 0; i < n; i++) {
        int col = side == SIDE_ROW1 || side == SIDE_TOP ? i : side == SIDE_COL_A ? 0 : side == SIDE_RIGHT ? w - 1 : w - 1 - i;
        int row = side == SIDE_ROW1 ? 0 : side == SIDE_TOP ? h - 1 : i, cx, cy;
        hex_centre(r, ox, oy, row * w + col, &cx, &cy);
        for (int k = 0; k < 3; k++) {
            int c = (from[side] + k) % 6;
            tv_out_put(o, "%s%d %d", k ? "L" : "M", cx + dx[c], cy + dy[c]);
        }
    }
    tv_out_put(o, "\"/>\n");
}

static void hex_sides(tv_out *o, const tv_rules *r, int ox, int oy)
{
    for (int i = 0; i < 2; i++) {
        const char *colour = paint_of(r, i + 1)->fill;
        switch (r->join.sides[i]) {
        case TV_SIDES_ROWS:
            hex_side(o, r, ox, oy, SIDE_ROW1, colour);
            hex_side(o, r, ox, oy, SIDE_TOP, colour);
            break;
        case TV_SIDES_COLUMNS:
            hex_side(o, r, ox, oy, SIDE_COL_A, colour);
            hex_side(o, r, ox, oy, SIDE_RIGHT, colour);
            break;
        case TV_SIDES_Y:
            if (i == 0 || r->join.sides[0] != TV_SIDES_Y)
                for (int side = SIDE_ROW1; side <= SIDE_DIAGONAL; side += 2) /* row 1, column a, the diagonal */
                    hex_side(o, r, ox, oy, side, "#7a4f24");
            break;
        }
    }
}

static void draw_hex(tv_out *o, const tv_game *g, const char *cap, int targets)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    int w = r->grid.width, h = r->grid.height;
    int bw = 0, bh = (h - 1) * HEX_DY + 2 * HEX_R;
    for (int cell = 0; cell < r->ncells; cell++) { /* the right edge of the rightmost cell on the board */
        int cx, cy;
        hex_centre(r, 0, 0, cell, &cx, &cy);
        if (!hex_off(g, cell))
            bw = max_int(bw, cx + HEX_HW);
    }
    int legend = max_int(legend_width(r), extras_width(g));
    int W = max_int(max_int(bw + 2 * LABEL_M + 16, text_width(cap, CAPTION_FONT) + 24), legend + 24);
    int ox = (W - bw) / 2, oy = CAPTION_H + LABEL_M, H = oy + bh + LABEL_M + LEGEND_H + extra_lines(r) * EXTRA_H;
    begin(o, g, W, H, cap);
    tv_out_put(o, "%s", hole_pattern);

    /* Cells, top row first. */
    tv_out_put(o, "<g stroke=\"#8c6a3a\" stroke-width=\"1\">\n");
    for (int row = h - 1; row >= 0; row--)
        for (int col = 0; col < w; col++) {
            int cell = row * w + col, cx, cy;
            if (hex_off(g, cell))
                continue;
            hex_centre(r, ox, oy, cell, &cx, &cy);
            tv_out_put(o, "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d\" fill=\"%s\"/>\n", cx, cy - HEX_R,
                cx + HEX_HW, cy - HEX_S, cx + HEX_HW, cy + HEX_S, cx, cy + HEX_R, cx - HEX_HW, cy + HEX_S,
                cx - HEX_HW, cy - HEX_S, (s->cells[cell] & 3) == TV_BLOCK ? "url(#tavola-hole)" : "#f0d9a0");
        }
    tv_out_put(o, "</g>\n");
    if (r->join.sides[0])
        hex_sides(o, r, ox, oy);

    /* Coordinates: letters below row 1, numbers left of column a; on a
     * whole rhombus also above the last row and right of the last column. */
    int whole = r->blocks.mode != TV_BLOCKS_LIST;
    tv_out_put(o, "<g font-family=\"sans-serif\" font-size=\"%d\" fill=\"#5a4526\" text-anchor=\"middle\">\n", LEGEND_FONT);
    for (int col = 0; col < w; col++) {
        int cx, cy, tx, ty;
        hex_centre(r, ox, oy, col, &cx, &cy);
        hex_centre(r, ox, oy, (h - 1) * w + col, &tx, &ty);
        if (whole)
            tv_out_put(o, "<text x=\"%d\" y=\"%d\">%c</text>\n", tx, ty - HEX_R - 8, 'a' + col);
        tv_out_put(o, "<text x=\"%d\" y=\"%d\">%c</text>\n", cx, cy + HEX_R + 17, 'a' + col);
    }
    for (int row = 0; row < h; row++) {
        int lx, ly, rx, ry;
        hex_centre(r, ox, oy, row * w, &lx, &ly);
        hex_centre(r, ox, oy, row * w + w - 1, &rx, &ry);
        tv_out_put(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", lx - HEX_HW - 14, ly + 5, row + 1);
        if (whole)
            tv_out_put(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", rx + HEX_HW + 14, ry + 5, row + 1);
    }
    tv_out_put(o, "</g>\n");

    /* Stones, and a dot on the last one placed. */
    for (int cell = r->ncells - 1; cell >= 0; cell--) {
        int cx, cy;
        if (!tv_cell_is_piece(s->cells[cell]))
            continue;
        hex_centre(r, ox, oy, cell, &cx, &cy);
        stone(o, r, cx, cy, HEX_STONE, tv_cell_colour(s->cells[cell]));
    }
    int last = tv_last_cell(r, s);
    if (last >= 0 && last < r->ncells && tv_cell_is_piece(s->cells[last])) {
        int cx, cy;
        hex_centre(r, ox, oy, last, &cx, &cy);
        tv_out_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\"/>\n", cx, cy,
            paint_of(r, tv_cell_colour(s->cells[last]))->dot);
    }
    legend_at(o, g, (W - legend_width(r)) / 2, oy + bh + LABEL_M + 20);
    extras_at(o, g, W, oy + bh + LABEL_M + 20 + EXTRA_H + 4);
    if (targets) {
        targets_begin(o);
        for (int cell = 0; cell < r->ncells; cell++) {
            int cx, cy;
            if (hex_off(g, cell))
                continue;
            hex_centre(r, ox, oy, cell, &cx, &cy);
            tv_out_put(o, "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d\"", cx, cy - HEX_R, cx + HEX_HW,
                       cy - HEX_S, cx + HEX_HW, cy + HEX_S, cx, cy + HEX_R, cx - HEX_HW, cy + HEX_S, cx - HEX_HW,
                       cy - HEX_S);
            target_name(o, g, cell);
        }
        tv_out_put(o, "</g>\n");
    }
}

/* ---- mancala boards ---------------------------------------------------- */

enum { PIT = 64, HOLE = 54, STORE_W = 80, PAD = 10, SIDE_M = 24, NAMES_H = 26 };

/* A store (or the captured seeds) of player p in the column at x. */
static void store(tv_out *o, const tv_game *g, int p, int x, int y)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    int w = STORE_W - 10, h = 2 * PIT - 10, cx = x + STORE_W / 2;
    tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"28\" fill=\"#f3e2c3\" stroke=\"#7a4f24\" "
           "stroke-width=\"2\"%s/>\n", x + 5, y + 5, w, h, r->sow.stores ? "" : " stroke-dasharray=\"6 4\"");
    const char *name = r->players[p];
    int nw = text_width(name, 12), room = w - 12;
    tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-size=\"12\"%s", cx, y + 28,
        s->status == TV_ONGOING && s->to_move == p ? " font-weight=\"bold\"" : "");
    if (nw > room) /* squeeze a long name into the store */
        tv_out_put(o, " textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\"", room);
    tv_out_put(o, ">");
    put_text(o, name);
    tv_out_put(o, "</text>\n");
    tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-size=\"26\" font-weight=\"bold\">%d</text>\n", cx, y + PIT + 9,
        (int)s->score[p]);
    tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>\n", cx, y + 2 * PIT - 20,
        r->sow.stores ? "store" : "captured");
}

static void draw_mancala(tv_out *o, const tv_game *g, const char *cap, int targets)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    int w = r->sow.holes, bw = 2 * STORE_W + w * PIT + 2 * PAD, bh = 2 * PIT + 2 * PAD;
    int W = max_int(max_int(bw + 2 * SIDE_M, text_width(cap, CAPTION_FONT) + 24), extras_width(g) + 24);
    int ox = (W - bw) / 2, oy = CAPTION_H + NAMES_H, H = oy + bh + NAMES_H + 10 + extra_lines(r) * EXTRA_H;
    int hx = ox + PAD + STORE_W, hy = oy + PAD; /* the holes' top left */
    begin(o, g, W, H, cap);
    tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"30\" fill=\"#c8905a\" stroke=\"#7a4f24\" "
           "stroke-width=\"2\"/>\n", ox, oy, bw, bh);

    /* The stores: counter-clockwise sowing passes player 1's store after
     * the last hole of row 1, so it is on the right; clockwise, the left. */
    tv_out_put(o, "<g font-family=\"sans-serif\" fill=\"#3a2410\" text-anchor=\"middle\">\n");
    store(o, g, r->sow.cw ? 1 : 0, hx + w * PIT, hy);
    store(o, g, r->sow.cw ? 0 : 1, ox + PAD, hy);

    /* Holes, row 2 on top, a on the left; names outside the board. */
    int last = s->last >= 0 && s->last < r->ncells ? s->last : -1;
    for (int row = 1; row >= 0; row--)
        for (int col = 0; col < w; col++) {
            int x = hx + col * PIT + (PIT - HOLE) / 2, y = hy + (1 - row) * PIT + (PIT - HOLE) / 2;
            int cx = x + HOLE / 2, cy = y + HOLE / 2, cell = row * w + col;
            tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"22\" fill=\"#f3e2c3\" "
                   "stroke=\"%s\" stroke-width=\"%d\"/>\n", x, y, HOLE, HOLE,
                cell == last ? "#e02020" : "#7a4f24", cell == last ? 3 : 1);
            tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-size=\"20\" font-weight=\"bold\">%d</text>\n", cx, cy + 7,
                s->cells[cell]);
            tv_out_put(o, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#5a4526\">%c%d</text>\n", cx,
                row ? oy - 8 : oy + bh + 17, 'a' + col, row + 1);
        }
    tv_out_put(o, "</g>\n");
    extras_at(o, g, W, oy + bh + NAMES_H + 14);
    if (targets) {
        targets_begin(o);
        for (int cell = 0; cell < 2 * w; cell++) {
            int row = cell / w, col = cell % w;
            tv_out_put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" data-cell=\"%c%d\"/>\n",
                       hx + col * PIT, hy + (1 - row) * PIT, PIT, PIT, 'a' + col, row + 1);
        }
        tv_out_put(o, "</g>\n");
    }
}

int tv_svg_draw(const tv_game *g, int targets, char *buf, size_t size)
{
    char cap[8 * TV_NAME_MAX];
    tv_out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    caption(g, cap, sizeof cap);
    if (g->rules->board == TV_BOARD_MANCALA)
        draw_mancala(&o, g, cap, targets);
    else if (g->rules->grid.hex)
        draw_hex(&o, g, cap, targets);
    else
        draw_grid(&o, g, cap, targets);
    tv_out_put(&o, "</svg>\n");
    return tv_out_end(&o);
}
