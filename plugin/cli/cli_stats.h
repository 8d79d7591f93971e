/* Match statistics: pure functions, no I/O.
 *
 * A game scores 1 for a win, 1/2 for a draw, 0 for a loss. Over n games the
 * score is s = (wins + draws/2) / n. Its 95% interval is the normal
 * approximation with the observed per-game variance:
 *     var = (wins (1-s)^2 + draws (1/2-s)^2 + losses s^2) / n
 *     s +- 1.96 sqrt(var / n), clamped to [0, 1].
 * The Elo difference is elo(s) = -400 log10(1/s - 1): -inf at s = 0, +inf at
 * s = 1; the Elo interval is [elo(score_low), elo(score_high)]. With no game
 * the score is 1/2 and the interval [0, 1]. */
#ifndef CLI_STATS_H
#define CLI_STATS_H

typedef struct cli_stats {
    long games, wins, draws, losses;
    double score, score_low, score_high; /* 0..1 */
    double elo, elo_low, elo_high;       /* may be +-INFINITY */
} cli_stats;

/* The Elo difference that makes `score` the expected score (+-INFINITY at
 * 1 and 0). */
double cli_elo(double score);

/* Score, interval and Elo from a win/draw/loss count. */
cli_stats cli_stats_of(long wins, long draws, long losses);

/* An Elo value as text: "+147.2", "-3.0", "0.0", "+inf", "-inf". */
const char *cli_elo_text(double elo, char *buf, unsigned size);

#endif
