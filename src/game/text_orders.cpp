#include "game/text_orders.h"

#include <algorithm>

#include "rules/notation.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::game {

namespace {

// JSON as it is, or the ruleset's text notation read against the side's
// view (a hex notation reads the ruleset's hex map).
WrittenOrders read_orders(const rules::Ruleset& ruleset, const model::State& view,
                          const std::string& content, const std::string& source,
                          const std::string& side) {
  WrittenOrders out;
  if (rules::text::looks_like_json(content)) {
    out.body = ledger::parse_strict(content, source);
    if (!out.body.is_object()) throw Error("orders.format", source + ": must be a JSON object");
    return out;
  }
  out.text = true;
  out.parsed = rules::make_notation(ruleset.id())->parse(content, source, {&ruleset, &view}, side);
  out.body = out.parsed.body;
  return out;
}

}  // namespace

WrittenOrders read_written_orders(const Archive& archive, const model::State& state,
                                  const std::string& content, const std::string& source,
                                  const std::string& side) {
  if (rules::text::looks_like_json(content))
    return read_orders(archive.ruleset(), state, content, source, side);
  model::State view = archive.ruleset().view(state, side);
  return read_orders(archive.ruleset(), view, content, source, side);
}

WrittenOrders read_written_orders(const rules::Ruleset& ruleset, const model::State& view,
                                  const std::string& content, const std::string& source,
                                  const std::string& side) {
  return read_orders(ruleset, view, content, source, side);
}

rules::Checked check_written_orders(const Archive& archive, const model::State& state,
                                    const std::string& side, const Json& body,
                                    const std::string& source) {
  auto party = archive.party(side);
  if (!party || side == "umpire")
    throw Error("orders.unknown_side",
                source + ": side " + in_quotes(side) + " is not a side of this game");
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  if (phase.side.empty())
    throw Error("orders.game_over", source + ": the game has ended; no orders are due");
  auto movers = phase.waiting_on();
  if (std::find(movers.begin(), movers.end(), side) == movers.end())
    throw Error("orders.not_your_phase", source + ": orders for " + side + ", but it is " +
                                             phase.side + "'s player-turn (turn " +
                                             std::to_string(phase.turn) + ")");
  // The side is the envelope's (`adjutant sign` fills it in); a ruleset
  // whose check reads it (Chaos of Battle: both sides write in one phase)
  // finds it as `check` does.
  Json enveloped = body;
  if (enveloped.is_object() && !enveloped.contains("side")) enveloped["side"] = side;
  return archive.ruleset().check(state, enveloped, source);
}

std::string problem_at(const rules::OrderProblem& problem, const rules::ParsedText& parsed,
                       const std::string& source) {
  std::string where = printable(source);
  if (problem.order >= 1 && std::size_t(problem.order) <= parsed.orders.size()) {
    const auto& pos = parsed.orders[std::size_t(problem.order) - 1];
    where += ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
  } else if (const auto* pos = parsed.where(problem.unit, problem.rule)) {
    where += ":" + std::to_string(pos->line) + ":" + std::to_string(pos->column);
  }
  return where + ": " + problem.text();
}

}  // namespace adjutant::game
