/* tavola replay RECORDS... [--rules DIR], argv after "replay": every record
 * (cli_record.h) is played again, one line per verified game. Returns the
 * exit status: 0, 1 at the first file or record that fails (its FILE:LINE
 * said) or 2 (bad arguments). */
#ifndef CLI_REPLAY_H
#define CLI_REPLAY_H

int cmd_replay(int argc, char **argv);

#endif
