#include "rules/bluegray/army_notes.h"

#include <map>
#include <vector>

#include "rules/bluegray/effectiveness.h"
#include "rules/bluegray/exclusive.h"

namespace adjutant::rules::bluegray {

namespace {

using ledger::Json;

const Json* member(const Json& j, const std::string& key) {
  if (!j.is_object() || !j.contains(key)) return nullptr;
  return &j[key];
}

int number(const Json* j, const char* key, int fallback = 0) {
  if (!j || !j->is_object()) return fallback;
  auto it = j->find(key);
  return it != j->end() && it->is_number_integer() ? it->get<int>() : fallback;
}

std::string morale(const model::State& st, const std::string& side) {
  const Json* m = member(st.extra, "morale");
  m = m ? member(*m, side) : nullptr;
  if (!m) return "";
  int lost = number(m, "lost"), above = number(m, "above");
  bool down = m->value("demoralized", false);
  std::string text = std::to_string(lost) + " SP lost";
  if (down)
    return "DEMORALIZED since turn " + std::to_string(number(m, "since")) + " (" + text +
           ", limit " + std::to_string(above) + ")";
  return text + " (demoralized above " + std::to_string(above) + ")";
}

std::string quota(const rules::hexmap::Scenario& sc, const model::State& st,
                  const std::string& side) {
  const Json* q = member(sc.rules, "movement_quota");
  if (!q || q->value("side", "") != side) return "";
  int of = number(q, "units");
  const Json* used = member(st.extra, "quota");
  if (!used || used->value("side", "") != side)
    return "moves " + std::to_string(of) + " units a turn";
  return "moved " + std::to_string(number(used, "used")) + " of " + std::to_string(of) +
         " units on turn " + std::to_string(number(used, "turn"));
}

std::string crossing(const rules::hexmap::Scenario& sc, const model::State& st,
                     const std::string& side) {
  const Json* c = member(sc.rules, "crossing_roll");
  if (!c || c->value("side", "") != side) return "";
  std::string units;
  for (const auto& u : c->value("units", Json::array()))
    if (u.is_string()) units += (units.empty() ? "" : ", ") + u.get<std::string>();
  std::string at = c->value("hex", "");
  const Json* roll = member(st.extra, "crossing");
  if (!roll)
    return units + " may cross at " + at + " once a 1 is rolled (from turn " +
           std::to_string(number(c, "from_turn", 1)) + ")";
  std::string die = "rolled " + std::to_string(number(roll, "die")) + " on turn " +
                    std::to_string(number(roll, "turn"));
  if (roll->value("allowed", false)) return units + " may cross at " + at + " (" + die + ")";
  return units + " may not cross at " + at + " yet (" + die + ")";
}

std::string flank(const rules::hexmap::Scenario& sc, const model::State& st,
                  const std::string& side) {
  std::map<int, std::vector<std::string>> back;  // turn -> units
  for (const auto& d : sc.units) {
    auto it = st.units.find(d.id);
    if (d.side != side || it == st.units.end() || it->second.status != model::UnitStatus::kWaiting)
      continue;
    const Json* left = member(it->second.extra, "left");
    const Json* enter = member(it->second.extra, "enter");
    if (left && enter) back[number(enter, "turn")].push_back(d.id);
  }
  std::string out;
  for (const auto& [turn, units] : back) {
    std::string names;
    for (const auto& u : units) names += (names.empty() ? "" : ", ") + u;
    out += (out.empty() ? "off the map on the flank march: " : "; ") +
           std::to_string(units.size()) + " back on turn " + std::to_string(turn) + " (" + names +
           ")";
  }
  return out;
}

}  // namespace

bool army_notes(const rules::hexmap::Scenario& sc) {
  for (const char* hook : {"demoralization", "movement_quota", "crossing_roll"})
    if (sc.rules.is_object() && sc.rules.contains(hook)) return true;
  for (const auto& x : sc.exits)
    if (x.back) return true;
  return false;
}

std::string army_text(const rules::hexmap::Scenario& sc, const model::State& st,
                      const std::string& side) {
  std::string out;
  for (const auto& part :
       {morale(st, side), quota(sc, st, side), crossing(sc, st, side), flank(sc, st, side)})
    if (!part.empty()) out += (out.empty() ? "" : "  \u00b7  ") + part;
  return out;
}

CounterMarks counter_marks(const rules::hexmap::Scenario& sc) {
  const auto& ex = exclusive_of(sc);
  return {ex.attacker_effectiveness, ex.demoralization.has_value()};
}

MapMarks map_marks(const rules::hexmap::Scenario& sc, const model::State& st) {
  MapMarks marks;
  // 10.0: the units marked ineffective.
  for (const auto& [id, u] : st.units)
    if (u.marked(kIneffective)) marks.ineffective_units.insert(id);
  // An army demoralized as a whole (Hooker and Lee 18.0: extra.morale).
  if (const Json* all = member(st.extra, "morale"); all && all->is_object())
    for (const auto& [side, m] : all->items())
      if (m.is_object() && m.contains("demoralized") && m["demoralized"].is_boolean() &&
          m["demoralized"].get<bool>())
        marks.demoralized_sides.insert(side);
  if (army_notes(sc))
    for (const auto& side : sc.sides) marks.army[side.id] = army_text(sc, st, side.id);
  // Victory points by where they came from (extra.vp_sources).
  if (const Json* vp = member(st.extra, "vp_sources"); vp && vp->is_object())
    for (const auto& [side, sources] : vp->items()) {
      if (!sources.is_object()) continue;
      auto& out = marks.vp_sources[side];
      for (const auto& [source, points] : sources.items())
        if (points.is_number_integer()) out[source] = points.get<long long>();
    }
  return marks;
}

}  // namespace adjutant::rules::bluegray
