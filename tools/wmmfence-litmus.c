/* wmmfence-litmus.c — the litmus front end's driver: dispatches to the
 * subcommands listed in commands.def.
 * Example: wmmfence-litmus check --model power tests/litmus/MP.litmus
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *help;
} command;

static const command commands[] = {
#define WMM_COMMAND(name, help) {#name, cmd_##name, help},
#include "commands.def"
#undef WMM_COMMAND
  {NULL, NULL, NULL}
};

static void usage(FILE *f)
{
  fprintf(f, "usage: wmmfence-litmus COMMAND [OPTION]... FILE...\n\n"
             "Commands:\n");
  for (const command *c = commands; c->name; c++)
    fprintf(f, "  %-10s %s\n", c->name, c->help);
  fprintf(f, "\nModels (--model): sc, tso (x86), pso, rmo, power, armv7, armv8.\n"
             "Run 'wmmfence-litmus COMMAND --help' for a command's options.\n");
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
      !strcmp(argv[1], "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("wmmfence-litmus " PACKAGE_VERSION "\n");
    return 0;
  }
  for (const command *c = commands; c->name; c++)
    if (!strcmp(argv[1], c->name))
      return c->run(argc - 1, argv + 1);
  fprintf(stderr, "wmmfence-litmus: unknown command '%s' (try --help)\n",
          argv[1]);
  return 2;
}
