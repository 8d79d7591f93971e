/* Place, then rotate a block (tv_rotate.h). */
#include "tv_rotate.h"
#include "tv_bits.h"

#include <stdio.h>
#include <string.h>

#include "tv_lines.h"
#include "tv_end.h"
#include "tv_place.h"

int tv_rotate_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    int n = 0, turns = tv_rotate_turns(r);
    for (int c = 0; c < r->ncells; c++)
        if (s->cells[c] == TV_EMPTY)
            for (int t = 0; t < turns && n < cap; t++)
                out[n++] = t * r->ncells + c;
    return n;
}

int tv_rotate_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (m < 0 || m >= r->ncells * tv_rotate_turns(r))
        return tv_error_set(err, TV_EILLEGAL, "not a move of this game: a move is a cell, a block and a way, as d4/2cw");
    int cell = m % r->ncells;
    if (s->cells[cell] == TV_EMPTY)
        return TV_OK;
    char name[16];
    tv_rotate_text(r, m, name, sizeof name);
    return tv_error_set(err, TV_EILLEGAL, "%s: the cell is %s", name, s->cells[cell] == TV_BLOCK ? "blocked" : "occupied");
}

int tv_rotate_where(const tv_rules *r, tv_move m)
{
    int t = m / r->ncells, b = t / 2, n = r->rotate.side * r->rotate.side, cell = m % r->ncells;
    for (int i = b * n; i < (b + 1) * n; i++)
        if (r->rotate.cell[i] == cell)
            return r->rotate.to[t % 2][i];
    return cell; /* outside the block turned */
}

/* Whether the set x holds a run of K along the i-th goal direction: the
 * cells that end a run of j + 1 are those that end a run of j one step
 * back and are in x. */
static inline int run_of(const tv_rotate *t, uint64_t x, int k)
{
    for (int i = 0; i < t->nwin; i++) {
        uint64_t y = x;
        for (int j = 1; j < k && y; j++)
            y = ((y << t->shl[i]) >> t->shr[i]) & t->mask[i] & x;
        if (y)
            return 1;
    }
    return 0;
}

/* Who has a run of K given the cells of each colour as bits: -1, 0 (both),
 * or the player (1, 2). */
static int windows_winner(const tv_rules *r, const tv_state *s, const uint64_t bb[2])
{
    int k = r->goal.length;
    int found[2] = {run_of(&r->rotate, bb[0], k), run_of(&r->rotate, bb[1], k)};
    int mine = found[tv_colour_of(s, s->to_move) - 1], theirs = found[tv_colour_of(s, s->to_move ^ 1) - 1];
    return mine && theirs ? 0 : mine ? s->to_move + 1 : theirs ? (s->to_move ^ 1) + 1 : -1;
}

/* Who has a line after the move: a line of K or more now on the board
 * passes through a cell the move changed (any other was there before and
 * would have ended the game): the cells of the block whose contents the turn
 * changed, and the placed stone's cell and where it went (a stone of its
 * colour may have come to the one, the stone itself to the other).
 * changed[0..n) are the block's. A goal of exactly K is scanned in full.
 * -1, 0 (both), or the player (1, 2). */
static int lines_after(const tv_rules *r, const tv_state *s, const uint16_t *changed, int n, int placed,
                       int went)
{
    if (r->rotate.nwin) { /* a small board: the runs of K as bit masks */
        uint64_t bb[2] = {0, 0};
        for (int c = 0; c < r->ncells; c++)
            if (tv_cell_is_piece(s->cells[c]))
                bb[tv_cell_colour(s->cells[c]) - 1] |= 1ull << c;
        return windows_winner(r, s, bb);
    }
    int found[4] = {0, 0, 0, 0};
    if (r->goal.exact) { /* a stone taken off a run of K+1 leaves an exact K among unchanged cells */
        found[TV_STONE1] = tv_goal_anywhere(r, s->cells, TV_STONE1);
        found[TV_STONE2] = tv_goal_anywhere(r, s->cells, TV_STONE2);
        n = -2;
    }
    for (int i = 0; i < n + 2; i++) {
        int c = i < n ? changed[i] : i == n ? placed : went, v = s->cells[c];
        if (!found[v] && tv_cell_is_piece(v) && tv_goal_made(r, s, c))
            found[v] = 1;
    }
    int mine = found[tv_colour_of(s, s->to_move)], theirs = found[tv_colour_of(s, s->to_move ^ 1)];
    return mine && theirs ? 0 : mine ? s->to_move + 1 : theirs ? (s->to_move ^ 1) + 1 : -1;
}

int tv_rotate_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err)
{
    int t = m / r->ncells, b = t / 2, ccw = t % 2, n = r->rotate.side * r->rotate.side, cell = m % r->ncells;
    const uint16_t *from = &r->rotate.cell[b * n], *to = &r->rotate.to[ccw][b * n];
    int rc = tv_place(r, s, u, cell, err);
    if (rc < 0)
        return rc;
    uint8_t was[TV_ROTATE_SIDE_MAX * TV_ROTATE_SIDE_MAX];
    uint16_t changed[TV_ROTATE_SIDE_MAX * TV_ROTATE_SIDE_MAX];
    int nchanged = 0;
    for (int i = 0; i < n; i++)
        was[i] = s->cells[from[i]];
    for (int i = 0; i < n; i++)
        if (s->cells[to[i]] != was[i]) {
            if ((rc = tv_state_set(r, s, u, to[i], was[i], err)))
                return rc;
            changed[nchanged++] = to[i];
        }
    *line_winner = r->goal.length ? lines_after(r, s, changed, nchanged, cell, tv_rotate_where(r, m)) : -1;
    return TV_OK;
}

/* What the rotation playout rules out (tv_end.h): its entry checked hooks and
 * the move limit; a placement has a move while a cell is empty. */
#define ROTATE_SKIP \
    (TV_END_SKIP_HOOKS | TV_END_SKIP_MANCALA | TV_END_SKIP_PIECES | TV_END_SKIP_NO_MOVE | TV_END_SKIP_CAP)

void tv_rotate_keep_start(const tv_rules *r, const tv_state *s, tv_rotate_keep *k)
{
    memset(k, 0, sizeof *k);
    for (int c = 0; c < r->ncells; c++)
        if (s->cells[c] == TV_EMPTY) {
            k->set[c >> 6] |= 1ull << (c & 63);
            k->count++;
        } else if (r->rotate.nwin && tv_cell_is_piece(s->cells[c])) {
            k->bb[tv_cell_colour(s->cells[c]) - 1] |= 1ull << c;
        }
}

/* The steps, inlined into the playout's loop. */
TV_END_INLINE int keep_draw(const tv_rules *r, const tv_rotate_keep *k, tv_rng *rng, tv_move *m, tv_error *err)
{
    int turns = tv_rotate_turns(r);
    if (k->count == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    /* tv_rotate_moves' order: the k-th move is the (k / turns)-th empty cell, turn k % turns */
    int i = (int)tv_rng_below(rng, (uint32_t)(k->count * turns));
    *m = i % turns * r->ncells + tv_bits_set_select(k->set, (unsigned)(i / turns));
    return k->count * turns;
}

TV_END_INLINE int keep_play(const tv_rules *r, tv_state *s, tv_rotate_keep *k, tv_move m, tv_error *err)
{
    int n = r->rotate.side * r->rotate.side, t = m / r->ncells, b = t / 2, cell = m % r->ncells;
    int p = s->to_move, colour = tv_colour_of(s, p), went = cell;
    const uint16_t *from = &r->rotate.cell[b * n], *to = &r->rotate.to[t % 2][b * n];
    s->hash ^= r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][colour];
    s->cells[cell] = (uint8_t)colour;
    s->empty--;
    s->stones++;
    s->owned[colour - 1]++;
    k->set[cell >> 6] &= ~(1ull << (cell & 63));
    k->count--;
    if (r->rotate.nwin)
        k->bb[colour - 1] |= 1ull << cell;
    uint8_t was[TV_ROTATE_SIDE_MAX * TV_ROTATE_SIDE_MAX];
    uint16_t changed[TV_ROTATE_SIDE_MAX * TV_ROTATE_SIDE_MAX];
    int nchanged = 0;
    for (int i = 0; i < n; i++)
        was[i] = s->cells[from[i]];
    for (int i = 0; i < n; i++) {
        int c = to[i], v = was[i];
        went = from[i] == cell ? c : went;
        if (s->cells[c] == v)
            continue;
        s->hash ^= r->zcell[c][s->cells[c]] ^ r->zcell[c][v];
        if (r->rotate.nwin) { /* colours only: a rotation game has stones, no blocks */
            uint64_t bit = 1ull << c;
            k->bb[0] = (k->bb[0] & ~bit) | (v == TV_STONE1 ? bit : 0);
            k->bb[1] = (k->bb[1] & ~bit) | (v == TV_STONE2 ? bit : 0);
        }
        s->cells[c] = (uint8_t)v;
        changed[nchanged++] = (uint16_t)c;
        if (v == TV_EMPTY) /* the block's empty cells move too */
            k->set[c >> 6] |= 1ull << (c & 63);
        else
            k->set[c >> 6] &= ~(1ull << (c & 63));
    }
    int winner = r->rotate.nwin  ? windows_winner(r, s, k->bb)
                 : r->goal.length ? lines_after(r, s, changed, nchanged, cell, went)
                                  : -1;
    tv_end_turn(r, s, m, 0);
    return tv_end_after_step(r, s, winner, 0, TV_END_COUNT, ROTATE_SKIP, err);
}

int tv_rotate_keep_draw(const tv_rules *r, const tv_rotate_keep *k, tv_rng *rng, tv_move *m, tv_error *err)
{
    return keep_draw(r, k, rng, m, err);
}

int tv_rotate_keep_play(const tv_rules *r, tv_state *s, tv_rotate_keep *k, tv_move m, tv_error *err)
{
    return keep_play(r, s, k, m, err);
}

int tv_rotate_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    tv_rotate_keep k;
    tv_rotate_keep_start(r, s, &k);
    while (s->status == TV_ONGOING) {
        tv_move m = TV_MOVE_NONE;
        int rc = keep_draw(r, &k, rng, &m, err);
        if (rc < 0 || (rc = keep_play(r, s, &k, m, err)))
            return rc;
    }
    return TV_OK;
}

int tv_rotate_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    char cell[8];
    int t = m / r->ncells;
    tv_grid_cell_name(&r->grid, m % r->ncells, cell, sizeof cell);
    return snprintf(buf, size, "%s/%d%s", cell, t / 2 + 1, t % 2 ? "ccw" : "cw");
}

int tv_rotate_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    char cell[8], way[8];
    int block, used = 0;
    const char *slash = strchr(text, '/');
    if (!slash || slash - text >= (long)sizeof cell)
        goto bad;
    for (int i = 0; i < slash - text; i++) /* players may type any case */
        cell[i] = (char)(text[i] >= 'A' && text[i] <= 'Z' ? text[i] - 'A' + 'a' : text[i]);
    cell[slash - text] = '\0';
    if (sscanf(slash + 1, "%3d%7[a-zA-Z]%n", &block, way, &used) != 2 || slash[1 + used] != '\0')
        goto bad;
    for (char *p = way; *p; p++)
        *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    int c = tv_grid_parse_cell(&r->grid, cell), ccw = strcmp(way, "ccw") == 0;
    if (c < 0 || block < 1 || block > r->rotate.blocks || (!ccw && strcmp(way, "cw") != 0))
        goto bad;
    *m = ((block - 1) * 2 + ccw) * r->ncells + c;
    return TV_OK;
bad:
    return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a cell, a block 1..%d and cw or ccw, as a1/1cw",
                        text, r->rotate.blocks);
}
