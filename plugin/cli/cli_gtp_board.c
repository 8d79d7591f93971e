/* The GTP engine's game: vertices, the game and the moves told so far,
 * boardsize, clear_board, komi, play, undo, showboard and final_score.
 *
 * Vertices: GTP's columns are A..T without I, rows 1..N from the bottom;
 * the ruleset's cells are a1.. whose columns do not skip i (GTP's J9 is the
 * ruleset's i9). Black is player 1.
 *
 * GTP lets a colour play twice in a row ("play b ..." when White is to
 * move). The move is then played as if it were that colour's turn (GNU Go's
 * way): the position is read again with the other side to move, no ko point
 * and no passes in a row (a colour that moves again may fill the ko point,
 * and its pass is the first of a row), the ply count kept; no pass is put in
 * between. The moves are kept as told, so that undo plays them again from the
 * empty board (the ruleset's own undo cannot step over such a switch).
 *
 * After the game's end (two passes, the ply limit) a stone is an illegal
 * move; a pass is taken and changes nothing (a controller may relay the
 * other engine's pass), and genmove answers pass. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli_gtp_engine.h"

int gtp_colour(const char *text)
{
    if (strcasecmp(text, "b") == 0 || strcasecmp(text, "black") == 0)
        return 1;
    if (strcasecmp(text, "w") == 0 || strcasecmp(text, "white") == 0)
        return 2;
    return 0;
}

int gtp_vertex_to_text(const gtp_engine *e, const char *vertex, char *text, size_t size)
{
    if (strcasecmp(vertex, "pass") == 0) {
        snprintf(text, size, "pass");
        return 0;
    }
    int letter = toupper((unsigned char)vertex[0]);
    if (letter < 'A' || letter > 'Z' || letter == 'I' || !vertex[1] || vertex[1] == '0' ||
        strspn(vertex + 1, "0123456789") != strlen(vertex + 1) || strlen(vertex + 1) > 2)
        return -1;
    int col = letter - 'A' - (letter > 'I'), row = atoi(vertex + 1);
    if (col >= e->size || row > e->size)
        return -2;
    snprintf(text, size, "%c%d", 'a' + col, row);
    return 0;
}

void gtp_text_to_vertex(const char *text, char *vertex, size_t size)
{
    if (strcmp(text, "pass") == 0 || text[0] < 'a' || text[0] > 'z') {
        snprintf(vertex, size, "%s", text);
        return;
    }
    int col = text[0] - 'a';
    snprintf(vertex, size, "%c%s", 'A' + col + (col >= 8), text + 1);
}

void gtp_cells(const gtp_engine *e, const tavola_game *g, unsigned char *cells)
{
    char rows[19 * 20 + 64];
    int n = e->size;
    memset(cells, 0, (size_t)n * n);
    int len = cli_api()->draw(g, TAVOLA_DRAW_ROWS, rows, sizeof rows);
    if (len < 0 || len >= (int)sizeof rows)
        return;
    const char *p = rows;
    for (int r = n - 1; r >= 0 && *p; r--) { /* the top row first */
        for (int c = 0; c < n && *p && *p != '\n'; c++, p++)
            cells[r * n + c] = *p == 'x' ? 1 : *p == 'o' ? 2 : 0;
        p += strcspn(p, "\n");
        if (*p)
            p++;
    }
}

/* The position of g read again with `side` to move: no ko point, no passes
 * in a row; 0 or -1 with the reason in err. */
static int switch_side(tavola_game *g, int side, char *err, size_t size)
{
    const tavola_api *t = cli_api();
    char pos[2048], out[2048];
    int len = t->position(g, pos, sizeof pos);
    if (len < 0 || len >= (int)sizeof pos) {
        snprintf(err, size, "the position does not fit");
        return -1;
    }
    size_t o = 0;
    int field = 0;
    char *save;
    for (char *f = strtok_r(pos, " ", &save); f && o < sizeof out; f = strtok_r(NULL, " ", &save), field++) {
        o += (size_t)snprintf(out + o, sizeof out - o, "%s", field ? " " : "");
        if (field == 1) {
            o += (size_t)snprintf(out + o, sizeof out - o, "%d", side);
        } else if (field >= 3 && strchr(f, '=')) { /* the variables: ko=c3;passes=1 */
            char *vsave;
            int k = 0;
            for (char *v = strtok_r(f, ";", &vsave); v && o < sizeof out; v = strtok_r(NULL, ";", &vsave), k++) {
                const char *sep = k ? ";" : "";
                if (strncmp(v, "ko=", 3) == 0)
                    o += (size_t)snprintf(out + o, sizeof out - o, "%sko=-", sep);
                else if (strncmp(v, "passes=", 7) == 0)
                    o += (size_t)snprintf(out + o, sizeof out - o, "%spasses=0", sep);
                else
                    o += (size_t)snprintf(out + o, sizeof out - o, "%s%s", sep, v);
            }
        } else {
            o += (size_t)snprintf(out + o, sizeof out - o, "%s", f);
        }
    }
    if (o >= sizeof out) {
        snprintf(err, size, "the position does not fit");
        return -1;
    }
    if (t->set_position(g, out)) {
        snprintf(err, size, "the other side to move: %s", t->error(g));
        return -1;
    }
    return 0;
}

tavola_game *gtp_turn_of(gtp_engine *e, int colour, char *err, size_t size)
{
    const tavola_api *t = cli_api();
    tavola_game *c = t->game_clone(e->g);
    if (!c) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    if (t->status(c) != TAVOLA_OVER && t->to_move(c) != colour && switch_side(c, colour, err, size)) {
        t->game_free(c);
        return NULL;
    }
    return c;
}

/* Plays the colour's move on *g (which may be replaced by a switched copy):
 * 0, or -1 with the reason in err and *g as it was. */
static int play_on(tavola_game **g, int colour, const char *text, char *err, size_t size)
{
    const tavola_api *t = cli_api();
    if (t->status(*g) == TAVOLA_OVER) {
        if (strcmp(text, "pass") == 0)
            return 0;
        snprintf(err, size, "the game is over");
        return -1;
    }
    if (t->to_move(*g) == colour) {
        if (t->play_text(*g, text)) {
            snprintf(err, size, "%s", t->error(*g));
            return -1;
        }
        return 0;
    }
    tavola_game *c = t->game_clone(*g);
    if (!c) {
        snprintf(err, size, "out of memory");
        return -1;
    }
    if (switch_side(c, colour, err, size))
        goto fail;
    if (t->play_text(c, text)) {
        snprintf(err, size, "%s", t->error(c));
        goto fail;
    }
    t->game_free(*g);
    *g = c;
    return 0;
fail:
    t->game_free(c);
    return -1;
}

/* A new game of rs with the first n moves told played on it; NULL with the
 * reason in err. */
static tavola_game *replay(gtp_engine *e, tavola_ruleset *rs, int n, char *err, size_t size)
{
    const tavola_api *t = cli_api();
    tavola_game *g = t->game_new(rs, e->seed);
    if (!g) {
        snprintf(err, size, "%s", t->ruleset_error(rs));
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        char why[512];
        if (play_on(&g, e->moves[i].colour, e->moves[i].text, why, sizeof why)) {
            snprintf(err, size, "move %d (%s %s): %s", i + 1, e->moves[i].colour == 1 ? "B" : "W", e->moves[i].text,
                     why);
            t->game_free(g);
            return NULL;
        }
    }
    return g;
}

int gtp_load(gtp_engine *e, const char *options, int keep, char *err, size_t size)
{
    const tavola_api *t = cli_api();
    tavola_ruleset *rs = t->ruleset_load(e->name, options, err, size);
    if (!rs)
        return -1;
    const char *family, *data_family, *move_text;
    int dims[TAVOLA_OBS_DIMS];
    t->ruleset_family(rs, &family, &data_family, &move_text);
    if (strcmp(data_family, "groups") != 0 || t->observation_shape(rs, dims) != TAVOLA_OBS_DIMS ||
        dims[1] != dims[2] || dims[1] > 19) {
        snprintf(err, size, "%s is not a Go ruleset (GTP needs the groups family on a square board of at most 19x19; "
                 "its moves: %s)", e->name, family);
        t->ruleset_free(rs);
        return -1;
    }
    int old = e->size;
    e->size = dims[1];
    tavola_game *g = replay(e, rs, keep ? e->nmoves : 0, err, size);
    if (!g) {
        e->size = old;
        t->ruleset_free(rs);
        return -1;
    }
    t->game_free(e->g);
    t->ruleset_free(e->rs);
    gtp_drop_player(e);
    e->rs = rs;
    e->g = g;
    if (!keep)
        e->nmoves = 0;
    snprintf(e->options, sizeof e->options, "%s", t->ruleset_options(rs));
    return 0;
}

/* The options in force with key set to value ("komi=7.5,size=9" with size
 * 13: "komi=7.5,size=13"; appended when absent). */
static void with_option(const gtp_engine *e, const char *key, const char *value, char *buf, size_t size)
{
    size_t o = 0, klen = strlen(key);
    int found = 0;
    const char *p = e->options;
    while (*p && o < size) {
        size_t len = strcspn(p, ",");
        const char *sep = o ? "," : "";
        if (len > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
            o += (size_t)snprintf(buf + o, size - o, "%s%s=%s", sep, key, value);
            found = 1;
        } else if (len) {
            o += (size_t)snprintf(buf + o, size - o, "%s%.*s", sep, (int)len, p);
        }
        p += len + (p[len] == ',');
    }
    if (!found && o < size)
        snprintf(buf + o, size - o, "%s%s=%s", o ? "," : "", key, value);
}

/* The value of an option in force (NULL when the ruleset has none). */
static const char *option_value(const gtp_engine *e, const char *key, char *buf, size_t size)
{
    size_t klen = strlen(key);
    for (const char *p = e->options; *p;) {
        size_t len = strcspn(p, ",");
        if (len > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
            snprintf(buf, size, "%.*s", (int)(len - klen - 1), p + klen + 1);
            return buf;
        }
        p += len + (p[len] == ',');
    }
    return NULL;
}

static int whole_number(const char *s, long *v)
{
    char *end;
    if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 9)
        return 0;
    *v = strtol(s, &end, 10);
    return 1;
}

static void new_game(gtp_engine *e)
{
    const tavola_api *t = cli_api();
    tavola_game *g = t->game_new(e->rs, e->seed);
    if (!g) { /* the ruleset made a game before: only memory can fail here */
        gtp_log(e, "error: %s: %s", e->command, t->ruleset_error(e->rs));
        return;
    }
    t->game_free(e->g);
    e->g = g;
    e->nmoves = 0;
    e->games++;
    gtp_drop_player(e);
}

void gtp_cmd_boardsize(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc;
    long n;
    if (!whole_number(argv[0], &n)) {
        gtp_failure(e, id, "syntax error", "boardsize takes a whole number");
        return;
    }
    if (n == e->size) {
        new_game(e);
        gtp_success(e, id, NULL);
        return;
    }
    char opts[sizeof e->options], value[16], err[1024];
    snprintf(value, sizeof value, "%ld", n);
    with_option(e, "size", value, opts, sizeof opts);
    if (n < 1 || n > GTP_SIZE_MAX || gtp_load(e, opts, 0, err, sizeof err)) {
        if (n < 1 || n > GTP_SIZE_MAX)
            snprintf(err, sizeof err, "GTP's boards are 1..%d", GTP_SIZE_MAX);
        gtp_failure(e, id, "unacceptable size", err);
        return;
    }
    e->games++;
    gtp_success(e, id, NULL);
}

void gtp_cmd_clear_board(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    new_game(e);
    gtp_success(e, id, NULL);
}

void gtp_cmd_komi(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc;
    char *end, now[64];
    double k = strtod(argv[0], &end);
    if (end == argv[0] || *end || !isfinite(k)) {
        gtp_failure(e, id, "syntax error", "komi takes a number");
        return;
    }
    if (!option_value(e, "komi", now, sizeof now)) { /* Atari Go: nothing to set */
        gtp_log(e, "komi %g: %s has no komi; nothing changed", k, e->name);
        gtp_success(e, id, NULL);
        return;
    }
    char opts[sizeof e->options], value[64], err[1024];
    snprintf(value, sizeof value, "%.17g", k);
    with_option(e, "komi", value, opts, sizeof opts);
    if (gtp_load(e, opts, 1, err, sizeof err)) {
        gtp_failure(e, id, "unacceptable komi", err);
        return;
    }
    gtp_success(e, id, NULL);
}

/* Room for one more move told (the list grows as needed): 0 or -1. */
static int room(gtp_engine *e)
{
    if (e->nmoves < e->cap)
        return 0;
    int cap = e->cap ? 2 * e->cap : 256;
    gtp_move *m = realloc(e->moves, (size_t)cap * sizeof *m);
    if (!m)
        return -1;
    e->moves = m;
    e->cap = cap;
    return 0;
}

int gtp_play(gtp_engine *e, int colour, const char *text, char *err, size_t size)
{
    if (room(e)) {
        snprintf(err, size, "out of memory");
        return -1;
    }
    if (play_on(&e->g, colour, text, err, size))
        return -1;
    e->moves[e->nmoves].colour = colour;
    snprintf(e->moves[e->nmoves].text, sizeof e->moves[e->nmoves].text, "%s", text);
    e->nmoves++;
    return 0;
}

void gtp_cmd_play(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc;
    int colour = gtp_colour(argv[0]);
    char text[16], err[1024];
    if (!colour) {
        gtp_failure(e, id, "syntax error", "a colour is b, w, black or white");
        return;
    }
    int rc = gtp_vertex_to_text(e, argv[1], text, sizeof text);
    if (rc == -1) {
        gtp_failure(e, id, "syntax error", "a vertex is a letter A..Z without I and a row number, or pass");
        return;
    }
    if (rc) {
        snprintf(err, sizeof err, "%s is off the %dx%d board", argv[1], e->size, e->size);
        gtp_failure(e, id, "illegal move", err);
        return;
    }
    if (gtp_play(e, colour, text, err, sizeof err)) {
        gtp_failure(e, id, "illegal move", err);
        return;
    }
    gtp_success(e, id, NULL);
}

void gtp_cmd_undo(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    char err[1024];
    if (e->nmoves == 0) {
        gtp_failure(e, id, "cannot undo", "no move to take back");
        return;
    }
    tavola_game *g = replay(e, e->rs, e->nmoves - 1, err, sizeof err);
    if (!g) {
        gtp_failure(e, id, "cannot undo", err);
        return;
    }
    cli_api()->game_free(e->g);
    e->g = g;
    e->nmoves--;
    gtp_success(e, id, NULL);
}

/* The area score as the ruleset counts it when the game ends: the game
 * played out with passes (which change no stone) if it is still going on,
 * then Black's total less White's and the komi. "B+3.5", "W+7.5", "0";
 * -1 when the game cannot end with passes (Atari Go) and is not over. */
static int score_text(gtp_engine *e, char *buf, size_t size)
{
    const tavola_api *t = cli_api();
    tavola_game *c = t->game_clone(e->g);
    if (!c)
        return -1;
    for (int i = 0; i < 3 && t->status(c) != TAVOLA_OVER; i++)
        if (t->play_text(c, "pass"))
            break;
    if (t->status(c) != TAVOLA_OVER) {
        t->game_free(c);
        return -1;
    }
    char komi[64];
    double k = option_value(e, "komi", komi, sizeof komi) ? strtod(komi, NULL) : 0;
    double margin = (double)t->score(c, 1) - (double)t->score(c, 2) - k;
    int winner = t->winner(c);
    t->game_free(c);
    if (margin == 0 && winner > 0) /* a ruleset that decides otherwise (Atari Go's capture) */
        snprintf(buf, size, "%c+R", winner == 1 ? 'B' : 'W');
    else if (margin == 0)
        snprintf(buf, size, "0");
    else
        snprintf(buf, size, "%c+%g", margin > 0 ? 'B' : 'W', fabs(margin));
    return 0;
}

void gtp_cmd_final_score(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    char text[64];
    if (score_text(e, text, sizeof text)) {
        gtp_failure(e, id, "cannot score", "the game is not over and cannot be ended by passing");
        return;
    }
    gtp_success(e, id, text);
}

/* The board with GTP's coordinates (X Black, O White), then the ply, the
 * side to move or the result, the komi, the ko point and passes in a row. */
void gtp_cmd_showboard(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    const tavola_api *t = cli_api();
    int n = e->size;
    unsigned char cells[19 * 19];
    char text[8192], letters[64] = "  ";
    size_t o = 0, l = 2;
    gtp_cells(e, e->g, cells);
    for (int c = 0; c < n; c++)
        l += (size_t)snprintf(letters + l, sizeof letters - l, " %c", 'A' + c + (c >= 8));
    o += (size_t)snprintf(text + o, sizeof text - o, "\n%s\n", letters);
    for (int r = n - 1; r >= 0; r--) {
        o += (size_t)snprintf(text + o, sizeof text - o, "%2d", r + 1);
        for (int c = 0; c < n; c++)
            o += (size_t)snprintf(text + o, sizeof text - o, " %c", ".XO"[cells[r * n + c]]);
        o += (size_t)snprintf(text + o, sizeof text - o, " %d\n", r + 1);
    }
    o += (size_t)snprintf(text + o, sizeof text - o, "%s\nply %d, ", letters, t->ply(e->g));
    if (t->status(e->g) == TAVOLA_OVER) {
        char score[64];
        if (score_text(e, score, sizeof score))
            snprintf(score, sizeof score, "%s", t->winner(e->g) == 1 ? "B+" : t->winner(e->g) == 2 ? "W+" : "0");
        o += (size_t)snprintf(text + o, sizeof text - o, "game over: %s", score);
    } else {
        o += (size_t)snprintf(text + o, sizeof text - o, "%s to move", t->to_move(e->g) == 1 ? "Black (X)" : "White (O)");
    }
    char komi[64];
    if (option_value(e, "komi", komi, sizeof komi))
        o += (size_t)snprintf(text + o, sizeof text - o, ", komi %s", komi);
    for (int i = 0; i < t->var_count(e->rs); i++) {
        const char *name;
        int32_t v;
        t->var_info(e->rs, i, &name, NULL, NULL, NULL, NULL);
        if (t->var_get(e->g, i, 0, &v))
            continue;
        if (strcmp(name, "ko") == 0 && v >= 0) {
            char cell[16], vertex[16];
            snprintf(cell, sizeof cell, "%c%d", 'a' + v % n, v / n + 1);
            gtp_text_to_vertex(cell, vertex, sizeof vertex);
            o += (size_t)snprintf(text + o, sizeof text - o, ", ko at %s", vertex);
        } else if (strcmp(name, "passes") == 0 && v > 0) {
            o += (size_t)snprintf(text + o, sizeof text - o, ", passes in a row %d", (int)v);
        }
    }
    gtp_success(e, id, text);
}
