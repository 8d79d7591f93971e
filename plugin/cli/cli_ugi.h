/* tavola ugi RULESET [-o k=v]... [--seed N]: the Universal Game Interface
 * (UCI for any game) on stdin/stdout, errors also on stderr, and the engine
 * behind it, which reads and answers any pair of streams (the fuzzer's).
 * --seed N sets the Seed and SetupSeed options' defaults (0 unless given). */
#ifndef CLI_UGI_H
#define CLI_UGI_H

#include <stdio.h>

int cmd_ugi(int argc, char **argv);

/* The engine: reads commands from in until "quit" or the end, answers on out
 * and writes every error on log as well (NULL: nowhere else). It plays
 * `ruleset` with `options` ("k=v,..."); seed is the default of Seed and
 * SetupSeed. max_ms > 0 caps every search at that many milliseconds (a host
 * that must answer in time; the fuzzer). Returns 1 when the ruleset cannot be
 * loaded, else 0. */
int ugi_run(FILE *in, FILE *out, FILE *log, const char *ruleset, const char *options, unsigned long long seed,
            long max_ms);

#endif
