#include "game/game_name.h"

#include "util/error.h"
#include "util/printable.h"

namespace adjutant::game {

void check_game_name(const std::string& name, const std::string& source) {
  std::string why;
  if (name.empty())
    why = "is empty";
  else if (name.size() > 100)
    why = "is too long: more than 100 characters";
  else if (has_control(name))
    why = "holds a control character";
  else if (name.front() == '.')
    why = "starts with \".\" (a hidden folder, passed over by a search for games)";
  else if (name.find_first_of("/\\") != std::string::npos)
    why = "holds a \"/\" or \"\\\" (a folder name cannot)";
  if (!why.empty())
    throw Error("game.bad_name", source + ": the game's name " + in_quotes(name) + " " + why,
                Exit::kBadInput);
}

void check_game_folder(const std::filesystem::path& dir, const std::string& source) {
  std::filesystem::path last = dir.lexically_normal();
  if (!last.has_filename()) last = last.parent_path();
  check_game_name(last.filename().string(), source);
}

}  // namespace adjutant::game
