#include "render/event_fields.h"

#include <map>

namespace adjutant::render {

std::string event_text(const Json& e, const char* key) {
  if (!e.is_object()) return "";
  auto it = e.find(key);
  if (it == e.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<long long>());
  return "";
}

std::optional<Hex> event_hex(const Scene& scene, const Json& e, const char* key) {
  auto h = scene.scenario.numbers().parse(event_text(e, key));
  if (!h || !scene.scenario.on_map(*h)) return std::nullopt;
  return h;
}

// Only units the state no longer has on the map get a ghost, so an event
// list that does not match the state cannot put a live unit in two places.
std::vector<Ghost> ghosts(const Scene& scene) {
  std::vector<Ghost> out;
  std::map<Hex, int> per_hex;
  for (const auto& e : scene.events) {
    if (event_text(e, "type") != "eliminate") continue;
    std::string unit = event_text(e, "unit");
    auto h = event_hex(scene, e, "hex");
    const auto* def = scene.unit(unit);
    auto st = scene.state.units.find(unit);
    if (!h || !def || st == scene.state.units.end()) continue;
    if (st->second.status == model::UnitStatus::kActive) continue;
    int k = per_hex[*h]++;
    Point c = scene.centre(*h);
    if (scene.stacks.count(*h)) c = {c.x + 0.42 * scene.size, c.y + 0.36 * scene.size};
    out.push_back({def, &st->second, *h, {c.x + 5 * k, c.y + 5 * k}});
  }
  return out;
}

}  // namespace adjutant::render
