/* Fuzz target: the game record reader of `tavola replay` (plugin/cli/cli_record.c)
 * on a buffer, through fmemopen: every record is read or refused with a
 * "file:line: what" message, never beyond the buffer. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_record.h"

#define FUZZ_CHECK(cond)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);         \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* fmemopen wants a writable buffer of at least one byte. */
    char *copy = malloc(size + 1);
    FUZZ_CHECK(copy != NULL);
    memcpy(copy, data, size);
    FILE *f = fmemopen(copy, size ? size : 1, "r");
    FUZZ_CHECK(f != NULL);
    if (size == 0)
        fgetc(f);
    cli_reader rd = {.f = f, .file = "fuzz.rec"};
    cli_record r;
    char err[4096];
    int got, records = 0;
    long last_line = 0;
    while ((got = cli_record_read(&rd, &r, err, sizeof err)) == 1) {
        FUZZ_CHECK(r.moves != NULL && r.line > last_line && r.moves_line >= r.line);
        FUZZ_CHECK(r.result >= 0 && r.result <= 2);
        FUZZ_CHECK(r.game && r.options && r.p1 && r.p2);
        FUZZ_CHECK(rd.good == rd.offset);
        last_line = r.moves_line;
        cli_record_free(&r);
        records++;
    }
    cli_record_free(&r);
    if (got < 0)
        FUZZ_CHECK(strncmp(err, "fuzz.rec:", 9) == 0);
    cli_reader_close(&rd);
    fclose(f);
    free(copy);
    return 0;
}
