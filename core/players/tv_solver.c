/* The solver (see tv_solver.h): a position graph, Tarjan's components in
 * reverse topological order, and threshold games inside the cycles. */
#include "tv_solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tv_family.h" /* tv_family_hooked */
#include "tv_player.h" /* TV_SCORE_WIN, tv_now_ms */

#define NONE UINT32_MAX

struct tv_solution {
    const tv_rules *r;
    size_t ssize;
    uint64_t n, cap;      /* positions */
    unsigned char *states; /* n states of ssize bytes, in the order found */
    int64_t *value;       /* first player's future margin */
    uint32_t *rank1, *rank2; /* attractor steps: player 1 forcing a gain, player 2 forcing a loss */
    uint64_t *comp;       /* component of each position */
    uint64_t *first;      /* edges of position i: first[i] .. first[i+1]-1 */
    uint64_t ne, ecap;
    int64_t *to;          /* child position, or -1 when the move ends the game */
    int64_t *pay;         /* what the move scores (first player's view) */
    uint64_t hcap;
    uint64_t *table;      /* position index + 1, by key hash; 0 = empty */
    uint64_t cycles;
    uint64_t max_bytes;   /* the memory the tables may take */
    long deadline;        /* tv_now_ms() limit, 0 = none */
    const atomic_int *stop;
};

/* The bytes of the tables for cap positions, ecap moves and hcap slots, and
 * the four arrays of values the second phase adds. */
static uint64_t table_bytes(const tv_solution *sol, uint64_t cap, uint64_t ecap, uint64_t hcap)
{
    return cap * (sol->ssize + sizeof(uint64_t)) + ecap * 2 * sizeof(int64_t) + hcap * sizeof(uint64_t) +
           cap * (sizeof(int64_t) + 2 * sizeof(uint32_t) + sizeof(uint64_t));
}

/* TV_ELIMIT when growing to these sizes would pass the memory budget. */
static int over_budget(const tv_solution *sol, uint64_t cap, uint64_t ecap, uint64_t hcap, tv_error *err)
{
    if (table_bytes(sol, cap, ecap, hcap) <= sol->max_bytes)
        return TV_OK;
    return tv_error_set(err, TV_ELIMIT, "more than %llu MiB of memory at %llu positions: too large to solve here",
                        (unsigned long long)(sol->max_bytes >> 20), (unsigned long long)sol->n);
}

/* TV_ELIMIT once the time is up or the search was stopped. */
static int halted(const tv_solution *sol, tv_error *err)
{
    if (sol->stop && atomic_load_explicit(sol->stop, memory_order_relaxed))
        return tv_error_set(err, TV_ELIMIT, "stopped after %llu positions", (unsigned long long)sol->n);
    if (sol->deadline && tv_now_ms() >= sol->deadline)
        return tv_error_set(err, TV_ELIMIT, "out of time after %llu positions", (unsigned long long)sol->n);
    return TV_OK;
}

static tv_state *state_at(const tv_solution *sol, uint64_t i)
{
    return (tv_state *)(sol->states + i * sol->ssize);
}

/* The key: board, side to move and flags (the hash covers them), plus the
 * scores when they can end the game (a captured count or margin). */
static uint64_t key_hash(const tv_solution *sol, const tv_state *s)
{
    uint64_t h = s->hash;
    if (sol->r->target || sol->r->margin)
        h ^= ((uint64_t)(uint32_t)s->score[0] << 32 | (uint32_t)s->score[1]) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* Two states are one position when everything the rules can read is
 * equal: the cells, the side, the flags, the variables and hands, the
 * scores where a target or margin reads them, and, where a hook runs (it
 * may read s:ply() and s:last()), the ply and the last move. */
static int key_equal(const tv_solution *sol, const tv_state *a, const tv_state *b)
{
    const tv_rules *r = sol->r;
    return a->to_move == b->to_move && a->flags == b->flags && memcmp(a->cells, b->cells, (size_t)r->ncells) == 0 &&
           (!r->vars.size || memcmp((const unsigned char *)a + r->vars.offset, (const unsigned char *)b + r->vars.offset,
                                    (size_t)r->vars.size) == 0) &&
           (!tv_family_hooked(r) || (a->ply == b->ply && a->last == b->last)) &&
           (!(r->target || r->margin) || (a->score[0] == b->score[0] && a->score[1] == b->score[1]));
}

static int64_t lookup(const tv_solution *sol, const tv_state *s)
{
    for (uint64_t i = key_hash(sol, s) & (sol->hcap - 1);; i = (i + 1) & (sol->hcap - 1)) {
        if (!sol->table[i])
            return -1;
        if (key_equal(sol, state_at(sol, sol->table[i] - 1), s))
            return (int64_t)(sol->table[i] - 1);
    }
}

static int grow(void **p, uint64_t count, size_t size)
{
    void *q = realloc(*p, count * size);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

/* The index of s, adding it when new; -1 when out of room. */
static int64_t intern(tv_solution *sol, const tv_state *s, uint64_t max, tv_error *err)
{
    int64_t found = lookup(sol, s);
    if (found >= 0)
        return found;
    if (sol->n == max) {
        tv_error_set(err, TV_ELIMIT, "more than %llu positions: too large to solve here",
                     (unsigned long long)max);
        return -1;
    }
    if (sol->n == sol->cap) {
        uint64_t cap = sol->cap * 2;
        if (over_budget(sol, cap, sol->ecap, sol->hcap, err))
            return -1;
        if (grow((void **)&sol->states, cap, sol->ssize) || grow((void **)&sol->first, cap + 1, sizeof *sol->first)) {
            tv_error_set(err, TV_ENOMEM, "out of memory at %llu positions", (unsigned long long)sol->n);
            return -1;
        }
        sol->cap = cap;
    }
    if (2 * (sol->n + 1) > sol->hcap) { /* keep the table at most half full */
        if (over_budget(sol, sol->cap, sol->ecap, sol->hcap * 2, err))
            return -1;
        uint64_t hcap = sol->hcap * 2, *table = calloc(hcap, sizeof *table);
        if (!table) {
            tv_error_set(err, TV_ENOMEM, "out of memory at %llu positions", (unsigned long long)sol->n);
            return -1;
        }
        for (uint64_t k = 0; k < sol->hcap; k++) {
            if (!sol->table[k])
                continue;
            uint64_t i = key_hash(sol, state_at(sol, sol->table[k] - 1)) & (hcap - 1);
            while (table[i])
                i = (i + 1) & (hcap - 1);
            table[i] = sol->table[k];
        }
        free(sol->table);
        sol->table = table;
        sol->hcap = hcap;
    }
    memcpy(state_at(sol, sol->n), s, sol->ssize);
    uint64_t i = key_hash(sol, s) & (sol->hcap - 1);
    while (sol->table[i])
        i = (i + 1) & (sol->hcap - 1);
    sol->table[i] = ++sol->n;
    return (int64_t)(sol->n - 1);
}

static int64_t margin(const tv_state *s) { return (int64_t)s->score[0] - s->score[1]; }

/* What a move from s to the ended game t scores for the first player: the
 * score change, and a decisive bonus when the winner was not decided by the
 * scores (a line, a hook). */
static int64_t end_pay(const tv_state *s, const tv_state *t)
{
    int64_t pay = margin(t) - margin(s);
    int by_score = t->score[0] > t->score[1] ? 1 : t->score[0] < t->score[1] ? 2 : 0;
    if (t->winner > 0 && t->winner != by_score)
        pay += t->winner == 1 ? TV_SCORE_WIN : -TV_SCORE_WIN;
    return pay;
}

static int add_edge(tv_solution *sol, int64_t to, int64_t pay, tv_error *err)
{
    if (sol->ne == sol->ecap) {
        uint64_t cap = sol->ecap * 2;
        int rc = over_budget(sol, sol->cap, cap, sol->hcap, err);
        if (rc)
            return rc;
        if (grow((void **)&sol->to, cap, sizeof *sol->to) || grow((void **)&sol->pay, cap, sizeof *sol->pay))
            return tv_error_set(err, TV_ENOMEM, "out of memory at %llu moves", (unsigned long long)sol->ne);
        sol->ecap = cap;
    }
    sol->to[sol->ne] = to;
    sol->pay[sol->ne++] = pay;
    return TV_OK;
}

/* Breadth first from the root: every position once, its moves as edges. */
static int build(tv_solution *sol, const tv_state *root, uint64_t max, tv_progress_fn progress, void *ctx,
                 tv_error *err)
{
    const tv_rules *r = sol->r;
    if (intern(sol, root, max, err) < 0)
        return err->code;
    for (uint64_t i = 0; i < sol->n; i++) {
        sol->first[i] = sol->ne;
        tv_state_buf cur;
        memcpy(&cur.state, state_at(sol, i), sol->ssize);
        if (cur.state.status == TV_OVER)
            continue;
        tv_move moves[TV_MOVES_LIMIT];
        int k = tv_legal_moves(r, &cur.state, moves, TV_MOVES_LIMIT, err);
        if (k < 0)
            return k;
        if ((i & 1023) == 1023 && halted(sol, err))
            return err->code;
        for (int j = 0; j < k; j++) {
            tv_state_buf child;
            memcpy(&child.state, &cur.state, sol->ssize);
            /* The ply is not part of a position: counted from 0 here, the
             * move limit never cuts the graph (a cycle is worth 0 anyway).
             * A hook may read it (s:ply()): there it is kept. */
            if (!tv_family_hooked(r))
                child.state.ply = 0;
            int rc = tv_play(r, &child.state, moves[j], NULL, err);
            if (rc)
                return rc;
            int64_t to = -1, pay = end_pay(&cur.state, &child.state);
            if (child.state.status != TV_OVER) {
                pay = margin(&child.state) - margin(&cur.state);
                if ((to = intern(sol, &child.state, max, err)) < 0)
                    return err->code;
            }
            if ((rc = add_edge(sol, to, pay, err)))
                return rc;
        }
        if (progress && (i & 0xFFFF) == 0xFFFF)
            progress(ctx, "positions", i + 1);
    }
    sol->first[sol->n] = sol->ne;
    return TV_OK;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Scratch space for one component's threshold games. */
typedef struct scratch {
    uint64_t *nodes;            /* the component's positions */
    uint64_t *pred_first, *pred; /* internal predecessors, by local index */
    uint32_t *local;            /* position -> local index (valid inside the component) */
    int64_t *count;
    uint32_t *queue;
    uint8_t *in;
    uint32_t *rank;
} scratch;

static int exits_value(const tv_solution *sol, uint64_t e, int64_t *u, uint64_t cid)
{
    if (sol->to[e] < 0) {
        *u = sol->pay[e];
        return 1;
    }
    if (sol->comp[sol->to[e]] != cid) {
        *u = sol->pay[e] + sol->value[sol->to[e]];
        return 1;
    }
    return 0;
}

/* One threshold game on the component: marks in w->in the positions where
 * the first player can force at least t (t > 0: reach an exit worth >= t;
 * t <= 0: the second player cannot reach an exit worth < t). Returns, through
 * w->rank, the attractor step of each position of the side that forces. */
static void threshold(const tv_solution *sol, uint64_t cid, uint64_t k, int64_t t, scratch *w)
{
    int p1_forces = t > 0; /* else: the second player's attractor to exits below t */
    uint64_t head = 0, tail = 0;
    for (uint64_t a = 0; a < k; a++) {
        uint64_t v = w->nodes[a];
        int attacker = state_at(sol, v)->to_move == (p1_forces ? 0 : 1);
        int64_t others = 0, hit = 0;
        for (uint64_t e = sol->first[v]; e < sol->first[v + 1]; e++) {
            int64_t u;
            int good = exits_value(sol, e, &u, cid) && (p1_forces ? u >= t : u < t);
            hit |= good;
            others += !good;
        }
        w->in[a] = attacker ? (uint8_t)hit : others == 0;
        w->count[a] = others;
        if (w->in[a]) {
            w->rank[a] = 1;
            w->queue[tail++] = (uint32_t)a;
        }
    }
    while (head < tail) {
        uint32_t a = w->queue[head++];
        for (uint64_t j = w->pred_first[a]; j < w->pred_first[a + 1]; j++) {
            uint32_t b = w->pred[j];
            if (w->in[b])
                continue;
            int attacker = state_at(sol, w->nodes[b])->to_move == (p1_forces ? 0 : 1);
            if (attacker || --w->count[b] == 0) {
                w->in[b] = 1;
                w->rank[b] = w->rank[a] + 1;
                w->queue[tail++] = b;
            }
        }
    }
    if (!p1_forces) /* w->in held the second player's attractor: flip it */
        for (uint64_t a = 0; a < k; a++)
            w->in[a] = !w->in[a];
}

/* Values of a component with a cycle, by threshold games (see tv_solver.h). */
static int solve_cycle(tv_solution *sol, uint64_t cid, uint64_t k, scratch *w, tv_error *err)
{
    uint64_t edges = 0, nt = 0;
    for (uint64_t a = 0; a < k; a++) {
        w->local[w->nodes[a]] = (uint32_t)a;
        edges += sol->first[w->nodes[a] + 1] - sol->first[w->nodes[a]];
    }
    int64_t *thresholds = malloc((edges + 1) * sizeof *thresholds);
    if (!thresholds)
        return tv_error_set(err, TV_ENOMEM, "out of memory");
    /* The exits' values, and the internal moves reversed (as a CSR list). */
    memset(w->pred_first, 0, (k + 1) * sizeof *w->pred_first);
    thresholds[nt++] = 0; /* going round for ever */
    for (uint64_t a = 0; a < k; a++)
        for (uint64_t e = sol->first[w->nodes[a]]; e < sol->first[w->nodes[a] + 1]; e++) {
            int64_t u;
            if (exits_value(sol, e, &u, cid)) {
                thresholds[nt++] = u;
            } else if (sol->pay[e] != 0) {
                free(thresholds);
                return tv_error_set(err, TV_ERULES,
                                    "the solver needs scores that cannot be undone, but a move inside a cycle scores");
            } else {
                w->pred_first[w->local[sol->to[e]] + 1]++;
            }
        }
    for (uint64_t a = 0; a < k; a++)
        w->pred_first[a + 1] += w->pred_first[a];
    for (uint64_t a = 0; a < k; a++)
        w->count[a] = (int64_t)w->pred_first[a]; /* fill cursors */
    for (uint64_t a = 0; a < k; a++)
        for (uint64_t e = sol->first[w->nodes[a]]; e < sol->first[w->nodes[a] + 1]; e++)
            if (sol->to[e] >= 0 && sol->comp[sol->to[e]] == cid)
                w->pred[w->count[w->local[sol->to[e]]]++] = (uint32_t)a;

    qsort(thresholds, nt, sizeof *thresholds, cmp_i64);
    for (uint64_t i = 0; i < nt; i++) {
        if (i > 0 && thresholds[i] == thresholds[i - 1])
            continue;
        if ((i & 63) == 63 && halted(sol, err)) {
            free(thresholds);
            return err->code;
        }
        int64_t t = thresholds[i];
        threshold(sol, cid, k, t, w);
        for (uint64_t a = 0; a < k; a++) {
            uint64_t v = w->nodes[a];
            if (w->in[a]) { /* ascending: the last t that holds is the value */
                sol->value[v] = t;
                sol->rank1[v] = t > 0 ? w->rank[a] : NONE;
            } else if (sol->rank2[v] == NONE) {
                sol->rank2[v] = w->rank[a]; /* the second player's way below t */
            }
        }
    }
    free(thresholds);
    sol->cycles++;
    return TV_OK;
}

/* A component of one position without a move to itself: the best move. */
static void solve_single(tv_solution *sol, uint64_t v)
{
    int p1 = state_at(sol, v)->to_move == 0, any = 0;
    int64_t best = 0;
    for (uint64_t e = sol->first[v]; e < sol->first[v + 1]; e++) {
        int64_t u = sol->pay[e] + (sol->to[e] >= 0 ? sol->value[sol->to[e]] : 0);
        if (!any || (p1 ? u > best : u < best))
            best = u;
        any = 1;
    }
    sol->value[v] = best;
}

/* Tarjan's algorithm without recursion; components come out sinks first, so
 * every exit of a component is valued before the component itself. */
static int solve_components(tv_solution *sol, tv_progress_fn progress, void *ctx, tv_error *err)
{
    uint64_t n = sol->n, counter = 0, top = 0, frames = 0, cid = 0, done = 0;
    uint64_t *index = malloc(n * sizeof *index), *low = malloc(n * sizeof *low), *it = malloc(n * sizeof *it);
    uint64_t *stack = malloc(n * sizeof *stack), *frame = malloc(n * sizeof *frame);
    uint8_t *on = calloc(n, 1);
    scratch w = {malloc(n * sizeof(uint64_t)), malloc((n + 1) * sizeof(uint64_t)),
                 malloc((sol->ne + 1) * sizeof(uint64_t)), malloc(n * sizeof(uint32_t)),
                 malloc(n * sizeof(int64_t)), malloc(n * sizeof(uint32_t)), malloc(n), malloc(n * sizeof(uint32_t))};
    int rc = TV_OK;
    if (!index || !low || !it || !stack || !frame || !on || !w.nodes || !w.pred_first || !w.pred || !w.local ||
        !w.count || !w.queue || !w.in || !w.rank) {
        rc = tv_error_set(err, TV_ENOMEM, "out of memory");
        goto out;
    }
    for (uint64_t i = 0; i < n; i++)
        index[i] = UINT64_MAX;
    for (uint64_t root = 0; root < n && rc == TV_OK; root++) {
        if (index[root] != UINT64_MAX)
            continue;
        index[root] = low[root] = counter++;
        it[root] = sol->first[root];
        stack[top++] = root;
        on[root] = 1;
        frame[frames++] = root;
        while (frames && rc == TV_OK) {
            uint64_t v = frame[frames - 1];
            if (it[v] < sol->first[v + 1]) {
                int64_t to = sol->to[it[v]++];
                if (to < 0)
                    continue;
                uint64_t u = (uint64_t)to;
                if (index[u] == UINT64_MAX) {
                    index[u] = low[u] = counter++;
                    it[u] = sol->first[u];
                    stack[top++] = u;
                    on[u] = 1;
                    frame[frames++] = u;
                } else if (on[u] && index[u] < low[v]) {
                    low[v] = index[u];
                }
                continue;
            }
            frames--;
            if (frames && low[v] < low[frame[frames - 1]])
                low[frame[frames - 1]] = low[v];
            if (low[v] != index[v])
                continue;
            uint64_t k = 0; /* v is the root of a component: take it off the stack */
            do {
                uint64_t x = stack[--top];
                on[x] = 0;
                sol->comp[x] = cid;
                w.nodes[k++] = x;
            } while (w.nodes[k - 1] != v);
            int loop = k > 1;
            for (uint64_t e = sol->first[v]; e < sol->first[v + 1] && !loop; e++)
                loop = sol->to[e] == (int64_t)v;
            if (loop)
                rc = solve_cycle(sol, cid, k, &w, err);
            else
                solve_single(sol, v);
            cid++;
            done += k;
            if (rc == TV_OK && (cid & 1023) == 0)
                rc = halted(sol, err);
            if (progress && (done & ~(uint64_t)0xFFFF) != ((done - k) & ~(uint64_t)0xFFFF))
                progress(ctx, "values", done);
        }
    }
out:
    free(index), free(low), free(it), free(stack), free(frame), free(on);
    free(w.nodes), free(w.pred_first), free(w.pred), free(w.local), free(w.count), free(w.queue), free(w.in),
        free(w.rank);
    return rc;
}

void tv_solution_free(tv_solution *sol)
{
    if (!sol)
        return;
    free(sol->states), free(sol->value), free(sol->rank1), free(sol->rank2), free(sol->comp);
    free(sol->first), free(sol->to), free(sol->pay), free(sol->table);
    free(sol);
}

/* log10 of C(n, k). */
static double log10_choose(double n, double k)
{
    return (lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1)) / log(10.0);
}

/* log10(10^a + 10^b). */
static double log10_add(double a, double b)
{
    double hi = a > b ? a : b, lo = a > b ? b : a;
    return hi + log10(1.0 + pow(10.0, lo - hi));
}

double tv_solve_estimate_log10(const tv_rules *r, const tv_state *root)
{
    if (r->hooks.moves || r->hooks.play)
        return -1; /* the hooks decide what a position can be */
    if (r->board == TV_BOARD_MANCALA) {
        /* The seeds left in the holes shared among them, some in the stores
         * (C(seeds + holes, holes)), by side to move; and the store split
         * when a capture target makes the scores part of a position. */
        double seeds = root->stones, holes = r->ncells;
        double b = log10_choose(seeds + holes, holes) + log10(2.0);
        return r->target ? b + log10(seeds + 1) : b;
    }
    /* Placement (a drop is one): k more stones on e empty cells, of which
     * the mover's colour has half rounded up: C(e, k) C(k, k/2), summed over
     * k; blocks still to place in the setup multiply by their cells; the
     * swap flag doubles. */
    double e = root->empty, total = 0.0 / 1.0, setup = root->setup_left;
    int first = 1;
    for (int k = 0; k <= (int)(e - setup); k++) {
        double t = log10_choose(e - setup, k) + log10_choose(k, (k + 1) / 2);
        total = first ? t : log10_add(total, t);
        first = 0;
    }
    if (setup > 0)
        total = log10_add(total + log10_choose(e, setup), (setup + 1) * log10(e + 1));
    return r->swap_after ? total + log10(2.0) : total;
}

tv_solution *tv_solve(const tv_rules *r, const tv_state *root, uint64_t max_positions, tv_progress_fn progress,
                      void *ctx, tv_error *err)
{
    tv_solve_limits limits = {.max_positions = max_positions};
    return tv_solve_within(r, root, &limits, progress, ctx, err);
}

uint64_t tv_solve_default_bytes(void)
{
#ifdef _SC_PHYS_PAGES
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0)
        return (uint64_t)pages * (uint64_t)size / 2;
#endif
    return TV_SOLVE_MAX_BYTES;
}

tv_solution *tv_solve_within(const tv_rules *r, const tv_state *root, const tv_solve_limits *limits,
                             tv_progress_fn progress, void *ctx, tv_error *err)
{
    uint64_t max_positions = limits->max_positions ? limits->max_positions : UINT64_MAX;
    if (r->groups.superko) { /* a stone's legality then depends on the game before the position */
        tv_error_set(err, TV_ERULES, "superko: a move's legality depends on the boards before it, which a position does "
                                     "not hold: the solver solves positions");
        return NULL;
    }
    double bound = tv_solve_estimate_log10(r, root);
    if (bound > log10((double)max_positions) + log10((double)TV_SOLVE_HOPELESS)) {
        tv_error_set(err, TV_ELIMIT,
                     "this board has up to 10^%.0f positions, far more than the limit of %llu: "
                     "too large to solve, refused before starting",
                     bound, (unsigned long long)max_positions);
        return NULL;
    }
    tv_solution *sol = calloc(1, sizeof *sol);
    if (!sol) {
        tv_error_set(err, TV_ENOMEM, "out of memory");
        return NULL;
    }
    sol->r = r;
    sol->ssize = (size_t)r->state_size;
    sol->max_bytes = limits->max_bytes ? limits->max_bytes : tv_solve_default_bytes();
    sol->deadline = limits->ms > 0 ? tv_now_ms() + limits->ms : 0;
    sol->stop = limits->stop;
    sol->cap = 1024;
    sol->ecap = 4096;
    sol->hcap = 4096;
    sol->states = malloc(sol->cap * sol->ssize);
    sol->first = malloc((sol->cap + 1) * sizeof *sol->first);
    sol->to = malloc(sol->ecap * sizeof *sol->to);
    sol->pay = malloc(sol->ecap * sizeof *sol->pay);
    sol->table = calloc(sol->hcap, sizeof *sol->table);
    int rc = !sol->states || !sol->first || !sol->to || !sol->pay || !sol->table
                 ? tv_error_set(err, TV_ENOMEM, "out of memory")
                 : build(sol, root, max_positions, progress, ctx, err);
    if (rc == TV_OK) {
        uint64_t n = sol->n;
        sol->value = calloc(n, sizeof *sol->value);
        sol->comp = malloc(n * sizeof *sol->comp);
        sol->rank1 = malloc(n * sizeof *sol->rank1);
        sol->rank2 = malloc(n * sizeof *sol->rank2);
        if (!sol->value || !sol->comp || !sol->rank1 || !sol->rank2) {
            rc = tv_error_set(err, TV_ENOMEM, "out of memory");
        } else {
            for (uint64_t i = 0; i < n; i++)
                sol->rank1[i] = sol->rank2[i] = NONE;
            rc = solve_components(sol, progress, ctx, err);
        }
    }
    if (rc) {
        tv_solution_free(sol);
        return NULL;
    }
    return sol;
}

uint64_t tv_solution_positions(const tv_solution *sol) { return sol->n; }
uint64_t tv_solution_cycles(const tv_solution *sol) { return sol->cycles; }

int tv_solution_value(const tv_solution *sol, const tv_state *s, int64_t *value)
{
    int64_t i = lookup(sol, s);
    if (i < 0)
        return TV_EINVAL;
    *value = sol->value[i];
    return TV_OK;
}

/* The child of s by m, its index (-1: the game ended) and the move's value. */
static int child_of(const tv_solution *sol, const tv_state *s, tv_move m, tv_state *child, int64_t *index,
                    int64_t *value, tv_error *err)
{
    memcpy(child, s, sol->ssize);
    int rc = tv_play(sol->r, child, m, NULL, err);
    if (rc)
        return rc;
    if (child->status == TV_OVER) {
        *index = -1;
        *value = end_pay(s, child);
        return TV_OK;
    }
    if ((*index = lookup(sol, child)) < 0)
        return tv_error_set(err, TV_EINVAL, "the solver never reached this position");
    *value = margin(child) - margin(s) + sol->value[*index];
    return TV_OK;
}

int tv_solution_move_value(const tv_solution *sol, const tv_state *s, tv_move m, int64_t *value, tv_error *err)
{
    tv_state_buf child;
    int64_t index;
    return child_of(sol, s, m, &child.state, &index, value, err);
}

int tv_solution_best(const tv_solution *sol, const tv_state *s, const uint64_t *hist, int n, tv_move *best,
                     int64_t *value, tv_error *err)
{
    tv_move moves[TV_MOVES_LIMIT];
    int k = tv_legal_moves(sol->r, s, moves, TV_MOVES_LIMIT, err);
    if (k <= 0)
        return k < 0 ? k : tv_error_set(err, TV_EILLEGAL, "no legal move");
    int64_t self = lookup(sol, s);
    if (self < 0)
        return tv_error_set(err, TV_EINVAL, "the solver never reached this position");
    int p1 = s->to_move == 0, found = 0;
    int64_t top = 0;
    uint64_t key_best = 0; /* smaller is better: repeats, then the way to the value */
    for (int i = 0; i < k; i++) {
        tv_state_buf child;
        int64_t index, u;
        int rc = child_of(sol, s, moves[i], &child.state, &index, &u, err);
        if (rc)
            return rc;
        int repeats = 0;
        for (int j = 0; index >= 0 && j < n && !repeats; j++)
            repeats = hist[j] == child.state.hash;
        /* Inside a component, go the attractor's way to the value (an exit
         * comes first); elsewhere any move of the best value will do. */
        uint64_t way = 0;
        if (index >= 0 && sol->comp[index] == sol->comp[self]) {
            uint32_t rank = p1 ? sol->rank1[index] : sol->rank2[index];
            way = rank == NONE ? NONE : rank;
        }
        uint64_t key = (uint64_t)repeats << 40 | way;
        if (!found || (p1 ? u > top : u < top) || (u == top && key < key_best)) {
            top = u;
            key_best = key;
            *best = moves[i];
            found = 1;
        }
    }
    *value = top;
    return TV_OK;
}
