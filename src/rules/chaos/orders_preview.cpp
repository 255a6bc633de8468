#include "rules/chaos/orders_preview.h"

#include "rules/chaos/marker_rates.h"
#include "rules/chaos/table_play.h"

namespace adjutant::rules::chaos {

using Json = nlohmann::json;

namespace {

bool points(const Json& path, std::vector<Point>& out) {
  if (!path.is_array()) return false;
  for (const auto& p : path) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_integer())
      return false;
    out.push_back(point_of(p));
  }
  return true;
}

}  // namespace

Json preview_orders(const Scenario& sc, const model::State& state, const Json& orders) {
  Json out = {{"moves", Json::array()}, {"commanders", Json::array()}};
  if (!orders.is_object()) return out;
  const std::string side = orders.value("side", "");
  ChaosState st = chaos_of(state);
  if (orders.contains("brigades") && orders["brigades"].is_object())
    for (const auto& [id, b] : orders["brigades"].items()) {
      auto it = st.brigades.find(id);
      if (it == st.brigades.end() || it->second.side != side || !b.is_object() ||
          !b.contains("move") || !b["move"].is_object())
        continue;
      const Json& move = b["move"];
      std::vector<Point> path;
      if (!points(move.value("path", Json()), path) || path.empty()) continue;
      const bool deployed = it->second.commander.has_value();
      int n = 0;
      Going going;
      bool cavalry = false;
      if (deployed) {
        std::vector<Outline> regs;
        for (const auto& r : deployed_regiments(st, id))
          regs.push_back(outline(regiment_body(sc, st, r)));
        going = brigade_going(sc.terrain, regs);
        const Brigade* def = sc.brigade(id);
        cavalry = def && def->arm == Arm::kCavalry;
      } else {
        n = move.contains("marker") && move["marker"].is_number_integer()
                ? move["marker"].get<int>()
                : 1;
        if (n < 1 || n > int(it->second.markers.size())) continue;
        going = marker_going(sc.terrain, sc.marker_outline(it->second.markers[std::size_t(n - 1)]));
      }
      out["moves"].push_back({{"brigade", id},
                              {"marker", n},
                              {"length", path_length(path)},
                              {"rate", longest_rate(going, cavalry)},
                              {"going", going_name(going)}});
    }
  if (orders.contains("commanders") && orders["commanders"].is_object())
    for (const auto& [id, c] : orders["commanders"].items()) {
      auto it = st.commanders.find(id);
      std::vector<Point> path;
      if (it == st.commanders.end() || it->second.side != side || !c.is_object() ||
          !points(c.value("path", Json()), path))
        continue;
      out["commanders"].push_back(
          {{"commander", id}, {"length", path_length(path)}, {"rate", 8 * kInch}});
    }
  return out;
}

}  // namespace adjutant::rules::chaos
