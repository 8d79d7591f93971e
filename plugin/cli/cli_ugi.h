/* tavola ugi RULESET [-o k=v]... [--seed N]: the Universal Game Interface
 * (UCI for any game) on stdin/stdout, and the engine behind it, which reads
 * and answers any pair of streams (the fuzzer's). The seed is 0 unless
 * given. */
#ifndef CLI_UGI_H
#define CLI_UGI_H

#include <stdio.h>

int cmd_ugi(int argc, char **argv);

/* The engine: reads commands from in until "quit" or the end, answers on out.
 * It plays `ruleset` with `options` ("k=v,..."), seeded with seed. max_ms > 0
 * caps every search at that many milliseconds (a host that must answer in
 * time; the fuzzer). Returns 1 when the ruleset cannot be loaded, else 0. */
int ugi_run(FILE *in, FILE *out, const char *ruleset, const char *options, unsigned long long seed, long max_ms);

#endif
