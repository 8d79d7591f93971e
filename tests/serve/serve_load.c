/* serve_load: a load generator for `tavola serve` (make bench).
 *
 *   serve_load TAVOLA_BINARY [--games 200] [--seconds 10] [--rate R] [--ruleset connect4]
 *              [--seed N] [--quick]          (--quick: 2 seconds)
 *
 * --rate R paces the games (R moves a second in all, each game at an even
 * pace), for the latency at a given load; without it every game moves as soon
 * as it is answered, for the most moves a second.
 *
 * Starts `TAVOLA_BINARY serve --port 0 --db TMPFILE --rate 0 --max-games 100000`,
 * creates N games (human vs human) and plays them concurrently, one thread and
 * one keep-alive HTTP/1.1 connection per game, each posting random legal moves
 * for both seats in turn with brief=1 (the answer's `legal` gives the next
 * choices; a finished game is replaced by a new one). Every move's latency is
 * measured; at the end it prints
 *
 *   serve: N games, M moves in S s: X moves/s, p50 A ms, p99 B ms
 *
 * and checks that nothing was lost: every game's ply (GET, brief=1) against
 * the moves acknowledged, then again after the server is killed (SIGKILL) and
 * restarted on the same database. `lost: 0`, or the games that lost moves and
 * exit 1. Exit 2: bad arguments; 1: the server could not be started or
 * answered wrongly. Only libc and pthreads.
 */
#define _POSIX_C_SOURCE 200809L

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define IO_TIMEOUT_S 30      /* any one request */
#define START_TIMEOUT_MS 20000
#define MAX_LEGAL 4096
#define MAX_MOVE 64

/* ---- small things ------------------------------------------------------- */

static pid_t g_pid = -1;      /* the server, killed on the way out */

static void die(const char *fmt, ...)
{
    if (g_pid > 0)
        kill(g_pid, SIGKILL);
    va_list ap;
    va_start(ap, fmt);
    fputs("serve_load: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die("out of memory");
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die("out of memory");
    return p;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t rng_next(uint64_t *s)
{   /* splitmix64 */
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A growing byte buffer. */
typedef struct {
    char *p;
    size_t len, cap;
} buf_t;

static void buf_reserve(buf_t *b, size_t extra)
{
    if (b->len + extra + 1 > b->cap) {
        size_t c = b->cap ? b->cap : 4096;
        while (c < b->len + extra + 1)
            c *= 2;
        b->p = xrealloc(b->p, c);
        b->cap = c;
    }
}

static void buf_add(buf_t *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void buf_printf(buf_t *b, const char *fmt, ...)
{
    va_list ap;
    buf_reserve(b, 256);
    va_start(ap, fmt);
    int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0)
        die("vsnprintf");
    if ((size_t)n >= b->cap - b->len) {
        buf_reserve(b, (size_t)n);
        va_start(ap, fmt);
        vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

static void buf_urlencode(buf_t *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
            c == '_' || c == '.' || c == '~') {
            char ch = (char)c;
            buf_add(b, &ch, 1);
        } else {
            char e[3] = {'%', hex[c >> 4], hex[c & 15]};
            buf_add(b, e, 3);
        }
    }
}

/* ---- minimal JSON reading ------------------------------------------------ */

/* Where the value of "key" starts in a JSON text (after the colon), or NULL. */
static const char *json_find(const char *js, const char *key)
{
    size_t kl = strlen(key);
    const char *p = js;
    while ((p = strstr(p, "\"")) != NULL) {
        if (strncmp(p + 1, key, kl) == 0 && p[1 + kl] == '"') {
            const char *q = p + 2 + kl;
            while (*q == ' ')
                q++;
            if (*q == ':') {
                q++;
                while (*q == ' ')
                    q++;
                return q;
            }
        }
        p++;
    }
    return NULL;
}

static int json_int(const char *js, const char *key, long long *out)
{
    const char *p = json_find(js, key);
    if (!p)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (end == p || errno)
        return -1;
    *out = v;
    return 0;
}

/* Reads a JSON string at p (at its opening quote) into out (at most cap-1
 * bytes, escapes undone for the ASCII ones); the position after it, or NULL. */
static const char *json_str_at(const char *p, char *out, size_t cap)
{
    if (*p != '"')
        return NULL;
    p++;
    size_t n = 0;
    while (*p && *p != '"') {
        char c = *p++;
        if (c == '\\') {
            c = *p++;
            switch (c) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned v = 0;
                for (int i = 0; i < 4; i++) {
                    char h = *p++;
                    v <<= 4;
                    if (h >= '0' && h <= '9') v |= (unsigned)(h - '0');
                    else if (h >= 'a' && h <= 'f') v |= (unsigned)(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F') v |= (unsigned)(h - 'A' + 10);
                    else return NULL;
                }
                c = v < 128 ? (char)v : '?';
                break;
            }
            case '\0': return NULL;
            default: break;   /* \" \\ \/ */
            }
        }
        if (n + 1 < cap)
            out[n++] = c;
    }
    if (*p != '"')
        return NULL;
    out[n] = '\0';
    return p + 1;
}

static int json_str(const char *js, const char *key, char *out, size_t cap)
{
    const char *p = json_find(js, key);
    return p && json_str_at(p, out, cap) ? 0 : -1;
}

/* The strings of "legal":[...] into moves (each MAX_MOVE bytes); their count or -1. */
static int json_legal(const char *js, char (*moves)[MAX_MOVE], int max)
{
    const char *p = json_find(js, "legal");
    if (!p || *p != '[')
        return -1;
    p++;
    int n = 0;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\n')
            p++;
        if (*p == ']')
            return n;
        if (n >= max)
            return -1;
        p = json_str_at(p, moves[n], MAX_MOVE);
        if (!p)
            return -1;
        n++;
    }
}

/* ---- HTTP/1.1 client ------------------------------------------------------ */

static int g_port;

typedef struct {
    int fd;
    buf_t in;       /* bytes read, not yet consumed */
    buf_t req;
    int status;
    char *body;     /* into resp */
    size_t body_len;
    buf_t resp;
    int reconnects;
} conn_t;

static int conn_open(conn_t *c)
{
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0)
        return -1;
    struct timeval tv = {IO_TIMEOUT_S, 0};
    setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)g_port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(c->fd, (struct sockaddr *)&a, sizeof a) < 0) {
        close(c->fd);
        c->fd = -1;
        return -1;
    }
    c->in.len = 0;
    return 0;
}

static void conn_close(conn_t *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    c->in.len = 0;
}

static void conn_free(conn_t *c)
{
    conn_close(c);
    free(c->in.p);
    free(c->req.p);
    free(c->resp.p);
    memset(c, 0, sizeof *c);
    c->fd = -1;
}

/* Reads more bytes into c->in; 0 at EOF, -1 on error, else the count. */
static ssize_t conn_fill(conn_t *c)
{
    buf_reserve(&c->in, 16384);
    for (;;) {
        ssize_t r = recv(c->fd, c->in.p + c->in.len, c->in.cap - c->in.len - 1, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r > 0) {
            c->in.len += (size_t)r;
            c->in.p[c->in.len] = '\0';
        }
        return r;
    }
}

static int send_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int header_value(const char *hdrs, size_t hlen, const char *name, char *out, size_t cap)
{
    size_t nl = strlen(name);
    const char *p = hdrs, *end = hdrs + hlen;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if ((size_t)(eol - p) > nl && strncasecmp(p, name, nl) == 0 && p[nl] == ':') {
            const char *v = p + nl + 1;
            while (v < eol && (*v == ' ' || *v == '\t'))
                v++;
            size_t vl = (size_t)(eol - v);
            while (vl && (v[vl - 1] == '\r' || v[vl - 1] == ' '))
                vl--;
            if (vl >= cap)
                vl = cap - 1;
            memcpy(out, v, vl);
            out[vl] = '\0';
            return 0;
        }
        p = eol + 1;
    }
    return -1;
}

/* Reads one answer: status, body (NUL-terminated) into c->resp. 0 or -1. */
static int read_response(conn_t *c, int *must_close)
{
    size_t hend;
    for (;;) {
        char *e = c->in.len ? strstr(c->in.p, "\r\n\r\n") : NULL;
        if (e) {
            hend = (size_t)(e - c->in.p) + 4;
            break;
        }
        if (c->in.len > (1u << 20))
            return -1;
        if (conn_fill(c) <= 0)
            return -1;
    }
    if (sscanf(c->in.p, "HTTP/1.%*d %d", &c->status) != 1)
        return -1;
    char v[64];
    *must_close = 0;
    if (header_value(c->in.p, hend, "Connection", v, sizeof v) == 0 && strcasecmp(v, "close") == 0)
        *must_close = 1;
    if (strncmp(c->in.p, "HTTP/1.0", 8) == 0 &&
        !(header_value(c->in.p, hend, "Connection", v, sizeof v) == 0 && strcasecmp(v, "keep-alive") == 0))
        *must_close = 1;
    c->resp.len = 0;
    buf_reserve(&c->resp, 0);
    c->resp.p[0] = '\0';
    int chunked = header_value(c->in.p, hend, "Transfer-Encoding", v, sizeof v) == 0 &&
                  strstr(v, "chunked") != NULL;
    long long clen = -1;
    if (!chunked && header_value(c->in.p, hend, "Content-Length", v, sizeof v) == 0)
        clen = atoll(v);
    size_t pos = hend;
    if (chunked) {
        for (;;) {
            char *eol;
            while ((eol = strstr(c->in.p + pos, "\r\n")) == NULL)
                if (conn_fill(c) <= 0)
                    return -1;
            size_t sz = (size_t)strtoul(c->in.p + pos, NULL, 16);
            pos = (size_t)(eol - c->in.p) + 2;
            while (c->in.len < pos + sz + 2)
                if (conn_fill(c) <= 0)
                    return -1;
            buf_add(&c->resp, c->in.p + pos, sz);
            pos += sz + 2;
            if (sz == 0)
                break;
        }
    } else if (clen >= 0) {
        while (c->in.len < pos + (size_t)clen)
            if (conn_fill(c) <= 0)
                return -1;
        buf_add(&c->resp, c->in.p + pos, (size_t)clen);
        pos += (size_t)clen;
    } else {
        ssize_t r;
        while ((r = conn_fill(c)) > 0)
            ;
        if (r < 0)
            return -1;
        buf_add(&c->resp, c->in.p + pos, c->in.len - pos);
        pos = c->in.len;
        *must_close = 1;
    }
    memmove(c->in.p, c->in.p + pos, c->in.len - pos);
    c->in.len -= pos;
    c->in.p[c->in.len] = '\0';
    c->body = c->resp.p;
    c->body_len = c->resp.len;
    return 0;
}

/* One request; reconnects once if a kept-alive connection was closed before
 * anything of the request could have been read (a GET, or a connection never
 * used). Returns 0 (c->status, c->body) or -1 on a network failure. */
static int http(conn_t *c, const char *method, const char *path, const char *body)
{
    c->req.len = 0;
    size_t bl = body ? strlen(body) : 0;
    buf_printf(&c->req, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n", method, path);
    if (body)
        buf_printf(&c->req, "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %zu\r\n", bl);
    buf_printf(&c->req, "\r\n");
    if (body)
        buf_add(&c->req, body, bl);
    int retry = strcmp(method, "GET") == 0 ? 1 : 0;
    for (int attempt = 0; attempt <= retry; attempt++) {
        if (c->fd < 0) {
            if (conn_open(c) < 0)
                return -1;
            if (attempt)
                c->reconnects++;
        }
        int must_close = 0;
        if (send_all(c->fd, c->req.p, c->req.len) == 0 && read_response(c, &must_close) == 0) {
            if (must_close)
                conn_close(c);
            return 0;
        }
        conn_close(c);
    }
    return -1;
}

/* ---- the server ----------------------------------------------------------- */

static const char *g_tavola;
static char g_dir[256], g_db[300], g_log[300];
static int g_out = -1;

static void *drain(void *arg)
{
    int fd = (int)(intptr_t)arg;
    char b[4096];
    while (read(fd, b, sizeof b) > 0)
        ;
    close(fd);
    return NULL;
}

static int start_server(void)
{
    int pfd[2];
    if (pipe(pfd) < 0)
        die("pipe: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0)
        die("fork: %s", strerror(errno));
    if (pid == 0) {
        int lf = open(g_log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        int nf = open("/dev/null", O_RDONLY);
        if (nf >= 0)
            dup2(nf, 0);
        dup2(pfd[1], 1);
        if (lf >= 0)
            dup2(lf, 2);
        close(pfd[0]);
        close(pfd[1]);
        char *argv[] = {(char *)g_tavola, "serve", "--port", "0", "--db", g_db, "--rate", "0",
                        "--max-games", "100000", "--per-address", "0", NULL};
        execv(g_tavola, argv);
        fprintf(stderr, "serve_load: exec %s: %s\n", g_tavola, strerror(errno));
        _exit(127);
    }
    close(pfd[1]);
    g_pid = pid;
    char line[512];
    size_t n = 0;
    double deadline = now_s() + START_TIMEOUT_MS / 1000.0;
    while (!memchr(line, '\n', n)) {
        int left = (int)((deadline - now_s()) * 1000);
        if (left <= 0 || n + 1 >= sizeof line) {
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            die("no 'listening' line from %s serve in 20 s (log: %s)", g_tavola, g_log);
        }
        struct pollfd p = {pfd[0], POLLIN, 0};
        int r = poll(&p, 1, left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue;
        ssize_t k = read(pfd[0], line + n, sizeof line - 1 - n);
        if (k <= 0) {
            int st;
            waitpid(pid, &st, 0);
            die("%s serve exited before listening (status %d; log: %s)", g_tavola, st, g_log);
        }
        n += (size_t)k;
        line[n] = '\0';
    }
    line[n] = '\0';
    const char *p = strstr(line, "listening on http://");
    const char *colon = p ? strchr(p + 20, ':') : NULL;
    if (!colon || sscanf(colon + 1, "%d", &g_port) != 1 || g_port <= 0)
        die("unexpected first line from the server: %s", line);
    g_out = pfd[0];
    pthread_t t;
    if (pthread_create(&t, NULL, drain, (void *)(intptr_t)g_out) == 0)
        pthread_detach(t);
    return 0;
}

static void kill_server(int sig)
{
    if (g_pid <= 0)
        return;
    kill(g_pid, sig);
    int st;
    double deadline = now_s() + 10;
    for (;;) {
        pid_t r = waitpid(g_pid, &st, WNOHANG);
        if (r == g_pid || (r < 0 && errno != EINTR))
            break;
        if (now_s() > deadline) {
            kill(g_pid, SIGKILL);
            waitpid(g_pid, &st, 0);
            break;
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    g_pid = -1;
}

static void cleanup_dir(void)
{
    static const char *suffix[] = {"", "-wal", "-shm", "-journal"};
    char p[400];
    for (size_t i = 0; i < sizeof suffix / sizeof *suffix; i++) {
        snprintf(p, sizeof p, "%s%s", g_db, suffix[i]);
        unlink(p);
    }
    unlink(g_log);
    rmdir(g_dir);
}

/* ---- the games ------------------------------------------------------------ */

typedef struct {
    char id[64];
    long long acked;        /* the ply of the last 200 answer */
    int over;
} game_t;

static pthread_mutex_t g_games_lock = PTHREAD_MUTEX_INITIALIZER;
static game_t **g_games;
static size_t g_ngames, g_capgames;

static game_t *new_game(const char *id)
{
    game_t *g = xmalloc(sizeof *g);
    memset(g, 0, sizeof *g);
    snprintf(g->id, sizeof g->id, "%s", id);
    pthread_mutex_lock(&g_games_lock);
    if (g_ngames == g_capgames) {
        g_capgames = g_capgames ? 2 * g_capgames : 1024;
        g_games = xrealloc(g_games, g_capgames * sizeof *g_games);
    }
    g_games[g_ngames++] = g;
    pthread_mutex_unlock(&g_games_lock);
    return g;
}

static const char *g_ruleset = "connect4";
static double g_deadline;
static double g_interval; /* --rate: seconds between one game's moves (0: at once) */
static volatile int g_abort;

typedef struct {
    int idx;
    uint64_t rng;
    conn_t c;
    double *lat;
    size_t nlat, caplat;
    long long moves, created, finished, errors, refused;
    double next; /* --rate: when this game's next move is due */
    char err[256];
} worker_t;

static void werr(worker_t *w, const char *fmt, ...)
{
    w->errors++;
    if (w->err[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->err, sizeof w->err, fmt, ap);
    va_end(ap);
}

static void *run_worker(void *arg)
{
    worker_t *w = arg;
    char (*legal)[MAX_MOVE] = xmalloc(sizeof(char[MAX_LEGAL][MAX_MOVE]));
    buf_t body = {0}, path = {0};
    char tok[2][128], id[64];
    game_t *g = NULL;
    long long ply = 0, to_move = 1;
    int nlegal = 0;
    while (!g_abort && now_s() < g_deadline) {
        if (!g) {
            body.len = 0;
            buf_printf(&body, "ruleset=");
            buf_urlencode(&body, g_ruleset);
            buf_printf(&body, "&options=&p1=human&p2=human&seed=%llu",
                       (unsigned long long)(rng_next(&w->rng) >> 2));
            if (http(&w->c, "POST", "/api/games", body.p) < 0) {
                werr(w, "create: no answer");
                break;
            }
            if (w->c.status != 201 || json_str(w->c.body, "id", id, sizeof id) < 0) {
                werr(w, "create: %d %.200s", w->c.status, w->c.body);
                break;
            }
            const char *tk = json_find(w->c.body, "tokens");
            if (!tk || json_str(tk, "1", tok[0], sizeof tok[0]) < 0 || json_str(tk, "2", tok[1], sizeof tok[1]) < 0) {
                werr(w, "create: no tokens: %.200s", w->c.body);
                break;
            }
            g = new_game(id);
            w->created++;
            path.len = 0;
            buf_printf(&path, "/api/games/%s?brief=1", id);
            if (http(&w->c, "GET", path.p, NULL) < 0 || w->c.status != 200) {
                werr(w, "GET %s: %d", path.p, w->c.fd < 0 ? -1 : w->c.status);
                break;
            }
            if (json_int(w->c.body, "ply", &ply) < 0 || json_int(w->c.body, "to_move", &to_move) < 0 ||
                (nlegal = json_legal(w->c.body, legal, MAX_LEGAL)) < 0) {
                werr(w, "GET %s: unreadable %.200s", path.p, w->c.body);
                break;
            }
        }
        if (nlegal == 0) {
            werr(w, "game %s ongoing at ply %lld with no legal move", g->id, ply);
            g = NULL;
            continue;
        }
        if (g_interval > 0) { /* paced: each game a move every g_interval, whatever the answers took */
            if (w->next == 0)
                w->next = now_s() + g_interval * (double)(rng_next(&w->rng) % 1000) / 1000.0;
            double wait = w->next - now_s();
            if (wait > 0) {
                struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
                nanosleep(&ts, NULL);
            }
            w->next += g_interval;
            if (now_s() >= g_deadline)
                break;
        }
        const char *mv = legal[rng_next(&w->rng) % (uint64_t)nlegal];
        body.len = 0;
        buf_printf(&body, "token=%s&move=", tok[to_move == 2]);
        buf_urlencode(&body, mv);
        buf_printf(&body, "&ply=%lld&brief=1", ply);
        path.len = 0;
        buf_printf(&path, "/api/games/%s/move", g->id);
        double t0 = now_s();
        if (http(&w->c, "POST", path.p, body.p) < 0) {
            werr(w, "POST %s %s: no answer", path.p, body.p);
            break;
        }
        double dt = now_s() - t0;
        if (w->c.status != 200) {
            w->refused++;
            werr(w, "POST %s %s: %d %.200s", path.p, body.p, w->c.status, w->c.body);
            g = NULL;      /* start a fresh game rather than guess */
            continue;
        }
        long long nply;
        char status[32];
        if (json_int(w->c.body, "ply", &nply) < 0 || json_str(w->c.body, "status", status, sizeof status) < 0) {
            werr(w, "POST %s: unreadable answer %.200s", path.p, w->c.body);
            break;
        }
        g->acked = nply;
        w->moves++;
        if (w->nlat == w->caplat) {
            w->caplat = w->caplat ? 2 * w->caplat : 4096;
            w->lat = xrealloc(w->lat, w->caplat * sizeof *w->lat);
        }
        w->lat[w->nlat++] = dt * 1000.0;
        if (nply != ply + 1)
            werr(w, "game %s: ply %lld after a move at ply %lld", g->id, nply, ply);
        ply = nply;
        if (strcmp(status, "ongoing") != 0) {
            g->over = 1;
            w->finished++;
            g = NULL;
            continue;
        }
        if (json_int(w->c.body, "to_move", &to_move) < 0 || (nlegal = json_legal(w->c.body, legal, MAX_LEGAL)) < 0) {
            werr(w, "POST %s: unreadable answer %.200s", path.p, w->c.body);
            break;
        }
    }
    free(legal);
    free(body.p);
    free(path.p);
    conn_close(&w->c);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Every game's stored ply against the acknowledged; the count of games that lost moves. */
static size_t verify(const char *when, int verbose)
{
    conn_t c;
    memset(&c, 0, sizeof c);
    c.fd = -1;
    size_t lost = 0, printed = 0;
    char path[128];
    for (size_t i = 0; i < g_ngames; i++) {
        game_t *g = g_games[i];
        snprintf(path, sizeof path, "/api/games/%s?brief=1", g->id);
        long long ply = -1;
        int ok = http(&c, "GET", path, NULL) == 0 && c.status == 200 && json_int(c.body, "ply", &ply) == 0;
        if (!ok || ply != g->acked) {
            lost++;
            if (verbose && printed++ < 20) {
                if (!ok)
                    printf("lost %s: game %s: GET answered %d %.120s (acknowledged ply %lld)\n", when, g->id,
                           c.fd < 0 && c.status == 0 ? -1 : c.status, c.body ? c.body : "", g->acked);
                else
                    printf("lost %s: game %s: ply %lld, acknowledged %lld\n", when, g->id, ply, g->acked);
            }
        }
    }
    conn_free(&c);
    return lost;
}

static void usage(FILE *f)
{
    fputs("usage: serve_load TAVOLA_BINARY [--games N] [--seconds S] [--rate R] [--ruleset NAME] [--seed N] [--quick]\n"
          "Plays N human-vs-human games at once against `TAVOLA_BINARY serve` (one keep-alive\n"
          "connection each), reports moves/s and latency, and checks no acknowledged move is\n"
          "lost, before and after the server is killed and restarted (default: 200 games, 10 s,\n"
          "connect4; --quick: 2 s). --rate R: all games together move R times a second, each\n"
          "at its own even pace (0, the default: each moves as soon as answered).\n",
          f);
}

int main(int argc, char **argv)
{
    long games = 200;
    double seconds = 10;
    unsigned long long seed = 12345;
    int quick = 0, seconds_set = 0;
    double rate = 0;
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    g_tavola = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        char *end;
        if (strcmp(a, "--quick") == 0) {
            quick = 1;
        } else if (i + 1 < argc && strcmp(a, "--games") == 0) {
            games = strtol(argv[++i], &end, 10);
            if (*end || games < 1 || games > 10000) {
                fprintf(stderr, "serve_load: --games: 1..10000\n");
                return 2;
            }
        } else if (i + 1 < argc && strcmp(a, "--seconds") == 0) {
            seconds = strtod(argv[++i], &end);
            if (*end || !(seconds > 0 && seconds <= 3600)) {
                fprintf(stderr, "serve_load: --seconds: a number in (0, 3600]\n");
                return 2;
            }
            seconds_set = 1;
        } else if (i + 1 < argc && strcmp(a, "--rate") == 0) {
            rate = strtod(argv[++i], &end);
            if (*end || !(rate >= 0 && rate <= 1e6)) {
                fprintf(stderr, "serve_load: --rate: moves a second, 0..1000000 (0: as fast as answered)\n");
                return 2;
            }
        } else if (i + 1 < argc && strcmp(a, "--ruleset") == 0) {
            g_ruleset = argv[++i];
        } else if (i + 1 < argc && strcmp(a, "--seed") == 0) {
            seed = strtoull(argv[++i], &end, 10);
            if (*end) {
                fprintf(stderr, "serve_load: --seed: a number\n");
                return 2;
            }
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (quick && !seconds_set)
        seconds = 2;
    g_interval = rate > 0 ? (double)games / rate : 0;
    if (access(g_tavola, X_OK) != 0) {
        fprintf(stderr, "serve_load: not an executable: %s\n", g_tavola);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    const char *tmp = getenv("TMPDIR");
    snprintf(g_dir, sizeof g_dir, "%s/tavola-load-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(g_dir))
        die("mkdtemp %s: %s", g_dir, strerror(errno));
    snprintf(g_db, sizeof g_db, "%s/games.db", g_dir);
    snprintf(g_log, sizeof g_log, "%s/serve.log", g_dir);
    start_server();

    worker_t *ws = xmalloc((size_t)games * sizeof *ws);
    pthread_t *ts = xmalloc((size_t)games * sizeof *ts);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    double t0 = now_s();
    g_deadline = t0 + seconds;
    long started = 0;
    for (long i = 0; i < games; i++) {
        memset(&ws[i], 0, sizeof ws[i]);
        ws[i].idx = (int)i;
        ws[i].rng = seed * 1000003u + (uint64_t)i;
        ws[i].c.fd = -1;
        if (pthread_create(&ts[i], &attr, run_worker, &ws[i]) != 0) {
            fprintf(stderr, "serve_load: pthread_create failed after %ld threads\n", i);
            break;
        }
        started++;
    }
    for (long i = 0; i < started; i++)
        pthread_join(ts[i], NULL);
    double elapsed = now_s() - t0;

    size_t nlat = 0;
    long long moves = 0, created = 0, finished = 0, errors = 0, reconnects = 0;
    for (long i = 0; i < started; i++) {
        nlat += ws[i].nlat;
        moves += ws[i].moves;
        created += ws[i].created;
        finished += ws[i].finished;
        errors += ws[i].errors;
        reconnects += ws[i].c.reconnects;
    }
    double *lat = xmalloc(nlat * sizeof *lat);
    size_t k = 0;
    for (long i = 0; i < started; i++) {
        memcpy(lat + k, ws[i].lat, ws[i].nlat * sizeof *lat);
        k += ws[i].nlat;
    }
    qsort(lat, nlat, sizeof *lat, cmp_double);
    double p50 = nlat ? lat[(nlat - 1) / 2] : 0, p99 = nlat ? lat[(size_t)((double)(nlat - 1) * 0.99)] : 0;
    double pmax = nlat ? lat[nlat - 1] : 0;
    printf("serve: %ld games, %lld moves in %.1f s: %.0f moves/s, p50 %.2f ms, p99 %.2f ms\n", started, moves,
           elapsed, elapsed > 0 ? (double)moves / elapsed : 0.0, p50, p99);
    printf("serve: %lld games created, %lld played to the end, max %.2f ms, %lld reconnects, %lld errors\n",
           created, finished, pmax, reconnects, errors);
    int shown = 0;
    for (long i = 0; i < started && shown < 5; i++)
        if (ws[i].err[0]) {
            printf("error (connection %ld): %s\n", i, ws[i].err);
            shown++;
        }
    fflush(stdout);

    size_t lost1 = verify("before the kill", 1);
    kill_server(SIGKILL);
    start_server();
    size_t lost2 = verify("after kill -9 and a restart", 1);
    kill_server(SIGTERM);
    size_t lost = lost1 > lost2 ? lost1 : lost2;
    printf("lost: %zu\n", lost);
    if (lost)
        printf("(%zu of %zu games differ before the kill, %zu after the restart; server log %s kept)\n", lost1,
               g_ngames, lost2, g_log);
    else
        cleanup_dir();
    int rc = lost || errors || moves == 0 ? 1 : 0;
    if (errors && !lost)
        printf("errors: %lld requests failed (see above)\n", errors);
    for (long i = 0; i < started; i++)
        free(ws[i].lat), conn_free(&ws[i].c);
    for (size_t i = 0; i < g_ngames; i++)
        free(g_games[i]);
    free(g_games);
    free(ws);
    free(ts);
    free(lat);
    pthread_attr_destroy(&attr);
    return rc;
}
