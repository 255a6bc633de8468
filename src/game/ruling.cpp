#include "game/ruling.h"

#include <algorithm>

#include "game/secrets.h"

#include "game/log.h"
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

Json ruling_body(const rules::PhaseInfo& phase, const std::string& kind, const std::string& reason,
                 const std::string& at, const std::string& side) {
  return {{"ruling", kind}, {"turn", phase.turn}, {"phase", phase.name},
          {"side", side},   {"reason", reason},   {"at", at}};
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
  Json body = ruling_body(phase, "extend", reason, at, side);
  body["hours"] = hours;
  return commit_lines(
      g.archive, g.replay,
      {make_entry_line(int(g.archive.log().size()), g.archive.head(), "ruling", body, by.key)},
      options.outputs);
}

CommitResult rule_nmr(const fs::path& dir, const std::string& reason,
                      const AdjudicateOptions& options) {
  OpenGame g(dir, options.outputs);
  std::string at = checked_record_time(options.at, g.archive, g.replay, !options.simulated_time);
  rules::PhaseInfo phase = awaited(g, options.expect_head);
  std::string side = ruled_side(g, phase, options.side);
  // No moves received means the deadline has passed: before it, the mover
  // still has time, extensions included.
  std::string deadline = g.replay.deadline();
  if (parse_rfc3339(at) < parse_rfc3339(deadline))
    throw Error("ruling.before_deadline",
                side + "'s orders are due by " + deadline + " (" +
                    std::to_string(g.archive.deadline_hours()) + " hours" +
                    (g.replay.extension_hours()
                         ? " and " + std::to_string(g.replay.extension_hours()) + " extended"
                         : std::string()) +
                    "); no moves can be ruled before then (it is " + at + ")");
  std::string by_id = g.archive.adjudicator_for(phase.side);
  SigningParty by =
      load_signing_party(g.archive, by_id, options, true, "who waits for " + side + "'s orders");
  rules::Checked checked;
  try {
    checked = g.archive.ruleset().check(g.replay.state(), g.archive.ruleset().empty_orders(side),
                                        "no moves");
  } catch (const rules::OrdersRefused& e) {
    throw Error("ruling.nmr_refused",
                "the rules do not let " + side + "'s player-turn pass without orders:\n" +
                    e.detail() +
                    "\nwait for the orders, extend the deadline, or have the side concede");
  }
  checked.echo.insert(checked.echo.begin(), nmr_echo_line(side));
  int seq = int(g.archive.log().size());
  Json ruling = ruling_body(phase, "nmr", reason, at, side);
  ruling["deadline"] = deadline;
  std::string ruling_line = make_entry_line(seq, g.archive.head(), "ruling", ruling, by.key);
  if (phase.simultaneous())
    return commit_lines(g.archive, g.replay, phase_lines(g.archive, g.replay, ruling_line, by, at),
                        options.outputs);
  // The mover revealed nothing: its latest link stands in the seed.
  Json body =
      adjudication_body(g.archive, g.replay.state(), checked, g.replay.reveals(), by, seq, at);
  std::string adj_line =
      make_entry_line(seq + 1, ledger::sha256_hex(ruling_line), "adjudication", body, by.key);
  return commit_lines(g.archive, g.replay, {ruling_line, adj_line}, options.outputs);
}

CommitResult concede(const fs::path& dir, const fs::path& key_file, const fs::path& secrets,
                     const std::string& at_option, const TurnWriter& outputs) {
  OpenGame g(dir, outputs);
  std::string at = checked_record_time(at_option, g.archive, g.replay);
  rules::PhaseInfo phase = awaited(g);
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
  const model::SideDef* winner = nullptr;
  const model::SideDef* loser = nullptr;
  if (g.archive.hex_scenario()) {
    const model::Scenario& sc = g.archive.scenario();
    winner = sc.side(sc.other_side(side));
    loser = sc.side(side);
  }
  Json body = {{"reason", "concession"},
               {"side", side},
               {"result", (winner ? winner->name : std::string("the other side")) +
                              " wins: " + (loser ? loser->name : side) + " concedes"},
               {"turn", phase.turn},
               {"phase", phase.name},
               {"at", at}};
  return commit_lines(
      g.archive, g.replay,
      {make_entry_line(int(g.archive.log().size()), g.archive.head(), "end", body, key)}, outputs);
}

}  // namespace adjutant::game
