#define _GNU_SOURCE /* dladdr */
#include "tv_catalog.h"

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define RULESET_MAX_BYTES (1 << 20)
#define PATH_MAX_LEN 4096

/* The folders added, shared by every thread. The table only grows and an
 * entry never changes once it is counted: writers take dirs_lock, fill the
 * next entry and then publish it by storing the count (release); readers load
 * the count (acquire) and read entries below it without a lock, so a search
 * running while another thread adds a folder sees the folders before it. */
static pthread_mutex_t dirs_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int ndirs;
static char dirs[TV_CATALOG_DIRS_MAX][PATH_MAX_LEN];

int tv_catalog_add_dir(const char *dir, tv_error *err)
{
    if (!*dir || strlen(dir) >= PATH_MAX_LEN)
        return tv_error_set(err, TV_EINVAL, "a folder name must be 1..%d characters", PATH_MAX_LEN - 1);
    int rc = TV_OK;
    pthread_mutex_lock(&dirs_lock);
    int n = atomic_load_explicit(&ndirs, memory_order_relaxed), seen = 0;
    for (int i = 0; i < n && !seen; i++)
        seen = strcmp(dirs[i], dir) == 0;
    if (!seen && n == TV_CATALOG_DIRS_MAX) {
        rc = tv_error_set(err, TV_ELIMIT, "more than %d ruleset folders", TV_CATALOG_DIRS_MAX);
    } else if (!seen) {
        strcpy(dirs[n], dir);
        atomic_store_explicit(&ndirs, n + 1, memory_order_release);
    }
    pthread_mutex_unlock(&dirs_lock);
    return rc;
}

/* The folders holding this code, as real paths: the shared library (or the
 * Lua module) it was loaded from, then the running program, which is where it
 * lives when linked statically (the tavola command). dladdr names the main
 * program by its argv[0], which has no folder when it was found through PATH,
 * so the program's own path comes from /proc/self/exe. Returns the count. */
static int install_dirs(char where[2][PATH_MAX_LEN])
{
    static const char anchor;
    Dl_info info;
    char real[PATH_MAX];
    const char *paths[2] = {NULL, "/proc/self/exe"};
    if (dladdr(&anchor, &info) && info.dli_fname && strchr(info.dli_fname, '/'))
        paths[0] = info.dli_fname;
    int n = 0;
    for (int i = 0; i < 2; i++) {
        if (!paths[i] || !realpath(paths[i], real) || !strrchr(real, '/'))
            continue;
        *strrchr(real, '/') = '\0';
        if (strlen(real) >= PATH_MAX_LEN || (n == 1 && strcmp(where[0], real) == 0))
            continue;
        strcpy(where[n++], real);
    }
    return n;
}

/* The rulesets beside a folder of code: an installed tree's
 * share/tavola/rulesets (seen from bin/ or lib/, or from lib/lua/5.4/ for the
 * Lua module), or the source tree's rulesets/ (seen from build/). */
static int visit_beside(const char *code_dir, int (*visit)(const char *dir, void *ctx), void *ctx)
{
    static const char *const rel[] = {"../share/tavola/rulesets", "../rulesets", "../../../share/tavola/rulesets"};
    char dir[PATH_MAX_LEN];
    for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
        int n = snprintf(dir, sizeof dir, "%s/%s", code_dir, rel[i]);
        if (n > 0 && (size_t)n < sizeof dir && visit(dir, ctx))
            return 1;
    }
    return 0;
}

/* Calls visit(dir, ctx) for each folder of the search path, in order, until
 * it returns non-zero. */
static int each_dir(int (*visit)(const char *dir, void *ctx), void *ctx)
{
    int n = atomic_load_explicit(&ndirs, memory_order_acquire);
    for (int i = 0; i < n; i++)
        if (visit(dirs[i], ctx))
            return 1;
    const char *env = getenv("TAVOLA_PATH");
    while (env && *env) {
        size_t len = strcspn(env, ":");
        char dir[PATH_MAX_LEN];
        if (len > 0 && len < sizeof dir) {
            memcpy(dir, env, len);
            dir[len] = '\0';
            if (visit(dir, ctx))
                return 1;
        }
        env += len + (env[len] == ':');
    }
    if (visit("rulesets", ctx))
        return 1;
    char where[2][PATH_MAX_LEN];
    int nwhere = install_dirs(where);
    for (int i = 0; i < nwhere; i++)
        if (visit_beside(where[i], visit, ctx))
            return 1;
    return 0;
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

struct find_ctx {
    const char *name;
    char *path;
    size_t size;
};

static int find_in(const char *dir, void *ctx)
{
    struct find_ctx *f = ctx;
    int n = snprintf(f->path, f->size, "%s/%s.lua", dir, f->name);
    return n > 0 && (size_t)n < f->size && is_file(f->path);
}

int tv_catalog_find(const char *name, char *path, size_t size, tv_error *err)
{
    size_t len = strlen(name);
    if (strchr(name, '/') || (len > 4 && strcmp(name + len - 4, ".lua") == 0)) {
        if (!is_file(name) || len >= size)
            return tv_error_set(err, TV_EINVAL, "ruleset file '%.200s' not found", name);
        memcpy(path, name, len + 1);
        return TV_OK;
    }
    if (len == 0 || len >= TV_CATALOG_NAME_MAX)
        return tv_error_set(err, TV_EINVAL, "'%.80s' is not a ruleset name", name);
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
            return tv_error_set(err, TV_EINVAL, "'%.80s' is not a ruleset name", name);
    struct find_ctx f = {name, path, size};
    if (each_dir(find_in, &f))
        return TV_OK;
    return tv_error_set(err, TV_EINVAL, "unknown ruleset '%s' (see: tavola list)", name);
}

struct list_ctx {
    char (*names)[TV_CATALOG_NAME_MAX];
    int n, max;
};

static int list_in(const char *dir, void *ctx)
{
    struct list_ctx *l = ctx;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) && l->n < l->max) {
        size_t len = strlen(e->d_name);
        if (len < 5 || len - 4 >= TV_CATALOG_NAME_MAX || strcmp(e->d_name + len - 4, ".lua") != 0)
            continue;
        char name[TV_CATALOG_NAME_MAX], path[PATH_MAX_LEN];
        memcpy(name, e->d_name, len - 4);
        name[len - 4] = '\0';
        int seen = 0;
        for (int j = 0; j < l->n && !seen; j++)
            seen = strcmp(l->names[j], name) == 0;
        int k = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!seen && k > 0 && (size_t)k < sizeof path && is_file(path))
            memcpy(l->names[l->n++], name, sizeof name);
    }
    closedir(d);
    return 0;
}

static int cmp_names(const void *a, const void *b) { return strcmp(a, b); }

int tv_catalog_list(char names[][TV_CATALOG_NAME_MAX], int max)
{
    struct list_ctx l = {names, 0, max};
    each_dir(list_in, &l);
    qsort(names, (size_t)l.n, TV_CATALOG_NAME_MAX, cmp_names);
    return l.n;
}

tv_ruleset *tv_catalog_load(const char *name, const tv_options *opts, const tv_limits *limits, tv_error *err)
{
    char path[PATH_MAX_LEN];
    if (tv_catalog_find(name, path, sizeof path, err))
        return NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        tv_error_set(err, TV_EINVAL, "%s: cannot open", path);
        return NULL;
    }
    char *src = malloc(RULESET_MAX_BYTES + 1);
    size_t len = src ? fread(src, 1, RULESET_MAX_BYTES + 1, f) : 0;
    int bad = ferror(f);
    fclose(f);
    tv_ruleset *rs = NULL;
    if (!src)
        tv_error_set(err, TV_ENOMEM, "out of memory");
    else if (bad)
        tv_error_set(err, TV_EINVAL, "%s: read error", path);
    else if (len > RULESET_MAX_BYTES)
        tv_error_set(err, TV_EINVAL, "%s: larger than %d bytes", path, RULESET_MAX_BYTES);
    else
        rs = tv_ruleset_load(path, src, len, opts, limits, err);
    free(src);
    return rs;
}
