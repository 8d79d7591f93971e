/* Match statistics (plugin/cli/cli_stats.c) against values computed by hand. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_stats.h"
#include "tv_check.h"

#define near(x, want, eps) \
    ck_assert_msg(fabs((x) - (double)(want)) < (eps), "%s = %.6f, expected %.6f", #x, (double)(x), (double)(want))

/* Wilson: z = 1.959964, z^2 = 3.841459. n = 100, s = 0.7: d = 1.0384146,
 * centre = (0.7 + 0.0192073) / d = 0.692592,
 * half = z sqrt(0.0021 + 0.00009604) / d = 0.088450: [0.604151, 0.781051];
 * Elo = 400 log10(7/3) = 147.19, elo(0.604151) = 73.45, elo(0.781051) = 220.94. */
START_TEST(sixty_twenty_twenty)
{
    cli_stats st = cli_stats_of(60, 20, 20);
    ck_assert_int_eq(st.games, 100);
    near(st.score, 0.70, 1e-12);
    near(st.score_low, 0.604151, 1e-6);
    near(st.score_high, 0.781051, 1e-6);
    near(st.elo, 147.19, 0.01);
    near(st.elo_low, 73.45, 0.01);
    near(st.elo_high, 220.94, 0.01);
    char buf[32];
    ck_assert_str_eq(cli_elo_text(st.elo, buf, sizeof buf), "+147.2");
    ck_assert_str_eq(cli_elo_text(-st.elo, buf, sizeof buf), "-147.2");
}
END_TEST

/* The mirror image: p2's view of the same match. */
START_TEST(mirror)
{
    cli_stats a = cli_stats_of(60, 20, 20), b = cli_stats_of(20, 20, 60);
    near(b.score, 0.30, 1e-12);
    near(b.score_low, 1 - a.score_high, 1e-12);
    near(b.elo, -a.elo, 1e-9);
    near(b.elo_low, -a.elo_high, 1e-9);
    near(b.elo_high, -a.elo_low, 1e-9);
}
END_TEST

/* All draws: score 1/2 and Elo 0 (+0, never -0); Wilson counts each draw as
 * a coin toss, so the interval is that of 20 wins and 20 losses:
 * half = z sqrt(0.25/40 + z^2/6400) / (1 + z^2/40) = 0.148005. */
START_TEST(all_draws)
{
    cli_stats st = cli_stats_of(0, 40, 0);
    near(st.score, 0.5, 1e-12);
    near(st.score_low, 0.351995, 1e-6);
    near(st.score_high, 0.648005, 1e-6);
    ck_assert(st.elo == 0 && !signbit(st.elo));
    char buf[32];
    ck_assert_str_eq(cli_elo_text(st.elo, buf, sizeof buf), "0.0");
}
END_TEST

/* 50-0-50: half = z sqrt(0.0025 + z^2/40000) / (1 + z^2/100) = 0.096168;
 * elo(0.596168) = 400 log10(0.596168/0.403832) = 67.67. */
START_TEST(even)
{
    cli_stats st = cli_stats_of(50, 0, 50);
    near(st.score, 0.5, 1e-12);
    near(st.score_low, 0.403832, 1e-6);
    near(st.score_high, 0.596168, 1e-6);
    ck_assert(st.elo == 0 && !signbit(st.elo));
    near(st.elo_high, 67.67, 0.01);
    near(st.elo_low, -67.67, 0.01);
}
END_TEST

/* All wins or all losses: no Elo ("n/a"); the interval's far end is 1 (0)
 * exactly and its Elo +inf (-inf), the near end finite:
 * 10 wins: low = n / (n + z^2) = 0.722467, elo 166.20. */
START_TEST(all_wins_and_losses)
{
    char buf[32];
    cli_stats st = cli_stats_of(10, 0, 0);
    near(st.score, 1, 1e-12);
    near(st.score_low, 0.722467, 1e-6);
    ck_assert(st.score_high == 1);
    ck_assert(isnan(st.elo));
    near(st.elo_low, 166.20, 0.01);
    ck_assert(isinf(st.elo_high) && st.elo_high > 0);
    ck_assert_str_eq(cli_elo_text(st.elo, buf, sizeof buf), "n/a");
    ck_assert_str_eq(cli_elo_text(st.elo_high, buf, sizeof buf), "+inf");
    st = cli_stats_of(0, 0, 7);
    near(st.score, 0, 1e-12);
    ck_assert(st.score_low == 0);
    near(st.score_high, 0.354330, 1e-6);
    ck_assert(isnan(st.elo));
    ck_assert(isinf(st.elo_low) && st.elo_low < 0);
    near(st.elo_high, -104.24, 0.01);
    ck_assert_str_eq(cli_elo_text(st.elo_low, buf, sizeof buf), "-inf");
}
END_TEST

/* The case of the issue: 3 wins of 3 is not [1.000, 1.000] and Elo +inf,
 * but [0.4385, 1] (low = 3 / (3 + z^2)) and Elo n/a in [-42.9, +inf]. */
START_TEST(three_of_three)
{
    char buf[32];
    cli_stats st = cli_stats_of(3, 0, 0);
    near(st.score_low, 0.438503, 1e-6);
    ck_assert(st.score_high == 1);
    ck_assert(isnan(st.elo));
    ck_assert_str_eq(cli_elo_text(st.elo_low, buf, sizeof buf), "-42.9");
    st = cli_stats_of(1, 1, 0); /* s = 0.75 over 2 games: a wide interval, inside (0, 1) */
    ck_assert(st.score_low > 0.1 && st.score_low < 0.3 && st.score_high > 0.9 && st.score_high < 1);
    ck_assert(isfinite(st.elo) && isfinite(st.elo_low) && isfinite(st.elo_high));
}
END_TEST

/* 3-0-1: s = 0.75, d = 1 + z^2/4 = 1.960365, centre = (0.75 + 0.480182) / d = 0.627528,
 * half = z sqrt(0.046875 + 0.060023) / d = 0.326886: [0.300642, 0.954413];
 * elo(0.75) = 400 log10 3 = 190.85. */
START_TEST(small)
{
    cli_stats st = cli_stats_of(3, 0, 1);
    near(st.score, 0.75, 1e-12);
    near(st.score_low, 0.300642, 1e-6);
    near(st.score_high, 0.954413, 1e-6);
    near(st.elo, 190.85, 0.01);
    near(st.elo_high, 528.36, 0.01);
}
END_TEST

/* No game: score 1/2, the whole [0, 1] as its interval, no Elo. */
START_TEST(no_games)
{
    cli_stats st = cli_stats_of(0, 0, 0);
    ck_assert_int_eq(st.games, 0);
    near(st.score, 0.5, 1e-12);
    near(st.score_low, 0, 1e-12);
    near(st.score_high, 1, 1e-12);
    ck_assert(isnan(st.elo));
    ck_assert(isinf(st.elo_low) && isinf(st.elo_high));
}
END_TEST

START_TEST(elo_function)
{
    near(cli_elo(0.5), 0, 1e-12);
    near(cli_elo(0.75), 190.848, 1e-3);  /* 400 log10 3 */
    near(cli_elo(10.0 / 11), 400, 1e-9); /* odds 10:1 = 400 Elo */
    near(cli_elo(1.0 / 11), -400, 1e-9);
    ck_assert(isinf(cli_elo(1)) && isinf(cli_elo(0)));
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"stats", sixty_twenty_twenty, 0, 0},
        {"stats", mirror, 0, 0},
        {"stats", all_draws, 0, 0},
        {"stats", even, 0, 0},
        {"stats", all_wins_and_losses, 0, 0},
        {"stats", three_of_three, 0, 0},
        {"stats", small, 0, 0},
        {"stats", no_games, 0, 0},
        {"stats", elo_function, 0, 0},
    };
    return tv_check_run("stats", tests, TV_CHECK_COUNT(tests));
}
