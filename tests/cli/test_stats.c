/* Match statistics (plugin/cli/cli_stats.c) against values computed by hand. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_stats.h"
#include "tv_check.h"

#define near(x, want, eps) \
    ck_assert_msg(fabs((x) - (double)(want)) < (eps), "%s = %.6f, expected %.6f", #x, (double)(x), (double)(want))

/* 60 wins, 20 draws, 20 losses: s = (60 + 10) / 100 = 0.70;
 * var = (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16;
 * half width = 1.96 * sqrt(0.16 / 100) = 1.96 * 0.04 = 0.0784;
 * Elo = -400 log10(1/0.7 - 1) = 400 log10(7/3) = 147.19;
 * elo(0.6216) = 86.2, elo(0.7784) = 218.3. */
START_TEST(sixty_twenty_twenty)
{
    cli_stats st = cli_stats_of(60, 20, 20);
    ck_assert_int_eq(st.games, 100);
    near(st.score, 0.70, 1e-12);
    near(st.score_low, 0.6216, 1e-4);
    near(st.score_high, 0.7784, 1e-4);
    near(st.elo, 147.19, 0.01);
    near(st.elo_low, 86.2, 0.1);
    near(st.elo_high, 218.3, 0.1);
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
    near(b.elo, -a.elo, 1e-9);
    near(b.elo_low, -a.elo_high, 1e-9);
    near(b.elo_high, -a.elo_low, 1e-9);
}
END_TEST

/* All draws: score 1/2, no variance, Elo 0. */
START_TEST(all_draws)
{
    cli_stats st = cli_stats_of(0, 40, 0);
    near(st.score, 0.5, 1e-12);
    near(st.score_low, 0.5, 1e-12);
    near(st.score_high, 0.5, 1e-12);
    near(st.elo, 0, 1e-9);
    char buf[32];
    ck_assert_str_eq(cli_elo_text(st.elo, buf, sizeof buf), "0.0");
}
END_TEST

/* 50-0-50: var = 0.25, half = 1.96 * 0.05 = 0.098; elo(0.598) = 400 log10(0.598/0.402) = 69.0. */
START_TEST(even)
{
    cli_stats st = cli_stats_of(50, 0, 50);
    near(st.score, 0.5, 1e-12);
    near(st.score_low, 0.402, 1e-3);
    near(st.score_high, 0.598, 1e-3);
    near(st.elo, 0, 1e-9);
    near(st.elo_high, 69.0, 0.1);
    near(st.elo_low, -69.0, 0.1);
}
END_TEST

/* All wins or all losses: infinite Elo, shown as +inf / -inf. */
START_TEST(all_wins_and_losses)
{
    char buf[32];
    cli_stats st = cli_stats_of(10, 0, 0);
    near(st.score, 1, 1e-12);
    ck_assert(isinf(st.elo) && st.elo > 0);
    ck_assert(isinf(st.elo_low) && st.elo_low > 0);
    ck_assert_str_eq(cli_elo_text(st.elo, buf, sizeof buf), "+inf");
    st = cli_stats_of(0, 0, 7);
    near(st.score, 0, 1e-12);
    ck_assert(isinf(st.elo) && st.elo < 0);
    ck_assert_str_eq(cli_elo_text(st.elo_high, buf, sizeof buf), "-inf");
}
END_TEST

/* 3-0-1: s = 0.75, var = (3 * 0.0625 + 0.5625) / 4 = 0.1875, half = 1.96 * 0.2165 = 0.4244:
 * the interval [0.3256, 1] is clamped at 1, so its Elo top is +inf; elo(0.75) = 400 log10 3 = 190.85. */
START_TEST(clamped)
{
    cli_stats st = cli_stats_of(3, 0, 1);
    near(st.score, 0.75, 1e-12);
    near(st.score_low, 0.3256, 1e-4);
    near(st.score_high, 1.0, 1e-12);
    near(st.elo, 190.85, 0.01);
    ck_assert(isinf(st.elo_high) && st.elo_high > 0);
}
END_TEST

/* No game: score 1/2 and the whole [0, 1] as its interval. */
START_TEST(no_games)
{
    cli_stats st = cli_stats_of(0, 0, 0);
    ck_assert_int_eq(st.games, 0);
    near(st.score, 0.5, 1e-12);
    near(st.score_low, 0, 1e-12);
    near(st.score_high, 1, 1e-12);
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
        {"stats", clamped, 0, 0},
        {"stats", no_games, 0, 0},
        {"stats", elo_function, 0, 0},
    };
    return tv_check_run("stats", tests, TV_CHECK_COUNT(tests));
}
