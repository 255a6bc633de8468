// Manual pages in roff, made from the commands' own help (help_text.h):
// adjutant(1) from the program's usage and its command table, and
// adjutant-CMD(1) for each command. `adjutant help --man-dir DIR` writes them
// at build time; `make install` installs them.
#pragma once

#include <string>
#include <vector>

#include "cli/help_text.h"

namespace adjutant::cli {

// adjutant-NAME(1) ("adjutant-verify"; "adjutant-rules-diff").
std::string command_man_page(const CommandHelp& help, const std::string& version);

// adjutant(1): `usage` is what `adjutant --help` prints.
std::string program_man_page(const std::vector<CommandHelp>& commands, const std::string& usage,
                             const std::string& version);

// The page's file name: "adjutant.1", "adjutant-verify.1".
std::string man_file_name(const std::string& command);

}  // namespace adjutant::cli
