/* Requests a second per client address (serve_rate.h). */
#define _POSIX_C_SOURCE 200809L
#include "serve_rate.h"

#include <pthread.h>
#include <time.h>

enum { SLOTS = 4096 };

typedef struct bucket {
    double tokens, at; /* tokens left at time `at` (seconds) */
} bucket;

static bucket slots[SLOTS];
static double rate;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void rate_init(double per_second) { rate = per_second; }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int rate_allow(const void *key, size_t len)
{
    if (rate <= 0)
        return 1;
    unsigned h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ ((const unsigned char *)key)[i]) * 16777619u;
    double t = now();
    pthread_mutex_lock(&lock);
    bucket *b = &slots[h % SLOTS];
    if (b->at == 0)
        b->tokens = 2 * rate, b->at = t;
    b->tokens += (t - b->at) * rate;
    if (b->tokens > 2 * rate)
        b->tokens = 2 * rate;
    b->at = t;
    int ok = b->tokens >= 1;
    if (ok)
        b->tokens -= 1;
    pthread_mutex_unlock(&lock);
    return ok;
}
