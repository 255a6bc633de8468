// What the CLI draws after each adjudication (maps, reports, mail), and how
// it reports the caches a command rebuilt or could not write.
#pragma once

#include <string>
#include <vector>

#include "game/caches.h"

namespace adjutant::cli {

// Draws map-<view>.svg/.png for every side and the umpire, then each
// party's report and mail, into a turn folder.
game::TurnWriter turn_writer();

// "note: ..." lines on standard error.
void print_notes(const std::vector<std::string>& notes);

}  // namespace adjutant::cli
