// `adjutant render --scenario FILE`: a scenario's map at its set-up, drawn
// without a game, so that whoever edits or traces a scenario sees it at once.
#pragma once

#include <filesystem>
#include <string>

namespace adjutant::cli {

// Reads and checks the scenario `value` names (a file or a shipped name) as
// `adjutant new` does and writes its map, as the umpire sees it at set-up,
// to `out` (`png`: PNG, else SVG); says what it wrote as JSON with `json`.
// Returns the exit code.
int render_scenario(const std::string& value, const std::filesystem::path& out, bool png,
                    bool json);

}  // namespace adjutant::cli
