#include "game/ruling.h"

#include <algorithm>

#include "game/compose.h"
#include "game/log.h"
#include "game/secrets.h"
#include "ledger/digest.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/time_format.h"

namespace adjutant::game {

Json nmr_orders() {
  return {{"moves", Json::array()}, {"attacks", Json::array()}};
}

model::State apply_end(const model::State& state, const EndBody& end) {
  model::State after = state;
  after.phase = "";
  after.result = end.result;
  return after;
}

namespace {

// The phase whose orders are awaited, and the party waiting for them.
rules::PhaseInfo awaited(const OpenGame& g, const std::string& expect_head = "") {
  if (!expect_head.empty() && expect_head != g.archive.head())
    throw Error("ruling.moved",
                g.archive.dir().string() + ": the log moved on (head " +
                    g.archive.head().substr(0, 16) + ", expected " + expect_head.substr(0, 16) +
                    ") since the ruling was decided; nothing ruled",
                Exit::kEnvironment);
  rules::PhaseInfo phase = g.replay.phase();
  if (phase.side.empty())
    throw Error("orders.game_over",
                g.archive.dir().string() + ": the game has ended; nothing to rule on");
  return phase;
}

// The mover a ruling concerns: the phase's one mover, or in a simultaneous
// phase the side named (Error ruling.which_side when several are awaited
// and none is named; ruling.not_awaited for a side not awaited).
std::string ruled_side(const OpenGame& g, const rules::PhaseInfo& phase, const std::string& named) {
  if (!phase.simultaneous()) return phase.side;
  auto awaited = g.replay.sides_awaited();
  if (named.empty()) {
    if (awaited.size() == 1) return awaited.front();
    std::string list;
    for (const auto& s : awaited) list += (list.empty() ? "" : ", ") + s;
    throw Error("ruling.which_side",
                "orders are awaited from " + list + "; name the side the ruling concerns",
                Exit::kUsage);
  }
  if (std::find(awaited.begin(), awaited.end(), named) == awaited.end())
    throw Error("ruling.not_awaited", in_quotes(named) + "'s orders are not awaited in this phase",
                Exit::kUsage);
  return named;
}

}  // namespace

CommitResult rule_extend(const fs::path& dir, int hours, const std::string& reason,
                         const AdjudicateOptions& options) {
  if (hours < 1 || hours > 24 * 365)
    throw Error("ruling.bad_hours", "an extension is 1 to 8760 hours", Exit::kUsage);
  OpenGame g(dir, options.outputs);
  std::string at = checked_record_time(options.at, g.archive, g.replay, !options.simulated_time);
  rules::PhaseInfo phase = awaited(g, options.expect_head);
  std::string side = ruled_side(g, phase, options.side);
  std::string by_id = g.archive.adjudicator_for(phase.side);
  SigningParty by =
      load_signing_party(g.archive, by_id, options, false, "who waits for " + side + "'s orders");
  Writer w{g.archive, g.replay, by_id, by.key, {}, at};
  return commit_lines(g.archive, g.replay, extend_lines(w, hours, reason, side), options.outputs);
}

CommitResult rule_nmr(const fs::path& dir, const std::string& reason,
                      const AdjudicateOptions& options) {
  OpenGame g(dir, options.outputs);
  std::string at = checked_record_time(options.at, g.archive, g.replay, !options.simulated_time);
  rules::PhaseInfo phase = awaited(g, options.expect_head);
  std::string side = ruled_side(g, phase, options.side);
  std::string by_id = g.archive.adjudicator_for(phase.side);
  SigningParty by =
      load_signing_party(g.archive, by_id, options, true, "who waits for " + side + "'s orders");
  Writer w{g.archive,
           g.replay,
           by_id,
           by.key,
           [&](std::uint32_t i) { return ledger::link(by.chain, i); },
           at};
  return commit_lines(g.archive, g.replay, nmr_lines(w, reason, side), options.outputs);
}

CommitResult concede(const fs::path& dir, const fs::path& key_file, const fs::path& secrets,
                     const std::string& at_option, const TurnWriter& outputs) {
  OpenGame g(dir, outputs);
  std::string at = checked_record_time(at_option, g.archive, g.replay);
  awaited(g);
  auto mine = parties_of_keys(g.archive, secrets, key_file, true);
  if (mine.empty())
    throw Error("sign.not_a_player",
                (key_file.empty() ? "no key in " + keys_dir(secrets).string() : key_file.string()) +
                    ": not the key of any side of this game",
                Exit::kUsage);
  if (mine.size() > 1)
    throw Error(
        "sign.which_side",
        "keys of several sides of this game are in " + keys_dir(secrets).string() + "; give --key",
        Exit::kUsage);
  std::string side = mine.front().id;
  auto key = key_for(mine.front(), secrets, key_file, "who plays " + side);
  Writer w{g.archive, g.replay, side, key, {}, at};
  return commit_lines(g.archive, g.replay, concession_lines(w), outputs);
}

}  // namespace adjutant::game
