#include "rules/chaos/table_play.h"

#include "rules/chaos/bearing.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

const Regiment& regiment_spec(const Scenario& scenario, const std::string& id) {
  for (const auto& s : scenario.sides)
    for (const auto& b : s.brigades)
      for (const auto& r : b.regiments)
        if (r.id == id) return r;
  throw Error("state.bad_status", "no regiment " + id + " in scenario " + scenario.id);
}

Body regiment_body(const Scenario& scenario, const ChaosState& state, const std::string& id,
                   std::optional<Point> at) {
  const auto& r = state.regiments.at(id);
  const Regiment& def = regiment_spec(scenario, id);
  Point where = at ? *at : r.at.value_or(Point{});
  return Body{where, r.facing, r.stands, scenario.bases.at(def.arm)};
}

bool point_on_table(const Scenario& scenario, Point p) {
  return p.x >= 0 && p.y >= 0 && p.x <= scenario.table.width && p.y <= scenario.table.length;
}

bool base_on_table(const Scenario& scenario, const Outline& base) {
  for (Point p : base.points)
    if (!point_on_table(scenario, p)) return false;
  return true;
}

int bearing_to(Point from, Point to) {
  Point v = to - from;
  if (v.x == 0 && v.y == 0) return 0;
  // The degree whose unit vector (sin d, cos d) lies closest to v: the
  // largest cosine of the angle between them, compared exactly as
  // dot_a * |u_b| against dot_b * |u_a| (the table's vectors all have
  // length 2^16 to within rounding, so the dot product alone decides).
  int best = 0;
  Wide best_dot = 0;
  for (int d = 0; d < 360; ++d) {
    Wide dot = Wide(sine(d)) * v.x + Wide(cosine(d)) * v.y;
    if (d == 0 || dot > best_dot) {
      best = d;
      best_dot = dot;
    }
  }
  return best;
}

std::vector<std::string> deployed_regiments(const ChaosState& state, const std::string& brigade) {
  std::vector<std::string> out;
  for (const auto& [id, r] : state.regiments)
    if (r.brigade == brigade && !r.removed && r.at) out.push_back(id);
  return out;
}

std::vector<UnitBase> enemy_units(const ChaosState& state, const Scenario& scenario,
                                  const std::string& side) {
  std::vector<UnitBase> out;
  for (auto& u : units_on_table(state, scenario))
    if (u.side != side) out.push_back(std::move(u));
  return out;
}

std::optional<UnitBase> unit_at(const ChaosState& state, const Scenario& scenario,
                                const std::string& side, Point p) {
  for (auto& u : enemy_units(state, scenario, side))
    if (inside(u.base, p)) return u;
  return std::nullopt;
}

std::vector<std::string> side_ids(const Scenario& scenario) {
  std::vector<std::string> out;
  for (const auto& s : scenario.sides) out.push_back(s.id);
  return out;
}

std::string other_side(const Scenario& scenario, const std::string& side) {
  for (const auto& s : scenario.sides)
    if (s.id != side) return s.id;
  return "";
}

Json json_of(Point p) {
  return Json::array({p.x, p.y});
}

Point point_of(const Json& v) {
  return {v.at(0).get<Coord>(), v.at(1).get<Coord>()};
}

ChaosState chaos_of(const model::State& state) {
  const Json& member = state.extra.at("chaos");
  if (const void* kept = state.memo.find(member)) return *static_cast<const ChaosState*>(kept);
  return state_from_json(member);
}

void set_chaos(model::State& state, const ChaosState& table) {
  Json& member = state.extra["chaos"];
  member = to_json(table);
  // The table as written, when reading it back gives the same (a test
  // holds the two equal through whole games); one that reading refuses is
  // read, and refused, again.
  if (reads_back(table))
    state.memo.keep(member, std::make_shared<const ChaosState>(table));
  else
    state.memo.clear();
}

}  // namespace adjutant::rules::chaos
