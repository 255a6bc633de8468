#include "rules/bluegray/orders.h"

#include <set>

#include "util/fields.h"

namespace adjutant::rules::bluegray {

namespace {

// Runs `read`, turning a thrown Error into a problem of order `index`.
template <typename F>
bool guarded(Problems& problems, int index, const std::string& unit, F read) {
  try {
    read();
    return true;
  } catch (const Error& e) {
    problems.push_back(problem(e.id(), index, unit, "", "", e.detail()));
    return false;
  }
}

std::string unit_of(const Json& j) {
  if (j.is_object() && j.contains("unit") && j["unit"].is_string()) return j["unit"];
  return "";
}

MoveOrder read_move(const Json& j, int index, const std::string& where) {
  Fields f(j, where, "orders");
  MoveOrder m;
  m.index = index;
  m.unit = f.str("unit");
  m.enter = f.str_opt("enter");
  m.path = f.strings_opt("path");
  m.to = f.str_opt("to");
  m.strategic = f.boolean("strategic", false);
  m.forced = f.boolean("forced", false);
  m.exit = f.boolean("exit", false);
  f.finish();
  if (f.has("path") == m.to.has_value())
    throw Error("move.bad_path", where + ": give exactly one of \"path\" and \"to\"");
  if (f.has("path") && m.path.empty()) throw Error("move.bad_path", where + ": \"path\" is empty");
  return m;
}

AttackOrder read_attack(const Json& j, int index, const std::string& where) {
  Fields f(j, where, "orders");
  AttackOrder a;
  a.index = index;
  a.attackers = f.strings("attackers");
  a.defenders = f.strings("defenders");
  a.odds = f.str_opt("odds");
  a.advance = f.str_opt("advance");
  a.losses = f.strings_opt("losses");
  f.finish();
  if (a.attackers.empty()) throw Error("attack.empty", where + ": \"attackers\" is empty");
  if (a.defenders.empty()) throw Error("attack.empty", where + ": \"defenders\" is empty");
  return a;
}

// `numbers` checks the retreat hex; nullopt takes it as written.
Standing read_standing(const Json& j, std::optional<hex::Numbering> numbers) {
  Fields f(j, "standing", "orders");
  Standing s;
  if (auto r = f.any_opt("retreat")) {
    Fields g(*r, "standing.retreat", "orders");
    s.prefer = g.str_opt("prefer").value_or("away");
    s.hex = g.str_opt("hex");
    g.finish();
    if (s.prefer != "away" && s.prefer != "toward")
      throw Error("standing.bad", "standing.retreat.prefer must be \"away\" or \"toward\"");
    if (s.prefer == "toward" && !s.hex)
      throw Error("standing.bad", "standing.retreat: \"toward\" needs a \"hex\"");
    if (s.hex && numbers && !numbers->parse(*s.hex))
      throw Error("standing.bad", "standing.retreat.hex \"" + *s.hex + "\" is not a hex number");
  }
  s.cavalry_evade = f.boolean("cavalry_evade", false);
  s.advance = f.boolean("advance", false);
  s.losses = f.str_opt("losses").value_or("fewest_units");
  f.finish();
  if (s.losses != "fewest_units" && s.losses != "weakest_first" && s.losses != "strongest_first")
    throw Error("standing.bad",
                "standing.losses must be fewest_units, weakest_first or strongest_first");
  return s;
}

}  // namespace

OrderProblem problem(std::string id, int order, std::string unit, std::string hex, std::string rule,
                     std::string message) {
  return OrderProblem{std::move(id),  order,           std::move(unit),
                      std::move(hex), std::move(rule), std::move(message)};
}

Json AttackOrder::to_json() const {
  Json j = {{"attackers", attackers}, {"defenders", defenders}};
  if (odds) j["odds"] = *odds;
  if (advance) j["advance"] = *advance;
  if (!losses.empty()) j["losses"] = losses;
  return j;
}

AttackOrder AttackOrder::from_json(const Json& j, int index) {
  AttackOrder a;
  a.index = index;
  a.attackers = j.at("attackers").get<std::vector<std::string>>();
  a.defenders = j.at("defenders").get<std::vector<std::string>>();
  if (j.contains("odds")) a.odds = j["odds"].get<std::string>();
  if (j.contains("advance")) a.advance = j["advance"].get<std::string>();
  if (j.contains("losses")) a.losses = j["losses"].get<std::vector<std::string>>();
  return a;
}

Json Standing::to_json() const {
  Json retreat = {{"prefer", prefer}};
  if (hex) retreat["hex"] = *hex;
  return {{"retreat", retreat},
          {"cavalry_evade", cavalry_evade},
          {"advance", advance},
          {"losses", losses}};
}

Standing Standing::from_json(const Json& j, hex::Numbering numbers) {
  return read_standing(j, numbers);
}

OrderSet parse_orders(const Json& body, hex::Numbering numbers, Problems& problems) {
  OrderSet out;
  if (!body.is_object()) {
    problems.push_back(
        problem("orders.wrong_type", -1, "", "", "", "the order body must be an object"));
    return out;
  }
  for (const auto& [key, value] : body.items())
    if (!is_pipeline_field(key) && key != "moves" && key != "attacks" && key != "standing")
      problems.push_back(
          problem("orders.unknown_field", -1, "", "", "", "unknown field \"" + key + "\""));
  int index = 0;
  if (body.contains("moves")) {
    if (!body["moves"].is_array()) {
      problems.push_back(
          problem("orders.wrong_type", -1, "", "", "", "\"moves\" must be an array"));
    } else {
      for (std::size_t i = 0; i < body["moves"].size(); ++i) {
        const Json& j = body["moves"][i];
        ++index;
        guarded(problems, index, unit_of(j), [&] {
          out.moves.push_back(read_move(j, index, "moves[" + std::to_string(i) + "]"));
        });
      }
    }
  }
  if (body.contains("attacks")) {
    if (!body["attacks"].is_array()) {
      problems.push_back(
          problem("orders.wrong_type", -1, "", "", "", "\"attacks\" must be an array"));
    } else {
      for (std::size_t i = 0; i < body["attacks"].size(); ++i) {
        ++index;
        guarded(problems, index, "", [&] {
          out.attacks.push_back(
              read_attack(body["attacks"][i], index, "attacks[" + std::to_string(i) + "]"));
        });
      }
    }
  }
  if (body.contains("standing"))
    guarded(problems, -1, "", [&] { out.standing = read_standing(body["standing"], numbers); });
  return out;
}

Standing standing_of(const State& state, const std::string& side, hex::Numbering numbers) {
  if (state.extra.contains("standing") && state.extra["standing"].contains(side))
    return Standing::from_json(state.extra["standing"][side], numbers);
  return Standing{};
}

}  // namespace adjutant::rules::bluegray
