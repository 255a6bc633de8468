// One ruleset, one registration: everything the program asks of a ruleset
// beyond its Ruleset interface, in one descriptor that the ruleset's folder
// (src/rules/NAME/package.cpp) fills in. The registry (registry.cpp) is the
// list of packages; nothing outside a ruleset's folder names a ruleset
// (docs/architecture.md, docs/rulesets.md "A new ruleset").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/map_marks.h"
#include "rules/ruleset.h"

namespace adjutant::bot {
class OrderGenerator;  // rules/bot.h
}

namespace adjutant::rules {

class Notation;  // rules/notation.h

// How the game layer draws the ruleset's state.
enum class Board {
  kHex,    // a hex map of the scenario's sheets (render/map.h)
  kTable,  // a miniatures table, SVG and PNG (render/ruleset_maps.h)
  kOwn,    // the ruleset's own Ruleset::draw_svg, SVG only ("": no map)
};

// Which order page `adjutant view --orders` writes for it.
enum class OrderPage {
  kNone,   // none: text orders (adjutant orders)
  kHex,    // moves and attacks clicked on the hex map
  kTable,  // waypoints, fights and tokens clicked on the table
};

// A hex ruleset's factory, for a scenario already read.
using HexFactory = std::unique_ptr<Ruleset> (*)(rules::hexmap::Scenario, const std::string&, int);

struct Package {
  RulesetInfo info;  // id and versions; hex when its scenario is a hex scenario
  // The ruleset of a scenario file of its format, at a version.
  RulesetFactory make = nullptr;
  // A hex ruleset made from a scenario already read; null for a ruleset
  // with a scenario format of its own.
  HexFactory make_hex = nullptr;
  // Its text orders (docs/orders.md); null: JSON orders only.
  std::unique_ptr<Notation> (*notation)() = nullptr;
  // Its bot (rules/bot.h); null: the bot does not play it. The page
  // engine (wasm/) carries the rules without their bots (ADJUTANT_NO_BOT).
  std::unique_ptr<bot::OrderGenerator> (*bot)() = nullptr;
  Board board = Board::kHex;
  OrderPage order_page = OrderPage::kNone;
  // The hex order page's standing orders of `side` as `seen` holds them,
  // their hexes written as the scenario writes them (null: the ruleset has
  // none).
  Json (*standing)(const rules::hexmap::Scenario& sc, const model::State& seen,
                   const std::string& side) = nullptr;
  // The table order page's data from the side's part of the scenario
  // (Ruleset::side_scenario) and its view: its pieces and what it sees.
  Json (*table_page)(const Json& part, const model::State& seen, const std::string& side) = nullptr;
  // Why the phase has no order page although the ruleset has one ("the
  // 1961 set-up (union-setup) has no order page"), or "" when it has.
  std::string (*no_order_page)(const PhaseInfo& phase) = nullptr;
  // The marks its hex map draws of a state beyond the counters, read from
  // its own part of the state (rules/map_marks.h); null: none.
  MapMarks (*map_marks)(const rules::hexmap::Scenario& scenario,
                        const model::State& state) = nullptr;
  // Which marks a scenario's counters may carry (rules/map_marks.h), for
  // the map's legend; null: none.
  CounterMarks (*counter_marks)(const rules::hexmap::Scenario& scenario) = nullptr;
  // Whether a scenario's map notes carry an army line per side
  // (MapMarks::army); null: never.
  bool (*army_notes)(const rules::hexmap::Scenario& scenario) = nullptr;
  // What its hex scenarios hold beyond the shared format: fortifications
  // and pontoon bridges the map draws (render/legend.cpp lists them), and
  // the terrain a named region's square may not be (the tracing page,
  // web/trace_fixed.cpp).
  bool draws_works = false;
  std::vector<std::string> region_excludes;
  // Event phrasing, a side's name and its pieces are the Ruleset's own
  // (describe_event, side_name, pieces), since they read its scenario.
};

#ifdef ADJUTANT_NO_BOT
#define ADJUTANT_BOT(factory) nullptr
#else
#define ADJUTANT_BOT(factory) (factory)
#endif

// A hex ruleset's `make`: the scenario file read (rules::hexmap::Scenario), then F.
template <HexFactory F>
std::unique_ptr<Ruleset> hex_from_file(const Json& scenario, const std::string& source,
                                       int version) {
  return F(rules::hexmap::Scenario::from_json(scenario, source), source, version);
}

// Adds a package for the rest of the run (a program that links rulesets of
// its own: the test suite's test games). Error "registry.duplicate" for an
// id already known.
void add_package(const Package& package);

// The package of ruleset `id`, or null.
const Package* package_of(const std::string& id);
// The package of a ruleset made by the registry (Error
// "scenario.unknown_ruleset" for one it did not make).
const Package& package_for(const Ruleset& ruleset);

// How the game layer draws `ruleset`, and its order page: its package's.
Board board_of(const Ruleset& ruleset);
OrderPage order_page_of(const Ruleset& ruleset);

// Every package, in the registry's order.
std::vector<const Package*> packages();

}  // namespace adjutant::rules
