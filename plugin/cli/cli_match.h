/* tavola match, merge and replay: commands of the tavola command. Each takes
 * the arguments after its name and returns the exit status. */
#ifndef CLI_MATCH_H
#define CLI_MATCH_H

int cmd_match(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_replay(int argc, char **argv);

#endif
