/* The record file of a match (see cli_recfile.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_recfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli_args.h"
#include "cli_record.h"

/* Seconds on the monotonic clock, read once a record: its coarse form
 * where there is one (Linux: a few milliseconds fine, which a sync due
 * every second does not notice), since the fine one may cost a system call
 * on a virtual machine. */
static double now_s(void)
{
    struct timespec ts;
#ifdef CLOCK_MONOTONIC_COARSE
    if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) == 0)
        return (double)ts.tv_sec + ts.tv_nsec / 1e9;
#endif
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Before anything is appended: the records already in file are read; a
 * last record that the file ends in the middle of (a write that failed, a
 * full disk, a kill) is cut off, with a message, so the records appended
 * after it can be read. A record that is broken before the end is not ours
 * to mend: the file is refused. A file that does not exist is fine, and
 * only a regular file is read (a device or a pipe may never end). */
static int repair(const char *file)
{
    struct stat st;
    if (stat(file, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    cli_reader rd = {.file = file};
    if (!(rd.f = fopen(file, "rb")))
        return errno == ENOENT ? 0 : (cli_error("%s: %s", file, strerror(errno)), -1);
    cli_record r;
    char err[1024];
    int got, rc = 0;
    while ((got = cli_record_read(&rd, &r, err, sizeof err)) == 1)
        cli_record_free(&r);
    cli_record_free(&r);
    long cut_line = rd.line;
    int at_end = got < 0 && getc(rd.f) == EOF && !ferror(rd.f);
    if (got == 0 && ferror(rd.f)) {
        cli_error("%s: %s", file, strerror(errno));
        rc = -1;
    } else if (got < 0 && !at_end) {
        cli_error("%s: not appending to it: %s", file, err);
        rc = -1;
    } else if (got < 0) {
        long size = rd.offset;
        if (truncate(file, (off_t)rd.good) != 0) {
            cli_error("%s: cannot cut its partial last record: %s", file, strerror(errno));
            rc = -1;
        } else {
            cli_error("%s: cut a partial record at its end (%ld bytes, to line %ld: %s); "
                    "the records before it are kept", file, size - rd.good, cut_line, err);
        }
    }
    cli_reader_close(&rd);
    fclose(rd.f);
    return rc;
}

int cli_recfile_open(cli_recfile *rf, const char *file, long count, int any_order)
{
    memset(rf, 0, sizeof *rf);
    rf->file = file, rf->count = count;
    rf->synced = now_s();
    if (repair(file))
        return -1;
    if (!(rf->f = fopen(file, "a")) || fseek(rf->f, 0, SEEK_END) || (rf->start = ftell(rf->f)) < 0) {
        cli_error("%s: %s", file, strerror(errno));
        if (rf->f)
            fclose(rf->f);
        return -1;
    }
    if (any_order && !(rf->texts = calloc((size_t)count, sizeof *rf->texts))) {
        cli_error("out of memory");
        fclose(rf->f);
        return -1;
    }
    return 0;
}

/* The seconds a write may wait for its sync to the disk. */
#define SYNC_EVERY_S 1.0

/* A record is one write() to the kernel: a signal that ends the command
 * (TERM, INT, HUP, QUIT, even KILL) is acted on when the call returns, and
 * a write to a regular file is not cut short by one, so a match ended by a
 * signal leaves whole records (a full disk may still leave a partial one
 * at the end, which the next match --record on the file cuts). The sync to
 * the disk comes at most SYNC_EVERY_S later (cli_recfile.h). */
static int append(cli_recfile *rf, const char *text)
{
    int fd = fileno(rf->f);
    size_t len = strlen(text), done = 0;
    while (done < len) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        done += (size_t)n;
    }
    rf->dirty = 1;
    double t = now_s();
    if (t - rf->synced >= SYNC_EVERY_S) {
        if (fsync(fd))
            return -1;
        rf->synced = t, rf->dirty = 0;
    }
    return 0;
}

int cli_recfile_add(cli_recfile *rf, long pos, char *text)
{
    if (append(rf, text)) {
        cli_error("%s: writing the record of game %ld: %s (a partial record may be left at its "
                "end: the next match --record on the file cuts it)", rf->file, pos, strerror(errno));
        free(text);
        return -1;
    }
    rf->out_of_order |= pos != rf->written++;
    if (rf->texts)
        rf->texts[pos] = text;
    else
        free(text);
    return 0;
}

/* FILE.tmp gets FILE's first start bytes, then the records in order, and
 * replaces FILE: a crash midway leaves FILE as the games ended. */
static int sort_records(cli_recfile *rf)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", rf->file);
    FILE *in = fopen(rf->file, "rb"), *out = in ? fopen(tmp, "wb") : NULL;
    int ok = out != NULL;
    char buf[65536];
    for (long left = rf->start; ok && left > 0;) {
        size_t n = fread(buf, 1, left < (long)sizeof buf ? (size_t)left : sizeof buf, in);
        ok = n > 0 && fwrite(buf, 1, n, out) == n;
        left -= (long)n;
    }
    for (long p = 0; ok && p < rf->count; p++)
        ok = fputs(rf->texts[p], out) != EOF;
    ok = ok && fflush(out) == 0 && fsync(fileno(out)) == 0;
    if (out && fclose(out) != 0)
        ok = 0;
    if (in)
        fclose(in);
    if (!ok || rename(tmp, rf->file) != 0) {
        cli_error("%s: cannot put the records in game order: %s", rf->file, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

int cli_recfile_close(cli_recfile *rf, int failed)
{
    int rc = failed ? -1 : 0;
    if (rf->dirty && fsync(fileno(rf->f)) && rc == 0) { /* the last second's games */
        cli_error("%s: %s", rf->file, strerror(errno));
        rc = -1;
    }
    if (fclose(rf->f) != 0 && rc == 0) {
        cli_error("%s: %s", rf->file, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && rf->out_of_order)
        rc = sort_records(rf);
    for (long p = 0; rf->texts && p < rf->count; p++)
        free(rf->texts[p]);
    free(rf->texts);
    rf->texts = NULL, rf->f = NULL;
    return rc;
}
