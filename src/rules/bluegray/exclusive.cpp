#include "rules/bluegray/exclusive.h"

#include <map>
#include <mutex>

#include "rules/bluegray/exclusive_reader.h"

namespace adjutant::rules::bluegray {

namespace hooks {

hex::Hex Reader::map_hex(const ledger::Json& value, const std::string& path) const {
  if (!value.is_string()) fail("scenario.wrong_type", path, "must be a hex number");
  hex::Hex h = sc.numbers().parse_or_throw(value.get<std::string>(), at(path));
  if (!sc.on_map(h)) fail("scenario.off_map", path, sc.numbers().format(h) + " is off the map");
  return h;
}

void Reader::unit(const std::string& id, const std::string& path) const {
  if (!sc.unit(id)) fail("scenario.unknown_unit", path, "no unit \"" + id + "\" in units");
}

}  // namespace hooks

namespace {

using hooks::Reader;
using ledger::Json;

Reschedule read_reschedule(const Reader& r, const Json& j) {
  const std::string key = "reschedule_blocked_entry";
  Fields f(j, r.at(key), "scenario");
  Reschedule out;
  out.delay = int(f.integer_opt("delay").value_or(1));
  out.rule = f.str_opt("rule").value_or("14.33");
  const Json& toward = f.object("toward");
  f.finish();
  if (out.delay < 1) r.fail("scenario.bad_value", key + ".delay", "must be 1 or more");
  for (const auto& [side, list] : toward.items()) {
    std::string path = key + ".toward." + side;
    r.side(side, path);
    if (!list.is_array() || list.empty())
      r.fail("scenario.wrong_type", path, "must list directions (north, east, south, west)");
    for (const auto& d : list) {
      if (!d.is_string() || !rules::hexmap::kEdgeNames.count(d.get<std::string>()))
        r.fail("scenario.bad_edge", path, d.dump() + " is not north, east, south or west");
      out.toward[side].insert(d.get<std::string>());
    }
  }
  if (r.sc.road_exits().empty())
    r.fail("scenario.bad_value", key, "no road leads off the map to reschedule to");
  return out;
}

ExitRace read_exit_race(const Reader& r, const Json& j) {
  const std::string key = "exit_race";
  Fields f(j, r.at(key), "scenario");
  ExitRace out;
  out.side = f.str("side");
  out.against = f.str("against");
  for (const auto& t : f.strings("types")) out.types.insert(t);
  out.vp_per_unit = int(f.integer("vp_per_unit"));
  out.after = f.str("after");
  out.rule = f.str_opt("rule").value_or("14.53");
  f.finish();
  r.side(out.side, key + ".side");
  r.side(out.against, key + ".against");
  r.side(out.after, key + ".after");
  if (out.side == out.against)
    r.fail("scenario.bad_value", key + ".against", "must be the other side");
  if (r.sc.exits.empty())
    r.fail("scenario.bad_value", key, "the scenario has no \"exits\" for units to leave by");
  return out;
}

}  // namespace

Exclusive exclusive_rules(const rules::hexmap::Scenario& sc, const std::string& source) {
  Reader r{sc, source};
  Exclusive out;
  Fields f(sc.rules, source + ": rules", "scenario");
  if (auto j = f.any_opt("reschedule_blocked_entry")) out.reschedule = read_reschedule(r, *j);
  if (auto j = f.any_opt("exit_race")) out.exit_race = read_exit_race(r, *j);
  if (auto j = f.any_opt("attacker_effectiveness")) {
    Fields g(*j, r.at("attacker_effectiveness"), "scenario");
    out.attacker_effectiveness = g.boolean("on", true);
    out.effectiveness_rule = g.str_opt("rule").value_or("10.0");
    g.finish();
  }
  if (auto j = f.any_opt("movement_quota")) out.quota = hooks::read_quota(r, *j);
  if (auto j = f.any_opt("keep_off_edge")) out.edge_zone = hooks::read_edge_zone(r, *j);
  if (auto j = f.any_opt("crossing_roll")) out.crossing_roll = hooks::read_crossing_roll(r, *j);
  if (auto j = f.any_opt("side_stacking")) out.side_stacking = hooks::read_side_stacking(r, *j);
  if (auto j = f.any_opt("demoralization")) out.demoralization = hooks::read_demoralization(r, *j);
  if (auto j = f.any_opt("forced_march")) out.forced_march = hooks::read_forced_march(r, *j);
  // adjutant-scenario/1 loads as the first release read it, which ignored
  // what it did not know (rules/hexmap/scenario_load.h).
  if (sc.format >= 2) f.finish();
  return out;
}

const Exclusive& exclusive_of(const rules::hexmap::Scenario& sc) {
  // Keyed by the scenario's SHA-256, so one file's hooks are read once; a
  // scenario that reached the engine was checked when the ruleset took it.
  static std::mutex lock;
  static std::map<std::string, Exclusive> cache;
  std::lock_guard<std::mutex> guard(lock);
  auto it = cache.find(sc.sha256);
  if (it == cache.end()) it = cache.emplace(sc.sha256, exclusive_rules(sc)).first;
  return it->second;
}

}  // namespace adjutant::rules::bluegray
