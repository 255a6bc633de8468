#include "rules/chaos/state.h"

#include "rules/chaos/rolls.h"
#include "util/error.h"
#include "util/fields.h"

namespace adjutant::rules::chaos {

namespace {

using Json = nlohmann::json;

Json point_json(Point p) {
  return Json::array({p.x, p.y});
}

Point state_point(const Json& v, const std::string& where) {
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
    throw Error("state.wrong_type", where + ": a point is [x, y] in hundredths of an inch");
  Point p{v[0].get<long long>(), v[1].get<long long>()};
  if (!in_limits(p)) throw Error("state.out_of_range", where + ": a point beyond the table limits");
  return p;
}

// The writers below put each member in place: an initializer list would
// copy every value it holds once more.
Json figure_json(const FigureState& f) {
  Json j = Json::object();
  j["side"] = f.side;
  j["at"] = point_json(f.at);
  j["facing"] = f.facing;
  j["destroyed"] = f.destroyed;
  return j;
}

FigureState figure_from(const Json& j, const std::string& where) {
  Fields f(j, where, "state");
  FigureState x;
  x.side = f.str("side");
  x.at = state_point(f.any("at"), where + ".at");
  x.facing = static_cast<int>(f.integer("facing", 0, 359));
  x.destroyed = f.boolean("destroyed", false);
  f.finish();
  return x;
}

const Regiment& regiment_def(const Scenario& s, const std::string& brigade, const std::string& id) {
  for (const auto& r : s.brigade(brigade)->regiments)
    if (r.id == id) return r;
  throw Error("state.bad_status", "no regiment " + id + " in brigade " + brigade);
}

}  // namespace

ChaosState initial_state(const Scenario& scenario) {
  ChaosState st;
  for (const auto& side : scenario.sides) {
    for (const auto& b : side.brigades) {
      st.brigades[b.id] = {side.id, b.stress, {}, std::nullopt};
      for (const auto& r : b.regiments)
        st.regiments[r.id] = {b.id, r.stands, r.stress, false, {}, 0};
    }
    for (const auto& e : side.setup) {
      auto& b = st.brigades[e.brigade];
      b.markers = e.markers;
      b.commander = e.commander;
      for (const auto& p : e.regiments) {
        st.regiments[p.regiment].at = p.at;
        st.regiments[p.regiment].facing = p.bearing;
      }
    }
    for (const auto& w : side.wagons) st.wagons[w.id] = {side.id, w.at, w.bearing, false};
    for (const auto& c : side.commanders) st.commanders[c.id] = {side.id, c.at, c.bearing, false};
  }
  return st;
}

Json to_json(const ChaosState& st) {
  Json out = Json::object();
  out["format"] = "adjutant-chaos-state/1";
  out["turn"] = st.turn;
  Json& brigades = out["brigades"] = Json::object();
  for (const auto& [id, b] : st.brigades) {
    Json& j = brigades[id] = Json::object();
    j["side"] = b.side;
    j["stress"] = b.stress;
    Json& markers = j["markers"] = Json::array();
    for (Point p : b.markers) markers.push_back(point_json(p));
    j["commander"] = b.commander ? point_json(*b.commander) : Json(nullptr);
  }
  Json& regiments = out["regiments"] = Json::object();
  for (const auto& [id, r] : st.regiments) {
    Json& j = regiments[id] = Json::object();
    j["brigade"] = r.brigade;
    j["stands"] = r.stands;
    j["stress"] = r.stress;
    j["removed"] = r.removed;
    j["at"] = r.at ? point_json(*r.at) : Json(nullptr);
    j["facing"] = r.facing;
    if (r.limbered) j["limbered"] = true;
    if (r.dismounted) j["dismounted"] = true;
  }
  Json& wagons = out["wagons"] = Json::object();
  for (const auto& [id, w] : st.wagons) wagons[id] = figure_json(w);
  Json& commanders = out["commanders"] = Json::object();
  for (const auto& [id, c] : st.commanders) commanders[id] = figure_json(c);
  return out;
}

ChaosState state_from_json(const Json& j) {
  Fields top(j, "state", "state");
  if (top.str("format") != "adjutant-chaos-state/1")
    throw Error("state.format", "state: format must be \"adjutant-chaos-state/1\"");
  ChaosState st;
  st.turn = static_cast<int>(top.integer("turn", 1, 99));
  for (const auto& [id, v] : top.object("brigades").items()) {
    std::string where = "state: brigades." + id;
    Fields f(v, where, "state");
    BrigadeState b;
    b.side = f.str("side");
    b.stress = static_cast<int>(f.integer("stress", 0, 999));
    const Json& markers = f.array("markers");
    if (markers.size() > 2) throw Error("state.out_of_range", where + ": at most 2 markers");
    for (std::size_t i = 0; i < markers.size(); ++i)
      b.markers.push_back(state_point(markers[i], where + ".markers"));
    const Json& c = f.any("commander");
    if (!c.is_null()) b.commander = state_point(c, where + ".commander");
    f.finish();
    st.brigades[id] = b;
  }
  for (const auto& [id, v] : top.object("regiments").items()) {
    std::string where = "state: regiments." + id;
    Fields f(v, where, "state");
    RegimentState r;
    r.brigade = f.str("brigade");
    if (!st.brigades.count(r.brigade))
      throw Error("state.bad_status", where + ": no brigade \"" + r.brigade + "\"");
    r.stands = static_cast<int>(f.integer("stands", 0, 99));
    r.stress = static_cast<int>(f.integer("stress", 0, 999));
    r.removed = f.boolean("removed", false);
    const Json& at = f.any("at");
    if (!at.is_null()) r.at = state_point(at, where + ".at");
    r.facing = static_cast<int>(f.integer("facing", 0, 359));
    r.limbered = f.boolean("limbered", false);
    r.dismounted = f.boolean("dismounted", false);
    f.finish();
    st.regiments[id] = r;
  }
  for (const auto& [id, v] : top.object("wagons").items())
    st.wagons[id] = figure_from(v, "state: wagons." + id);
  for (const auto& [id, v] : top.object("commanders").items())
    st.commanders[id] = figure_from(v, "state: commanders." + id);
  top.finish();
  return st;
}

bool reads_back(const ChaosState& st) {
  auto within = [](long long v, long long low, long long high) { return v >= low && v <= high; };
  if (!within(st.turn, 1, 99)) return false;
  for (const auto& [id, b] : st.brigades) {
    if (!within(b.stress, 0, 999) || b.markers.size() > 2) return false;
    for (Point p : b.markers)
      if (!in_limits(p)) return false;
    if (b.commander && !in_limits(*b.commander)) return false;
  }
  for (const auto& [id, r] : st.regiments) {
    if (!st.brigades.count(r.brigade) || !within(r.stands, 0, 99) || !within(r.stress, 0, 999) ||
        !within(r.facing, 0, 359) || (r.at && !in_limits(*r.at)))
      return false;
  }
  for (const auto* figures : {&st.wagons, &st.commanders})
    for (const auto& [id, f] : *figures)
      if (!within(f.facing, 0, 359) || !in_limits(f.at)) return false;
  return true;
}

StressOutcome stress_regiment(ChaosState& state, const std::string& regiment, int amount,
                              ledger::Dice& dice) {
  auto& r = state.regiments.at(regiment);
  auto out = add_stress(dice, r.stress, r.stands, amount, "stress " + regiment);
  r.stress = out.stress;
  r.stands = out.stands;
  if (out.removed) {
    r.removed = true;
    r.at.reset();
  }
  return out;
}

void stress_brigade(ChaosState& state, const std::string& brigade, int amount) {
  auto& b = state.brigades.at(brigade);
  b.stress = std::max(0, b.stress + amount);
}

RestReport rest_brigade(ChaosState& state, const Scenario& scenario, const std::string& brigade,
                        TurnType turn, ledger::Dice& dice) {
  auto& b = state.brigades.at(brigade);
  bool certain = b.commander.has_value() || b.markers.size() == 1;
  RestReport report;
  report.rest = unengaged_rest(dice, turn, certain, "rest " + brigade);
  stress_brigade(state, brigade, -report.rest.brigade);
  for (auto& [id, r] : state.regiments) {
    if (r.brigade != brigade || r.removed) continue;
    int relief = report.rest.regiments;
    if (r.at) {
      const Regiment& def = regiment_def(scenario, brigade, id);
      Outline base = scenario.regiment_outline(def, {id, *r.at, r.facing});
      for (const auto& [wid, w] : state.wagons) {
        if (w.destroyed || w.side != b.side) continue;
        Outline wagon = scenario.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing});
        if (within(base, wagon, 6 * kInch)) {
          relief += wagon_relief(dice, def.arm, "wagon " + id);
          break;
        }
      }
    }
    int before = r.stress;
    r.stress = std::max(0, r.stress - relief);
    report.relieved[id] = before - r.stress;
  }
  return report;
}

}  // namespace adjutant::rules::chaos
