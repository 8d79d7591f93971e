/* Game variables and hands in a state (core/rules/tv_vars.h declares
 * them): their slots after the cells, their hash keys, reads and checked
 * writes that keep the hash (the undo record keeps the whole block: a move
 * is undone with its variables), and their field in a position string. */
#ifndef TV_VARS_STATE_H
#define TV_VARS_STATE_H

#include <stddef.h>
#include <string.h>

#include "tv_rules.h"

/* Whether r declares variables or hands. */
static inline int tv_vars_any(const tv_rules *r) { return r->vars.size > 0; }

/* The start's values and hands (the hash is the caller's). */
void tv_vars_init(const tv_rules *r, tv_state *s);

/* The hash of s's variables and hands (0 when none). */
uint64_t tv_vars_hash(const tv_rules *r, const tv_state *s);

/* Variable i's value for player index p (0, 1; ignored unless per player). */
static inline int tv_var_get(const tv_rules *r, const tv_state *s, int i, int p)
{
    const tv_var *x = &r->vars.var[i];
    int32_t v;
    memcpy(&v, (const unsigned char *)s + r->vars.offset + 4 * (x->slot + (x->per_player ? p : 0)), 4);
    return v;
}
/* Sets it, hash included; TV_EINVAL naming the variable when out of range. */
int tv_var_set(const tv_rules *r, tv_state *s, int i, int p, long value, tv_error *err);
/* The index of the variable called name, or -1. */
int tv_var_find(const tv_rules *r, const char *name);

/* Pieces of kind k in player index p's hand; setting them (0..TV_HAND_MAX). */
int tv_hand_get(const tv_rules *r, const tv_state *s, int p, int k);
int tv_hand_set(const tv_rules *r, tv_state *s, int p, int k, long n, tv_error *err);

/* The position string's last field: "ko=d4;passes=0/1;hand=M2/m-"
 * (variables by name, a per-player one as two values, a cell by name or
 * '-'; each hand as letter and count, player 1's in upper case, '-' for an
 * empty one). */
int tv_vars_write(const tv_rules *r, const tv_state *s, char *buf, size_t size);
/* Reads that field into s: every variable once, in range, and the hands
 * (the hash is the caller's). */
int tv_vars_read(const tv_rules *r, const char *text, tv_state *s, tv_error *err);

/* Copies of the block for an undo record. */
static inline unsigned char *tv_vars_block(const tv_rules *r, tv_state *s) { return (unsigned char *)s + r->vars.offset; }

#endif
