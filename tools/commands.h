/* commands.h — the subcommands of wmmfence-litmus.  Each lives in its own
 * tools/cmd_NAME.c and is listed once in tools/commands.def.
 * A command returns the process exit status: 0 success, 1 a verdict or check
 * that failed where the command says so, 2 bad usage or bad input.
 * Example: int cmd_check(int argc, char **argv);  // argv[0] = "check"
 */
#ifndef WMMFENCE_TOOLS_COMMANDS_H
#define WMMFENCE_TOOLS_COMMANDS_H

#define WMM_COMMAND(name, help) int cmd_##name(int argc, char **argv);
#include "commands.def"
#undef WMM_COMMAND

#endif
