/* tavola merge: adds up match results (match --json) of one match's
 * shards, or of matches between the same players on the same game, refusing
 * a file whose games another file already has. Games that ended in errors
 * add up too; a merge with any exits as the match does (cli_match.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_merge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "cli_match.h"
#include "cli_tally.h"

/* A result file's text (up to 1 MiB), or NULL with errno set. */
static char *slurp(const char *file)
{
    enum { MAX = 1 << 20 };
    FILE *f = fopen(file, "rb");
    char *text = f ? malloc(MAX + 1) : NULL;
    size_t n = text ? fread(text, 1, MAX + 1, f) : 0;
    int bad = !text || ferror(f) || n > MAX;
    if (f)
        fclose(f);
    if (bad) {
        free(text);
        errno = n > MAX ? EFBIG : errno;
        return NULL;
    }
    text[n] = '\0';
    return text;
}

int cmd_merge(int argc, char **argv)
{
    static cli_tally all, one;
    static const char *from[CLI_MAX_PARTS];
    int json = 0, files = 0;
    memset(&all, 0, sizeof all);
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i]))
            return cli_help();
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error(cli_command_usage(), "merge: unexpected argument '%s'", argv[i]);
        else
            files++;
    }
    if (!files)
        return cli_usage_error(cli_command_usage(), "%s", "merge: which result files?");
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            continue;
        char *text = slurp(argv[i]);
        if (!text) {
            cli_error("%s: %s", argv[i], strerror(errno));
            return 1;
        }
        const char *bad = cli_tally_parse(text, &one);
        free(text);
        if (bad) {
            cli_error("%s: not a match result (tavola match --json): %s", argv[i], bad);
            return 1;
        }
        if (all.nparts == 0) {
            all = one;
            all.nparts = 0;
            memset(all.c, 0, sizeof all.c);
            all.errors = 0, all.nkinds = 0;
        } else if (strcmp(all.game, one.game) || strcmp(all.options, one.options) || strcmp(all.p1, one.p1) ||
                   strcmp(all.p2, one.p2)) {
            cli_error("%s: a match of %s (%s) %s vs %s, not %s (%s) %s vs %s", argv[i], one.game,
                    one.options, one.p1, one.p2, all.game, all.options, all.p1, all.p2);
            return 1;
        }
        for (int p = 0; p < one.nparts; p++) {
            for (int q = 0; q < all.nparts; q++) {
                if (cli_shard_overlap(&one.parts[p], &all.parts[q])) {
                    cli_error("%s: its games (seed %llu, shard %d/%d) are already in %s", argv[i],
                            one.parts[p].seed, one.parts[p].k, one.parts[p].n, from[q]);
                    return 1;
                }
            }
            if (all.nparts == CLI_MAX_PARTS) {
                cli_error("%s: more than %d parts", argv[i], CLI_MAX_PARTS);
                return 1;
            }
            from[all.nparts] = argv[i];
            all.parts[all.nparts++] = one.parts[p];
        }
        cli_tally_add(&all, &one);
    }
    cli_shard_join(all.parts, &all.nparts);
    (json ? cli_tally_print_json : cli_tally_print_table)(stdout, &all);
    return all.errors ? CLI_MATCH_ERRORS : 0;
}
