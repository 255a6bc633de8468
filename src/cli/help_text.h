// A command's --help, read back: the program's own help text (cxxopts's
// layout) parsed into its description, usage line and options, so the man
// pages and the shell completion are made from exactly what --help prints
// and cannot drift from it (`adjutant help`, help_cmd.cpp).
#pragma once

#include <string>
#include <vector>

namespace adjutant::cli {

// One entry of main.cpp's command table.
struct CommandEntry {
  const char* name;
  int (*run)(int, char**);
  const char* summary;
};

struct HelpOption {
  std::vector<std::string> names;  // "-o", "--out"
  std::string arg;                 // "arg", or "" for a flag
  std::string text;                // the description, wrapped lines joined
};

// The parsed help of a command or of a command's subcommand ("mail send").
struct CommandHelp {
  std::string name;                      // "verify", "mail send"
  std::string summary;                   // the command table's line
  std::vector<std::string> description;  // as printed, one line each
  std::string usage;                     // "adjutant verify [OPTION...] PATH..."
  std::string arguments;                 // what follows the name: "[OPTION...] PATH..."
  std::vector<HelpOption> options;
  std::vector<CommandHelp> subcommands;  // a command that dispatches (mail)
  std::string text;                      // the help text itself
};

// What `adjutant NAME... --help` prints on standard output.
std::string help_output(const CommandEntry& command, const std::vector<std::string>& words);

// The help of `command`, with its subcommands' when it only dispatches to them.
CommandHelp command_help(const CommandEntry& command);

// The positional words of a usage line's arguments ("GAME", "ORDERS",
// "FILE...", "run"), without the options it shows; literal words are lower case.
std::vector<std::string> usage_positionals(const std::string& arguments);

}  // namespace adjutant::cli
