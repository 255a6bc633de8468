#include "rules/bluegray/exclusive.h"

#include "util/error.h"
#include "util/fields.h"

namespace adjutant::rules::bluegray {

namespace {

using ledger::Json;

struct Reader {
  const model::Scenario& sc;
  std::string source;

  std::string at(const std::string& path) const { return source + ": rules." + path; }
  [[noreturn]] void fail(const std::string& id, const std::string& path,
                         const std::string& message) const {
    throw Error(id, at(path) + ": " + message);
  }
  void side(const std::string& id, const std::string& path) const {
    if (!sc.side(id)) fail("scenario.unknown_side", path, "\"" + id + "\" is not in sides");
  }
};

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
      if (!d.is_string() || !model::kEdgeNames.count(d.get<std::string>()))
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

Exclusive exclusive_rules(const model::Scenario& sc, const std::string& source) {
  Reader r{sc, source};
  Exclusive out;
  Fields f(sc.rules, source + ": rules", "scenario");
  if (auto j = f.any_opt("reschedule_blocked_entry")) out.reschedule = read_reschedule(r, *j);
  if (auto j = f.any_opt("exit_race")) out.exit_race = read_exit_race(r, *j);
  f.finish();
  return out;
}

}  // namespace adjutant::rules::bluegray
