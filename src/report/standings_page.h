// The standings page of a folder of games (`adjutant view DIR`): one row per
// game (its turn, whose orders are due and by when, what waits on the
// adjudicator, the victory points, the result), each linking the game's
// replay page. Static HTML, no script, no network.
#pragma once

#include <string>
#include <vector>

#include "game/tournament.h"

namespace adjutant::report {

// `links[i]` is the replay page of rows[i] relative to the page ("" for
// none); `title` heads the page, `now` says as of when.
std::string standings_page(const std::string& title, const std::string& now,
                           const std::vector<game::GameRow>& rows,
                           const std::vector<std::string>& links);

}  // namespace adjutant::report
