/* The sandbox limits of the rulesets the command loads, from the environment:
 * TAVOLA_LIMITS="memory=N,load_steps=N,hook_steps=N,load_ms=N,hook_ms=N",
 * any subset, each a whole number or "none" (no limit). A host that runs the
 * command on strangers' rulesets tightens them; a test lifts every limit but
 * the one it is about, so no machine's speed decides which one trips. */
#ifndef CLI_LIMITS_H
#define CLI_LIMITS_H

/* Reads TAVOLA_LIMITS (unset or empty: the library's defaults) and hands it
 * to the library. 0, or 2 after a message naming what was wrong. */
int cli_limits_from_env(void);

#endif
