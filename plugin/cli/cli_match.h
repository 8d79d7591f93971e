/* tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]...
 * [--seed S] [--swap-sides] [--jobs J] [--shard K/N] [--record FILE]
 * [--json] [--rules DIR], argv after "match". Game i is the same game in any
 * process and any shard (how its seeds are made: cli_match.c). Prints the
 * tally as a table or JSON; returns the exit status: 0, CLI_MATCH_ERRORS
 * (every game played and the tally printed, but some games ended in an
 * error: cli_record.h), 1 (the ruleset, a player or the record file failed:
 * no tally) or 2 (bad arguments). */
#ifndef CLI_MATCH_H
#define CLI_MATCH_H

#define CLI_MATCH_ERRORS 3

int cmd_match(int argc, char **argv);

#endif
