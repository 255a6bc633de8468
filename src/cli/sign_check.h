// `adjutant sign` checks before it signs: the very check `check` runs on the
// copy (the phase due, the side, the ruleset's rules), so a file the
// adjudicator would refuse costs no mail. `--force` signs anyway, warned.
#pragma once

#include <filesystem>
#include <string>

#include "game/archive.h"
#include "game/fog.h"
#include "game/text_orders.h"

namespace adjutant::cli {

// Checks `written` (the body `side` wrote in `source`) as `check` will check
// it once signed, against the verified copy's `state`. Returns 0 when it
// passes; else prints the refusal as `check` prints it (each problem on its
// text line) and returns the exit code, unless `force`, which prints a
// warning instead and returns 0. Errors (orders.not_your_phase,
// orders.game_over) are thrown as `check` throws them unless `force`.
int check_before_signing(const game::Archive& archive, const model::State& state,
                         const std::string& side, const game::WrittenOrders& written,
                         const std::string& source, bool force);

// The same on a side's sealed copy, with the side's part of the scenario and
// its view; a copy that holds no part (or a ruleset that gives none) is not
// checked, and says so.
int check_sealed_before_signing(const std::filesystem::path& copy,
                                const game::WrittenOrders& written, const std::string& source,
                                bool force);

}  // namespace adjutant::cli
