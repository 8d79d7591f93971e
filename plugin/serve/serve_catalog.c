/* The rulesets the server offers (serve_catalog.h). */
#define _POSIX_C_SOURCE 200809L
#include "serve_catalog.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CACHE_MAX = 256 };

typedef struct entry {
    char *name, *options; /* as asked */
    tavola_ruleset *rs;
} entry;

typedef struct described {
    char *name, *title;
    char *json; /* its object in /api/rulesets, without "stats" and the closing brace */
    int64_t counts[3];
} described;

static const tavola_api *api;
static described *rulesets;
static int nrulesets;
static entry cache[CACHE_MAX];
static int ncache;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static const char *type_name(int type)
{
    return type == TAVOLA_OPTION_BOOL ? "bool" : type == TAVOLA_OPTION_INT ? "int"
                                             : type == TAVOLA_OPTION_NUMBER ? "number" : "string";
}

static void bound(tv_buf *b, const char *key, double v)
{
    json_key(b, key, 0);
    if (isfinite(v))
        tv_buf_printf(b, "%.17g", v);
    else
        tv_buf_puts(b, "null");
}

/* The lobby's view of one ruleset. */
static char *describe(const tavola_ruleset *rs)
{
    tv_buf b = {0};
    const char *family = "", *data_family = "", *move_text = "";
    api->ruleset_family(rs, &family, &data_family, &move_text);
    tv_buf_puts(&b, "{");
    json_key(&b, "name", 1);
    json_string(&b, api->ruleset_name(rs));
    json_key(&b, "title", 0);
    json_string(&b, api->ruleset_title(rs));
    json_key(&b, "description", 0);
    json_string(&b, api->ruleset_description(rs));
    json_key(&b, "players", 0);
    tv_buf_puts(&b, "[");
    json_string(&b, api->ruleset_player(rs, 1));
    tv_buf_puts(&b, ",");
    json_string(&b, api->ruleset_player(rs, 2));
    tv_buf_puts(&b, "]");
    json_key(&b, "family", 0);
    json_string(&b, family);
    json_key(&b, "data_family", 0);
    json_string(&b, data_family);
    json_key(&b, "move_text", 0);
    json_string(&b, move_text);
    json_key(&b, "options", 0);
    tv_buf_puts(&b, "[");
    for (int i = 0; i < api->ruleset_option_count(rs); i++) {
        const char *name = "", *def = "", *doc = "", *choices = NULL;
        double min = -HUGE_VAL, max = HUGE_VAL;
        api->ruleset_option(rs, i, &name, &def, &doc);
        api->ruleset_option_range(rs, i, &min, &max, &choices);
        tv_buf_puts(&b, i ? ",{" : "{");
        json_key(&b, "name", 1);
        json_string(&b, name);
        json_key(&b, "type", 0);
        json_string(&b, type_name(api->ruleset_option_type(rs, i)));
        json_key(&b, "default", 0);
        json_string(&b, def);
        json_key(&b, "doc", 0);
        json_string(&b, doc);
        bound(&b, "min", min);
        bound(&b, "max", max);
        json_key(&b, "choices", 0);
        if (!choices) {
            tv_buf_puts(&b, "null");
        } else {
            tv_buf_puts(&b, "[");
            for (const char *c = choices; *c;) {
                size_t n = strcspn(c, "\n");
                char word[256];
                snprintf(word, sizeof word, "%.*s", (int)(n < 255 ? n : 255), c);
                tv_buf_puts(&b, c == choices ? "" : ",");
                json_string(&b, word);
                c += n + (c[n] == '\n');
            }
            tv_buf_puts(&b, "]");
        }
        tv_buf_puts(&b, "}");
    }
    tv_buf_puts(&b, "]");
    if (b.failed) {
        tv_buf_free(&b);
        return NULL;
    }
    return b.s;
}

int catalog_init(const tavola_api *t, char *err, size_t err_size)
{
    api = t;
    char *names = NULL;
    int n = TAVOLA_ELIMIT;
    for (size_t size = 16 * 1024; n == TAVOLA_ELIMIT && size <= 16u * 1024 * 1024; size *= 4) {
        free(names);
        if (!(names = malloc(size)))
            break;
        n = t->list(names, size);
    }
    if (!names || n < 0 || !(rulesets = calloc((size_t)n + 1, sizeof *rulesets))) {
        free(names);
        snprintf(err, err_size, "cannot list the rulesets");
        return -1;
    }
    for (char *name = names, *end; *name; name = end + 1) {
        end = strchr(name, '\n');
        if (!end)
            end = name + strlen(name);
        int last = *end == '\0';
        *end = '\0';
        char lerr[512];
        tavola_ruleset *rs = t->ruleset_load(name, "", lerr, sizeof lerr);
        if (!rs) {
            fprintf(stderr, "tavola serve: left out %s: %s\n", name, lerr);
        } else {
            described *d = &rulesets[nrulesets];
            d->name = strdup(name);
            d->title = strdup(t->ruleset_title(rs));
            d->json = describe(rs);
            if (d->name && d->title && d->json && ncache < CACHE_MAX) {
                cache[ncache++] = (entry){strdup(name), strdup(""), rs};
                nrulesets++;
            } else {
                t->ruleset_free(rs);
            }
        }
        if (last)
            break;
    }
    free(names);
    return 0;
}

void catalog_free(void)
{
    for (int i = 0; i < nrulesets; i++)
        free(rulesets[i].name), free(rulesets[i].title), free(rulesets[i].json);
    free(rulesets);
    for (int i = 0; i < ncache; i++)
        free(cache[i].name), free(cache[i].options), api->ruleset_free(cache[i].rs);
    rulesets = NULL, nrulesets = ncache = 0;
}

const char *catalog_title(const char *name)
{
    for (int i = 0; i < nrulesets; i++)
        if (!strcmp(rulesets[i].name, name))
            return rulesets[i].title;
    return NULL;
}

tavola_ruleset *catalog_load(const char *name, const char *options, int *owned, char *err, size_t err_size)
{
    *owned = 0;
    if (!catalog_title(name)) {
        snprintf(err, err_size, "no ruleset named \"%.64s\" here", name);
        return NULL;
    }
    pthread_mutex_lock(&lock);
    for (int i = 0; i < ncache; i++)
        if (!strcmp(cache[i].name, name) && !strcmp(cache[i].options, options)) {
            tavola_ruleset *rs = cache[i].rs;
            pthread_mutex_unlock(&lock);
            return rs;
        }
    pthread_mutex_unlock(&lock);
    /* Loading runs the ruleset's script: outside the lock. */
    tavola_ruleset *rs = api->ruleset_load(name, options, err, err_size);
    if (!rs)
        return NULL;
    pthread_mutex_lock(&lock);
    char *n = NULL, *o = NULL;
    if (ncache < CACHE_MAX && (n = strdup(name)) && (o = strdup(options))) {
        cache[ncache++] = (entry){n, o, rs};
    } else {
        free(n), free(o);
        *owned = 1;
    }
    pthread_mutex_unlock(&lock);
    return rs;
}

static void count(void *ctx, const char *ruleset, const int64_t counts[3])
{
    (void)ctx;
    for (int i = 0; i < nrulesets; i++)
        if (ruleset && !strcmp(rulesets[i].name, ruleset))
            memcpy(rulesets[i].counts, counts, sizeof rulesets[i].counts);
}

int catalog_json(serve_store *st, tv_buf *out)
{
    pthread_mutex_lock(&lock); /* counts are written here only */
    for (int i = 0; i < nrulesets; i++)
        memset(rulesets[i].counts, 0, sizeof rulesets[i].counts);
    int rc = store_totals(st, count, NULL);
    tv_buf_puts(out, "{\"rulesets\":[");
    for (int i = 0; i < nrulesets; i++) {
        const int64_t *c = rulesets[i].counts;
        tv_buf_puts(out, i ? "," : "");
        tv_buf_puts(out, rulesets[i].json);
        tv_buf_printf(out, ",\"stats\":{\"games\":%lld,\"first\":%lld,\"second\":%lld,\"draws\":%lld}}",
                    (long long)(c[0] + c[1] + c[2]), (long long)c[0], (long long)c[1], (long long)c[2]);
    }
    pthread_mutex_unlock(&lock);
    tv_buf_puts(out, "],\"players\":[\"random\",\"greedy\",\"mcts:iterations=2000\",\"mcts:ms=1000\","
                   "\"alphabeta:depth=4\",\"alphabeta:ms=1000\"]}");
    return rc;
}
