// Shell completion, worked out by the program for the bash and zsh scripts
// (packaging/completion/): `adjutant help --complete INDEX WORD...` prints
// what the word at INDEX of the command line (WORD 0 is "adjutant") may be.
// Commands and options come from the commands' own help (help_text.h);
// side names from the game folder's game.json (its cards), else from the
// scenario's sides.
#pragma once

#include <string>
#include <vector>

#include "cli/help_text.h"

namespace adjutant::cli {

// The first line says what the shell adds to the words that follow: "files"
// (file names), "dirs" (folder names) or "-" (nothing). A word ending in "/"
// is a folder to go into (game folders are offered so), not a whole word.
std::string completion(const std::vector<CommandEntry>& commands,
                       const std::vector<std::string>& words, std::size_t index);

}  // namespace adjutant::cli
