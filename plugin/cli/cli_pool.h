/* A pool of worker processes for items 0..count-1, knowing nothing of what
 * an item is. Worker w (of jobs) does the items w, w + jobs, ... in order,
 * each by calling work() in its own process, and sends back what work()
 * gave: an int and some bytes (any bytes, NULs too), or an error message. The parent reads the
 * workers through pipes with poll() and hands each result to done() as it
 * comes, so results arrive in no fixed order. With jobs <= 1 the items are
 * done in this process, in order, with no fork. The first failure (of work,
 * done, a worker or a pipe) stops the pool: the workers are sent SIGTERM and
 * every one is waited for. A worker ends with its parent (on Linux), however
 * the parent ends: a KILL of the parent leaves no worker running. Messages go
 * to stderr as "tavola: ...". */
#ifndef CLI_POOL_H
#define CLI_POOL_H

#include <stddef.h>

/* Does one item: 0 with *value and *data (malloc'd: *len bytes and a NUL
 * after them; or NULL), or -1 with a message in err: a failure that stops
 * the pool. */
typedef int (*cli_pool_work)(void *ctx, long item, int *value, char **data, size_t *len, char *err,
                             size_t err_size);

/* Takes one item's result (data, len bytes with a NUL after them, becomes
 * its to free); 0, or -1 to stop. */
typedef int (*cli_pool_done)(void *ctx, long item, int value, char *data, size_t len);

/* Returns the number of results handed to done(), or -1 on failure. */
long cli_pool_run(int jobs, long count, cli_pool_work work, cli_pool_done done, void *ctx);

#endif
