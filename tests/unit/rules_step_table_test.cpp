// The step table of path searches (rules/bluegray/step_table.h) says what
// passable(), step_mp() and zoc_extends() say, the first time and every
// time after.
#include <catch2/catch.hpp>

#include <string>

#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/step_table.h"
#include "rules/bluegray/zoc.h"
#include "util/files.h"

TEST_CASE("the step table agrees with passable, step_mp and zoc_extends under both readings of 7.5",
          "[rules][movement]") {
  namespace bg = adjutant::rules::bluegray;
  using adjutant::hex::Hex;
  for (const char* name : {"hooker-lee-2006.json", "grand-chancellorsville.json",
                           "cemetery-hill.json", "bluegray-skirmish.json"}) {
    INFO(name);
    std::string file = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/" + name;
    auto sc = adjutant::rules::hexmap::Scenario::from_json(
        adjutant::ledger::parse_strict(adjutant::read_file(file), file), file);
    const bg::StepTable* table = bg::StepTable::of(sc);
    REQUIRE(table != nullptr);
    int steps = 0, passable = 0, zoc = 0, differ = 0;
    for (int version : {1, 2, 1}) {  // the third pass reads what the first two stored
      sc.rules_version = version;
      for (int col = 1; col <= sc.columns; ++col)
        for (int row = 1; row <= sc.rows; ++row) {
          Hex from{col, row};
          if (!sc.on_map(from)) continue;
          for (int dir = 0; dir < 6; ++dir) {
            Hex to = adjutant::hex::neighbour(from, dir);
            ++steps;
            bool extends = bg::zoc_extends(sc, from, to);
            zoc += extends;
            if (table->zoc(sc, from, dir) != extends) ++differ;
            bool open = bg::passable(sc, from, to);
            if (table->passable(sc, from, dir) != open) ++differ;
            if (!open) continue;
            ++passable;
            if (table->step_mp(sc, from, dir) != bg::step_mp(sc, from, to)) ++differ;
          }
        }
    }
    CHECK(steps > 1000);
    CHECK(passable > steps / 2);
    CHECK(passable < steps);  // the map edge at least is not
    CHECK(zoc > steps / 2);
    CHECK(zoc < steps);  // nor does a zone of control extend off the map
    CHECK(differ == 0);
  }
  // A scenario built in code has no file to key a table by.
  CHECK(bg::StepTable::of(adjutant::rules::hexmap::Scenario{}) == nullptr);
}
