// `adjutant help`: the program's usage, or one command's help
// (`adjutant help verify`). Hidden, for the build and the shells: `help --man
// [CMD]` prints a manual page, `help --man-dir DIR` writes them all, and
// `help --complete INDEX WORD...` is the shell completion (completion.h).
#pragma once

#include <iosfwd>
#include <vector>

#include "cli/help_text.h"

namespace adjutant::cli {

int cmd_help(int argc, char** argv, const std::vector<CommandEntry>& commands,
             void (*usage)(std::ostream&));

}  // namespace adjutant::cli
