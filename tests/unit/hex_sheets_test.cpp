// Map sheets (hex/sheets.h, Grand Chancellorsville 22.0) and the numbering
// each map hands out (hex/numbering.h): hex numbers with their sheet letter
// on a joined map, plain numbers on a map of one sheet, and each map's
// numbers its own whatever else was read on the thread.
#include <catch2/catch.hpp>

#include "hex/hex.h"
#include "hex/numbering.h"
#include "hex/sheets.h"
#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"
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

// A sheet of `columns` by `rows`, its hexes lying `col_offset` columns and
// `row_offset` rows into the joined grid.
hex::Sheet sheet(char prefix, int columns, int rows, const std::string& short_columns,
                 int col_offset, int row_offset) {
  hex::Sheet s;
  s.prefix = prefix;
  s.columns = columns;
  s.rows = rows;
  s.short_columns = short_columns;
  s.col_offset = col_offset;
  s.row_offset = row_offset;
  return s;
}

// The sheets of two_sheets(the_join()) laid out by hand: F's rows 01-28 are
// the joined rows 1-28, H's rows 01-28 the joined rows 28-55.
hex::Sheets h_and_f() {
  return hex::Sheets({sheet('H', 25, 28, "even", 0, 27), sheet('F', 25, 28, "even", 0, 0)});
}

// Two 10 by 10 sheets side by side, A to the west of B: other letters on
// the same joined grid.
hex::Sheets a_and_b() {
  return hex::Sheets({sheet('A', 10, 10, "", 0, 0), sheet('B', 10, 10, "", 10, 0)});
}

}  // namespace

TEST_CASE("a numbering of sheets writes each hex with its sheet's letter", "[hex][sheets]") {
  const hex::Sheets sheets = h_and_f();
  const hex::Numbering num(&sheets);
  CHECK(num.sheets() == &sheets);
  Hex join = num.parse_or_throw("H1301", "test");
  CHECK(join == Hex{13, 28});
  CHECK(num.parse_or_throw("F1328", "test") == join);
  CHECK(num.format(join) == "H1301");  // the first sheet listed names a shared hex
  CHECK(num.parse("F1301") == Hex{13, 1});
  CHECK(num.format(Hex{13, 1}) == "F1301");
  CHECK(num.format(Hex{25, 55}) == "H2528");
  // Off every sheet (H's even columns end at its row 27): bracketed.
  CHECK(num.format(Hex{14, 55}) == "[14,55]");
  CHECK(num.format(Hex{0, 1}) == "[0,1]");
  CHECK_FALSE(num.parse("H1428"));
  CHECK(num.parse("H1427") == Hex{14, 54});
  auto s = num.parse_hexside("H1301/F1327");
  REQUIRE(s);
  CHECK(*s == hex::hexside(Hex{13, 27}, Hex{13, 28}));
  CHECK(num.format(*s) == "F1327/H1301");
  CHECK_FALSE(num.parse_hexside("F1327/H1302"));
  // A bare number: refused with an error by parse, noted by parse_noting.
  std::string id, message;
  CHECK_FALSE(num.parse_noting("1301", id, message));
  CHECK(id == "hex.ambiguous");
  CHECK(message.find("H1301 or F1301") != std::string::npos);
  id = message = "kept";
  CHECK(num.parse_noting("F1301", id, message) == Hex{13, 1});
  CHECK_FALSE(num.parse_noting("X1301", id, message));
  CHECK(id == "kept");
  CHECK(message == "kept");
  try {
    num.parse_or_throw("X1301", "order 1 path");
    FAIL("an unknown sheet was taken");
  } catch (const Error& e) {
    CHECK(e.id() == "hex.bad_number");
    CHECK(e.detail() ==
          "order 1 path: 'X1301' is not a hex number of this map (a sheet letter, one of H, F, "
          "then four digits, column then row, e.g. H0912)");
  }
}

TEST_CASE("two sheets join into one grid, F1328 lying on H1301", "[hex][sheets]") {
  auto sc = adjutant::rules::hexmap::Scenario::from_json(two_sheets(the_join()), "joined.json");
  REQUIRE(sc.sheets);
  const hex::Numbering num = sc.numbers();
  CHECK(num.sheets() == sc.sheets.get());
  CHECK(sc.columns == 25);
  CHECK(sc.rows == 55);  // 28 + 28, less the shared row
  Hex join = num.parse_or_throw("H1301", "test");
  CHECK(num.parse_or_throw("F1328", "test") == join);
  CHECK(num.format(join) == "H1301");  // the first sheet listed names a shared hex
  CHECK(num.format(num.parse_or_throw("F1301", "test")) == "F1301");
  CHECK(num.format(num.parse_or_throw("H2528", "test")) == "H2528");
  // F1327 is the join's northern neighbour; H1302 its southern.
  CHECK(hex::neighbour(join, hex::kNorth) == num.parse_or_throw("F1327", "test"));
  CHECK(hex::neighbour(join, hex::kSouth) == num.parse_or_throw("H1302", "test"));
  CHECK(hex::distance(num.parse_or_throw("F1301", "test"), num.parse_or_throw("H1301", "test")) ==
        27);
  // The shared hex was given terrain once, under its F number.
  CHECK(sc.terrain_at(join).id == "forest");
  CHECK(sc.places.at(join) == "the join");
  // F's even columns end at row 27: their half hexes lie on H's row 01.
  CHECK_FALSE(num.parse("F1428"));
  CHECK(num.parse("H1401"));
  CHECK(sc.on_map(*num.parse("H1401")));
  CHECK(sc.edges_of(*num.parse("F1301")) == adjutant::rules::hexmap::Edges{"north"});
  CHECK(sc.edges_of(*num.parse("H1328")) == adjutant::rules::hexmap::Edges{"south"});
  CHECK(sc.edges_of(join).empty());
  // A hexside across the join.
  auto s = num.parse_hexside("F1327/H1301");
  REQUIRE(s);
  CHECK(num.format(*s) == "F1327/H1301");
  // The sheets laid out by hand above are the ones the scenario joined.
  const hex::Sheets by_hand = h_and_f();
  for (int c = 0; c <= 26; ++c)
    for (int r = 0; r <= 56; ++r)
      REQUIRE(hex::Numbering(&by_hand).format(Hex{c, r}) == num.format(Hex{c, r}));
}

TEST_CASE("a bare hex number on a map of sheets is ambiguous", "[hex][sheets]") {
  auto sc = adjutant::rules::hexmap::Scenario::from_json(two_sheets(the_join()), "joined.json");
  const hex::Numbering num = sc.numbers();
  try {
    num.parse("1301");
    FAIL("a bare number was taken");
  } catch (const Error& e) {
    CHECK(e.id() == "hex.ambiguous");
    CHECK(std::string(e.what()).find("H1301 or F1301") != std::string::npos);
  }
  CHECK_FALSE(num.parse("X1301"));  // no such sheet
  CHECK_FALSE(num.parse("H2901"));  // off sheet H
  try {
    num.parse_or_throw("X1301", "order 1 path");
    FAIL("an unknown sheet was taken");
  } catch (const Error& e) {
    CHECK(e.id() == "hex.bad_number");
  }
}

TEST_CASE("a single-sheet scenario read after a joined one speaks plain numbers", "[hex][sheets]") {
  auto joined = adjutant::rules::hexmap::Scenario::from_json(two_sheets(the_join()), "joined.json");
  REQUIRE(joined.numbers().sheets());
  Json plain = two_sheets(the_join());
  plain["format"] = "adjutant-scenario/2";
  plain["map"] = {{"columns", 25}, {"rows", 28}, {"default_terrain", "clear"}};
  auto sc = adjutant::rules::hexmap::Scenario::from_json(plain, "plain.json");
  CHECK_FALSE(sc.sheets);
  const hex::Numbering num = sc.numbers();
  CHECK_FALSE(num.sheets());
  CHECK(num.format(Hex{13, 1}) == "1301");
  CHECK(num.parse("1301") == Hex{13, 1});
  CHECK_FALSE(num.parse("H1301"));
  // And the joined scenario, read first, still speaks its letters.
  CHECK(joined.numbers().format(Hex{13, 1}) == "F1301");
  CHECK(joined.numbers().parse("H1301") == Hex{13, 28});
  CHECK_THROWS_AS(joined.numbers().parse("1301"), Error);  // ambiguous there
}

TEST_CASE("two numberings of different sheets, one after the other, each read their own letters",
          "[hex][sheets]") {
  // No scope, no setting of the thread: each numbering carries its sheets.
  const hex::Sheets hf = h_and_f(), ab = a_and_b();
  const hex::Numbering first(&hf), second(&ab);
  for (int round = 0; round < 2; ++round) {
    CAPTURE(round);
    CHECK(first.format(Hex{13, 28}) == "H1301");
    CHECK(second.format(Hex{13, 5}) == "B0305");
    CHECK(first.format(Hex{3, 5}) == "F0305");
    CHECK(second.format(Hex{3, 5}) == "A0305");
    CHECK(first.parse("H1301") == Hex{13, 28});
    CHECK_FALSE(second.parse("H1301"));
    CHECK(second.parse("B0101") == Hex{11, 1});
    CHECK_FALSE(first.parse("B0101"));
    CHECK(second.format(Hex{13, 28}) == "[13,28]");  // off A and B
    CHECK(hex::kPlainNumbers.format(Hex{13, 28}) == "1328");
    CHECK(hex::kPlainNumbers.parse("1301") == Hex{13, 1});
    try {
      second.parse_or_throw("H0101", "test");
      FAIL("another map's letter was taken");
    } catch (const Error& e) {
      CHECK(e.detail().find("one of A, B,") != std::string::npos);
    }
  }
}

TEST_CASE("reading a scenario of sheets leaves plain numbers plain", "[hex][sheets]") {
  auto sc = adjutant::rules::hexmap::Scenario::from_json(two_sheets(the_join()), "joined.json");
  REQUIRE(sc.sheets);
  // No side effect of the reading: the plain numbering reads bare numbers
  // (which the joined map refuses as ambiguous) and knows no letters.
  CHECK(hex::kPlainNumbers.parse("1301") == Hex{13, 1});
  CHECK(hex::kPlainNumbers.parse_or_throw("1301", "test") == Hex{13, 1});
  CHECK_FALSE(hex::kPlainNumbers.parse("H1301"));
  CHECK(hex::kPlainNumbers.format(Hex{13, 28}) == "1328");
  CHECK(hex::kPlainNumbers.format(hex::hexside(Hex{13, 27}, Hex{13, 28})) == "1327/1328");
  CHECK(hex::Numbering().format(Hex{13, 28}) == "1328");
  CHECK_THROWS_AS(sc.numbers().parse("1301"), Error);
}

TEST_CASE("bad sheet joins are refused", "[hex][sheets]") {
  auto refused = [](const Json& j) {
    try {
      adjutant::rules::hexmap::Scenario::from_json(j, "joined.json");
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
