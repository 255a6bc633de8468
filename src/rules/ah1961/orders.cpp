#include "rules/ah1961/orders.h"

#include <set>

#include "util/fields.h"

namespace adjutant::rules::ah1961 {

namespace {

template <typename F>
void guarded(Problems& problems, int index, const std::string& unit, F read) {
  try {
    read();
  } catch (const Error& e) {
    problems.push_back(problem(e.id(), index, unit, "", "", e.detail()));
  }
}

std::string unit_of(const Json& j) {
  if (j.is_object() && j.contains("unit") && j["unit"].is_string()) return j["unit"];
  return "";
}

// The body's own fields besides the pipeline's; anything else is refused.
Json body_fields(const Json& body, const std::set<std::string>& known, Problems& problems) {
  Json out = Json::object();
  if (!body.is_object()) {
    problems.push_back(
        problem("orders.wrong_type", -1, "", "", "", "the order body must be an object"));
    return out;
  }
  for (const auto& [k, v] : body.items()) {
    if (is_pipeline_field(k)) continue;
    if (!known.count(k)) {
      problems.push_back(problem("orders.unknown_field", -1, "", "", "",
                                 "unknown field \"" + k + "\" in the order body"));
      continue;
    }
    if (!v.is_array()) {
      problems.push_back(
          problem("orders.wrong_type", -1, "", "", "", "\"" + k + "\" must be a list"));
      continue;
    }
    out[k] = v;
  }
  return out;
}

}  // namespace

OrderProblem problem(std::string id, int order, std::string unit, std::string square,
                     std::string rule, std::string message) {
  return OrderProblem{std::move(id),     order,           std::move(unit),
                      std::move(square), std::move(rule), std::move(message)};
}

SetupOrders parse_setup(const Json& body, Problems& problems) {
  SetupOrders out;
  Json b = body_fields(body, {"fortifications", "place", "substitute"}, problems);
  int index = 0;
  for (const auto& f : b.value("fortifications", Json::array())) {
    ++index;
    if (!f.is_string()) {
      problems.push_back(problem("orders.wrong_type", index, "", "", "setup.1",
                                 "a fortification is a square number"));
      continue;
    }
    out.fortifications.push_back({index, f.get<std::string>()});
  }
  for (const auto& p : b.value("place", Json::array())) {
    ++index;
    guarded(problems, index, unit_of(p), [&] {
      Fields f(p, "place[" + std::to_string(index) + "]", "orders");
      Placement x{index, f.str("unit"), f.str("at")};
      f.finish();
      out.places.push_back(x);
    });
  }
  for (const auto& s : b.value("substitute", Json::array())) {
    ++index;
    guarded(problems, index, "", [&] {
      Fields f(s, "substitute[" + std::to_string(index) + "]", "orders");
      Substitution x{index, f.str("division"), f.strings("brigades"), f.str("at")};
      f.finish();
      out.substitutions.push_back(x);
    });
  }
  return out;
}

Json AttackOrder::to_json() const {
  Json j = {{"order", index}, {"attackers", attackers}, {"defenders", defenders}};
  if (!retreat.empty()) j["retreat"] = retreat;
  if (!advance.empty()) j["advance"] = advance;
  if (!losses.empty()) j["losses"] = losses;
  return j;
}

AttackOrder AttackOrder::from_json(const Json& j) {
  AttackOrder a;
  a.index = j.at("order").get<int>();
  a.attackers = j.at("attackers").get<std::vector<std::string>>();
  a.defenders = j.at("defenders").get<std::vector<std::string>>();
  if (j.contains("retreat"))
    a.retreat = j["retreat"].get<std::map<std::string, std::vector<std::string>>>();
  if (j.contains("advance")) a.advance = j["advance"].get<std::vector<std::string>>();
  if (j.contains("losses")) a.losses = j["losses"].get<std::vector<std::string>>();
  return a;
}

TurnOrders parse_turn(const Json& body, hex::Numbering numbers, Problems& problems) {
  TurnOrders out;
  Json b = body_fields(body, {"moves", "attacks"}, problems);
  int index = 0;
  for (const auto& m : b.value("moves", Json::array())) {
    ++index;
    std::string where = "moves[" + std::to_string(index) + "]";
    guarded(problems, index, unit_of(m), [&] {
      Fields f(m, where, "orders");
      MoveOrder x;
      x.index = index;
      if (f.has("substitute") || f.has("recombine")) {
        x.kind = f.has("substitute") ? "substitute" : "recombine";
        x.division = f.str(x.kind);
        x.brigades = f.strings("brigades");
      } else if (f.has("build")) {
        x.kind = "build";
        x.bridge = f.str("build");
        x.river = f.str("river");
        x.far = f.str("far");
      } else {
        x.kind = "move";
        if (f.has("units"))
          x.units = f.strings("units");
        else
          x.units = {f.str("unit")};
        x.path = f.strings("path");
        if (x.units.empty()) throw Error("move.bad_path", where + ": \"units\" is empty");
        if (x.path.size() < 2)
          throw Error("move.bad_path", where + ": \"path\" needs the start square and one more");
      }
      f.finish();
      out.moves.push_back(x);
    });
  }
  for (const auto& a : b.value("attacks", Json::array())) {
    ++index;
    std::string where = "attacks[" + std::to_string(index) + "]";
    guarded(problems, index, "", [&] {
      Fields f(a, where, "orders");
      AttackOrder x;
      x.index = index;
      x.attackers = f.strings("attackers");
      x.defenders = f.strings("defenders");
      if (auto r = f.any_opt("retreat")) {
        if (!r->is_object())
          throw Error("orders.wrong_type", where + ": \"retreat\" must be an object");
        for (const auto& [unit, squares] : r->items()) {
          if (!squares.is_array() || squares.size() != 2)
            throw Error("orders.wrong_type",
                        where + ": retreat." + unit + " must list the two squares of BACK 2");
          for (const auto& s : squares)
            if (!s.is_string() || !numbers.parse(s.get<std::string>()))
              throw Error("move.bad_hex", where + ": retreat." + unit + " names a bad square");
          x.retreat[unit] = squares.get<std::vector<std::string>>();
        }
      }
      x.advance = f.strings_opt("advance");
      x.losses = f.strings_opt("losses");
      f.finish();
      if (x.attackers.empty() || x.defenders.empty())
        throw Error("attack.empty", where + ": needs attackers and defenders");
      out.attacks.push_back(x);
    });
  }
  return out;
}

}  // namespace adjutant::rules::ah1961
