/* tavola serve: the web game center (a host of the plugin ABI, like the
 * command it is part of). */
#ifndef SERVE_H
#define SERVE_H

/* The arguments after "serve". Runs until SIGINT or SIGTERM; the exit status. */
int serve_main(int argc, char **argv);

#endif
