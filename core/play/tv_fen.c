/* FEN for the chess family (tv_fen.h). */
#include "tv_fen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_vars_state.h"

int tv_fen_applies(const tv_rules *r)
{
    return r->board == TV_BOARD_GRID && r->moves == TV_MOVES_PIECES && r->pieces.royal && !r->grid.hex;
}

int tv_fen_is(const tv_rules *r, const char *text)
{
    if (!tv_fen_applies(r))
        return 0;
    const char *p = text + strspn(text, " ");
    p += strcspn(p, " ");
    p += strspn(p, " ");
    return (*p == 'w' || *p == 'b') && (p[1] == ' ' || p[1] == '\0');
}

/* Castling i's letter: K or Q (its rook towards the last or the first
 * column), upper case for player 1. */
static char castle_letter(const tv_rules *r, int i, int me)
{
    const tv_castle *c = &r->pieces.castle[i];
    char k = c->rook % r->grid.width > c->king % r->grid.width ? 'K' : 'Q';
    return me ? (char)tolower((unsigned char)k) : k;
}

int tv_fen_write(const tv_rules *r, const tv_state *s, char *buf, size_t size)
{
    if (!tv_fen_applies(r))
        return -1;
    char t[TV_MAX_CELLS + TV_MAX_SIDE + 64];
    int n = 0, w = r->grid.width;
    for (int row = r->grid.height - 1; row >= 0; row--) {
        int run = 0;
        for (int col = 0; col < w; col++) {
            int v = s->cells[row * w + col];
            if (v == TV_EMPTY) {
                run++;
                continue;
            }
            if (run)
                n += snprintf(t + n, sizeof t - (size_t)n, "%d", run);
            run = 0;
            char l = r->pieces.letter[tv_cell_kind(v) % TV_MAX_KINDS];
            t[n++] = tv_cell_colour(v) == TV_STONE1 ? (char)toupper((unsigned char)l) : v == TV_BLOCK ? '#' : l;
        }
        if (run)
            n += snprintf(t + n, sizeof t - (size_t)n, "%d", run);
        if (row)
            t[n++] = '/';
    }
    n += snprintf(t + n, sizeof t - (size_t)n, " %c ", tv_colour_of(s, s->to_move) == TV_STONE1 ? 'w' : 'b');
    int rights = 0;
    for (int me = 0; me < 2; me++)
        for (int side = 0; side < 2; side++) /* K before Q */
            for (int i = 0; i < r->pieces.ncastles; i++)
                if (tv_var_get(r, s, r->pieces.castle[i].var, me) &&
                    (toupper((unsigned char)castle_letter(r, i, me)) == 'K') == (side == 0)) {
                    t[n++] = castle_letter(r, i, me);
                    rights++;
                }
    if (!rights)
        t[n++] = '-';
    t[n++] = ' ';
    int ep = r->pieces.ep_var >= 0 ? tv_var_get(r, s, r->pieces.ep_var, 0) : -1;
    if (ep >= 0)
        n += tv_grid_cell_text(&r->grid, ep, t + n);
    else
        t[n++] = '-';
    n += snprintf(t + n, sizeof t - (size_t)n, " %u %u", (unsigned)s->quiet, (unsigned)(s->ply / 2 + 1));
    return snprintf(buf, size, "%s", t);
}

/* The castling a FEN letter names for player index me: K, Q, or a rook's
 * column (Shredder-FEN); -1 for none. */
static int castle_of_letter(const tv_rules *r, char l, int me)
{
    int lower = tolower((unsigned char)l), w = r->grid.width;
    for (int i = 0; i < r->pieces.ncastles; i++) {
        const tv_castle *c = &r->pieces.castle[i];
        if (lower == tolower((unsigned char)castle_letter(r, i, me)) || lower - 'a' == c->rook % w)
            return i;
    }
    return -1;
}

int tv_fen_to_position(const tv_rules *r, const char *text, int quiet_field, char *out, size_t size, tv_error *err)
{
    char board[TV_MAX_CELLS * 4], side[4], castling[16], ep[8], extra[2];
    if (strlen(text) >= sizeof board)
        return tv_error_set(err, TV_EINVAL, "FEN: too long");
    long half = 0, full = 1;
    char halfs[16] = "0", fulls[16] = "1";
    int fields = sscanf(text, "%s %3s %15s %7s %15s %15s %1s", board, side, castling, ep, halfs, fulls, extra);
    if (fields < 4 || fields > 6)
        return tv_error_set(err, TV_EINVAL, "FEN: expected board, side, castling, en passant, and the two counts");
    char *end;
    half = strtol(halfs, &end, 10);
    if (*end || half < 0 || half > 65535 || !isdigit((unsigned char)halfs[0]))
        return tv_error_set(err, TV_EINVAL, "FEN: halfmove clock '%s' is not a number 0..65535", halfs);
    full = strtol(fulls, &end, 10);
    if (*end || full < 1 || full > 30000 || !isdigit((unsigned char)fulls[0]))
        return tv_error_set(err, TV_EINVAL, "FEN: move number '%s' is not a number 1..30000", fulls);
    /* the board: digits become runs of '.' */
    char rows[TV_MAX_CELLS * 4];
    size_t n = 0;
    for (const char *p = board; *p; p++) {
        if (isdigit((unsigned char)*p)) {
            long run = strtol(p, &end, 10);
            if (run < 1 || run > TV_MAX_SIDE || n + (size_t)run >= sizeof rows)
                return tv_error_set(err, TV_EINVAL, "FEN: a run of %ld empty cells", run);
            memset(rows + n, '.', (size_t)run);
            n += (size_t)run;
            p = end - 1;
        } else if (*p == '.' || *p == '#') {
            return tv_error_set(err, TV_EINVAL, "FEN: '%c' is not a piece letter, a digit or '/'", *p);
        } else {
            if (n + 1 >= sizeof rows)
                return tv_error_set(err, TV_EINVAL, "FEN: the board is too long");
            rows[n++] = *p;
        }
    }
    rows[n] = '\0';
    int black = side[0] == 'b';
    long ply = (full - 1) * 2 + black;
    if (half > ply) /* the FEN's own move count is too small for its clock: the ply as the clock says */
        ply = half + ((half & 1) != black);
    if (ply > 65535)
        return tv_error_set(err, TV_EINVAL, "FEN: move %ld is past the longest game", full);
    /* the variables: the castling rights and the en-passant cell; a
     * ruleset's own at their start */
    int rights[2][TV_MAX_CASTLES] = {{0}};
    if (strcmp(castling, "-") != 0)
        for (const char *p = castling; *p; p++) {
            int me = islower((unsigned char)*p) ? 1 : 0, i = isalpha((unsigned char)*p) ? castle_of_letter(r, *p, me) : -1;
            if (i < 0)
                return tv_error_set(err, TV_EINVAL, "FEN: castling '%s': '%c' names no castling of this game", castling, *p);
            rights[me][i] = 1;
        }
    if (strcmp(ep, "-") != 0 && (r->pieces.ep_var < 0 || tv_grid_parse_cell(&r->grid, ep) < 0))
        return tv_error_set(err, TV_EINVAL, "FEN: en passant '%s' is not a cell of this game's en passant", ep);
    char vars[1024];
    int nv = 0;
    for (int i = 0; i < r->vars.n; i++) {
        const tv_var *x = &r->vars.var[i];
        nv += snprintf(vars + nv, sizeof vars - (size_t)nv, "%s%s=", i ? ";" : "", x->name);
        for (int me = 0; me < (x->per_player ? 2 : 1); me++) {
            int value = x->init, castle = -1;
            for (int c = 0; c < r->pieces.ncastles; c++)
                castle = r->pieces.castle[c].var == i ? c : castle;
            if (castle >= 0)
                value = rights[me][castle];
            if (i == r->pieces.ep_var)
                nv += snprintf(vars + nv, sizeof vars - (size_t)nv, "%s", ep);
            else if (x->type == TV_VAR_CELL && value < 0)
                nv += snprintf(vars + nv, sizeof vars - (size_t)nv, "%s-", me ? "/" : "");
            else if (x->type == TV_VAR_CELL)
                nv += snprintf(vars + nv, sizeof vars - (size_t)nv, "%s", me ? "/" : ""),
                    nv += tv_grid_cell_text(&r->grid, value, vars + nv);
            else
                nv += snprintf(vars + nv, sizeof vars - (size_t)nv, "%s%d", me ? "/" : "", value);
        }
    }
    if (r->vars.hands)
        nv += snprintf(vars + nv, sizeof vars - (size_t)nv, "%shand=-/-", nv ? ";" : "");
    char quiet[24] = "";
    if (quiet_field)
        snprintf(quiet, sizeof quiet, " %ld", half);
    int len = snprintf(out, size, "%s %d - %ld%s %s", rows, black + 1, ply, quiet, vars);
    if (len < 0 || (size_t)len >= size)
        return tv_error_set(err, TV_EINVAL, "FEN: too long");
    return TV_OK;
}
