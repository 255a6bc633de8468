// A game's name is also a folder's: `new` takes it from the folder it
// creates, and `import` creates the folder it names. A name that would make
// a hidden folder (".x", which a search of a folder of games passes over),
// leave its folder ("a/b", "..") or carry a control character is refused
// where a game is named: new, import and join.
#pragma once

#include <filesystem>
#include <string>

namespace adjutant::game {

// Error "game.bad_name" (exit 1) unless `name` is 1 to 100 characters, has
// no control character, '/' or '\', and does not start with '.'.
// `source` names where it came from ("new --name", "the invitation").
void check_game_name(const std::string& name, const std::string& source);

// The same for the last part of the folder a game is created in.
void check_game_folder(const std::filesystem::path& dir, const std::string& source);

}  // namespace adjutant::game
