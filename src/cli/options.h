// cxxopts without std::regex: the only way the subcommands include it. With
// its regexes, cxxopts built six std::regex objects at start-up in every file
// that included it (most of what `adjutant --version` ran), and compiling
// and optimising them doubled each subcommand's compile time. Without them it
// checks option names and values by hand and accepts the same command lines,
// except that a value glued to a short option must be letters and digits
// (`-o FILE` or `--out=FILE`, not `-oFILE.key`) and a flag's explicit value
// must be spelt out (`--json=true`, not `--json=t`).
#pragma once

#define CXXOPTS_NO_REGEX
#include <cxxopts.hpp>
