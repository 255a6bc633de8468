// Reading the scenario's "rules" object (exclusive.cpp, exclusive_army.cpp):
// every error names the JSON path of the bad value ("rules.exit_race.side").
#pragma once

#include <string>

#include "rules/bluegray/exclusive.h"
#include "rules/hexmap/scenario.h"
#include "util/error.h"
#include "util/fields.h"

namespace adjutant::rules::bluegray::hooks {

struct Reader {
  const rules::hexmap::Scenario& sc;
  std::string source;

  std::string at(const std::string& path) const { return source + ": rules." + path; }
  [[noreturn]] void fail(const std::string& id, const std::string& path,
                         const std::string& message) const {
    throw Error(id, at(path) + ": " + message);
  }
  void side(const std::string& id, const std::string& path) const {
    if (!sc.side(id)) fail("scenario.unknown_side", path, "\"" + id + "\" is not in sides");
  }
  hex::Hex map_hex(const ledger::Json& value, const std::string& path) const;
  void unit(const std::string& id, const std::string& path) const;
};

MovementQuota read_quota(const Reader& r, const ledger::Json& j);
EdgeZone read_edge_zone(const Reader& r, const ledger::Json& j);
CrossingRoll read_crossing_roll(const Reader& r, const ledger::Json& j);
std::map<std::string, SideStacking> read_side_stacking(const Reader& r, const ledger::Json& j);
Demoralization read_demoralization(const Reader& r, const ledger::Json& j);
ForcedMarch read_forced_march(const Reader& r, const ledger::Json& j);

}  // namespace adjutant::rules::bluegray::hooks
