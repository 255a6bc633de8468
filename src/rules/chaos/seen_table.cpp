#include "rules/chaos/seen_table.h"

#include "rules/chaos/table_play.h"
#include "rules/chaos/view.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

using Json = nlohmann::json;

Json scenario_part(const Json& scenario, const std::string& side) {
  Json out = scenario;
  bool known = false;
  if (out.contains("sides") && out["sides"].is_array())
    for (auto& s : out["sides"]) {
      if (!s.is_object()) continue;
      if (s.value("id", "") == side) {
        known = true;
        continue;
      }
      for (const char* k : {"brigades", "setup"}) s[k] = Json::array();
      for (const char* k : {"commanders", "wagons"}) s.erase(k);
    }
  if (!known) throw Error("scenario.unknown_side", "no side \"" + side + "\" in the scenario");
  out["part"] = side;
  return out;
}

bool is_side_view(const model::State& state) {
  return state.extra.is_object() && state.extra.contains("view") &&
         state.extra["view"].is_string() && !state.extra["view"].get<std::string>().empty();
}

SeenTable seen_table(const Scenario& scenario, const model::State& view) {
  const std::string side = view.extra.value("view", "");
  ReadView seen = read_view(view, side);
  SeenTable out{scenario, view};
  const std::string enemy = other_side(scenario, side);
  Side* theirs = nullptr;
  for (auto& s : out.scenario.sides)
    if (s.id == enemy) theirs = &s;
  if (!theirs) throw Error("state.format", "state: no side but " + side + " in the scenario");
  theirs->brigades.clear();
  theirs->setup.clear();
  theirs->commanders.clear();
  theirs->wagons.clear();
  ChaosState st = seen.own;
  // What the enemy's pieces are called here, in the order the view lists
  // them; no check names an enemy piece by id (it says "an enemy base").
  auto name = [](const char* kind, std::size_t i) {
    return std::string("enemy ") + kind + " " + std::to_string(i + 1);
  };
  for (std::size_t i = 0; i < seen.flags.size(); ++i)
    st.brigades[name("flag", i)] = {enemy, 0, {seen.flags[i]}, std::nullopt};
  for (std::size_t i = 0; i < seen.regiments.size(); ++i) {
    const EnemyBase& b = seen.regiments[i];
    Brigade brigade;
    brigade.id = name("brigade", i);
    brigade.side = enemy;
    brigade.arm = b.arm == Arm::kCavalry ? Arm::kCavalry : Arm::kInfantry;
    Regiment r;
    r.id = name("regiment", i);
    r.arm = b.arm;
    r.stands = b.stands;
    brigade.regiments.push_back(r);
    theirs->brigades.push_back(brigade);
    st.brigades[brigade.id] = {enemy, 0, {}, b.at};
    st.regiments[r.id] = {brigade.id, b.stands, 0, false, b.at, b.facing};
  }
  // The view gives a wagon's place, not its facing: a wagon stands square
  // to the table (assumption; scenarios face them 0 or 180, one outline).
  for (std::size_t i = 0; i < seen.wagons.size(); ++i)
    st.wagons[name("wagon", i)] = {enemy, seen.wagons[i], 0, false};
  for (std::size_t i = 0; i < seen.commanders.size(); ++i)
    st.commanders[name("commander", i)] = {enemy, seen.commanders[i], 0, false};
  set_chaos(out.state, st);
  return out;
}

}  // namespace adjutant::rules::chaos
