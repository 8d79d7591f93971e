/* Hand-written C baselines for make bench: Pahtum (7x7, random holes, runs in
 * rows and columns), Tihbat (2x2 mancala) and Breakthrough (8x8) with the
 * rules hard-coded, no
 * Lua and no engine code. They are the speed a ruleset written as data is
 * measured against, so they are plain, good C: a padded board, incremental
 * scoring, an empty-cell list, a packed position key for the repetition rule.
 *
 * Random playouts follow the same procedure as tv_random_playout: a uniform
 * random legal move each ply (a draw even when there is one move), until the
 * same end rules end the game. The PRNG is the same algorithm as tv_rng.h
 * (splitmix64, Lemire's unbiased bounded draw), copied here so the baselines
 * stand alone; the holes are drawn from the game's seed as the engine draws
 * them, so a seed gives the same board. */
#ifndef BASELINE_H
#define BASELINE_H

#include <stdint.h>

typedef struct bl_rng {
    uint64_t s;
} bl_rng;

static inline uint64_t bl_next(bl_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. */
static inline uint32_t bl_below(bl_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(bl_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (low < t) {
            m = (uint64_t)(uint32_t)(bl_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ---- Pahtum ------------------------------------------------------------- */

#define BL_PAHTUM_SIDE 7
#define BL_PAHTUM_CELLS 49
#define BL_PAHTUM_PAD 9 /* the board with a border of blocked cells */

/* Cells are numbered as the engine numbers them: row * 7 + column, row 0 at
 * the first player's side. */
typedef struct bl_pahtum {
    uint8_t board[BL_PAHTUM_PAD * BL_PAHTUM_PAD]; /* 0 empty, 1 white, 2 black, 3 hole or border */
    uint8_t empty[BL_PAHTUM_CELLS];               /* the empty cells, in any order */
    uint8_t where[BL_PAHTUM_CELLS];               /* a cell's place in empty[] */
    uint8_t nempty, to_move;                      /* to_move: 0 white, 1 black */
    uint16_t ply;
    int32_t score[2];
} bl_pahtum;

/* A new game; the holes (an odd count 3..13 at random cells) from seed. */
void bl_pahtum_setup(bl_pahtum *g, uint64_t seed);
/* The mover's stone on an empty cell (0..48), scored incrementally. */
void bl_pahtum_play(bl_pahtum *g, int cell);
/* Uniformly random moves until the board is full. */
void bl_pahtum_playout(bl_pahtum *g, bl_rng *rng);
/* 1 or 2, 0 for a draw (the game must be over). */
int bl_pahtum_winner(const bl_pahtum *g);
/* What the board holds at cell 0..48 (0 empty, 1, 2, 3 hole). */
int bl_pahtum_cell(const bl_pahtum *g, int cell);

/* ---- Tihbat ------------------------------------------------------------- */

/* Holes a1 b1 (player 1) a2 b2 (player 2), numbered 0 1 2 3 as the engine
 * numbers them; sowing runs a1 b1 b2 a2 a1 ... */
typedef struct bl_tihbat {
    uint8_t hole[4];
    uint8_t to_move, over;
    int8_t winner;   /* 1, 2, 0 for a draw, -1 while ongoing */
    uint8_t stones;  /* seeds in the holes */
    uint16_t ply, quiet; /* quiet: plies since the last capture */
    int32_t score[2];
} bl_tihbat;

/* The positions since the last capture, for the repetition rule. At most
 * about 2 * C(31, 3) distinct ones can occur without a capture. */
#define BL_TIHBAT_HIST 10000
typedef struct bl_tihbat_hist {
    int n;
    uint32_t key[BL_TIHBAT_HIST];
} bl_tihbat_hist;

void bl_tihbat_setup(bl_tihbat *g, bl_tihbat_hist *h);
/* Plays hole 0..3 (a non-empty hole of the mover) or -1 (pass, only when the
 * mover's holes are empty), then applies the end rules. */
void bl_tihbat_play(bl_tihbat *g, bl_tihbat_hist *h, int hole);
/* The legal moves in the engine's order (own holes left to right, or pass). */
int bl_tihbat_moves(const bl_tihbat *g, int moves[2]);
void bl_tihbat_playout(bl_tihbat *g, bl_tihbat_hist *h, bl_rng *rng);

/* ---- Breakthrough ------------------------------------------------------- */

#define BL_BREAKTHROUGH_SIDE 8
#define BL_BREAKTHROUGH_CELLS 64
#define BL_BREAKTHROUGH_PAD 10 /* a row with a blocked cell at each end */

/* Rows as the engine numbers them (row 0 is White's side); padded cell
 * row * 10 + column + 1. */
typedef struct bl_breakthrough {
    uint8_t board[BL_BREAKTHROUGH_PAD * BL_BREAKTHROUGH_SIDE]; /* 0 empty, 1 white, 2 black, 3 border */
    uint8_t pawns[2], to_move;                                 /* to_move: 0 white, 1 black */
    int8_t winner;                                             /* -1 while ongoing */
    uint16_t ply;
} bl_breakthrough;

void bl_breakthrough_setup(bl_breakthrough *g);
/* The legal moves (padded from, to) in the engine's order; returns their count. */
int bl_breakthrough_moves(const bl_breakthrough *g, uint8_t moves[][2]);
/* Plays a legal move (padded cells) and applies the end rules. */
void bl_breakthrough_play(bl_breakthrough *g, int from, int to);
void bl_breakthrough_playout(bl_breakthrough *g, bl_rng *rng);
/* What the board holds at cell 0..63 (0 empty, 1, 2). */
int bl_breakthrough_cell(const bl_breakthrough *g, int cell);
/* The engine's cell of a padded one. */
int bl_breakthrough_cell_of(int padded);

#endif
