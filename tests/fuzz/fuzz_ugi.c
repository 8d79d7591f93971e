/* Fuzz target: the UGI engine (plugin/cli/cli_ugi.c) reading commands from a
 * buffer through fmemopen. Byte 0 picks a small game; every search is capped
 * at 2 ms. Inputs naming the solver player are skipped: it solves the whole
 * game before answering, whatever the budget (see the solver player). */
#define _GNU_SOURCE /* fmemopen, memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_ugi.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    sink = fopen("/dev/null", "w");
    return sink ? 0 : 2;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const games[] = {"tictactoe", "notakto", "connect4", "kalah"};
    if (size < 1 || size > 4096 || memmem(data, size, "solver", 6))
        return 0;
    char *copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    FILE *in = fmemopen(copy, size, "r");
    if (in) {
        fgetc(in); /* byte 0 picks the game */
        ugi_run(in, sink, NULL, games[data[0] % 4], "", data[0], 2);
        fclose(in);
    }
    free(copy);
    return 0;
}
