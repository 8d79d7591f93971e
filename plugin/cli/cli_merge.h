/* tavola merge RESULT.json... [--json]: the results of `tavola match --json`
 * (shards of one match, or more matches of the same players, game and
 * options) as one result, printed as match prints it. Returns the exit
 * status: 0, 1 (a file unreadable, not a result, of another match, or
 * sharing games with another) or 2 (bad arguments). */
#ifndef CLI_MERGE_H
#define CLI_MERGE_H

int cmd_merge(int argc, char **argv);

#endif
