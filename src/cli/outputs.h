// What a player receives after an adjudication: maps, reports and mail files
// in the turn's folder, all drawn from the log (so they can be rewritten).
#pragma once

#include <filesystem>

namespace adjutant::cli {

// Writes the outputs of adjudication t (1-based) of the game in `dir`.
void write_turn_outputs(const std::filesystem::path& dir, int t);

}  // namespace adjutant::cli
