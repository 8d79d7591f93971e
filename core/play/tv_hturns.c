/* The table of turns of several parts (tv_hturns.h): entries in chunks that
 * never move, found by an open-addressing hash of their parts. */
#include "tv_hturns.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_BITS 12
#define CHUNK (1u << CHUNK_BITS)
#define CHUNKS (TV_HTURNS_LIMIT / CHUNK)

typedef struct entry {
    tv_move part[TV_HTURN_PARTS];
    uint8_t n;
} entry;

struct tv_hturns {
    pthread_mutex_t lock;
    unsigned long cap;
    atomic_ulong count;    /* entries handed out: stored before the count says so */
    entry *chunk[CHUNKS];
    uint32_t *slot;        /* index + 1 of each entry by hash, 0 empty */
    uint32_t nslots;       /* a power of two, at least twice the count */
};

tv_hturns *tv_hturns_new(unsigned long cap)
{
    tv_hturns *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (pthread_mutex_init(&t->lock, NULL)) {
        free(t);
        return NULL;
    }
    t->cap = cap == 0 || cap > TV_HTURNS_LIMIT ? (cap ? TV_HTURNS_LIMIT : TV_HTURNS_DEFAULT) : cap;
    atomic_init(&t->count, 0);
    return t;
}

void tv_hturns_free(tv_hturns *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < CHUNKS; i++)
        free(t->chunk[i]);
    free(t->slot);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

static entry *at(const tv_hturns *t, unsigned long i) { return &t->chunk[i >> CHUNK_BITS][i & (CHUNK - 1)]; }

static uint32_t hash(const tv_move *parts, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint32_t)parts[i]) * 0xff51afd7ed558ccdull;
    return (uint32_t)(h >> 32 ^ h);
}

static int same(const entry *e, const tv_move *parts, int n)
{
    return e->n == n && !memcmp(e->part, parts, (size_t)n * sizeof *parts);
}

/* The slot of the parts: the one holding them, or the empty one where they go. */
static uint32_t *slot_of(const tv_hturns *t, const tv_move *parts, int n)
{
    for (uint32_t k = hash(parts, n) & (t->nslots - 1);; k = (k + 1) & (t->nslots - 1))
        if (!t->slot[k] || same(at(t, t->slot[k] - 1), parts, n))
            return &t->slot[k];
}

/* Twice the slots, every entry hashed again. */
static int grow(tv_hturns *t)
{
    uint32_t want = t->nslots ? t->nslots * 2 : 1024;
    uint32_t *slot = calloc(want, sizeof *slot), *old = t->slot;
    if (!slot)
        return TV_ENOMEM;
    t->slot = slot;
    t->nslots = want;
    unsigned long n = atomic_load_explicit(&t->count, memory_order_relaxed);
    for (unsigned long i = 0; i < n; i++)
        *slot_of(t, at(t, i)->part, at(t, i)->n) = (uint32_t)i + 1;
    free(old);
    return TV_OK;
}

int tv_hturns_find(tv_hturns *t, const tv_move *parts, int n)
{
    int index = -1;
    pthread_mutex_lock(&t->lock);
    if (t->nslots) {
        uint32_t *k = slot_of(t, parts, n);
        index = *k ? (int)*k - 1 : -1;
    }
    pthread_mutex_unlock(&t->lock);
    return index;
}

int tv_hturns_add(tv_hturns *t, const tv_move *parts, int n, int *index, tv_error *err)
{
    int rc = TV_OK;
    pthread_mutex_lock(&t->lock);
    unsigned long count = atomic_load_explicit(&t->count, memory_order_relaxed);
    uint32_t *k = t->nslots ? slot_of(t, parts, n) : NULL;
    if (k && *k) {
        *index = (int)*k - 1;
    } else if (count >= t->cap) {
        rc = tv_error_set(err, TV_ELIMIT, "more than %lu distinct turns of several parts (the host's limit)", t->cap);
    } else if (!t->chunk[count >> CHUNK_BITS] && !(t->chunk[count >> CHUNK_BITS] = malloc(CHUNK * sizeof(entry)))) {
        rc = tv_error_set(err, TV_ENOMEM, "out of memory for the turns of several parts");
    } else if ((count + 1) * 2 > t->nslots && (rc = grow(t))) {
        tv_error_set(err, rc, "out of memory for the turns of several parts");
    } else {
        entry *e = at(t, count);
        memset(e, 0, sizeof *e);
        memcpy(e->part, parts, (size_t)n * sizeof *parts);
        e->n = (uint8_t)n;
        *slot_of(t, parts, n) = (uint32_t)count + 1;
        atomic_store_explicit(&t->count, count + 1, memory_order_release);
        *index = (int)count;
    }
    pthread_mutex_unlock(&t->lock);
    return rc;
}

int tv_hturns_parts(const tv_hturns *t, int index, tv_move *parts)
{
    if (!t || index < 0 ||
        (unsigned long)index >= atomic_load_explicit(&((tv_hturns *)t)->count, memory_order_acquire))
        return -1;
    const entry *e = at(t, (unsigned long)index);
    memcpy(parts, e->part, sizeof e->part);
    return e->n;
}

unsigned long tv_hturns_count(tv_hturns *t) { return t ? atomic_load_explicit(&t->count, memory_order_acquire) : 0; }
