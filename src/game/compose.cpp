#include "game/compose.h"

#include "game/adjudicate.h"
#include "game/log.h"
#include "game/ruling.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace {

Json ruling_body(const rules::PhaseInfo& phase, const std::string& kind, const std::string& reason,
                 const std::string& at, const std::string& side) {
  return {{"ruling", kind}, {"turn", phase.turn}, {"phase", phase.name},
          {"side", side},   {"reason", reason},   {"at", at}};
}

std::string next_line(const Writer& w, int offset, const std::string& prev, const std::string& kind,
                      const Json& body) {
  return make_entry_line(int(w.archive.log().size()) + offset, prev, kind, body, w.signer);
}

// `line` (an orders entry or NMR ruling of the phase due) and, when it is
// the last file the phase waits on, the phase's adjudication.
std::vector<std::string> then_adjudication(const Writer& w, const std::string& line) {
  Archive ext = w.archive.with_lines({line});
  Replay next = w.replay;
  next.step(ext.log().back());
  if (!next.awaiting_adjudication()) return {line};
  Json body = adjudication_body(w.archive, next.state(), next.pending_orders(),
                                next.pending_lines(), next.reveals(), w.party, w.link, w.at);
  return {line, make_entry_line(int(ext.log().size()), ext.head(), "adjudication", body, w.signer)};
}

}  // namespace

Json adjudication_body(const Archive& archive, const model::State& state,
                       const std::vector<rules::SideOrders>& orders,
                       const std::vector<int>& orders_lines,
                       const std::map<std::string, LatestReveal>& reveals, const std::string& id,
                       const std::function<std::string(std::uint32_t)>& link,
                       const std::string& at) {
  std::uint32_t i = reveals.at(id).m + 1;
  if (i > archive.party(id)->chain_length)
    throw Error("chain.exhausted", id + "'s dice chain has no link left to reveal");
  std::string s_i = link(i);
  int t = state.adjudications + 1;
  std::string seed = adjudication_seed(archive, t, id, i, s_i, reveals);
  ledger::SeededDice dice(seed);
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  auto [events, after] = resolve_phase(archive.ruleset(), state, orders, dice);
  Json rolls = Json::array();
  for (const auto& r : dice.rolls()) rolls.push_back(ledger::to_json(r));
  std::vector<std::string> echo;
  for (const auto& o : orders)
    echo.insert(echo.end(), o.checked.echo.begin(), o.checked.echo.end());
  Json lines = phase.simultaneous() ? Json(orders_lines) : Json(orders_lines.front());
  return {{"t", t},
          {"turn", phase.turn},
          {"phase", phase.name},
          {"orders", lines},
          {"adjudicator", id},
          {"reveal", {{"m", i}, {"s", ledger::to_hex(s_i)}}},
          {"reveals", reveals_json(reveals)},
          {"seed", ledger::to_hex(seed)},
          {"rolls", rolls},
          {"echo", echo},
          {"events", events},
          {"state", after.hash()},
          {"at", at}};
}

std::vector<std::string> orders_lines(const Writer& w, const Intake& in) {
  rules::PhaseInfo phase = w.replay.phase();
  std::string orders_line = next_line(w, 0, w.archive.head(), "orders", in.envelope);
  if (phase.simultaneous()) {
    // Protocol 2: a side's files come in the order of their revisions (5b).
    long long in_already = w.replay.pending_revision(in.side);
    if (w.archive.protocol() >= 2 && in_already > 0 && in.revision.number <= in_already)
      throw Error("orders.superseded", "revision " + std::to_string(in.revision.number) + " of " +
                                           in.side + "'s orders, but revision " +
                                           std::to_string(in_already) +
                                           " is already in: only a later revision replaces it");
    return then_adjudication(w, orders_line);
  }
  auto reveals = w.replay.reveals();
  reveals[in.side] = {in.m, in.s};
  int orders_seq = int(w.archive.log().size());
  Json body = adjudication_body(w.archive, w.replay.state(), {{phase.side, in.checked}},
                                {orders_seq}, reveals, w.party, w.link, w.at);
  return {orders_line, next_line(w, 1, ledger::sha256_hex(orders_line), "adjudication", body)};
}

std::vector<std::string> extend_lines(const Writer& w, int hours, const std::string& reason,
                                      const std::string& side) {
  if (hours < 1 || hours > 24 * 365)
    throw Error("ruling.bad_hours", "an extension is 1 to 8760 hours", Exit::kUsage);
  Json body = ruling_body(w.replay.phase(), "extend", reason, w.at, side);
  body["hours"] = hours;
  return {next_line(w, 0, w.archive.head(), "ruling", body)};
}

std::vector<std::string> nmr_lines(const Writer& w, const std::string& reason,
                                   const std::string& side) {
  // No moves received means the deadline has passed: before it, the mover
  // still has time, extensions included.
  std::string deadline = w.replay.deadline();
  if (parse_rfc3339(w.at) < parse_rfc3339(deadline))
    throw Error("ruling.before_deadline",
                side + "'s orders are due by " + deadline + " (" +
                    std::to_string(w.archive.deadline_hours()) + " hours" +
                    (w.replay.extension_hours()
                         ? " and " + std::to_string(w.replay.extension_hours()) + " extended"
                         : std::string()) +
                    "); no moves can be ruled before then (it is " + w.at + ")");
  rules::PhaseInfo phase = w.replay.phase();
  rules::Checked checked;
  try {
    checked = w.archive.ruleset().check(w.replay.state(), w.archive.ruleset().empty_orders(side),
                                        "no moves");
  } catch (const rules::OrdersRefused& e) {
    throw Error("ruling.nmr_refused",
                "the rules do not let " + side + "'s player-turn pass without orders:\n" +
                    e.detail() +
                    "\nwait for the orders, extend the deadline, or have the side concede");
  }
  checked.echo.insert(checked.echo.begin(), nmr_echo_line(side));
  Json ruling = ruling_body(phase, "nmr", reason, w.at, side);
  ruling["deadline"] = deadline;
  std::string ruling_line = next_line(w, 0, w.archive.head(), "ruling", ruling);
  if (phase.simultaneous()) return then_adjudication(w, ruling_line);
  // The mover revealed nothing: its latest link stands in the seed.
  int seq = int(w.archive.log().size());
  Json body = adjudication_body(w.archive, w.replay.state(), {{phase.side, checked}}, {seq},
                                w.replay.reveals(), w.party, w.link, w.at);
  return {ruling_line, next_line(w, 1, ledger::sha256_hex(ruling_line), "adjudication", body)};
}

std::vector<std::string> concession_lines(const Writer& w) {
  rules::PhaseInfo phase = w.replay.phase();
  const std::string& side = w.party;
  // The sides as the scenario names them (a ruleset that names none: the
  // conceding side's id, and "the other side").
  const rules::Ruleset& ruleset = w.archive.ruleset();
  std::string winner, loser = ruleset.side_name(side);
  for (const auto& other : ruleset.sides())
    if (other != side) {
      winner = ruleset.side_name(other);
      break;
    }
  Json body = {{"reason", "concession"},
               {"side", side},
               {"result", (winner.empty() ? std::string("the other side") : winner) +
                              " wins: " + (loser.empty() ? side : loser) + " concedes"},
               {"turn", phase.turn},
               {"phase", phase.name},
               {"at", w.at}};
  return {next_line(w, 0, w.archive.head(), "end", body)};
}

}  // namespace adjutant::game
