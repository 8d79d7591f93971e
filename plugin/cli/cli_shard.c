/* Shard arithmetic (see cli_shard.h). */
#include "cli_shard.h"

long cli_shard_size(const cli_part *p) { return p->games > p->k - 1 ? (p->games - p->k + p->n) / p->n : 0; }

long cli_shard_game(const cli_part *p, long pos) { return p->k - 1 + pos * p->n; }

int cli_shard_overlap(const cli_part *a, const cli_part *b)
{
    long games = a->games < b->games ? a->games : b->games;
    if (a->seed != b->seed)
        return 0;
    /* a's game numbers modulo b->n repeat within b->n steps */
    for (long i = a->k - 1, j = 0; i < games && j <= b->n; i += a->n, j++)
        if (i % b->n == b->k - 1)
            return 1;
    return 0;
}

static int same_match(const cli_part *a, const cli_part *b)
{
    return a->seed == b->seed && a->games == b->games && a->swap == b->swap && a->n == b->n;
}

void cli_shard_join(cli_part *parts, int *n)
{
    for (int i = 0; i < *n; i++) {
        cli_part shard = parts[i], whole = shard;
        int same = 0, k = 0;
        for (int j = 0; j < *n; j++)
            same += same_match(&parts[j], &shard);
        if (shard.n == 1 || same != shard.n) /* no overlap: N distinct shards */
            continue;
        whole.k = whole.n = 1;
        for (int j = 0; j < *n; j++)
            if (j == i)
                parts[k++] = whole;
            else if (!same_match(&parts[j], &shard))
                parts[k++] = parts[j];
        *n = k;
    }
}
