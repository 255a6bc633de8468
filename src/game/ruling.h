// Moderator decisions in the log (DESIGN "The game archive": `ruling` and
// `end` entries): a deadline extension, a phase played with no moves
// received (NMR), and a concession that ends the game.
#pragma once

#include <filesystem>
#include <string>

#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/entries.h"

namespace adjutant::game {

// The order body an NMR ruling adjudicates: no moves, no attacks.
Json nmr_orders();

// The state once a side has conceded: no phase is due any more.
model::State apply_end(const model::State& state, const EndBody& end);

// `ruling` {"ruling":"extend","turn","phase","side","hours","reason","at"},
// signed by the party waiting for the orders (the phase's adjudicator).
CommitResult rule_extend(const fs::path& dir, int hours, const std::string& reason,
                         const AdjudicateOptions& options);

// `ruling` {"ruling":"nmr",...,"deadline"} and the adjudication of an empty
// order body for the side that sent nothing, signed by the phase's
// adjudicator. The mover reveals no link; the seed uses its latest one.
// Error "ruling.before_deadline" before the phase's deadline (extensions
// included); "ruling.nmr_refused" when the rules do not allow an empty
// player-turn (a mandatory attack, say): the moderator must then wait or
// rule otherwise.
CommitResult rule_nmr(const fs::path& dir, const std::string& reason,
                      const AdjudicateOptions& options);

// `end` {"reason":"concession","side","result","turn","phase","at"}, signed
// by the conceding side's own key: `key_file`, or else the one key of a
// side of this game in `secrets` (Error sign.not_a_player when there is
// none, sign.which_side when there are several).
CommitResult concede(const fs::path& dir, const fs::path& key_file, const fs::path& secrets,
                     const std::string& at, const TurnWriter& outputs);

}  // namespace adjutant::game
