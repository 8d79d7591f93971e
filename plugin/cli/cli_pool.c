/* The worker pool (see cli_pool.h): fork, one pipe per worker, poll. */
#define _POSIX_C_SOURCE 200809L
#include "cli_pool.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cli_args.h"

#define MAX_WORKERS 256

/* What a worker sends per item, followed by len bytes (data or message). */
typedef struct msg {
    long item;
    int value, failed;
    size_t len;
} msg;

static int write_all(int fd, const void *buf, size_t n)
{
    for (const char *p = buf; n > 0;) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k, n -= (size_t)k;
    }
    return 0;
}

/* Reads exactly n bytes: n, 0 at a clean end of file, or -1. */
static ssize_t read_all(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, (char *)buf + got, n - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return got == 0 && k == 0 ? 0 : -1;
        got += (size_t)k;
    }
    return (ssize_t)n;
}

/* A worker ends with its parent, however the parent ends: a KILL runs no
 * code of the parent's, and a worker deep in a game would otherwise notice
 * only at its next result (a broken pipe, many seconds later). The kernel
 * sends the worker SIGKILL when the parent dies; a parent that died before
 * the request was made is seen by getppid. */
static void end_with(pid_t parent)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent)
        _exit(1);
}

/* A worker's life: its items, then _exit (1 after a failure). */
static void worker(int jobs, long count, int w, int fd, cli_pool_work work, void *ctx)
{
    for (long item = w; item < count; item += jobs) {
        char err[1024], *data = NULL;
        msg h = {item, 0, 0, 0};
        if (work(ctx, item, &h.value, &data, &h.len, err, sizeof err)) {
            h.failed = 1, h.len = strlen(err);
            write_all(fd, &h, sizeof h);
            write_all(fd, err, h.len);
            _exit(1);
        }
        if (!data)
            h.len = 0;
        if (write_all(fd, &h, sizeof h) || write_all(fd, data ? data : "", h.len))
            _exit(1);
        free(data);
    }
    _exit(0);
}

static long run_here(long count, cli_pool_work work, cli_pool_done done, void *ctx)
{
    long delivered = 0;
    for (long item = 0; item < count; item++) {
        char err[1024], *data = NULL;
        size_t len = 0;
        int value = 0;
        if (work(ctx, item, &value, &data, &len, err, sizeof err)) {
            cli_error("%s", err);
            return -1;
        }
        if (!data)
            len = 0;
        if (done(ctx, item, value, data, len))
            return -1;
        delivered++;
    }
    return delivered;
}

long cli_pool_run(int jobs, long count, cli_pool_work work, cli_pool_done done, void *ctx)
{
    if (jobs <= 1)
        return run_here(count, work, done, ctx);
    if (jobs > MAX_WORKERS)
        jobs = MAX_WORKERS;
    pid_t pid[MAX_WORKERS];
    struct pollfd fds[MAX_WORKERS];
    int started = 0, rc = 0, open = 0;
    long delivered = 0;
    fflush(NULL); /* or the children would write the parent's buffers again */
    pid_t self = getpid();
    for (; started < jobs; started++) {
        int p[2];
        if (pipe(p) || (pid[started] = fork()) < 0) {
            cli_error("cannot start a worker: %s", strerror(errno));
            rc = -1;
            break;
        }
        if (pid[started] == 0) {
            end_with(self);
            close(p[0]);
            for (int j = 0; j < started; j++)
                close(fds[j].fd);
            worker(jobs, count, started, p[1], work, ctx);
        }
        close(p[1]);
        fds[started].fd = p[0], fds[started].events = POLLIN;
        open++;
    }
    while (rc == 0 && open > 0) {
        if (poll(fds, (nfds_t)started, -1) < 0) {
            if (errno == EINTR)
                continue;
            rc = -1;
            break;
        }
        for (int w = 0; w < started && rc == 0; w++) {
            if (fds[w].fd < 0 || !fds[w].revents)
                continue;
            msg h;
            ssize_t got = read_all(fds[w].fd, &h, sizeof h);
            if (got == 0) {
                close(fds[w].fd);
                fds[w].fd = -1;
                open--;
                continue;
            }
            char *data = got == (ssize_t)sizeof h && h.len < ((size_t)1 << 30) ? malloc(h.len + 1) : NULL;
            if (!data || read_all(fds[w].fd, data, h.len) != (ssize_t)h.len) {
                cli_error("worker %d: broken message", w + 1);
                free(data);
                rc = -1;
                break;
            }
            data[h.len] = '\0';
            if (h.failed) {
                cli_error("%s", data);
                free(data);
                rc = -1;
            } else if ((rc = done(ctx, h.item, h.value, data, h.len)) == 0) {
                delivered++;
            }
        }
    }
    for (int w = 0; w < started; w++) {
        int status;
        if (rc)
            kill(pid[w], SIGTERM);
        if (fds[w].fd >= 0)
            close(fds[w].fd);
        if (waitpid(pid[w], &status, 0) == pid[w] && rc == 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            cli_error("worker %d ended abnormally", w + 1);
            rc = -1;
        }
    }
    return rc ? -1 : delivered;
}
