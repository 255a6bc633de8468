// Map sheets (hex/sheets.h, Grand Chancellorsville 22.0): hex numbers with
// their sheet letter on a joined map; plain numbers when no sheets are in use.
#include <catch2/catch.hpp>

#include "hex/hex.h"
#include "hex/sheets.h"
#include "ledger/jcs.h"
#include "model/scenario.h"
#include "util/error.h"

namespace {

using adjutant::Error;
using adjutant::hex::Hex;
using adjutant::ledger::Json;
namespace hex = adjutant::hex;

// Two 25 by 28 sheets like Hooker and Lee (H) and Fredericksburg (F), F's
// 1328 lying on H's 1301 (22.0).
Json two_sheets(const Json& overlap) {
  Json sheets = Json::array();
  sheets.push_back({{"prefix", "H"}, {"columns", 25}, {"rows", 28}, {"short_columns", "even"}});
  sheets.push_back({{"prefix", "F"},
                    {"columns", 25},
                    {"rows", 28},
                    {"short_columns", "even"},
                    {"overlap", overlap}});
  return {{"format", "adjutant-scenario/3"},
          {"id", "joined"},
          {"title", "Joined"},
          {"ruleset", "bluegray"},
          {"sides", {{{"id", "union"}, {"name", "Union"}}, {{"id", "confederate"}, {"name", "C"}}}},
          {"tec",
           {{"terrain", {{"clear", {{"mp", 1}}}, {"forest", {{"mp", 3}}}}},
            {"hexsides", Json::object()}}},
          {"map",
           {{"sheets", sheets},
            {"default_terrain", "clear"},
            {"terrain", {{"forest", {"F1328", "F0101"}}}},
            {"places", {{"H1301", "the join"}}}}},
          {"crt",
           {{"columns", {"1-1"}},
            {"die", 6},
            {"rows", {{"Dr"}, {"Dr"}, {"Dr"}, {"Dr"}, {"Dr"}, {"Dr"}}}}},
          {"turns", {{"count", 1}, {"order", {"union", "confederate"}}}},
          {"units", Json::array()}};
}

Json the_join() {
  return {{"hex", "F1328"}, {"on", "H1301"}};
}

}  // namespace

TEST_CASE("two sheets join into one grid, F1328 lying on H1301", "[hex][sheets]") {
  auto sc = adjutant::model::Scenario::from_json(two_sheets(the_join()), "joined.json");
  REQUIRE(sc.sheets);
  CHECK(sc.columns == 25);
  CHECK(sc.rows == 55);  // 28 + 28, less the shared row
  Hex join = hex::parse_or_throw("H1301", "test");
  CHECK(hex::parse_or_throw("F1328", "test") == join);
  CHECK(hex::format(join) == "H1301");  // the first sheet listed names a shared hex
  CHECK(hex::format(hex::parse_or_throw("F1301", "test")) == "F1301");
  CHECK(hex::format(hex::parse_or_throw("H2528", "test")) == "H2528");
  // F1327 is the join's northern neighbour; H1302 its southern.
  CHECK(hex::neighbour(join, hex::kNorth) == hex::parse_or_throw("F1327", "test"));
  CHECK(hex::neighbour(join, hex::kSouth) == hex::parse_or_throw("H1302", "test"));
  CHECK(hex::distance(hex::parse_or_throw("F1301", "test"), hex::parse_or_throw("H1301", "test")) ==
        27);
  // The shared hex was given terrain once, under its F number.
  CHECK(sc.terrain_at(join).id == "forest");
  CHECK(sc.places.at(join) == "the join");
  // F's even columns end at row 27: their half hexes lie on H's row 01.
  CHECK_FALSE(hex::parse("F1428"));
  CHECK(hex::parse("H1401"));
  CHECK(sc.on_map(*hex::parse("H1401")));
  CHECK(sc.edges_of(*hex::parse("F1301")) == adjutant::model::Edges{"north"});
  CHECK(sc.edges_of(*hex::parse("H1328")) == adjutant::model::Edges{"south"});
  CHECK(sc.edges_of(join).empty());
  // A hexside across the join.
  auto s = hex::parse_hexside("F1327/H1301");
  REQUIRE(s);
  CHECK(hex::format(*s) == "F1327/H1301");
}

TEST_CASE("a bare hex number on a map of sheets is ambiguous", "[hex][sheets]") {
  adjutant::model::Scenario::from_json(two_sheets(the_join()), "joined.json");
  try {
    hex::parse("1301");
    FAIL("a bare number was taken");
  } catch (const Error& e) {
    CHECK(e.id() == "hex.ambiguous");
    CHECK(std::string(e.what()).find("H1301 or F1301") != std::string::npos);
  }
  CHECK_FALSE(hex::parse("X1301"));  // no such sheet
  CHECK_FALSE(hex::parse("H2901"));  // off sheet H
  try {
    hex::parse_or_throw("X1301", "order 1 path");
    FAIL("an unknown sheet was taken");
  } catch (const Error& e) {
    CHECK(e.id() == "hex.bad_number");
  }
}

TEST_CASE("a single-sheet scenario read after a joined one speaks plain numbers", "[hex][sheets]") {
  adjutant::model::Scenario::from_json(two_sheets(the_join()), "joined.json");
  REQUIRE(hex::sheets_in_use());
  Json plain = two_sheets(the_join());
  plain["format"] = "adjutant-scenario/2";
  plain["map"] = {{"columns", 25}, {"rows", 28}, {"default_terrain", "clear"}};
  auto sc = adjutant::model::Scenario::from_json(plain, "plain.json");
  CHECK_FALSE(sc.sheets);
  CHECK_FALSE(hex::sheets_in_use());
  CHECK(hex::format(Hex{13, 1}) == "1301");
  CHECK(hex::parse("1301") == Hex{13, 1});
  CHECK_FALSE(hex::parse("H1301"));
}

TEST_CASE("bad sheet joins are refused", "[hex][sheets]") {
  auto refused = [](const Json& j) {
    try {
      adjutant::model::Scenario::from_json(j, "joined.json");
    } catch (const Error& e) {
      return e.id();
    }
    return std::string("accepted");
  };
  // One column across turns the sheet half a hex out of line.
  CHECK(refused(two_sheets({{"hex", "F1328"}, {"on", "H1401"}})) == "scenario.sheet_overlap");
  CHECK(refused(two_sheets({{"hex", "H1328"}, {"on", "H1301"}})) == "scenario.sheet_overlap");
  CHECK(refused(two_sheets({{"hex", "F1328"}, {"on", "F1301"}})) == "scenario.sheet_overlap");
  // Overlapping only half a sheet leaves a ragged edge.
  CHECK(refused(two_sheets({{"hex", "F0128"}, {"on", "H1301"}})) == "scenario.sheet_overlap");
  Json old = two_sheets(the_join());
  old["format"] = "adjutant-scenario/2";
  CHECK(refused(old) == "scenario.format");
  // The shared hex given terrain under both its numbers.
  Json twice = two_sheets(the_join());
  twice["map"]["terrain"]["forest"].push_back("H1301");
  CHECK(refused(twice) == "scenario.duplicate_hex");
}
