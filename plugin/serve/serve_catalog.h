/* The rulesets the server offers: found once at start, described for the
 * lobby, and loaded per variant (name and options) with a bounded cache, so
 * that a new game does not start a Lua VM each time. */
#ifndef SERVE_CATALOG_H
#define SERVE_CATALOG_H

#include <stddef.h>

#include "serve_json.h"
#include "serve_store.h"
#include "tavola.h"

/* Finds and loads every ruleset (those that fail to load are left out, each
 * said on stderr). 0, or -1 with the message in err. */
int catalog_init(const tavola_api *t, char *err, size_t err_size);
void catalog_free(void);

/* The title of a ruleset found at start, or NULL when there is none. */
const char *catalog_title(const char *name);

/* The ruleset `name` (one found at start) with `options`: a handle the
 * catalog keeps (*owned = 0) or, past the cache's bound, one the caller
 * frees (*owned = 1). NULL with the library's message in err. */
tavola_ruleset *catalog_load(const char *name, const char *options, int *owned, char *err, size_t err_size);

/* GET /api/rulesets: every ruleset with its statistics from st. */
int catalog_json(serve_store *st, tv_buf *out);

#endif
