// The scenario reader's parts (scenario.cpp runs them in order). Every error
// names the file and the JSON path of the bad value ("units[12].enter.hex")
// with a stable id (docs/errors.md).
#pragma once

#include <string>

#include "rules/hexmap/scenario.h"
#include "util/error.h"
#include "util/fields.h"

namespace adjutant::rules::hexmap::load {

// The largest number a scenario may hold (schemas/scenario.schema.json). A
// negative cost would make the path search endless; this bound keeps every
// sum and product the rules form (strengths times multipliers, VP, MP along
// a path) inside an int and the turn track short enough to list. Outside it
// is scenario.out_of_range.
constexpr long long kMaxNumber = 999;

struct Reader {
  Scenario& s;
  std::string source;

  // "test.json: units[12].enter.hex"
  std::string at(const std::string& path) const { return source + ": " + path; }
  [[noreturn]] void fail(const std::string& id, const std::string& path,
                         const std::string& message) const {
    throw Error(id, at(path) + ": " + message);
  }
  // A field added in adjutant-scenario/2 (docs/scenarios.md).
  void needs_format_2(const std::string& path) const;
  // A field added in adjutant-scenario/3 (map sheets).
  void needs_format_3(const std::string& path) const;
  // How the map read so far writes its hexes: plain until read_map has
  // read its sheets.
  hex::Numbering numbers() const { return s.numbers(); }
  std::string text(const Json& value, const std::string& path) const;
  Hex hex(const Json& value, const std::string& path) const;
  // A hex that must lie on the map: scenario.off_map otherwise.
  Hex map_hex(const Json& value, const std::string& path) const;
  // adjutant-scenario/1 loads forever as the first release read it (it
  // checked none of what format 2 brought: hexes of routes, places,
  // objectives and arrivals on the map, entry hexes on its edge, set-up
  // stacking, the rules object): those checks hold from format 2 on, so a
  // format-1 scenario pinned in an archive keeps loading, with the same
  // meaning (docs/scenarios.md "Formats load forever").
  bool checks_of_format_2() const { return s.format >= 2; }
  // map_hex from format 2 on; in format 1 a hex number only.
  Hex map_hex_from_format_2(const Json& value, const std::string& path) const;
  Edges edges(const Json& value, const std::string& path) const;
};

void read_tec(Reader& r, Fields& top);
void read_map(Reader& r, Fields& top);
void read_crt(Reader& r, Fields& top);
void read_turns(Reader& r, Fields& top);
void read_units(Reader& r, Fields& top);
void read_entry(Reader& r, Fields& top);
void read_exits(Reader& r, Fields& top);
void read_victory(Reader& r, Fields& top);

}  // namespace adjutant::rules::hexmap::load
