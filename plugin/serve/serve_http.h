/* The HTTP side of tavola serve: libmicrohttpd's daemon, one thread per
 * connection (an event stream waits on its game without holding anyone
 * else), bounded connections, request sizes and rates; the routes of HTTP.md. */
#ifndef SERVE_HTTP_H
#define SERVE_HTTP_H

#include "serve_store.h"

typedef struct http_config {
    const char *bind;   /* "127.0.0.1" */
    int port;           /* 0: any free port */
    int connections;    /* at most at once */
    int per_address;    /* at most at once from one address (0: no bound) */
    int trust_proxy;    /* rate by X-Forwarded-For (behind a reverse proxy) */
} http_config;

/* Starts serving; the port it listens on, or -1 with the message in err. */
int http_start(const http_config *cfg, serve_store *st, char *err, size_t err_size);
/* Ends the event streams and stops the daemon. */
void http_stop(void);

#endif
