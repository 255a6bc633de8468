// What the pipeline writes after each adjudication: report-<side>.txt and
// .html for every party, and mail-<party>.eml for every recipient, in the
// turn's folder.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/archive.h"
#include "report/report_input.h"

namespace adjutant::report {

// The facts every report of `archive` shares (the archive must outlive them:
// they point at its scenario and ruleset).
GameFacts game_facts(const game::Archive& archive);

// Writes every file atomically and returns their paths, in writing order.
std::vector<std::filesystem::path> write_turn_outputs(const GameFacts& game,
                                                      const game::Adjudication& adj,
                                                      const std::filesystem::path& turn_folder);
void write_turn_outputs(const game::Archive& archive, const game::Adjudication& adj,
                        const std::filesystem::path& turn_folder);

}  // namespace adjutant::report
