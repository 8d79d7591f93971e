/* Error reporting for library code: a return code plus a message kept by the
 * caller. Library code never prints and never exits. */
#ifndef TV_ERROR_H
#define TV_ERROR_H

enum {
    TV_OK = 0,
    TV_EINVAL = -1,   /* bad argument or malformed text (move, position, option) */
    TV_EILLEGAL = -2, /* a well-formed move the rules do not allow here */
    TV_ERULES = -3,   /* a ruleset that is broken or inconsistent */
    TV_EHOOK = -4,    /* a ruleset hook failed while the game was running */
    TV_ENOMEM = -5,
    TV_ELIMIT = -6    /* a fixed capacity would be exceeded */
};

#define TV_ERROR_MAX 512

typedef struct tv_error {
    int code;
    char msg[TV_ERROR_MAX];
} tv_error;

/* Record code and a printf-style message in err (if non-NULL); returns code. */
int tv_error_set(tv_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

void tv_error_clear(tv_error *err);

#endif
