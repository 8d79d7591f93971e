/* tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]...
 * [--seed S] [--swap-sides] [--jobs J] [--shard K/N] [--record FILE]
 * [--json] [--rules DIR], argv after "match". Game i is the same game in any
 * process and any shard (how its seeds are made: cli_match.c). Prints the
 * tally as a table or JSON; returns the exit status: 0, 1 (the ruleset,
 * a player, a game or the record file failed) or 2 (bad arguments). */
#ifndef CLI_MATCH_H
#define CLI_MATCH_H

int cmd_match(int argc, char **argv);

#endif
