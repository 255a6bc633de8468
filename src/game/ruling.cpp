#include "game/ruling.h"

#include "game/log.h"
#include "ledger/digest.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::game {

Json nmr_orders() {
  return {{"moves", Json::array()}, {"attacks", Json::array()}};
}

model::State apply_end(const model::State& state, const Json& end_body) {
  model::State after = state;
  after.phase = "";
  after.result = end_body.value("result", "");
  return after;
}

namespace {

// The phase whose orders are awaited, and the party waiting for them.
struct Awaited {
  Archive archive;
  model::State state;
  rules::PhaseInfo phase;
  std::string adjudicator;
};

Awaited awaited(const fs::path& dir) {
  Archive archive = Archive::open(dir);
  model::State state = archive.state_at();
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  if (phase.side.empty())
    throw Error("orders.game_over", dir.string() + ": the game has ended; nothing to rule on");
  std::string adjudicator = archive.adjudicator_for(phase.side);
  return {std::move(archive), std::move(state), std::move(phase), std::move(adjudicator)};
}

Json ruling_body(const Awaited& a, const std::string& kind, const std::string& reason,
                 const std::string& at) {
  return {{"ruling", kind},       {"turn", a.phase.turn}, {"phase", a.phase.name},
          {"side", a.phase.side}, {"reason", reason},     {"at", at.empty() ? now_utc() : at}};
}

}  // namespace

void rule_extend(const fs::path& dir, int hours, const std::string& reason,
                 const AdjudicateOptions& options) {
  if (hours < 1 || hours > 24 * 365)
    throw Error("ruling.bad_hours", "an extension is 1 to 8760 hours", Exit::kUsage);
  FolderLock lock(dir);
  Awaited a = awaited(dir);
  SigningParty by = load_signing_party(a.archive, a.adjudicator, options, false,
                                       "who waits for " + a.phase.side + "'s orders");
  Json body = ruling_body(a, "extend", reason, options.at);
  body["hours"] = hours;
  append_log(dir / "log.jsonl", {make_entry_line(int(a.archive.log().size()), a.archive.head(),
                                                 "ruling", body, by.key)});
}

Adjudication rule_nmr(const fs::path& dir, const std::string& reason,
                      const AdjudicateOptions& options) {
  FolderLock lock(dir);
  Awaited a = awaited(dir);
  SigningParty by = load_signing_party(a.archive, a.adjudicator, options, true,
                                       "who waits for " + a.phase.side + "'s orders");
  rules::Checked checked;
  try {
    checked = a.archive.ruleset().check(a.state, nmr_orders(), "no moves");
  } catch (const rules::OrdersRefused& e) {
    throw Error("ruling.nmr_refused",
                "the rules do not let " + a.phase.side + "'s player-turn pass without orders:\n" +
                    e.detail() +
                    "\nwait for the orders, extend the deadline, or have the side concede");
  }
  checked.echo.insert(checked.echo.begin(),
                      "no moves received from " + a.phase.side + ": the player-turn passes");
  int seq = int(a.archive.log().size());
  Json ruling = ruling_body(a, "nmr", reason, options.at);
  std::string ruling_line = make_entry_line(seq, a.archive.head(), "ruling", ruling, by.key);
  // The mover revealed nothing: its latest link stands in the seed.
  auto reveals = reveals_before(a.archive, seq);
  Json events;
  model::State after;
  Json body =
      adjudication_body(a.archive, a.state, checked, reveals, by, seq, options.at, events, after);
  std::string adj_line =
      make_entry_line(seq + 1, ledger::sha256_hex(ruling_line), "adjudication", body, by.key);
  return commit_adjudication(dir, {ruling_line, adj_line}, after, events);
}

void concede(const fs::path& dir, const fs::path& key_file, const std::string& at) {
  FolderLock lock(dir);
  Awaited a = awaited(dir);
  auto key = ledger::SigningKey::load_pem(key_file);
  std::string side;
  for (const auto& p : a.archive.parties())
    if (p.public_key == key.public_raw() && p.id != "umpire") side = p.id;
  if (side.empty())
    throw Error("sign.not_a_player", key_file.string() + ": not the key of any side of this game",
                Exit::kUsage);
  const model::SideDef* winner = a.archive.scenario().side(a.archive.scenario().other_side(side));
  const model::SideDef* loser = a.archive.scenario().side(side);
  Json body = {{"reason", "concession"},
               {"side", side},
               {"result", (winner ? winner->name : std::string("the other side")) +
                              " wins: " + (loser ? loser->name : side) + " concedes"},
               {"turn", a.phase.turn},
               {"phase", a.phase.name},
               {"at", at.empty() ? now_utc() : at}};
  model::State after = apply_end(a.state, body);
  append_log(dir / "log.jsonl",
             {make_entry_line(int(a.archive.log().size()), a.archive.head(), "end", body, key)});
  write_file_atomic(dir / "state.json", after.to_json().dump(2) + "\n");
}

}  // namespace adjutant::game
