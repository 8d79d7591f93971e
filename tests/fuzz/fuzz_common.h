/* Shared by the fuzz targets: the rulesets they play, loaded once. Each target
 * defines LLVMFuzzerInitialize and LLVMFuzzerTestOneInput; built with
 * clang -fsanitize=fuzzer it is a libFuzzer target (make fuzz), built with
 * replay.c it replays its corpus as a normal test (make check). */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_catalog.h"
#include "tv_game.h"
#include "tv_play.h"
#include "tv_position.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small limits: a fuzzed ruleset must not make one input slow. */
static const tv_limits fuzz_limits = {4u << 20, 300000, 30000, 1000, 200};

/* Loads rulesets/<name>.lua with an option string, or exits: the targets
 * need their rulesets. */
static inline tv_ruleset *fuzz_load(const char *name, const char *options)
{
    tv_options o = {0};
    tv_error err = {0};
    tv_ruleset *rs = NULL;
    if (!tv_options_parse(&o, options ? options : "", &err))
        rs = tv_catalog_load(name, &o, NULL, &err);
    if (!rs) {
        fprintf(stderr, "fuzz: cannot load %s (%s): %s (run from the repository root)\n", name,
                options ? options : "", err.msg);
        exit(2);
    }
    return rs;
}

/* The input as a NUL-terminated string (it may hold other NULs). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = '\0';
    }
    return s;
}

#define FUZZ_CHECK(cond)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);         \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

#endif
