/* The engines' pool: a fixed number of threads that choose the moves of
 * engine seats, fed by a bounded queue, so that one game's search never
 * holds up a request or another game beyond the pool's share. A watchdog
 * stops a search that runs past the longest a move may take. */
#ifndef SERVE_ENGINE_H
#define SERVE_ENGINE_H

#include "tavola.h"

typedef struct engine_slot engine_slot;

/* workers threads, at most queue_max jobs waiting, max_ms the longest a
 * search may run before it is stopped (its best move so far is played). */
int engine_start(const tavola_api *t, int workers, int queue_max, long max_ms);
/* Runs run(arg, slot) on a worker; -1 when the queue is full. */
int engine_submit(void (*run)(void *arg, engine_slot *slot), void *arg);
/* Around a search: the watchdog may stop p while it runs. */
void engine_searching(engine_slot *slot, tavola_player *p);
void engine_searched(engine_slot *slot);
int engine_waiting(void);
/* Stops the searches, drops the jobs not begun (each given to drop), and
 * joins the threads. */
void engine_stop(void (*drop)(void *arg));

#endif
