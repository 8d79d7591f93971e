#include "tv_game.h"

#include <stdlib.h>
#include <string.h>

#include "tv_family.h"
#include "tv_history.h"
#include "tv_playout.h"

/* A game is one block: the struct, the state and room for its first
 * TV_GAME_INLINE_PLIES moves (a short game, as a host's loop of tic-tac-toe
 * plays them, allocates once); longer games move their history to the
 * heap. The family's kept structures are in the block too when they are
 * small (up to TV_GAME_INLINE_KEEP bytes: a placement's on a small board,
 * sowing's, Pentago's); larger ones are allocated at the first random move,
 * so a game only ever played by hand (a server's) never holds them. */
#define TV_GAME_INLINE_PLIES 64
#define TV_GAME_INLINE_KEEP 512

static size_t round16(size_t n) { return (n + 15) & ~(size_t)15; }

tv_game *tv_game_new(const tv_rules *r, uint64_t seed, tv_error *err)
{
    const tv_family *f = tv_family_of(r);
    int fits = f->keep_size && f->keep_fits(r);
    size_t state = round16((size_t)r->state_size);
    size_t head = round16(sizeof(tv_game)), hashes = round16((TV_GAME_INLINE_PLIES + 1) * sizeof(uint64_t));
    size_t history = round16(TV_GAME_INLINE_PLIES * sizeof(tv_move)), before = TV_GAME_INLINE_PLIES * state;
    size_t keep = fits && f->keep_size(r) <= TV_GAME_INLINE_KEEP ? round16(f->keep_size(r)) : 0;
    unsigned char *block = malloc(head + state + hashes + history + before + keep);
    if (!block) {
        tv_error_set(err, TV_ENOMEM, "out of memory");
        return NULL;
    }
    tv_game *g = (tv_game *)(void *)block;
    memset(g, 0, sizeof *g);
    g->rules = r;
    g->keep_fits = fits;
    g->state = (tv_state *)(void *)(block + head);
    g->hashes = (uint64_t *)(void *)(block + head + state);
    g->history = (tv_move *)(void *)(block + head + state + hashes);
    g->before = block + head + state + hashes + history;
    g->inline_history = g->before;
    g->keep = keep ? g->before + before : NULL;
    g->inline_keep = g->keep;
    g->cap = TV_GAME_INLINE_PLIES;
    if (tv_game_restart(g, seed, err)) {
        free(g);
        return NULL;
    }
    return g;
}

int tv_game_restart(tv_game *g, uint64_t seed, tv_error *err)
{
    g->seed = seed;
    g->nply = 0;
    g->drawn = 0;
    g->changes = g->drawn_at = g->keep_at = 0; /* nothing drawn, the kept structures stale */
    int rc = tv_state_new(g->rules, seed, g->state, err);
    if (rc == TV_OK)
        g->hashes[0] = tv_history_key(g->rules, g->state);
    return rc;
}

void tv_game_free(tv_game *g)
{
    if (!g)
        return;
    if (g->before != g->inline_history) {
        free(g->before);
        free(g->history);
        free(g->hashes);
    }
    if (g->keep != g->inline_keep)
        free(g->keep);
    free(g);
}

/* Room for `plies` moves (and plies + 1 positions). */
static int reserve(tv_game *g, int plies, tv_error *err)
{
    if (plies <= g->cap)
        return TV_OK;
    int cap = g->cap;
    while (cap < plies)
        cap *= 2;
    size_t state = (size_t)g->rules->state_size;
    if (g->before == g->inline_history) { /* the first move past the block's room: to the heap */
        unsigned char *before = malloc((size_t)cap * state);
        tv_move *history = malloc((size_t)cap * sizeof *history);
        uint64_t *hashes = malloc((size_t)(cap + 1) * sizeof *hashes);
        if (!before || !history || !hashes) {
            free(before), free(history), free(hashes);
            return tv_error_set(err, TV_ENOMEM, "out of memory");
        }
        memcpy(before, g->before, (size_t)g->nply * state);
        memcpy(history, g->history, (size_t)g->nply * sizeof *history);
        memcpy(hashes, g->hashes, (size_t)(g->nply + 1) * sizeof *hashes);
        g->before = before, g->history = history, g->hashes = hashes;
        g->cap = cap;
        return TV_OK;
    }
    unsigned char *before = realloc(g->before, (size_t)cap * state);
    if (before)
        g->before = before;
    tv_move *history = realloc(g->history, (size_t)cap * sizeof *history);
    if (history)
        g->history = history;
    uint64_t *hashes = realloc(g->hashes, (size_t)(cap + 1) * sizeof *hashes);
    if (hashes)
        g->hashes = hashes;
    if (!before || !history || !hashes)
        return tv_error_set(err, TV_ENOMEM, "out of memory");
    g->cap = cap;
    return TV_OK;
}

tv_game *tv_game_clone(const tv_game *g, tv_error *err)
{
    tv_game *c = tv_game_new(g->rules, g->seed, err);
    if (!c)
        return NULL;
    if (reserve(c, g->nply, err)) {
        tv_game_free(c);
        return NULL;
    }
    memcpy(c->state, g->state, (size_t)g->rules->state_size);
    c->nply = g->nply;
    if (g->nply) {
        memcpy(c->before, g->before, (size_t)g->nply * (size_t)g->rules->state_size);
        memcpy(c->history, g->history, (size_t)g->nply * sizeof *g->history);
    }
    memcpy(c->hashes, g->hashes, (size_t)(g->nply + 1) * sizeof *g->hashes);
    return c;
}

/* The state before move i, kept to take the move back. */
static tv_state *before(const tv_game *g, int i)
{
    return (tv_state *)(void *)(g->before + (size_t)i * (size_t)g->rules->state_size);
}

/* Whether the family's kept structures follow the state now, built when
 * they can be: 1 yes, 0 no (the kernel plays this ply), or an error code. */
static int kept(tv_game *g, tv_error *err)
{
    if (!g->keep_fits || g->state->status != TV_ONGOING)
        return 0;
    if (g->keep_at == g->changes + 1)
        return 1;
    const tv_family *f = tv_family_of(g->rules);
    if (!g->keep && !(g->keep = malloc(f->keep_size(g->rules))))
        return 0; /* no room for the fast path: the kernel's is as good */
    int rc = f->keep_start(g->rules, g->state, g->keep, err);
    if (rc)
        return rc == TV_PLAYOUT_DECLINED ? 0 : rc;
    g->keep_at = g->changes + 1;
    return 1;
}

int tv_game_play(tv_game *g, tv_move m, tv_error *err)
{
    int rc = g->nply < g->cap ? TV_OK : reserve(g, g->nply + 1, err);
    if (rc)
        return rc;
    tv_state_copy(g->rules, before(g, g->nply), g->state);
    int drawn = g->drawn_at == g->changes + 1 && m == g->drawn; /* drawn here, nothing changed since */
    if (drawn && g->keep_at == g->changes + 1) { /* drawn by the kept structures: they play it */
        if ((rc = tv_family_of(g->rules)->keep_play(g->rules, g->state, g->keep, m, g->hashes, g->nply + 1, err))) {
            tv_state_copy(g->rules, g->state, before(g, g->nply)); /* the state as it was */
            g->keep_at = 0;
            return rc;
        }
        g->keep_at = g->changes + 2;
    } else if ((rc = (drawn ? tv_play_listed : tv_play_hist)(g->rules, g->state, m, NULL, g->hashes, g->nply + 1,
                                                              err))) {
        return rc; /* the state as it was */
    }
    g->changes++;
    g->history[g->nply++] = m;
    g->hashes[g->nply] = tv_history_key(g->rules, g->state);
    return TV_OK;
}

int tv_game_random_move(tv_game *g, tv_rng *rng, tv_move *m, tv_error *err)
{
    int k = kept(g, err), n;
    if (k < 0)
        return k;
    n = k ? tv_family_of(g->rules)->keep_draw(g->rules, g->state, g->keep, rng, m, err)
          : tv_random_move_hist(g->rules, g->state, g->hashes, g->nply + 1, rng, m, err);
    if (n > 0)
        g->drawn = *m, g->drawn_at = g->changes + 1; /* + 1: 0 is never a draw */
    return n;
}

int tv_game_play_text(tv_game *g, const char *text, tv_error *err)
{
    tv_move m;
    int rc = tv_move_parse_at(g->rules, g->state, text, &m, err);
    return rc ? rc : tv_game_play(g, m, err);
}

int tv_game_undo(tv_game *g, tv_error *err)
{
    if (g->nply == 0)
        return tv_error_set(err, TV_EINVAL, "undo: no move to take back");
    g->nply--;
    g->changes++;
    tv_state_copy(g->rules, g->state, before(g, g->nply));
    return TV_OK;
}

int tv_game_set_position(tv_game *g, const char *text, tv_error *err)
{
    int rc = tv_position_read(g->rules, text, g->state, err);
    g->changes++; /* even a refused text may have written the state before it was restored */
    if (rc == TV_OK) {
        g->nply = 0;
        g->hashes[0] = tv_history_key(g->rules, g->state);
    }
    return rc;
}
