#include "game/replay.h"

#include <algorithm>

#include "game/adjudicate.h"
#include "game/fog.h"
#include "game/genesis.h"
#include "game/log.h"
#include "game/ruling.h"
#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace {

[[noreturn]] void fail(const std::string& id, const std::string& message) {
  throw Error(id, message, Exit::kVerifyFailed);
}

const Party& party_or_fail(const Archive& a, const std::string& id) {
  for (const auto& p : a.parties())
    if (p.id == id) return p;
  fail("verify.unknown_party", "names party " + in_quotes(id) + ", which genesis does not have");
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
    if (!ledger::same_canonical(r, logged[k]))
      fail("verify.dice", "die " + std::to_string(k) + " is logged as " +
                              printable(logged[k].dump()) + " but recomputes as " + r.dump());
  }
}

// Turn, phase (and side) of a ruling or end entry are those of the phase due.
void check_phase(int turn, const std::string& phase_name, const std::string* side,
                 const rules::PhaseInfo& phase, const char* id) {
  if (phase.side.empty()) fail("verify.after_end", "an entry after the end of the game");
  if (turn != phase.turn || phase_name != phase.name || (side && *side != phase.side))
    fail(id, "turn/phase" + std::string(side ? "/side" : "") + " should be " +
                 std::to_string(phase.turn) + "/" + phase.name + (side ? "/" + phase.side : ""));
}

}  // namespace

void require_signed(const LogEntry& e, const Party& signer, const std::string& role) {
  if (entry_signature_valid(e, signer.public_key)) return;
  std::string fault = entry_signature_fault(e, signer.public_key, signer.id);
  bool keyid =
      fault.find("keyid") != std::string::npos && fault.rfind("the entry is not signed", 0) != 0;
  fail(keyid ? "verify.keyid" : "verify.signature", fault + (keyid ? "" : role));
}

std::string nmr_echo_line(const std::string& side) {
  return "no moves received from " + side + ": the player-turn passes";
}

void check_genesis(const Archive& a) {
  const LogEntry& e = a.log().at(0);
  if (e.kind != "genesis" || e.seq != 0 || e.prev != kZeroHash)
    fail("verify.genesis", "line 0 must be the genesis entry with seq 0 and a zero prev");
  const Json& g = e.body;
  if (protocol_of(g) == 0)
    fail("verify.genesis", "unknown genesis format (this release knows adjutant-game/1 to /" +
                               std::to_string(kLatestProtocol) + ")");
  if (!a.genesis_problem().empty()) fail("verify.card", a.genesis_problem());
  std::string host_id =
      g.contains("host") && g["host"].is_string() ? g["host"].get<std::string>() : std::string();
  const Party& host = party_or_fail(a, host_id);
  require_signed(e, host, ", the host (genesis)");
  std::string pinned = g.contains("scenario") && g["scenario"].is_object() &&
                               g["scenario"].contains("sha256") &&
                               g["scenario"]["sha256"].is_string()
                           ? g["scenario"]["sha256"].get<std::string>()
                           : std::string();
  // The scenario as opened (its canonical hash, computed once); a fog-of-war
  // game pins it by a salted commitment (protocol 10a).
  if (is_fog_genesis(g))
    check_fog_genesis(a);
  else if (a.scenario_sha256() != pinned)
    fail("verify.scenario", "scenario.json is not the scenario genesis pinned (SHA-256 differs)");
  if (a.in_memory()) return;  // no game.json: the log's line 0 is all there is
  Json game_json = ledger::parse_strict(read_file(a.dir() / "game.json", kMaxJsonFile),
                                        (a.dir() / "game.json").string());
  if (ledger::canonical(game_json) != ledger::canonical(g))
    fail("verify.game_json", "game.json differs from the genesis entry in the log");
}

Replay::Replay(const Archive& archive, bool collect)
    : a_(archive), collect_(collect), state_(archive.ruleset().initial_state()) {
  for (const auto& p : a_.parties()) reveals_[p.id] = {0, p.anchor};
  head_ = a_.log().empty() ? kZeroHash : a_.log().front().hash;
  phase_head_ = head_;
  const Json& g = a_.genesis();
  phase_began_ = g.contains("created") && g["created"].is_string() ? g["created"].get<std::string>()
                                                                   : std::string();
  last_at_ = phase_began_;
}

void Replay::dated(const std::string& at) {
  if (a_.protocol() < 2) return;
  std::int64_t when = parse_rfc3339(at);
  std::int64_t latest = 0;
  try {
    latest = parse_rfc3339(last_at_);
  } catch (const Error&) {
    fail("verify.genesis", "genesis's created is not a time");
  }
  if (when < latest)
    fail("verify.time",
         "dated " + at + ", before " + last_at_ +
             (seq_of_last_at_ == 0 ? " when the game was created"
                                   : ", the time of line " + std::to_string(seq_of_last_at_)) +
             ": times never go back along the log");
  dated_at_ = at;
}

bool Replay::awaiting_adjudication() const {
  if (pending_.empty()) return false;
  for (const auto& side : phase().waiting_on())
    if (!pending_.count(side)) return false;
  return true;
}

std::vector<std::string> Replay::sides_in() const {
  std::vector<std::string> out;
  for (const auto& side : phase().waiting_on())
    if (pending_.count(side)) out.push_back(side);
  return out;
}

std::vector<std::string> Replay::sides_awaited() const {
  std::vector<std::string> out;
  for (const auto& side : phase().waiting_on())
    if (!pending_.count(side)) out.push_back(side);
  return out;
}

std::string Replay::side_due() const {
  rules::PhaseInfo ph = phase();
  if (ph.simultaneous())
    for (const auto& side : ph.waiting_on())
      if (!pending_.count(side)) return side;
  return ph.side;
}

std::string Replay::expected_after() const {
  return phase().simultaneous() ? phase_head_ : head_;
}

std::map<std::string, LatestReveal> Replay::intake_reveals() const {
  auto out = reveals_;
  for (const auto& [side, p] : pending_) out[side] = p.prior;
  return out;
}

std::vector<rules::SideOrders> Replay::pending_orders() const {
  std::vector<rules::SideOrders> out;
  for (const auto& side : phase().waiting_on())
    if (pending_.count(side)) out.push_back({side, pending_.at(side).in.checked});
  return out;
}

long long Replay::pending_revision(const std::string& side) const {
  auto it = pending_.find(side);
  return it == pending_.end() ? 0 : it->second.in.revision.number;
}

std::vector<int> Replay::pending_lines() const {
  std::vector<int> out;
  for (const auto& side : phase().waiting_on())
    if (pending_.count(side)) out.push_back(pending_.at(side).seq);
  return out;
}

rules::PhaseInfo Replay::phase() const {
  return a_.ruleset().current_phase(state_);
}

std::string Replay::deadline() const {
  std::int64_t began = 0;
  try {
    began = parse_rfc3339(phase_began_);
  } catch (const Error&) {
    return "";
  }
  return format_rfc3339(began + std::int64_t(a_.deadline_hours() + extension_hours_) * 3600);
}

void Replay::signed_by(const LogEntry& e, const std::string& party, const std::string& role) const {
  require_signed(e, party_or_fail(a_, party), ", " + role);
}

void Replay::run() {
  const auto& log = a_.log();
  for (std::size_t n = std::size_t(lines_); n < log.size(); ++n) {
    try {
      step(log[n]);
    } catch (const Error& e) {
      throw Error(e.id(),
                  "log.jsonl line " + std::to_string(n) + " (" + printable(log[n].kind) +
                      "): " + e.detail(),
                  Exit::kVerifyFailed);
    }
  }
}

void Replay::step(const LogEntry& e) {
  if (e.seq != lines_)
    fail("verify.seq", "seq is " + std::to_string(e.seq) + ", expected " + std::to_string(lines_));
  if (e.prev != head_)
    fail("verify.chain", "prev does not match the SHA-256 of line " + std::to_string(lines_ - 1));
  dated_at_.clear();
  try {
    if (e.kind == "orders")
      orders(e);
    else if (e.kind == "adjudication")
      adjudication(e);
    else if (e.kind == "ruling")
      ruling(e);
    else if (e.kind == "end")
      end(e);
    else
      fail("verify.kind", "unknown entry kind " + in_quotes(e.kind));
  } catch (const Error& err) {
    if (err.exit_code() == Exit::kVerifyFailed) throw;
    // A rule or field error met while replaying signed content.
    fail("verify.malformed", err.what());
  }
  if (!dated_at_.empty()) {
    last_at_ = dated_at_;
    seq_of_last_at_ = lines_;
    dated_at_.clear();
  }
  head_ = e.hash;
  ++lines_;
}

void Replay::orders(const LogEntry& e) {
  rules::PhaseInfo ph = phase();
  if (ph.side.empty()) fail("verify.after_end", "an entry after the end of the game");
  if (!ph.simultaneous() && !pending_.empty())
    fail("verify.sequence", "two order entries without an adjudication between");
  if (awaiting_adjudication())
    fail("verify.sequence",
         "an order entry after every order file of the phase is in; the adjudication is due");
  std::string adjudicator = a_.adjudicator_for(ph.side);
  signed_by(e, adjudicator, "who adjudicates " + ph.side + "'s orders");
  Intake in;
  try {
    in = take_orders(a_, state_, e.body, "line " + std::to_string(e.seq),
                     ph.simultaneous() ? phase_head_ : e.prev, intake_reveals());
  } catch (const Error& err) {
    fail("verify.orders", err.what());
  }
  // A second file for a side already in replaces it (the same link again,
  // which take_orders demanded); never one ruled NMR.
  auto known = pending_.find(in.side);
  if (known != pending_.end() && known->second.nmr)
    fail("verify.orders", in.side + " was ruled no moves received in this phase");
  // Protocol 2: the files of a side come in the order of their revisions,
  // so the last one in, the one adjudicated, is the latest (5b).
  if (known != pending_.end() && a_.protocol() >= 2 &&
      in.revision.number <= known->second.in.revision.number)
    fail("verify.orders", "revision " + std::to_string(in.revision.number) + " of " + in.side +
                              "'s orders is logged after revision " +
                              std::to_string(known->second.in.revision.number) +
                              ": a file replaces only an earlier revision");
  LatestReveal prior = known != pending_.end() ? known->second.prior : reveals_.at(in.side);
  reveals_[in.side] = {in.m, in.s};
  Json body = in.body;
  std::string side = in.side;
  pending_[side] = Pending{std::move(in), e.seq, std::move(body), prior, false};
}

void Replay::ruling(const LogEntry& e) {
  rules::PhaseInfo ph = phase();
  if (!ph.simultaneous() && !pending_.empty())
    fail("verify.sequence", "a ruling between orders and their adjudication");
  if (awaiting_adjudication())
    fail("verify.sequence", "a ruling after every order file of the phase is in");
  RulingBody b = read_ruling(e.body, "ruling");
  if (ph.simultaneous()) {
    // The ruling names the mover it concerns (protocol 5a).
    check_phase(b.turn, b.phase, nullptr, ph, "verify.ruling");
    auto movers = ph.waiting_on();
    if (std::find(movers.begin(), movers.end(), b.side) == movers.end())
      fail("verify.ruling", in_quotes(b.side) + " sends no orders in this phase");
  } else {
    check_phase(b.turn, b.phase, &b.side, ph, "verify.ruling");
  }
  std::string by = a_.adjudicator_for(ph.side);
  signed_by(e, by, "who waits for " + b.side + "'s orders");
  dated(b.at);
  if (b.ruling == "extend") {
    extension_hours_ += b.hours;
    return;
  }
  if (pending_.count(b.side)) fail("verify.ruling", b.side + "'s orders are already in");
  // An NMR stands for the order entry of the adjudication after it; it is
  // allowed only once the deadline it names, the phase's, has passed.
  if (b.deadline != deadline())
    fail("verify.ruling",
         "the NMR names the deadline " + b.deadline + ", but the phase's is " + deadline());
  if (parse_rfc3339(b.at) < parse_rfc3339(b.deadline))
    fail("verify.ruling", "the NMR was ruled at " + b.at + ", before the deadline " + b.deadline);
  Intake in;
  in.side = b.side;
  in.m = reveals_.at(b.side).m;
  in.s = reveals_.at(b.side).s;
  Json empty = a_.ruleset().empty_orders(b.side);
  try {
    in.checked = a_.ruleset().check(state_, empty, "line " + std::to_string(e.seq));
  } catch (const Error& err) {
    fail("verify.ruling", std::string("no moves is not a legal player-turn here: ") + err.what());
  }
  in.checked.echo.insert(in.checked.echo.begin(), nmr_echo_line(b.side));
  in.body = empty;
  pending_[b.side] = Pending{std::move(in), e.seq, empty, reveals_.at(b.side), true};
}

void Replay::end(const LogEntry& e) {
  if (!pending_.empty())
    fail("verify.sequence", "an end entry between orders and their adjudication");
  EndBody b = read_end(e.body, "end");
  rules::PhaseInfo ph = phase();
  check_phase(b.turn, b.phase, nullptr, ph, "verify.end");
  auto party = a_.party(b.side);
  if (!party || b.side == "umpire") fail("verify.end", in_quotes(b.side) + " is not a side");
  require_signed(e, *party, " (a concession is signed by the side conceding)");
  dated(b.at);
  state_ = apply_end(state_, b);
}

// Re-adjudicates the entry from the state before it and the orders it names,
// and demands the logged reveals, seed, dice, echo, events and state hash.
void Replay::adjudication(const LogEntry& e) {
  rules::PhaseInfo ph = phase();
  if (ph.side.empty()) fail("verify.after_end", "an entry after the end of the game");
  std::string adjudicator = a_.adjudicator_for(ph.side);
  signed_by(e, adjudicator, "who adjudicates " + ph.side + "'s orders");
  if (pending_.empty())
    fail("verify.sequence", "an adjudication without its order entry before it");
  if (!awaiting_adjudication())
    fail("verify.sequence", "an adjudication before every order file of the phase is in");
  // The logged rolls and events are compared where they are, not copied.
  AdjudicationBody b = read_adjudication(e.body, "adjudication", false);
  const Json& logged_rolls = e.body["rolls"];
  const Json& logged_events = e.body["events"];
  int t = state_.adjudications + 1;
  if (b.t != t) fail("verify.adjudication", "t should be " + std::to_string(t));
  // The phase's order files in the order of the sides it waited on.
  std::vector<int> order_lines;
  std::vector<rules::SideOrders> side_orders;
  std::vector<std::string> echo;
  for (const auto& side : ph.waiting_on()) {
    Pending& p = pending_.at(side);
    order_lines.push_back(p.seq);
    echo.insert(echo.end(), p.in.checked.echo.begin(), p.in.checked.echo.end());
    // Moved, not copied: pending orders are cleared once adjudicated, and a
    // step that fails ends the replay.
    side_orders.push_back({side, std::move(p.in.checked)});
  }
  if (!ph.simultaneous() && (b.orders != order_lines.front() || !e.body["orders"].is_number()))
    fail("verify.adjudication", "orders must name line " + std::to_string(order_lines.front()));
  if (ph.simultaneous() && (!e.body["orders"].is_array() || b.orders_lines != order_lines)) {
    std::string want;
    for (int n : order_lines) want += (want.empty() ? "" : ",") + std::to_string(n);
    fail("verify.adjudication", "orders must name the lines [" + want + "]");
  }
  if (b.adjudicator != adjudicator)
    fail("verify.adjudication", "adjudicator should be " + adjudicator);
  if (b.turn != ph.turn || b.phase != ph.name)
    fail("verify.adjudication", "turn/phase should be " + std::to_string(ph.turn) + "/" + ph.name);
  dated(b.at);
  const Party& adj = party_or_fail(a_, adjudicator);
  const LatestReveal& last = reveals_.at(adjudicator);
  std::uint32_t i = last.m + 1;
  if (b.reveal.m != i) fail("verify.reveal", "reveal m should be " + std::to_string(i));
  if (i > adj.chain_length || !ledger::check_link(i, b.reveal.s, last.m, last.s))
    fail("verify.reveal", "the revealed link is not link " + std::to_string(i) + " of " +
                              adjudicator + "'s dice chain");
  if (!ledger::same_canonical(reveals_json(reveals_), e.body["reveals"]))
    fail("verify.reveal", "the player reveals listed are not the latest ones");
  std::string seed = adjudication_seed(a_, t, adjudicator, i, b.reveal.s, reveals_);
  if (ledger::to_hex(seed) != b.seed)
    fail("verify.seed",
         "the seed R_" + std::to_string(t) + " recomputes as " + ledger::to_hex(seed));
  if (b.echo != echo)
    fail("verify.echo",
         "the orders as applied (echo) differ from what the orders say: the first line should "
         "be " +
             in_quotes(echo.empty() ? "" : echo.front()));
  ledger::SeededDice dice(seed);
  auto [events, after] = resolve_phase(a_.ruleset(), state_, side_orders, dice);
  check_rolls(logged_rolls, dice.rolls());
  if (!ledger::same_canonical(events, logged_events))
    fail("verify.events", "the logged events differ from the replay's");
  if (after.hash() != b.state)
    fail("verify.state_hash", "the state hash differs from the replay's (" + after.hash() + ")");
  if (collect_) {
    Adjudication c;
    c.t = t;
    c.seq = e.seq;
    c.orders_seq = order_lines.front();
    c.turn = b.turn;
    c.phase = b.phase;
    c.adjudicator = adjudicator;
    c.at = b.at;
    if (ph.simultaneous()) {
      c.orders = Json::object();
      for (const auto& side : ph.waiting_on()) c.orders[side] = pending_.at(side).body;
    } else {
      c.orders = pending_.at(ph.side).body;
    }
    c.events = std::move(events);
    c.rolls = logged_rolls;
    c.echo = b.echo;
    c.before = state_;
    c.after = after;
    collected_.push_back(std::move(c));
  }
  dice_ += int(dice.rolls().size());
  reveals_[adjudicator] = {i, b.reveal.s};
  state_ = std::move(after);
  pending_.clear();
  phase_head_ = e.hash;
  phase_began_ = b.at;
  extension_hours_ = 0;
}

}  // namespace adjutant::game
