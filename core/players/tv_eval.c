/* Evaluation as data (tv_eval.h): the board terms are summed from player 1's
 * colour's view in one pass over the cells, the open lines in one pass along
 * each line of the board, then turned to the mover's view. */
#include "tv_eval.h"

#include "tv_pieces.h"

void tv_eval_default(const tv_rules *r, tv_eval *ev)
{
    memset(ev, 0, sizeof *ev);
    if (tv_rules_scores(r))
        ev->score = 100;
    /* A misère line (its maker loses) or one of either colour (Notakto) is
     * no line to build: no open lines for it by default. */
    if (r->board == TV_BOARD_GRID && r->goal.length >= 2 && !r->goal.loses && !r->goal.any) {
        ev->line_length = r->goal.length;
        ev->line_dirs = r->goal.dirs;
        int32_t w = 100;
        for (int n = 1; n < r->goal.length; n++) {
            ev->lines[n] = w;
            w *= n == 1 ? 5 : 10;
            if (w > TV_EVAL_WEIGHT_MAX)
                w = TV_EVAL_WEIGHT_MAX;
        }
    }
    /* Joining sides: what is still to join, the two-distance (the shortest
     * chain, which one stone cuts, lost to MCTS at Hex). */
    if (r->join.sides[0])
        ev->two_distance = 100;
    /* Flips: moves, corners and stones that stay; the disc count swings
     * from move to move and misleads search until the end. */
    if (r->flip.dirs) {
        ev->mobility = 100, ev->corners = 500, ev->stable = 100;
        if (r->most_pieces)
            ev->score = 0;
    }
    if (r->moves == TV_MOVES_PIECES && (r->ends & TV_END_CONNECTED)) {
        ev->centre = 100; /* a group gathers in the middle; material would be wrong: fewer pieces connect sooner */
    } else if (r->moves == TV_MOVES_PIECES) {
        int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
        for (int k = 0; k < kinds; k++)
            ev->material[k] = 100;
        for (int k = 0; k < kinds; k++)
            if (r->pieces.promote[k] >= 0 && r->pieces.promote[k] < TV_MAX_KINDS)
                ev->material[r->pieces.promote[k]] = 200;
    }
}

static int weighs_pieces(const tv_eval *ev)
{
    for (int k = 0; k < TV_MAX_KINDS; k++)
        if (ev->material[k] || ev->advance[k])
            return 1;
    return 0;
}

static int lesser(int a, int b) { return a < b ? a : b; }

/* Material, advancement and centre: colour 1's sum less colour 2's. */
static int64_t pieces_terms(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    int w = r->grid.width, h = r->grid.height;
    int64_t v = 0;
    for (int i = 0; i < r->ncells; i++) {
        int c = s->cells[i];
        if (!tv_cell_is_piece(c))
            continue;
        int k = tv_cell_kind(c), col = i % w, row = i / w;
        int ahead = tv_cell_colour(c) == TV_STONE1 ? row : h - 1 - row;
        int64_t t = (int64_t)ev->material[k] + (int64_t)ev->advance[k] * ahead +
                    (int64_t)ev->centre * (lesser(col, w - 1 - col) + lesser(row, h - 1 - row));
        v += tv_cell_colour(c) == TV_STONE1 ? t : -t;
    }
    return v;
}

/* The windows of one line: n >= len cells from cell `at`, `step` apart.
 * The counts of the window's stones of each colour and blocks are packed in
 * one integer, a byte each. */
static int64_t line_windows(const tv_eval *ev, const uint8_t *cells, int at, int step, int n)
{
    static const int add[4] = {0, 1, 1 << 8, 1 << 16}; /* by cell colour: empty, 1, 2, block */
    int len = ev->line_length, packed = 0, in = at, out = at; /* indices: a pointer may not step off the board */
    int64_t v = 0;
    for (int i = 0; i < len - 1; i++, in += step)
        packed += add[tv_cell_colour(cells[in])];
    for (int i = len - 1; i < n; i++, in += step, out += step) {
        packed += add[tv_cell_colour(cells[in])];
        int n1 = packed & 255, n2 = packed >> 8 & 255;
        if (packed < 1 << 16 && !(n1 && n2))
            v += ev->lines[n1] - ev->lines[n2]; /* lines[0] is 0 */
        packed -= add[tv_cell_colour(cells[out])];
    }
    return v;
}

/* Open lines, colour 1's less colour 2's: each line of the board along each
 * direction is walked once from its first cell (the left column, or the
 * bottom row, or for the falling diagonal the top row), counting what the
 * last `len` cells hold. */
static int64_t lines_term(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    int w = r->grid.width, h = r->grid.height, len = ev->line_length, dirs = ev->line_dirs;
    const uint8_t *cells = s->cells;
    int64_t v = 0;
    if ((dirs & TV_DIR_H) && w >= len)
        for (int row = 0; row < h; row++)
            v += line_windows(ev, cells, row * w, 1, w);
    if ((dirs & TV_DIR_V) && h >= len)
        for (int col = 0; col < w; col++)
            v += line_windows(ev, cells, col, w, h);
    for (int row = 0; row < h; row++) { /* the diagonals from the left column */
        if ((dirs & TV_DIR_D1) && lesser(w, h - row) >= len)
            v += line_windows(ev, cells, row * w, w + 1, lesser(w, h - row));
        if ((dirs & TV_DIR_D2) && lesser(w, row + 1) >= len)
            v += line_windows(ev, cells, row * w, 1 - w, lesser(w, row + 1));
    }
    for (int col = 1; col < w; col++) { /* and from the bottom and the top rows */
        if ((dirs & TV_DIR_D1) && lesser(w - col, h) >= len)
            v += line_windows(ev, cells, col, w + 1, lesser(w - col, h));
        if ((dirs & TV_DIR_D2) && lesser(w - col, h) >= len)
            v += line_windows(ev, cells, (h - 1) * w + col, 1 - w, lesser(w - col, h));
    }
    return v;
}

/* The legal moves of the side to move in s (*moves) and the cells they
 * start from (*from: pieces' moves share a cell; any other move is its own). */
static int count_moves(const tv_rules *r, const tv_state *s, int *moves, int *from, tv_error *err)
{
    tv_move m[TV_MOVES_LIMIT]; /* a game whose moves shoot has thousands (rules->max_moves) */
    int n = tv_legal_moves(r, s, m, r->max_moves, err);
    if (n < 0)
        return n;
    *moves = *from = n;
    if (r->moves == TV_MOVES_PIECES) {
        uint8_t seen[(TV_MAX_CELLS + 7) / 8] = {0};
        *from = 0;
        for (int i = 0; i < n; i++) {
            int c = m[i] >= 0 ? tv_pmove_from(m[i]) : TV_MAX_CELLS; /* a pass: no piece */
            if (c < TV_MAX_CELLS && !(seen[c / 8] & 1 << (c % 8))) {
                seen[c / 8] |= (uint8_t)(1 << (c % 8));
                ++*from;
            }
        }
    }
    return TV_OK;
}

/* Mobility and mobile pieces: the mover's less the opponent's in the same
 * position (the opponent's counted as if they were to move). */
static int mobility_terms(const tv_rules *r, const tv_eval *ev, const tv_state *s, int64_t *out, tv_error *err)
{
    int mine, mine_from, theirs, theirs_from, rc;
    if ((rc = count_moves(r, s, &mine, &mine_from, err)))
        return rc;
    tv_state_buf other;
    tv_state_copy(r, &other.state, s);
    other.state.to_move ^= 1;
    if ((rc = count_moves(r, &other.state, &theirs, &theirs_from, err)))
        return rc;
    *out = (int64_t)ev->mobility * (mine - theirs) + (int64_t)ev->mobile * (mine_from - theirs_from);
    return TV_OK;
}

/* ---- connection: what a colour still needs to join its sides ----------- */

#define FAR TV_MAX_CELLS /* no way through: further than any board's cells */

/* What a cell costs colour's chain: its own stone 0, an empty cell 1; an
 * enemy stone or a block bars it (-1). */
static int cell_cost(int v, int colour)
{
    int c = tv_cell_colour(v);
    return c == colour ? 0 : c == TV_EMPTY ? 1 : -1;
}

/* The bits of colour's sides (tv_join.edge) in out[]; their count, 2 or 3. */
static int sides_of(const tv_rules *r, int colour, unsigned out[3])
{
    unsigned need = r->join.need[colour - 1];
    int n = 0;
    for (unsigned b = 1; b < 64 && n < 3; b <<= 1)
        if (need & b)
            out[n++] = b;
    return n;
}

/* dist[c]: the fewest empty cells on a chain of colour's from a cell on the
 * side `bit` to c, both ends counted (a 0-1 breadth-first search by levels:
 * own stones cost nothing, so they join the level they are reached at).
 * A cell goes on a level's list only when its distance drops to that level,
 * so each list holds at most every cell once. */
static void side_distances(const tv_rules *r, const uint8_t *cells, int colour, unsigned bit, int16_t *dist)
{
    const tv_join *k = &r->join;
    int16_t a[TV_MAX_CELLS], b[TV_MAX_CELLS], *now = a, *next = b;
    int nnow = 0, nnext = 0;
    for (int c = 0; c < r->ncells; c++) {
        int cost = cell_cost(cells[c], colour);
        dist[c] = (int16_t)((k->edge[c] & bit) && cost >= 0 ? cost : FAR);
        if (dist[c] == 0)
            now[nnow++] = (int16_t)c;
        else if (dist[c] == 1)
            next[nnext++] = (int16_t)c;
    }
    for (int level = 0; (nnow || nnext) && level < r->ncells; level++) {
        while (nnow) {
            int c = now[--nnow];
            if (dist[c] != level) /* a stale entry: reached cheaper since */
                continue;
            for (int i = 0; i < k->ndirs; i++) {
                int d = k->link[c][i], cost = cell_cost(cells[d], colour); /* d == c past the edge */
                if (cost < 0 || level + cost >= dist[d])
                    continue;
                dist[d] = (int16_t)(level + cost);
                if (cost)
                    next[nnext++] = (int16_t)d;
                else
                    now[nnow++] = (int16_t)d;
            }
        }
        int16_t *t = now;
        now = next, next = t, nnow = nnext, nnext = 0;
    }
}

/* Two sides: the distance from one to the nearest cell of the other. Three
 * (Y): the cheapest cell to branch from, its distances to the three summed
 * with its own cost counted once, not thrice (exact: a tree joining three
 * sides branches at one cell at most). */
int tv_eval_connection(const tv_rules *r, const uint8_t *cells, int colour)
{
    int16_t dist[3][TV_MAX_CELLS];
    unsigned side[3];
    int n = sides_of(r, colour, side), best = FAR;
    for (int i = 0; i < n - (n == 2); i++)
        side_distances(r, cells, colour, side[i], dist[i]);
    for (int c = 0; c < r->ncells; c++) {
        int d;
        if (n == 2) {
            if (!(r->join.edge[c] & side[1]))
                continue;
            d = dist[0][c];
        } else {
            if (dist[0][c] >= FAR || dist[1][c] >= FAR || dist[2][c] >= FAR)
                continue;
            d = dist[0][c] + dist[1][c] + dist[2][c] - 2 * cell_cost(cells[c], colour);
        }
        if (d < best)
            best = d;
    }
    return best < r->ncells ? best : r->ncells;
}

/* Colour 2's distance less colour 1's: colour 1's view. */
static int64_t connection_term(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    return (int64_t)ev->connection *
           (tv_eval_connection(r, s->cells, TV_STONE2) - tv_eval_connection(r, s->cells, TV_STONE1));
}

/* ---- two-distance: the distance an opponent cannot cut by one stone ---- */

/* The groups of colour's stones, for the two-distance: an empty cell next to
 * a group is next to every cell next to it. */
typedef struct groups {
    int16_t of[TV_MAX_CELLS];         /* a stone's group, -1 for any other cell */
    uint8_t sides[TV_MAX_CELLS];      /* by group: the sides (tv_join.edge bits) it touches */
    int16_t libs[TV_MAX_CELLS * 8];   /* the empty cells next to each group, a group's in a row */
    int16_t first[TV_MAX_CELLS + 1];  /* by group: where its cells start in libs */
    int16_t near[TV_MAX_CELLS][3];    /* by group: up to three of them reached so far */
    uint8_t nnear[TV_MAX_CELLS];
} groups;

/* Labels the group of the stone on c as id (a flood fill: each stone goes
 * on the stack once). */
static void fill_group(const tv_rules *r, const uint8_t *cells, int colour, int c, int id, groups *g)
{
    const tv_join *k = &r->join;
    int16_t stack[TV_MAX_CELLS];
    int n = 0;
    g->of[c] = (int16_t)id, g->sides[id] = k->edge[c];
    stack[n++] = (int16_t)c;
    while (n) {
        int at = stack[--n];
        for (int i = 0; i < k->ndirs; i++) {
            int d = k->link[at][i];
            if (tv_cell_colour(cells[d]) == colour && g->of[d] < 0) {
                g->of[d] = (int16_t)id, g->sides[id] |= k->edge[d];
                stack[n++] = (int16_t)d;
            }
        }
    }
}

/* The groups next to empty cell c, each once, into id[]; their count. */
static int groups_next_to(const tv_rules *r, const groups *g, int c, int id[8])
{
    int n = 0;
    for (int i = 0; i < r->join.ndirs; i++) {
        int at = g->of[r->join.link[c][i]], again = 0;
        for (int j = 0; j < n; j++)
            again |= id[j] == at;
        if (at >= 0 && !again)
            id[n++] = at;
    }
    return n;
}

/* The groups, and the empty cells next to each (counted, then placed). */
static void find_groups(const tv_rules *r, const uint8_t *cells, int colour, groups *g)
{
    int ng = 0, id[8];
    for (int c = 0; c < r->ncells; c++)
        g->of[c] = -1;
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_colour(cells[c]) == colour && g->of[c] < 0)
            fill_group(r, cells, colour, c, ng++, g);
    memset(g->first, 0, (size_t)(ng + 1) * sizeof g->first[0]);
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_colour(cells[c]) == TV_EMPTY)
            for (int n = groups_next_to(r, g, c, id), j = 0; j < n; j++)
                g->first[id[j] + 1]++;
    for (int i = 0; i < ng; i++)
        g->first[i + 1] = (int16_t)(g->first[i + 1] + g->first[i]);
    int16_t at[TV_MAX_CELLS];
    memcpy(at, g->first, (size_t)ng * sizeof at[0]);
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_colour(cells[c]) == TV_EMPTY)
            for (int n = groups_next_to(r, g, c, id), j = 0; j < n; j++)
                g->libs[at[id[j]]++] = (int16_t)c;
}

/* Whether empty cell c has two distinct empty neighbours reached already,
 * counting the cells next to its neighbouring groups as its neighbours.
 * Three cells kept a group are enough: one may be c. */
static int reached_twice(const tv_rules *r, const uint8_t *cells, const groups *g, const uint8_t *reached, int c)
{
    const tv_join *k = &r->join;
    int first = -1;
    for (int i = 0; i < k->ndirs; i++) {
        int d = k->link[c][i];
        if (d == c)
            continue;
        if (tv_cell_colour(cells[d]) == TV_EMPTY && reached[d]) {
            if (first >= 0 && first != d)
                return 1;
            first = d;
        } else if (g->of[d] >= 0) {
            int id = g->of[d];
            for (int j = 0; j < g->nnear[id]; j++) {
                int e = g->near[id][j];
                if (e == c || e == first)
                    continue;
                if (first >= 0)
                    return 1;
                first = e;
            }
        }
    }
    return 0;
}

/* The cells that may be reached at the next level, each once (stamped). */
typedef struct frontier {
    int16_t cell[TV_MAX_CELLS];
    int n;
    int16_t stamp[TV_MAX_CELLS];
} frontier;

static void consider(frontier *f, const uint8_t *cells, const uint8_t *reached, int c, int level)
{
    if (!reached[c] && tv_cell_colour(cells[c]) == TV_EMPTY && f->stamp[c] != level) {
        f->stamp[c] = (int16_t)level;
        f->cell[f->n++] = (int16_t)c;
    }
}

/* Cell c is reached: its empty neighbours may be next, and so may the cells
 * next to each group next to it whose list gains c (once a group lists two,
 * every cell next to it has been put on the frontier). */
static void note_reached(const tv_rules *r, const uint8_t *cells, const uint8_t *reached, groups *g, frontier *f,
                         int c, int level)
{
    int id[8];
    for (int i = 0; i < r->join.ndirs; i++)
        consider(f, cells, reached, r->join.link[c][i], level);
    for (int n = groups_next_to(r, g, c, id), j = 0; j < n; j++) {
        int gi = id[j];
        if (g->nnear[gi] >= 3)
            continue;
        g->near[gi][g->nnear[gi]++] = (int16_t)c;
        for (int e = g->first[gi]; e < g->first[gi + 1]; e++)
            consider(f, cells, reached, g->libs[e], level);
    }
}

/* td[c], each empty cell's two-distance to the side `bit` for colour: 1
 * next to the side (or to a group touching it), else one more than its
 * second-nearest neighbour's, as the opponent will take the nearest; FAR
 * when it has no two. Level by level: the cells reached at a level are the
 * next level's candidates' neighbours. */
static void two_distances(const tv_rules *r, const uint8_t *cells, groups *g, unsigned bit, int16_t *td)
{
    const tv_join *k = &r->join;
    int16_t fresh[TV_MAX_CELLS];
    uint8_t reached[TV_MAX_CELLS];
    frontier f;
    int nfresh = 0;
    memset(g->nnear, 0, (size_t)r->ncells);
    for (int c = 0; c < r->ncells; c++) {
        td[c] = FAR, reached[c] = 0, f.stamp[c] = 0;
        if (tv_cell_colour(cells[c]) != TV_EMPTY)
            continue;
        int touch = k->edge[c] & bit;
        for (int i = 0; i < k->ndirs && !touch; i++) {
            int id = g->of[k->link[c][i]];
            touch = id >= 0 && (g->sides[id] & bit);
        }
        if (touch)
            fresh[nfresh++] = (int16_t)c;
    }
    for (int level = 1; nfresh && level < r->ncells; level++) {
        for (int i = 0; i < nfresh; i++)
            td[fresh[i]] = (int16_t)level, reached[fresh[i]] = 1;
        f.n = 0;
        for (int i = 0; i < nfresh; i++)
            note_reached(r, cells, reached, g, &f, fresh[i], level);
        nfresh = 0;
        for (int i = 0; i < f.n; i++)
            if (reached_twice(r, cells, g, reached, f.cell[i]))
                fresh[nfresh++] = f.cell[i];
    }
}

/* The potential: the least sum over the empty cells of their two-distances
 * to each side. */
int tv_eval_two_distance(const tv_rules *r, const uint8_t *cells, int colour, int *at_least)
{
    groups g;
    int16_t td[3][TV_MAX_CELLS];
    unsigned side[3];
    int n = sides_of(r, colour, side), best = FAR, count = 0;
    find_groups(r, cells, colour, &g);
    for (int i = 0; i < n; i++)
        two_distances(r, cells, &g, side[i], td[i]);
    for (int c = 0; c < r->ncells; c++) {
        int sum = 0;
        for (int i = 0; i < n && sum < FAR; i++)
            sum += td[i][c];
        if (sum < best)
            best = sum, count = 0;
        count += sum == best && sum < FAR;
    }
    if (at_least)
        *at_least = count;
    return best < r->ncells ? best : r->ncells;
}

/* Colour 2's potential less colour 1's, and colour 1's cells at its least
 * potential less colour 2's: colour 1's view. */
static int64_t two_distance_terms(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    int n1, n2;
    int p1 = tv_eval_two_distance(r, s->cells, TV_STONE1, &n1), p2 = tv_eval_two_distance(r, s->cells, TV_STONE2, &n2);
    return (int64_t)ev->two_distance * (p2 - p1) + (int64_t)ev->two_distance_cells * (n1 - n2);
}

/* ---- flips: corners and stable discs ------------------------------------ */

/* Stones on the grid's corners (four, fewer on a board one cell wide),
 * colour 1's less colour 2's. */
static int64_t corners_term(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    int w = r->grid.width, h = r->grid.height;
    const int corner[4] = {0, w - 1, (h - 1) * w, h * w - 1};
    int64_t v = 0;
    for (int i = 0; i < 4; i++) {
        int c = tv_cell_colour(s->cells[corner[i]]), again = 0;
        for (int j = 0; j < i; j++)
            again |= corner[j] == corner[i];
        if (!again)
            v += c == TV_STONE1 ? 1 : c == TV_STONE2 ? -1 : 0;
    }
    return (int64_t)ev->corners * v;
}

/* The empty cells on each line of the grid along each axis d = 0..3
 * (compass d and its reverse: columns, rising diagonals, rows, falling
 * diagonals), by the line's number (line_of); with blocks, which cut lines,
 * none: lines are walked instead. */
typedef struct lines_empty {
    int counted;
    uint8_t n[4][2 * TV_MAX_SIDE];
} lines_empty;

static int line_of(const tv_rules *r, int c, int d)
{
    int w = r->grid.width, col = c % w, row = c / w;
    return d == 0 ? col : d == 1 ? col - row + r->grid.height - 1 : d == 2 ? row : col + row;
}

static void count_empty(const tv_rules *r, const uint8_t *cells, lines_empty *e)
{
    memset(e, 0, sizeof *e);
    for (int c = 0; c < r->ncells; c++) {
        if (tv_cell_colour(cells[c]) == TV_BLOCK)
            return; /* e->counted stays 0 */
        if (tv_cell_colour(cells[c]) == TV_EMPTY)
            for (int d = 0; d < 4; d++)
                e->n[d][line_of(r, c, d)]++;
    }
    e->counted = 1;
}

/* Whether the line through c along axis d is full: no empty cell on it up
 * to the edges or blocks, so no placement can flip along it. */
static int line_full(const tv_rules *r, const uint8_t *cells, const lines_empty *e, int c, int d)
{
    if (e->counted)
        return e->n[d][line_of(r, c, d)] == 0;
    for (int half = 0; half < 2; half++, d = tv_compass_reverse(d))
        for (int at = r->nb[c][d], k = 0; at >= 0 && k < TV_MAX_SIDE; at = r->nb[at][d], k++) {
            if (tv_cell_colour(cells[at]) == TV_BLOCK)
                break;
            if (tv_cell_colour(cells[at]) == TV_EMPTY)
                return 0;
        }
    return 1;
}

/* Whether the stone on c can never be flipped, given the stones found
 * stable so far: along each axis the rules flip on, a neighbour is the
 * edge, a block or a stable stone of its colour (a run through c would run
 * on through it, and it does not turn), or the line is full. */
static int is_stable(const tv_rules *r, const uint8_t *cells, const lines_empty *e, const uint8_t *stable, int c)
{
    int colour = tv_cell_colour(cells[c]), dirs = r->flip.dirs;
    for (int d = 0; d < 4; d++) {
        int back = tv_compass_reverse(d), held = 0;
        if (!(dirs >> d & 1) && !(dirs >> back & 1))
            continue;
        for (int half = 0, at = r->nb[c][d]; half < 2 && !held; half++, at = r->nb[c][back])
            held = at < 0 || tv_cell_colour(cells[at]) == TV_BLOCK ||
                   (stable[at] && tv_cell_colour(cells[at]) == colour);
        if (!held && !line_full(r, cells, e, c, d))
            return 0;
    }
    return 1;
}

/* Every stone is tried once; a stone found stable puts its neighbours that
 * are not yet back on the list to be tried again (at most eight a stone
 * found, so the list holds at most each cell once at a time). */
int tv_eval_stable(const tv_rules *r, const uint8_t *cells, uint8_t *stable)
{
    lines_empty e;
    uint8_t listed[TV_MAX_CELLS];
    int16_t todo[TV_MAX_CELLS];
    int n = 0, ntodo = 0;
    count_empty(r, cells, &e);
    memset(stable, 0, (size_t)r->ncells);
    for (int c = r->ncells - 1; c >= 0; c--) {
        listed[c] = (uint8_t)tv_cell_is_piece(cells[c]);
        if (listed[c])
            todo[ntodo++] = (int16_t)c;
    }
    while (ntodo) {
        int c = todo[--ntodo];
        listed[c] = 0;
        if (stable[c] || !is_stable(r, cells, &e, stable, c))
            continue;
        stable[c] = 1, n++;
        for (int d = 0; d < 8; d++) {
            int at = r->nb[c][d];
            if (at >= 0 && !stable[at] && !listed[at] && tv_cell_is_piece(cells[at])) {
                listed[at] = 1;
                todo[ntodo++] = (int16_t)at;
            }
        }
    }
    return n;
}

/* Stable stones, colour 1's less colour 2's. */
static int64_t stable_term(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    uint8_t stable[TV_MAX_CELLS];
    int64_t v = 0;
    tv_eval_stable(r, s->cells, stable);
    for (int c = 0; c < r->ncells; c++)
        if (stable[c])
            v += tv_cell_colour(s->cells[c]) == TV_STONE1 ? 1 : -1;
    return (int64_t)ev->stable * v;
}

int tv_eval_value(const tv_rules *r, const tv_eval *ev, const tv_state *s, int32_t *value, tv_error *err)
{
    int me = s->to_move & 1;
    int64_t board = 0, v = 0;
    if (r->board == TV_BOARD_GRID) {
        if (ev->centre || weighs_pieces(ev))
            board += pieces_terms(r, ev, s);
        if (ev->line_length >= 1 && ev->line_length <= TV_MAX_SIDE)
            board += lines_term(r, ev, s);
        if (ev->connection && r->join.sides[0])
            board += connection_term(r, ev, s);
        if ((ev->two_distance || ev->two_distance_cells) && r->join.sides[0])
            board += two_distance_terms(r, ev, s);
        if (ev->corners)
            board += corners_term(r, ev, s);
        if (ev->stable && r->flip.dirs)
            board += stable_term(r, ev, s);
        v = tv_colour_of(s, me) == TV_STONE1 ? board : -board;
    }
    if (ev->score)
        v += (int64_t)ev->score * ((int64_t)s->score[me] - s->score[me ^ 1]);
    if (ev->mobility || ev->mobile) {
        int64_t mob;
        int rc = mobility_terms(r, ev, s, &mob, err);
        if (rc)
            return rc;
        v += mob;
    }
    *value = (int32_t)(v > TV_EVAL_MAX ? TV_EVAL_MAX : v < -TV_EVAL_MAX ? -TV_EVAL_MAX : v);
    return TV_OK;
}
