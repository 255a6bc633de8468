#include "rules/chaos/view.h"

#include <algorithm>

#include "rules/chaos/table_play.h"
#include "util/error.h"
#include "util/fields.h"

namespace adjutant::rules::chaos {

Json sorted_points(std::vector<Point> pts) {
  std::sort(pts.begin(), pts.end());
  Json out = Json::array();
  for (Point p : pts) out.push_back(json_of(p));
  return out;
}

Json sorted_objects(std::vector<Json> items) {
  std::sort(items.begin(), items.end(),
            [](const Json& a, const Json& b) { return a.dump() < b.dump(); });
  Json out = Json::array();
  for (auto& i : items) out.push_back(std::move(i));
  return out;
}

// A side sees its own brigades whole; of the enemy, only what stands on
// the table: markers as flags, deployed regiments' bases (not their names,
// brigades or stress), commanders and wagons as figures, all listed by
// position. Which marker is real, which a side prefers, the enemy's tokens
// and the tin are not shown.
model::State side_view(const Scenario& scenario, const model::State& state,
                       const std::string& side) {
  if (side.empty() || side == "umpire") return state;
  ChaosState st = chaos_of(state);
  model::State v = state;
  v.extra = Json::object();
  Json own = to_json(st);
  Json mine = {{"brigades", Json::object()},
               {"regiments", Json::object()},
               {"wagons", Json::object()},
               {"commanders", Json::object()}};
  std::vector<Point> markers, brigade_commanders, wagons, commanders;
  std::vector<Json> regiments;
  for (const auto& [id, b] : st.brigades) {
    if (b.side == side) {
      mine["brigades"][id] = own["brigades"][id];
      continue;
    }
    for (Point p : b.markers) markers.push_back(p);
    if (b.commander) brigade_commanders.push_back(*b.commander);
  }
  for (const auto& [id, r] : st.regiments) {
    if (st.brigades.at(r.brigade).side == side) {
      mine["regiments"][id] = own["regiments"][id];
      continue;
    }
    if (r.removed || !r.at) continue;
    Json seen = {{"at", json_of(*r.at)},
                 {"facing", r.facing},
                 {"stands", r.stands},
                 {"arm", arm_name(regiment_spec(scenario, id).arm)}};
    // Limbered guns and dismounted troopers show on the table (version 3).
    if (r.limbered) seen["limbered"] = true;
    if (r.dismounted) seen["dismounted"] = true;
    regiments.push_back(seen);
  }
  for (const auto& [id, w] : st.wagons) {
    if (w.side == side)
      mine["wagons"][id] = own["wagons"][id];
    else if (!w.destroyed)
      wagons.push_back(w.at);
  }
  for (const auto& [id, c] : st.commanders) {
    if (c.side == side)
      mine["commanders"][id] = own["commanders"][id];
    else
      commanders.push_back(c.at);
  }
  Json held = state.extra.value("tokens", Json::object());
  Json tokens = Json::object();
  for (const auto& s : side_ids(scenario))
    tokens[s] =
        s == side ? held.value(s, Json::array()) : Json(held.value(s, Json::array()).size());
  v.extra = {{"view", side},
             {"chaos",
              {{"format", "adjutant-chaos-view/1"},
               {"turn", st.turn},
               {"own", mine},
               {"enemy",
                {{"flags", sorted_points(markers)},
                 {"brigade_commanders", sorted_points(brigade_commanders)},
                 {"regiments", sorted_objects(regiments)},
                 {"wagons", sorted_points(wagons)},
                 {"commanders", sorted_points(commanders)}}}}},
             {"tokens", tokens},
             {"tin", state.extra.value("tin", Json::array()).size()},
             {"tokens_drawn", state.extra.value("tokens_drawn", false)}};
  return v;
}

namespace {

std::vector<Point> points_of(const Json& list, const std::string& where) {
  if (!list.is_array()) throw Error("state.wrong_type", where + ": a list of points");
  std::vector<Point> out;
  for (const auto& p : list) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_integer())
      throw Error("state.wrong_type", where + ": a point is [x, y] in hundredths of an inch");
    out.push_back(point_of(p));
  }
  return out;
}

}  // namespace

ReadView read_view(const model::State& seen, const std::string& side) {
  ReadView out;
  if (side.empty() || side == "umpire") {
    out.own = chaos_of(seen);
    return out;
  }
  out.side = side;
  if (seen.extra.value("view", "") != side || !seen.extra.contains("chaos") ||
      !seen.extra["chaos"].is_object() ||
      seen.extra["chaos"].value("format", "") != "adjutant-chaos-view/1")
    throw Error("state.format", "state: not " + side + "'s view (adjutant-chaos-view/1)");
  const Json& c = seen.extra["chaos"];
  Json own = c.value("own", Json::object());
  own["format"] = "adjutant-chaos-state/1";
  own["turn"] = c.value("turn", 1);
  out.own = state_from_json(own);
  const Json& enemy = c.value("enemy", Json::object());
  out.flags = points_of(enemy.value("flags", Json::array()), "state: enemy.flags");
  out.brigade_commanders = points_of(enemy.value("brigade_commanders", Json::array()),
                                     "state: enemy.brigade_commanders");
  out.wagons = points_of(enemy.value("wagons", Json::array()), "state: enemy.wagons");
  out.commanders = points_of(enemy.value("commanders", Json::array()), "state: enemy.commanders");
  for (const auto& r : enemy.value("regiments", Json::array())) {
    Fields f(r, "state: enemy.regiments", "state");
    EnemyBase b;
    b.at = points_of(Json::array({f.any("at")}), "state: enemy.regiments.at").front();
    b.facing = static_cast<int>(f.integer("facing", 0, 359));
    b.stands = static_cast<int>(f.integer("stands", 0, 99));
    auto arm = arm_from_name(f.str("arm"));
    if (!arm) throw Error("state.wrong_type", "state: enemy.regiments.arm: an arm");
    b.arm = *arm;
    b.limbered = f.boolean("limbered", false);
    b.dismounted = f.boolean("dismounted", false);
    f.finish();
    out.regiments.push_back(b);
  }
  return out;
}

}  // namespace adjutant::rules::chaos
