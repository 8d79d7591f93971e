/* Match statistics: pure functions, no I/O.
 *
 * A game scores 1 for a win, 1/2 for a draw, 0 for a loss. Over n games the
 * score is s = (wins + draws/2) / n. Its 95% interval is the Wilson score
 * interval (z = 1.96), which stays honest for a handful of games where the
 * normal approximation collapses (3 wins out of 3 gave [1, 1]):
 *     (s + z^2/2n +- z sqrt(s (1-s) / n + z^2 / 4n^2)) / (1 + z^2/n)
 * It counts a draw as half a win of a two-outcome game, so with draws it is
 * a little wider than it need be (40 draws: [0.352, 0.648]), never narrower.
 * It reaches 0 only when s = 0 and 1 only when s = 1.
 *
 * The Elo difference is elo(s) = -400 log10(1/s - 1). At s = 0 or 1 it has
 * no finite value and is NAN ("n/a"); the Elo interval is [elo(score_low),
 * elo(score_high)], whose end is -inf / +inf only when the score is 0 / 1
 * (3 wins of 3: Elo n/a, interval [-42.9, +inf]). With no game the score is
 * 1/2, its interval [0, 1] and the Elo n/a. */
#ifndef CLI_STATS_H
#define CLI_STATS_H

typedef struct cli_stats {
    long games, wins, draws, losses;
    double score, score_low, score_high; /* 0..1 */
    double elo, elo_low, elo_high;       /* elo may be NAN, the bounds +-INFINITY */
} cli_stats;

/* The Elo difference that makes `score` the expected score (+-INFINITY at
 * 1 and 0). */
double cli_elo(double score);

/* Score, interval and Elo from a win/draw/loss count. */
cli_stats cli_stats_of(long wins, long draws, long losses);

/* An Elo value as text: "+147.2", "-3.0", "0.0", "+inf", "-inf", "n/a". */
const char *cli_elo_text(double elo, char *buf, unsigned size);

#endif
