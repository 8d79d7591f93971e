#define _POSIX_C_SOURCE 200809L
#include "cli_rulesets.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RULESET_MAX_BYTES (1 << 20)

static void add_dir(cli_dirs *d, const char *dir, size_t len)
{
    if (d->n < CLI_DIRS_MAX && len > 0 && len < CLI_PATH_MAX) {
        memcpy(d->dir[d->n], dir, len);
        d->dir[d->n++][len] = '\0';
    }
}

void cli_dirs_init(cli_dirs *d, const char *rules_dir)
{
    d->n = 0;
    if (rules_dir)
        add_dir(d, rules_dir, strlen(rules_dir));
    const char *env = getenv("TAVOLA_PATH");
    while (env && *env) {
        size_t len = strcspn(env, ":");
        add_dir(d, env, len);
        env += len + (env[len] == ':');
    }
    add_dir(d, "rulesets", 8);
    char exe[CLI_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            char dir[CLI_PATH_MAX + 64];
            int k = snprintf(dir, sizeof dir, "%s/../rulesets", exe);
            add_dir(d, dir, (size_t)k);
            k = snprintf(dir, sizeof dir, "%s/../share/tavola/rulesets", exe);
            add_dir(d, dir, (size_t)k);
        }
    }
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int cli_find_ruleset(const cli_dirs *d, const char *name, char *path, size_t size, tv_error *err)
{
    size_t len = strlen(name);
    if (strchr(name, '/') || (len > 4 && strcmp(name + len - 4, ".lua") == 0)) {
        if (!is_file(name))
            return tv_error_set(err, TV_EINVAL, "ruleset file '%s' not found", name);
        snprintf(path, size, "%s", name);
        return TV_OK;
    }
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
            return tv_error_set(err, TV_EINVAL, "'%s' is not a ruleset name", name);
    for (int i = 0; i < d->n; i++) {
        snprintf(path, size, "%s/%s.lua", d->dir[i], name);
        if (is_file(path))
            return TV_OK;
    }
    return tv_error_set(err, TV_EINVAL, "unknown ruleset '%s' (see: tavola list)", name);
}

tv_ruleset *cli_load_ruleset(const char *path, const tv_options *opts, tv_error *err)
{
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
        rs = tv_ruleset_load(path, src, len, opts, NULL, err);
    free(src);
    return rs;
}

static int cmp_names(const void *a, const void *b) { return strcmp(a, b); }

int cli_list_rulesets(const cli_dirs *d, char names[][64], char paths[][CLI_PATH_MAX])
{
    int n = 0;
    for (int i = 0; i < d->n; i++) {
        DIR *dir = opendir(d->dir[i]);
        if (!dir)
            continue;
        struct dirent *e;
        while ((e = readdir(dir)) && n < CLI_LIST_MAX) {
            size_t len = strlen(e->d_name);
            if (len < 5 || len - 4 >= 64 || strcmp(e->d_name + len - 4, ".lua") != 0)
                continue;
            char name[64];
            memcpy(name, e->d_name, len - 4);
            name[len - 4] = '\0';
            int seen = 0;
            for (int j = 0; j < n && !seen; j++)
                seen = strcmp(names[j], name) == 0;
            if (seen)
                continue;
            char path[CLI_PATH_MAX];
            int k = snprintf(path, sizeof path, "%s/%s.lua", d->dir[i], name);
            if (k < 0 || k >= (int)sizeof path || !is_file(path))
                continue;
            memcpy(names[n], name, sizeof name);
            memcpy(paths[n], path, strlen(path) + 1);
            n++;
        }
        closedir(dir);
    }
    /* Sort names and paths together: sort an index by name. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && cmp_names(names[j - 1], names[j]) > 0; j--) {
            char tn[64], tp[CLI_PATH_MAX];
            memcpy(tn, names[j], 64); memcpy(names[j], names[j - 1], 64); memcpy(names[j - 1], tn, 64);
            memcpy(tp, paths[j], CLI_PATH_MAX); memcpy(paths[j], paths[j - 1], CLI_PATH_MAX);
            memcpy(paths[j - 1], tp, CLI_PATH_MAX);
        }
    return n;
}
