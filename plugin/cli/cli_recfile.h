/* The record file a match appends to (match --record FILE). Each game's
 * record (cli_record.h) is written to the file (one write) as soon as the
 * game ends, so a match killed, even by KILL, keeps every game it finished:
 * what is written is the kernel's, whatever becomes of the process. The
 * file is synced to the disk at most a second after a write (and when it
 * is closed), not after every game: a crash of the machine itself may lose
 * the games of the last second. Syncing each game cost 35x a match without
 * a record (Connect Four, random players). When games may end out of
 * order (worker processes), the records are kept too, and on closing the
 * file is rewritten with this match's records in game order, through
 * FILE.tmp renamed over FILE; what FILE held before the match stays first.
 * Failures print "tavola: FILE: why" and return -1. */
#ifndef CLI_RECFILE_H
#define CLI_RECFILE_H

#include <stdio.h>

typedef struct cli_recfile {
    const char *file;
    FILE *f;
    long start;        /* the file's size before this match */
    long count, written;
    char **texts;      /* by position, when records may come out of order */
    int out_of_order;
    double synced;     /* when the file was last synced (monotonic seconds) */
    int dirty;         /* written since */
} cli_recfile;

/* Opens file for count records, to come in any order when any_order. */
int cli_recfile_open(cli_recfile *rf, const char *file, long count, int any_order);

/* Appends the record of the pos-th game (0..count-1); takes text (malloc'd). */
int cli_recfile_add(cli_recfile *rf, long pos, char *text);

/* Closes the file and frees what rf holds; when !failed, puts the records in
 * game order if they came out of it. -1 when failed or this fails. */
int cli_recfile_close(cli_recfile *rf, int failed);

#endif
