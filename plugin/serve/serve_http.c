/* The HTTP side of tavola serve (serve_http.h). */
#define _POSIX_C_SOURCE 200809L
#include "serve_http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "serve_assets.h"
#include "serve_json.h"
#include "serve_catalog.h"
#include "serve_engine.h"
#include "serve_games.h"
#include "serve_rate.h"

enum { BODY_MAX = 16 * 1024, FIELDS_MAX = 16, ERR_MAX = 1024 };

static struct MHD_Daemon *daemon_;
static serve_store *store;
static http_config config;
static atomic_int stopping;

static const char page_policy[] =
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

/* ---- one request ------------------------------------------------------------ */

typedef struct request {
    tv_buf body;
    int too_big;
} request;

typedef struct form {
    int n;
    char *name[FIELDS_MAX], *value[FIELDS_MAX];
} form;

static int hex_digit(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decodes a urlencoded text in place; -1 on a NUL byte or a bad escape. */
static int decode(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r == '+') {
            *w++ = ' ';
        } else if (*r == '%') {
            int a = hex_digit((unsigned char)r[1]), b = a < 0 ? -1 : hex_digit((unsigned char)r[2]);
            if (b < 0 || (a == 0 && b == 0))
                return -1;
            *w++ = (char)(a * 16 + b);
            r += 2;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
    return 0;
}

/* Splits a urlencoded body (changed in place) into its fields. */
static int parse_form(char *body, form *f, char *err, size_t err_size)
{
    f->n = 0;
    if (!body)
        return 0;
    for (char *part = body, *next; part && *part; part = next) {
        next = strchr(part, '&');
        if (next)
            *next++ = '\0';
        if (!*part)
            continue;
        if (f->n == FIELDS_MAX) {
            snprintf(err, err_size, "more than %d fields", FIELDS_MAX);
            return -1;
        }
        char *eq = strchr(part, '=');
        if (eq)
            *eq = '\0';
        f->name[f->n] = part;
        f->value[f->n] = eq ? eq + 1 : part + strlen(part);
        if (decode(f->name[f->n]) || decode(f->value[f->n])) {
            snprintf(err, err_size, "a field holds a NUL byte or a bad %%-escape");
            return -1;
        }
        f->n++;
    }
    return 0;
}

static const char *field(const form *f, const char *name)
{
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->name[i], name))
            return f->value[i];
    return NULL;
}

static const char *arg(struct MHD_Connection *c, const char *name)
{
    return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

/* ---- answers ----------------------------------------------------------------- */

static enum MHD_Result send_bytes(struct MHD_Connection *c, int status, const char *type, const void *data,
                                  size_t size, int copy, const char *attachment)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(size, (void *)data, copy ? MHD_RESPMEM_MUST_COPY : MHD_RESPMEM_PERSISTENT);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    if (!strncmp(type, "text/html", 9)) {
        MHD_add_response_header(r, "Content-Security-Policy", page_policy);
        MHD_add_response_header(r, "X-Frame-Options", "DENY");
    }
    if (status == 405)
        MHD_add_response_header(r, "Allow", attachment);
    else if (attachment) {
        char disp[128];
        snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", attachment);
        MHD_add_response_header(r, "Content-Disposition", disp);
    }
    enum MHD_Result rc = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result send_json(struct MHD_Connection *c, int status, tv_buf *b)
{
    if (b->failed)
        return send_bytes(c, 500, "application/json", "{\"error\":\"out of memory\"}", 25, 0, NULL);
    return send_bytes(c, status, "application/json", b->s ? b->s : "{}", b->s ? b->len : 2, 1, NULL);
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *message)
{
    tv_buf b = {0};
    tv_buf_puts(&b, "{\"error\":");
    json_string(&b, message && *message ? message : "error");
    tv_buf_puts(&b, "}");
    enum MHD_Result rc = send_json(c, status, &b);
    tv_buf_free(&b);
    return rc;
}

static enum MHD_Result wrong_method(struct MHD_Connection *c, const char *allow)
{
    static const char body[] = "{\"error\":\"method not allowed here\"}";
    return send_bytes(c, 405, "application/json", body, sizeof body - 1, 0, allow);
}

/* ---- the event stream --------------------------------------------------------- */

typedef struct stream {
    live_game *g;
    unsigned version;
    int started, idle;
    tv_buf pending;
    size_t off;
} stream;

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *s = cls;
    while (s->off == s->pending.len) {
        if (atomic_load(&stopping))
            return MHD_CONTENT_READER_END_OF_STREAM;
        s->pending.len = s->off = 0;
        tv_buf data = {0};
        if (!s->started) { /* the version now, at once */
            s->version = ~0u;
            s->started = 1;
        }
        if (games_wait(s->g, &s->version, 1000, &data)) {
            tv_buf_printf(&s->pending, "event: update\ndata: %s\n\n", data.s ? data.s : "{}");
            s->idle = 0;
        } else if (++s->idle >= 5) { /* a byte every 5 s: within the connections' 10 s time-out */
            tv_buf_puts(&s->pending, ": still here\n\n");
            s->idle = 0;
        }
        tv_buf_free(&data);
        if (s->pending.failed)
            return MHD_CONTENT_READER_END_WITH_ERROR;
    }
    size_t n = s->pending.len - s->off < max ? s->pending.len - s->off : max;
    memcpy(buf, s->pending.s + s->off, n);
    s->off += n;
    return (ssize_t)n;
}

static void stream_end(void *cls)
{
    stream *s = cls;
    games_put(s->g);
    tv_buf_free(&s->pending);
    free(s);
}

static enum MHD_Result send_stream(struct MHD_Connection *c, live_game *g)
{
    stream *s = calloc(1, sizeof *s);
    if (!s) {
        games_put(g);
        return send_error(c, 500, "out of memory");
    }
    s->g = g;
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, s, stream_end);
    if (!r) {
        stream_end(s);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Accel-Buffering", "no"); /* a proxy must not hold the events back */
    enum MHD_Result rc = MHD_queue_response(c, 200, r);
    MHD_destroy_response(r);
    return rc;
}

/* ---- routes ----------------------------------------------------------------- */

static int is_get(const char *m) { return !strcmp(m, "GET") || !strcmp(m, "HEAD"); }

static const char *no_null(const char *s) { return s ? s : ""; }

static enum MHD_Result route_game(struct MHD_Connection *c, const char *rest, const char *method, form *f)
{
    char id[32], what[32] = "";
    size_t n = strcspn(rest, "/");
    if (n == 0 || n >= sizeof id)
        return send_error(c, 404, "no such game");
    memcpy(id, rest, n);
    id[n] = '\0';
    if (rest[n] == '/') {
        if (strlen(rest + n + 1) >= sizeof what)
            return send_error(c, 404, "no such route");
        strcpy(what, rest + n + 1);
    }
    static const char *const routes[] = {"", "move", "events", "record", "position"};
    int route = -1;
    for (int i = 0; i < 5; i++)
        if (!strcmp(what, routes[i]))
            route = i;
    if (route < 0)
        return send_error(c, 404, "no such route");
    if (route == 1 ? strcmp(method, "POST") != 0 : !is_get(method))
        return wrong_method(c, route == 1 ? "POST" : "GET, HEAD");
    char err[ERR_MAX] = "";
    int status = 0;
    live_game *g = games_get(id, &status, err, sizeof err);
    if (!g)
        return send_error(c, status, err);
    if (route == 2)
        return send_stream(c, g); /* the stream gives g back */
    tv_buf out = {0};
    int brief = route == 1 ? !strcmp(no_null(field(f, "brief")), "1") : !strcmp(no_null(arg(c, "brief")), "1");
    if (route == 0)
        status = games_view(g, arg(c, "token"), arg(c, "ply"), brief, &out, err, sizeof err);
    else if (route == 1)
        status = games_move(g, field(f, "token"), field(f, "move"), field(f, "ply"), brief, &out, err, sizeof err);
    else if (route == 3)
        status = games_record(g, &out);
    else
        status = games_position(g, &out);
    char name[64];
    snprintf(name, sizeof name, "%s.%s", games_id(g), route == 3 ? "txt" : "pos");
    games_put(g);
    enum MHD_Result rc;
    if (status >= 400)
        rc = send_error(c, status, out.failed ? "out of memory" : err);
    else if (route >= 3)
        rc = send_bytes(c, status, "text/plain; charset=utf-8", out.s ? out.s : "", out.len, 1, name);
    else
        rc = send_json(c, status, &out);
    tv_buf_free(&out);
    return rc;
}

static enum MHD_Result route(struct MHD_Connection *c, const char *url, const char *method, form *f)
{
    if (!strcmp(url, "/") || !strcmp(url, "/index.html"))
        url = "/index.html";
    for (int i = 0; i < serve_nassets; i++)
        if (!strcmp(url, serve_assets[i].path))
            return is_get(method) ? send_bytes(c, 200, serve_assets[i].type, serve_assets[i].data,
                                               serve_assets[i].size, 0, NULL)
                                  : wrong_method(c, "GET, HEAD");
    if (!strncmp(url, "/api/games/", 11))
        return route_game(c, url + 11, method, f);
    tv_buf out = {0};
    char err[ERR_MAX] = "";
    int status = 200;
    if (!strcmp(url, "/api/rulesets")) {
        if (!is_get(method))
            return wrong_method(c, "GET, HEAD");
        if (catalog_json(store, &out))
            status = 500, snprintf(err, sizeof err, "the statistics cannot be read");
    } else if (!strcmp(url, "/api/stats")) {
        if (!is_get(method))
            return wrong_method(c, "GET, HEAD");
        const char *name = no_null(arg(c, "ruleset")), *title = catalog_title(name);
        if (!*name) {
            status = 400, snprintf(err, sizeof err, "ruleset is missing");
        } else if (!title) {
            status = 404, snprintf(err, sizeof err, "no ruleset named \"%.64s\" here", name);
        } else {
            tv_buf_puts(&out, "{\"ruleset\":");
            json_string(&out, name);
            tv_buf_puts(&out, ",\"title\":");
            json_string(&out, title);
            tv_buf_puts(&out, ",");
            if (store_stats_json(store, name, &out))
                status = 500, snprintf(err, sizeof err, "the statistics cannot be read");
            tv_buf_puts(&out, "}");
        }
    } else if (!strcmp(url, "/api/health")) {
        if (!is_get(method))
            return wrong_method(c, "GET, HEAD");
        tv_buf_printf(&out, "{\"ok\":true,\"games\":%d,\"engine_queue\":%d}", games_live(), engine_waiting());
    } else if (!strcmp(url, "/api/games")) {
        if (!strcmp(method, "POST")) {
            status = games_create(field(f, "ruleset"), field(f, "options"), field(f, "p1"), field(f, "p2"),
                                  field(f, "seed"), &out, err, sizeof err);
        } else if (is_get(method)) {
            const char *limit = arg(c, "limit"), *name = arg(c, "ruleset");
            long n = 20;
            if (limit) {
                char *end;
                n = strtol(limit, &end, 10);
                if (*end || end == limit || n < 1 || n > 100)
                    status = 400, snprintf(err, sizeof err, "limit must be a whole number from 1 to 100");
            }
            if (status == 200 && name && !catalog_title(name))
                status = 404, snprintf(err, sizeof err, "no ruleset named \"%.64s\" here", name);
            if (status == 200) {
                tv_buf_puts(&out, "{\"games\":");
                if (store_recent_json(store, name, (int)n, catalog_title, &out))
                    status = 500, snprintf(err, sizeof err, "the games cannot be read");
                tv_buf_puts(&out, "}");
            }
        } else {
            return wrong_method(c, "GET, HEAD, POST");
        }
    } else {
        status = 404, snprintf(err, sizeof err, "no such route");
    }
    enum MHD_Result rc = status >= 400 ? send_error(c, status, err) : send_json(c, status, &out);
    tv_buf_free(&out);
    return rc;
}

/* A request from a page of another site (a forged form): its Origin names
 * another host. Requests without Origin (not from a browser's page) pass. */
static int foreign(struct MHD_Connection *c)
{
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    if (!origin)
        return 0;
    const char *sep = strstr(origin, "://");
    return !host || !sep || strcmp(sep + 3, host) != 0;
}

static int allowed(struct MHD_Connection *c)
{
    if (config.trust_proxy) {
        const char *fwd = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Forwarded-For");
        if (fwd) {
            const char *last = strrchr(fwd, ',');
            last = last ? last + 1 : fwd;
            return rate_allow(last, strlen(last));
        }
    }
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = ci ? ci->client_addr : NULL;
    if (sa && sa->sa_family == AF_INET)
        return rate_allow(&((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
    if (sa && sa->sa_family == AF_INET6)
        return rate_allow(&((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
    return rate_allow("?", 1);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)cls, (void)version;
    request *r = *con_cls;
    if (!r) { /* the headers: checks that need no body */
        if (!allowed(c))
            return send_error(c, 429, "too many requests from your address: slow down");
        if (!strcmp(method, "POST") && foreign(c))
            return send_error(c, 403, "a request from another site's page");
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (length && strtoull(length, NULL, 10) > BODY_MAX)
            return send_error(c, 413, "the request's body is over 16 KiB");
        if (!(r = calloc(1, sizeof *r)))
            return MHD_NO;
        *con_cls = r;
        return MHD_YES;
    }
    if (*upload_size) {
        if (r->body.len + *upload_size > BODY_MAX)
            r->too_big = 1;
        else
            tv_buf_put(&r->body, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    if (r->too_big)
        return send_error(c, 413, "the request's body is over 16 KiB");
    if (r->body.failed)
        return send_error(c, 500, "out of memory");
    form f;
    char err[ERR_MAX];
    if (r->body.len && strlen(r->body.s) != r->body.len)
        return send_error(c, 400, "the body holds a NUL byte");
    if (parse_form(r->body.s, &f, err, sizeof err))
        return send_error(c, 400, err);
    return route(c, url, method, &f);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
    (void)cls, (void)c, (void)why;
    request *r = *con_cls;
    if (r) {
        tv_buf_free(&r->body);
        free(r);
        *con_cls = NULL;
    }
}

/* URLs and their arguments %-decoded, except %00, which stays as it is: a
 * decoded NUL would cut a text short ("/api/games/ID%00" is no game). */
static size_t unescape(void *cls, struct MHD_Connection *c, char *s)
{
    (void)cls, (void)c;
    char *w = s;
    for (char *r = s; *r; r++) {
        int a = *r == '%' ? hex_digit((unsigned char)r[1]) : -1, b = a < 0 ? -1 : hex_digit((unsigned char)r[2]);
        if (b >= 0 && (a || b)) {
            *w++ = (char)(a * 16 + b);
            r += 2;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
    return (size_t)(w - s);
}

int http_start(const http_config *cfg, serve_store *st, char *err, size_t err_size)
{
    config = *cfg;
    store = st;
    struct sockaddr_storage addr;
    memset(&addr, 0, sizeof addr);
    struct sockaddr_in *a4 = (struct sockaddr_in *)(void *)&addr;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)(void *)&addr;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
    if (inet_pton(AF_INET, cfg->bind, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)cfg->port);
    } else if (inet_pton(AF_INET6, cfg->bind, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)cfg->port);
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(err, err_size, "--bind: %s is not an IPv4 or IPv6 address", cfg->bind);
        return -1;
    }
    daemon_ = MHD_start_daemon(flags, (uint16_t)cfg->port, NULL, NULL, handle, NULL, MHD_OPTION_SOCK_ADDR, &addr,
                               MHD_OPTION_CONNECTION_LIMIT, (unsigned)cfg->connections,
                               MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)cfg->per_address,
                               MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
                               MHD_OPTION_CONNECTION_TIMEOUT, 10u, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                               (size_t)64 * 1024, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    if (!daemon_) {
        snprintf(err, err_size, "cannot listen on %s port %d (in use? not allowed?)", cfg->bind, cfg->port);
        return -1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon_, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : cfg->port;
}

void http_stop(void)
{
    atomic_store(&stopping, 1);
    if (daemon_)
        MHD_stop_daemon(daemon_);
    daemon_ = NULL;
}
