#include "game/verify.h"

#include <set>

#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/genesis.h"
#include "game/intake.h"
#include "game/log.h"
#include "game/ruling.h"
#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::game {

namespace {

// A verification failure at one place, with a stable id.
struct Failure {
  std::string id;
  std::string message;
};

[[noreturn]] void fail(const std::string& id, const std::string& message) {
  throw Failure{id, message};
}

const Party& party_or_fail(const std::vector<Party>& parties, const std::string& id) {
  for (const auto& p : parties)
    if (p.id == id) return p;
  fail("verify.unknown_party", "names party \"" + id + "\", which genesis does not have");
}

void check_genesis(const Archive& a, const LogEntry& e) {
  if (e.kind != "genesis" || e.seq != 0 || e.prev != kZeroHash)
    fail("verify.genesis", "line 0 must be the genesis entry with seq 0 and a zero prev");
  const Json& g = e.body;
  if (g.value("format", "") != kGameFormat) fail("verify.genesis", "unknown genesis format");
  std::vector<Party> parties;
  try {
    parties = genesis_parties(g);
  } catch (const Error& err) {
    fail("verify.card", err.what());
  }
  const Party& host = party_or_fail(parties, g.value("host", ""));
  if (!entry_signature_valid(e, host.public_key))
    fail("verify.signature", "the genesis entry is not signed by the host " + host.id);
  Json scenario = ledger::parse_strict(read_file(a.dir() / "scenario.json"), "scenario.json");
  if (ledger::sha256_hex(ledger::canonical(scenario)) != g.at("scenario").value("sha256", ""))
    fail("verify.scenario", "scenario.json is not the scenario genesis pinned (SHA-256 differs)");
  Json game_json = ledger::parse_strict(read_file(a.dir() / "game.json"), "game.json");
  if (ledger::canonical(game_json) != ledger::canonical(g))
    fail("verify.game_json", "game.json differs from the genesis entry in the log");
}

// Compares the logged rolls with the ones the replay asked for.
void check_rolls(const Json& logged, const std::vector<ledger::Roll>& replayed) {
  for (std::size_t k = 0; k < replayed.size() || k < logged.size(); ++k) {
    if (k >= logged.size())
      fail("verify.dice", "the replay asks for die " + std::to_string(k) + ", which is not logged");
    if (k >= replayed.size())
      fail("verify.dice",
           "die " + std::to_string(k) + " is logged but the replay never asks for it");
    Json r = ledger::to_json(replayed[k]);
    if (ledger::canonical(r) != ledger::canonical(logged[k]))
      fail("verify.dice", "die " + std::to_string(k) + " is logged as " + logged[k].dump() +
                              " but recomputes as " + r.dump());
  }
}

// The body has exactly `members`, and its turn, phase and side are the
// phase now due.
void check_members(const Json& b, std::set<std::string> members, const rules::PhaseInfo& phase) {
  if (!b.is_object() || b.size() != members.size())
    fail("verify.ruling", "the body must have exactly the members of docs/protocol.md 9a");
  for (const auto& [key, value] : b.items())
    if (!members.count(key)) fail("verify.ruling", "unknown member \"" + key + "\"");
  if (phase.side.empty()) fail("verify.after_end", "entry after the end of the game");
  if (b.value("turn", -1) != phase.turn || b.value("phase", "") != phase.name ||
      b.value("side", "") != phase.side)
    fail("verify.ruling", "turn/phase/side should be " + std::to_string(phase.turn) + "/" +
                              phase.name + "/" + phase.side);
}

// A ruling is signed by the party waiting for the phase's orders; an NMR
// ruling stands for the order entry of the adjudication that follows it.
void check_ruling(const Archive& a, const LogEntry& e, const model::State& state,
                  std::optional<Intake>& pending) {
  if (pending) fail("verify.sequence", "a ruling between orders and their adjudication");
  rules::PhaseInfo phase = a.ruleset().current_phase(state);
  std::string kind = e.body.value("ruling", "");
  std::set<std::string> members = {"ruling", "turn", "phase", "side", "reason", "at"};
  if (kind == "extend")
    members.insert("hours");
  else if (kind != "nmr")
    fail("verify.ruling", "unknown ruling \"" + kind + "\"");
  check_members(e.body, members, phase);
  std::string by = a.adjudicator_for(phase.side);
  if (!entry_signature_valid(e, a.party(by)->public_key))
    fail("verify.signature",
         "the ruling is not signed by " + by + ", who waits for " + phase.side + "'s orders");
  if (kind == "extend") {
    if (!e.body["hours"].is_number_integer() || e.body["hours"].get<int>() < 1)
      fail("verify.ruling", "an extension needs whole hours");
    return;
  }
  Intake in;
  in.side = phase.side;
  auto latest = reveals_before(a, e.seq).at(phase.side);
  in.m = latest.m;
  in.s = latest.s;
  try {
    in.checked = a.ruleset().check(state, nmr_orders(), "line " + std::to_string(e.seq));
  } catch (const Error& err) {
    fail("verify.ruling", std::string("no moves is not a legal player-turn here: ") + err.what());
  }
  in.checked.echo.insert(in.checked.echo.begin(),
                         "no moves received from " + phase.side + ": the player-turn passes");
  pending = in;
}

// A concession is signed by the side that concedes.
void check_end(const Archive& a, const LogEntry& e, const model::State& state) {
  rules::PhaseInfo phase = a.ruleset().current_phase(state);
  const Json& b = e.body;
  if (!b.is_object() || b.size() != 6 || b.value("reason", "") != "concession" ||
      !b.contains("side") || !b.contains("result") || !b.contains("turn") || !b.contains("phase") ||
      !b.contains("at"))
    fail("verify.end",
         "an end entry has exactly reason \"concession\", side, result, turn, phase, at");
  if (phase.side.empty()) fail("verify.after_end", "entry after the end of the game");
  if (b.value("turn", -1) != phase.turn || b.value("phase", "") != phase.name)
    fail("verify.end", "turn/phase should be " + std::to_string(phase.turn) + "/" + phase.name);
  std::string side = b.value("side", "");
  auto party = a.party(side);
  if (!party || side == "umpire") fail("verify.end", "\"" + side + "\" is not a side");
  if (!entry_signature_valid(e, party->public_key))
    fail("verify.signature", "the concession is not signed by " + side);
}

// Re-adjudicates one adjudication entry from the state before it and the
// orders it names, and demands the logged reveals, seed, dice, events and
// state hash; returns the state after it.
model::State check_adjudication(const Archive& a, const LogEntry& e, const model::State& state,
                                const Intake& pending, const rules::PhaseInfo& phase,
                                const std::string& adjudicator, int& dice_count) {
  const Json& b = e.body;
  static const std::set<std::string> kMembers = {
      "t",    "turn",  "phase", "orders", "adjudicator", "reveal", "reveals",
      "seed", "rolls", "echo",  "events", "state",       "at"};
  if (!b.is_object() || b.size() != kMembers.size())
    fail("verify.adjudication", "the body must have exactly the members of docs/protocol.md 9");
  for (const auto& [key, value] : b.items())
    if (!kMembers.count(key)) fail("verify.adjudication", "unknown member \"" + key + "\"");
  int t = state.adjudications + 1;
  if (b.value("t", -1) != t) fail("verify.adjudication", "t should be " + std::to_string(t));
  if (b.value("orders", -1) != e.seq - 1)
    fail("verify.adjudication", "orders must name line " + std::to_string(e.seq - 1));
  if (b.value("adjudicator", "") != adjudicator)
    fail("verify.adjudication", "adjudicator should be " + adjudicator);
  if (b.value("turn", -1) != phase.turn || b.value("phase", "") != phase.name)
    fail("verify.adjudication",
         "turn/phase should be " + std::to_string(phase.turn) + "/" + phase.name);
  auto reveals = reveals_before(a, e.seq - 1);
  reveals[pending.side] = {pending.m, pending.s};
  const Party adj = party_or_fail(a.parties(), adjudicator);  // a copy: parties() is a temporary
  std::uint32_t i = reveals.at(adjudicator).m + 1;
  std::string s_i;
  try {
    if (b.at("reveal").at("m").get<std::uint32_t>() != i)
      fail("verify.reveal", "reveal m should be " + std::to_string(i));
    s_i = ledger::from_hex(b.at("reveal").at("s").get<std::string>());
  } catch (const Failure&) {
    throw;
  } catch (const std::exception&) {
    fail("verify.reveal", "malformed reveal");
  }
  if (i > adj.chain_length || s_i.size() != 32 ||
      !ledger::check_link(i, s_i, reveals.at(adjudicator).m, reveals.at(adjudicator).s))
    fail("verify.reveal", "the revealed link is not link " + std::to_string(i) + " of " +
                              adjudicator + "'s dice chain");
  if (ledger::canonical(reveals_json(reveals)) != ledger::canonical(b.value("reveals", Json())))
    fail("verify.reveal", "the player reveals listed are not the latest ones");
  std::string seed = adjudication_seed(a, t, adjudicator, i, s_i, reveals);
  if (ledger::to_hex(seed) != b.value("seed", ""))
    fail("verify.seed",
         "the seed R_" + std::to_string(t) + " recomputes as " + ledger::to_hex(seed));
  ledger::SeededDice dice(seed);
  Json events = a.ruleset().adjudicate(state, pending.checked, dice);
  check_rolls(b.value("rolls", Json::array()), dice.rolls());
  if (ledger::canonical(events) != ledger::canonical(b.value("events", Json())))
    fail("verify.events", "the logged events differ from the replay's");
  model::State after = apply_adjudication(a.ruleset(), state, events);
  if (after.hash() != b.value("state", ""))
    fail("verify.state_hash", "the state hash differs from the replay's (" + after.hash() + ")");
  dice_count += int(dice.rolls().size());
  return after;
}

}  // namespace

Json VerifyReport::to_json() const {
  Json j = {{"ok", ok},     {"lines", lines}, {"adjudications", adjudications},
            {"dice", dice}, {"head", head},   {"exit", exit_code}};
  if (!ok) {
    j["error"] = {{"id", error_id}, {"where", where}, {"message", message}};
    if (bad_line >= 0) j["error"]["line"] = bad_line;
  }
  return j;
}

std::string VerifyReport::text() const {
  if (ok)
    return "verified: " + std::to_string(lines) + " log lines, " + std::to_string(adjudications) +
           " adjudications, " + std::to_string(dice) + " dice; head " + head + "\n";
  return "VERIFICATION FAILED at " + where + ": [" + error_id + "] " + message + "\n";
}

VerifyReport verify_archive(const fs::path& dir) {
  VerifyReport report;
  int bad_line = -1;
  std::string problem;
  std::optional<Archive> archive;
  try {
    archive = Archive::open_partial(dir, bad_line, problem);
  } catch (const Error& e) {
    // A version newer than this build is not tampering (exit 5).
    bool newer = e.exit_code() == Exit::kRulesetVersion;
    report.error_id = e.id() == "archive.not_found" ? "verify.not_found"
                      : newer                       ? e.id()
                                                    : "verify.archive";
    report.where = newer ? "log.jsonl line 0 (genesis)" : dir.string();
    if (newer) report.bad_line = 0;
    report.message = newer ? e.detail() : e.what();
    report.exit_code = int(e.id() == "archive.not_found" ? Exit::kBadInput
                           : newer                       ? Exit::kRulesetVersion
                                                         : Exit::kVerifyFailed);
    return report;
  }
  const Archive& a = *archive;
  const auto& log = a.log();
  int current = 0;
  try {
    check_genesis(a, log.at(0));
    std::vector<Party> parties = a.parties();
    model::State state = a.ruleset().initial_state();
    std::optional<Intake> pending;
    for (std::size_t n = 1; n < log.size(); ++n) {
      current = int(n);
      const LogEntry& e = log[n];
      if (e.seq != int(n))
        fail("verify.seq", "seq is " + std::to_string(e.seq) + ", expected " + std::to_string(n));
      if (e.prev != log[n - 1].hash)
        fail("verify.chain", "prev does not match the SHA-256 of line " + std::to_string(n - 1));
      rules::PhaseInfo phase = a.ruleset().current_phase(state);
      std::string adjudicator = a.adjudicator_for(phase.side);
      if (e.kind == "orders" || e.kind == "adjudication") {
        if (phase.side.empty()) fail("verify.after_end", "entry after the end of the game");
        if (!entry_signature_valid(e, party_or_fail(parties, adjudicator).public_key))
          fail("verify.signature", "the entry is not signed by " + adjudicator +
                                       ", who adjudicates " + phase.side + "'s orders");
      }
      if (e.kind == "orders") {
        if (pending) fail("verify.sequence", "two order entries without an adjudication between");
        try {
          pending = take_orders(a, state, e.body, "line " + std::to_string(n), e.prev, int(n));
        } catch (const Error& err) {
          fail("verify.orders", err.what());
        }
      } else if (e.kind == "adjudication") {
        if (!pending) fail("verify.sequence", "an adjudication without its order entry before it");
        state = check_adjudication(a, e, state, *pending, phase, adjudicator, report.dice);
        report.adjudications += 1;
        pending.reset();
      } else if (e.kind == "ruling") {
        check_ruling(a, e, state, pending);
      } else if (e.kind == "end") {
        if (pending) fail("verify.sequence", "an end entry between orders and their adjudication");
        check_end(a, e, state);
        state = apply_end(state, e.body);
      } else {
        fail("verify.kind", "unknown entry kind \"" + e.kind + "\"");
      }
    }
    if (bad_line >= 0) {
      current = bad_line;
      fail("verify.malformed", problem);
    }
    if (pending) fail("verify.sequence", "the last order entry has no adjudication");
    current = -1;
    std::string state_text;
    try {
      state_text =
          ledger::canonical(ledger::parse_strict(read_file(dir / "state.json"), "state.json"));
    } catch (const Error& err) {
      fail("verify.state_json", err.what());
    }
    if (state_text != state.canonical())
      fail("verify.state_json", "state.json differs from the state the log replays to");
  } catch (const Failure& f) {
    report.error_id = f.id;
    report.message = f.message;
    report.bad_line = current;
    if (current >= 0) {
      std::string kind = current < int(log.size()) ? log[current].kind : "damaged";
      report.where = "log.jsonl line " + std::to_string(current) + " (" + kind + ")";
    } else {
      report.where = "state.json";
    }
    report.exit_code = int(Exit::kVerifyFailed);
    return report;
  } catch (const Error& err) {
    report.error_id = "verify.error";
    report.message = err.what();
    report.bad_line = current;
    report.where = "log.jsonl line " + std::to_string(current);
    report.exit_code = int(Exit::kVerifyFailed);
    return report;
  }
  report.ok = true;
  report.lines = int(log.size());
  report.head = a.head();
  return report;
}

}  // namespace adjutant::game
