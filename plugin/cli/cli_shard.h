/* Shard arithmetic: which games of a match a result covers. A match of
 * `games` games (numbered from 0) split N ways gives shard K/N the games i
 * with i % N == K - 1, in that order: the shard's p-th game is game
 * K - 1 + p * N. The same seed means the same games, so two parts of one
 * seed overlap when they share a game number. Pure functions, no I/O. */
#ifndef CLI_SHARD_H
#define CLI_SHARD_H

/* A part of a match: its seed, its games, shard k of n, swapped sides. */
typedef struct cli_part {
    unsigned long long seed;
    long games;
    int k, n, swap;
} cli_part;

/* How many games the shard has. */
long cli_shard_size(const cli_part *p);

/* The match's number of the shard's pos-th game. */
long cli_shard_game(const cli_part *p, long pos);

/* Whether two parts share a game. */
int cli_shard_overlap(const cli_part *a, const cli_part *b);

/* Where all N shards of one match are among parts[0..*n), they become that
 * match (shard 1/1), in the place of the first; *n shrinks. */
void cli_shard_join(cli_part *parts, int *n);

#endif
