/* The engines' pool (serve_engine.h). */
#define _POSIX_C_SOURCE 200809L
#include "serve_engine.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

enum { WORKERS_MAX = 64 };

struct engine_slot {
    pthread_t thread;
    tavola_player *running;
    struct timespec since;
};

typedef struct job {
    void (*run)(void *arg, engine_slot *slot);
    void *arg;
} job;

static const tavola_api *api;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER, tick = PTHREAD_COND_INITIALIZER;
static job *queue;
static int qcap, qhead, qlen, nworkers, stopping;
static long longest_ms;
static engine_slot slots[WORKERS_MAX];
static pthread_t watchdog;

static void *worker(void *arg)
{
    engine_slot *slot = arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!qlen && !stopping)
            pthread_cond_wait(&work, &lock);
        if (stopping)
            break;
        job j = queue[qhead];
        qhead = (qhead + 1) % qcap, qlen--;
        pthread_mutex_unlock(&lock);
        j.run(j.arg, slot);
        pthread_mutex_lock(&lock);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

static long ms_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - t->tv_sec) * 1000 + (now.tv_nsec - t->tv_nsec) / 1000000;
}

/* Every 50 ms: stops the searches past the longest a move may take. */
static void *watch(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    while (!stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 50 * 1000000L;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&tick, &lock, &until);
        for (int i = 0; i < nworkers; i++)
            if (slots[i].running && ms_since(&slots[i].since) > longest_ms)
                api->player_stop(slots[i].running);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

int engine_start(const tavola_api *t, int workers, int queue_max, long max_ms)
{
    api = t;
    longest_ms = max_ms;
    qcap = queue_max > 0 ? queue_max : 1;
    if (!(queue = calloc((size_t)qcap, sizeof *queue)))
        return -1;
    if (workers < 1)
        workers = 1;
    if (workers > WORKERS_MAX)
        workers = WORKERS_MAX;
    for (nworkers = 0; nworkers < workers; nworkers++)
        if (pthread_create(&slots[nworkers].thread, NULL, worker, &slots[nworkers]))
            return -1;
    return pthread_create(&watchdog, NULL, watch, NULL) ? -1 : 0;
}

int engine_submit(void (*run)(void *arg, engine_slot *slot), void *arg)
{
    pthread_mutex_lock(&lock);
    int ok = !stopping && qlen < qcap;
    if (ok) {
        queue[(qhead + qlen) % qcap] = (job){run, arg};
        qlen++;
        pthread_cond_signal(&work);
    }
    pthread_mutex_unlock(&lock);
    return ok ? 0 : -1;
}

void engine_searching(engine_slot *slot, tavola_player *p)
{
    pthread_mutex_lock(&lock);
    slot->running = p;
    clock_gettime(CLOCK_MONOTONIC, &slot->since);
    pthread_mutex_unlock(&lock);
}

void engine_searched(engine_slot *slot)
{
    pthread_mutex_lock(&lock);
    slot->running = NULL;
    pthread_mutex_unlock(&lock);
}

int engine_waiting(void)
{
    pthread_mutex_lock(&lock);
    int n = qlen;
    pthread_mutex_unlock(&lock);
    return n;
}

void engine_stop(void (*drop)(void *arg))
{
    pthread_mutex_lock(&lock);
    if (!queue) {
        pthread_mutex_unlock(&lock);
        return;
    }
    stopping = 1;
    for (int i = 0; i < nworkers; i++)
        if (slots[i].running)
            api->player_stop(slots[i].running);
    pthread_cond_broadcast(&work);
    pthread_cond_broadcast(&tick);
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < nworkers; i++)
        pthread_join(slots[i].thread, NULL);
    pthread_join(watchdog, NULL);
    for (; qlen > 0; qlen--, qhead = (qhead + 1) % qcap)
        if (drop)
            drop(queue[qhead].arg);
    free(queue);
    queue = NULL;
}
