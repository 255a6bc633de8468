#include "rules/chaos/scenario_part.h"

#include "rules/chaos/orders.h"
#include "rules/chaos/orders_preview.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/view.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

using Json = nlohmann::json;

Json side_part(const Json& scenario, const std::string& side) {
  Json out = {{"format", kPartFormat}, {"side", side}};
  for (const char* key :
       {"id", "title", "ruleset", "table", "bases", "road_width", "turns", "terrain", "landmarks"})
    if (scenario.contains(key)) out[key] = scenario[key];
  Json sides = Json::array();
  for (const auto& s : scenario.value("sides", Json::array())) {
    if (s.value("id", "") == side) {
      sides.push_back(s);
      continue;
    }
    Json other = Json::object();
    for (const char* key : {"id", "name", "colour"})
      if (s.contains(key)) other[key] = s[key];
    sides.push_back(other);
  }
  out["sides"] = sides;
  return out;
}

namespace {

// The table `side` sees, as a scenario and a state the check reads: the
// part's own forces, and a brigade of its own for each enemy regiment base
// and each enemy flag the view shows (ids of the form "?enemy-..." that no
// scenario id can take: an id of a scenario is a word of the file).
struct SeenTable {
  Scenario scenario;
  ChaosState state;
};

SeenTable seen_table(const Scenario& part, const model::State& view, const std::string& side) {
  ReadView seen = read_view(view, side);
  SeenTable t{part, seen.own};
  std::string enemy = other_side(part, side);
  Side* theirs = nullptr;
  for (auto& s : t.scenario.sides)
    if (s.id == enemy) theirs = &s;
  if (!theirs) throw Error("scenario.unknown_side", "the part has no side but " + side);
  int n = 0;
  for (const auto& r : seen.regiments) {
    std::string id = "?enemy-" + std::to_string(++n);
    Brigade b;
    b.id = id;
    b.name = id;
    b.side = enemy;
    b.arm = r.arm == Arm::kCavalry ? Arm::kCavalry : Arm::kInfantry;
    b.regiments.push_back({id + "/r", id + "/r", r.arm, r.stands, 0});
    theirs->brigades.push_back(b);
    t.state.brigades[id] = {enemy, 0, {}, r.at};
    t.state.regiments[id + "/r"] = {id, r.stands, 0, false, r.at, r.facing};
  }
  for (Point p : seen.flags) {
    std::string id = "?enemy-" + std::to_string(++n);
    Brigade b;
    b.id = id;
    b.name = id;
    b.side = enemy;
    theirs->brigades.push_back(b);
    t.state.brigades[id] = {enemy, 0, {p}, std::nullopt};
  }
  // A wagon's facing is not shown (view.h): 0.
  for (Point p : seen.wagons)
    t.state.wagons["?enemy-" + std::to_string(++n)] = {enemy, p, 0, false};
  for (Point p : seen.commanders)
    t.state.commanders["?enemy-" + std::to_string(++n)] = {enemy, p, 0, false};
  return t;
}

// The scenario and the whole-looking state the check reads for `side`,
// with the tokens the side holds (the view shows the enemy's as a count).
struct SeenCheck {
  Scenario scenario;
  model::State state;
};

SeenCheck seen_check(const Scenario& part, const model::State& view, const std::string& side) {
  SeenTable t = seen_table(part, view, side);
  SeenCheck c{std::move(t.scenario), view};
  set_chaos(c.state, t.state);
  Json held = view.extra.value("tokens", Json::object());
  c.state.extra["tokens"] = {{side, held.value(side, Json::array())}};
  return c;
}

}  // namespace

Checked check_seen(const Scenario& part, const model::State& view, const std::string& side,
                   const Json& orders, const std::string& source) {
  SeenCheck c = seen_check(part, view, side);
  Json body = orders;
  if (body.is_object()) body["side"] = side;  // the envelope's, as sign fills it in
  return check_orders(c.scenario, c.state, body, source);
}

Json preview_seen(const Scenario& part, const model::State& view, const std::string& side,
                  const Json& orders) {
  SeenCheck c = seen_check(part, view, side);
  return preview_orders(c.scenario, c.state, orders);
}

}  // namespace adjutant::rules::chaos
