// What the judge's refusal notice tells a player about the order file it
// refused (docs/judge.md "Refusal notices"): each problem as `adjutant
// check` words it, placed on the line of the player's own text orders when
// the orders came as text (the text their order mail carried, kept beside
// the file in inbox/ as NAME.txt, and read back to the very orders signed),
// and never a path of the judge's machine.
#pragma once

#include <filesystem>
#include <string>

#include "game/adjudicate.h"
#include "rules/ruleset.h"
#include "util/error.h"

namespace adjutant::judge {

// The problems of orders the rules refused: one a line, or two where a
// line of the text is quoted ("line 4 of your text orders: 1/I 0499").
// `g` is the game at the phase the file was written for, `side` the file's.
std::string notice_problems(const game::ReadGame& g, const std::string& side,
                            const std::filesystem::path& file, const rules::OrdersRefused& e);

// Any other refusal (a stale or badly signed file, ...): its words, with
// the order file and the game's folder named without their paths.
std::string notice_problems(const std::filesystem::path& game, const std::filesystem::path& file,
                            const Error& e);

}  // namespace adjutant::judge
