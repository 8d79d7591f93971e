/* tavola ugi RULESET [-o k=v]...: the Universal Game Interface on stdin/stdout. */
#ifndef CLI_UGI_H
#define CLI_UGI_H

int cmd_ugi(int argc, char **argv);

#endif
