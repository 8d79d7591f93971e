/* Requests a second per client address: a token bucket per address (rate a
 * second, bursts of twice that), in a fixed table where addresses that
 * collide share a bucket (a bound on memory, never on a good client's
 * rate beyond sharing). */
#ifndef SERVE_RATE_H
#define SERVE_RATE_H

#include <stddef.h>

void rate_init(double per_second);
/* 1 when a request from key (the address bytes, or a proxy's header) may go on. */
int rate_allow(const void *key, size_t len);

#endif
