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

/* Whether the sets x[0] and x[1] hold a run of K along any goal direction:
 * the cells that end a run of j + 1 are those that end a run of j one step
 * back and are in x. Both colours step together and no step branches on
 * what it found: a playout's turns make these branches a coin toss. */
static inline void runs_of(const tv_rotate *t, const uint64_t x[2], int k, int found[2])
{
    uint64_t any0 = 0, any1 = 0;
    for (int i = 0; i < t->nwin; i++) {
        uint64_t y0 = x[0], y1 = x[1], mask = t->mask[i];
        int shl = t->shl[i], shr = t->shr[i];
        for (int j = 1; j < k; j++) {
            y0 = ((y0 << shl) >> shr) & mask & x[0];
            y1 = ((y1 << shl) >> shr) & mask & x[1];
        }
        any0 |= y0;
        any1 |= y1;
    }
    found[0] = any0 != 0;
    found[1] = any1 != 0;
}

/* Who has a run of K given the cells of each colour as bits: -1, 0 (both),
 * or the player (1, 2). */
static int windows_winner(const tv_rules *r, const tv_state *s, const uint64_t bb[2])
{
    int found[2];
    runs_of(&r->rotate, bb, r->goal.length, found);
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

/* A block's quarter turn on the colours' bit sets (a board of 64 cells or
 * fewer, stones only): each of the block's n cells from[i] goes to to[i],
 * for both colours at once and without a branch; then only the cells whose
 * content changed are written and hashed, and the empty cells follow. */
TV_END_INLINE void turn_bits(const tv_rules *r, tv_state *s, tv_rotate_keep *k, const uint16_t *from,
                             const uint16_t *to, int n)
{
    uint64_t block = 0, b0 = 0, b1 = 0, was0 = k->bb[0], was1 = k->bb[1];
    for (int i = 0; i < n; i++) {
        block |= 1ull << from[i];
        b0 |= (was0 >> from[i] & 1) << to[i];
        b1 |= (was1 >> from[i] & 1) << to[i];
    }
    b0 |= was0 & ~block;
    b1 |= was1 & ~block;
    for (uint64_t diff = (b0 ^ was0) | (b1 ^ was1); diff; diff &= diff - 1) {
        int c = tv_bits_lowest(diff);
        int v = b0 >> c & 1 ? TV_STONE1 : b1 >> c & 1 ? TV_STONE2 : TV_EMPTY;
        s->hash ^= r->zcell[c][s->cells[c]] ^ r->zcell[c][v];
        s->cells[c] = (uint8_t)v;
    }
    k->bb[0] = b0;
    k->bb[1] = b1;
    k->set[0] = (k->set[0] | (was0 | was1)) & ~(b0 | b1); /* the turn moves empty cells, never adds any */
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
    if (r->rotate.nwin) { /* 64 cells or fewer, all stones: the turn moves bits */
        turn_bits(r, s, k, from, to, n);
        tv_end_turn(r, s, m, 0);
        return tv_end_after_step(r, s, windows_winner(r, s, k->bb), 0, TV_END_COUNT, ROTATE_SKIP, err);
    }
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
        s->cells[c] = (uint8_t)v;
        changed[nchanged++] = (uint16_t)c;
        if (v == TV_EMPTY) /* the block's empty cells move too */
            k->set[c >> 6] |= 1ull << (c & 63);
        else
            k->set[c >> 6] &= ~(1ull << (c & 63));
    }
    int winner = r->goal.length ? lines_after(r, s, changed, nchanged, cell, went) : -1;
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
