// The Ruleset interface: how a rules system turns (state, orders, dice) into
// events and applies events to a state. Checking, adjudicating and applying
// are separate, and checking never rolls a die, so `adjutant check` gives a
// player exactly the errors the adjudication would give.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/table_board.h"
#include "util/error.h"

namespace adjutant::rules {

using ledger::Json;

// One problem with one order: error id, the order's index (-1 for the file as
// a whole), the unit, the hex and the rule case number.
// The order envelope's own fields (docs/protocol.md 4: format, game, side,
// turn, phase, after, reveal), which intake checks before a ruleset's check
// sees the body: every ruleset's check passes over them.
bool is_pipeline_field(const std::string& key);

struct OrderProblem {
  std::string id;
  int order = -1;
  std::string unit;
  std::string hex;
  std::string rule;
  std::string message;
  // One way forward ("Move it to 1012 this turn, ..."): the check's own when
  // it knows one, else way_forward() gives the id's.
  std::string hint = {};

  // "order 3 (unit 1/V) at 1115: [move.enemy_zoc] cannot leave ... (rule 5.1).
  // Move it ..." (the way forward last).
  std::string text() const;
  // `hint`, or the way forward every problem of this id has
  // (problem_hints.cpp), or "".
  std::string way_forward() const;
};

// Thrown when an order file is refused; lists every problem found.
class OrdersRefused : public Error {
 public:
  OrdersRefused(const std::string& source, std::vector<OrderProblem> problems);
  const std::vector<OrderProblem>& problems() const { return problems_; }
  Json to_json() const;

 private:
  std::vector<OrderProblem> problems_;
};

// A ruleset's own record of where its order check left a phase.
struct Resumable {
  virtual ~Resumable() = default;
};

// Orders as understood: a normalised plan the adjudication consumes and the
// echo lines a player reads back ("1/V moves 1115-1114-1014, 6 of 6 MP").
struct Checked {
  Json plan = Json::object();
  std::vector<std::string> echo;
  // Where the check left the phase, for adjudicate to take up rather than
  // work it out again: the ruleset's own, null when it keeps none. It is
  // taken up only for the very state and plan it was checked with, and
  // once.
  std::shared_ptr<Resumable> resume;
};

// What an adjudication resolves: the events, and the state they lead to.
struct Adjudicated {
  Json events;
  model::State after;  // apply(state, events)
};

// One player-turn (or other order-taking step) of the sequence of play.
struct PhaseInfo {
  int turn = 0;
  std::string side;  // who sends orders (the first of `movers`); "" when the game is over
  std::string name;  // "union", shown in folders and reports
  // A simultaneous phase waits on an order file from each of these sides
  // (docs/protocol.md section 5a); empty for a phase of one mover, `side`.
  std::vector<std::string> movers = {};

  // Every side whose order file the phase waits on, in the ruleset's order.
  std::vector<std::string> waiting_on() const {
    if (!movers.empty()) return movers;
    if (side.empty()) return {};
    return {side};
  }
  bool simultaneous() const { return movers.size() > 1; }
};

// One side's checked orders in the adjudication of a phase.
struct SideOrders {
  std::string side;
  Checked checked;
};

// One piece of a side as the reports list it (report/unit_list.h).
struct PieceRow {
  std::string unit;      // "1/I", "gamble"
  std::string name;      // "1st Division, I Corps (Wadsworth)"
  std::string where;     // "0605", "enters turn 3 at 1127", "eliminated", "(30.41, 51.65)"
  std::string strength;  // "13-6", "4 regiments, 14 stands"
  std::string notes;     // "ineffective", "stress 2", ...
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  virtual std::string id() const = 0;
  // The version of the rules this instance adjudicates by: the one genesis
  // pinned, or the latest for a new game. Every change that alters an outcome
  // bumps the latest version and keeps the old behaviour for older versions
  // (docs/protocol.md "Archives verify forever").
  virtual int version() const = 0;
  virtual std::vector<std::string> sides() const = 0;

  virtual model::State initial_state() const = 0;
  // The marks its states may set on a unit (model::UnitState::marks:
  // Blue & Gray's "ineffective"), the names the state reader accepts;
  // each of lower-case ASCII letters and '_', none a unit's own member
  // ("status", "hex", "extra"). None by default.
  virtual std::vector<std::string> unit_marks() const { return {}; }
  // Who sends orders next, or nullopt-like (empty side) when the game is over.
  virtual PhaseInfo current_phase(const model::State& state) const = 0;

  // Reads and checks an order body for the current phase (never rolls dice);
  // throws OrdersRefused listing every problem.
  virtual Checked check(const model::State& state, const Json& orders,
                        const std::string& source) const = 0;
  // The problems `check` would refuse the orders with, none when it accepts
  // them: for tools that try orders and drop what is refused (the bot).
  std::vector<OrderProblem> problems(const model::State& state, const Json& orders) const;
  // What check makes of orders it may yet refuse, for the order page (adjutant
  // view --orders) that builds them click by click: {"moves": [each accepted
  // move's plan with its "order" number, path and MP], "attacks": [each sound
  // attack's odds], "echo": [...]}. Null for a ruleset without an order page.
  virtual Json preview(const model::State& state, const Json& orders) const { return nullptr; }

  // Resolves checked orders into events, asking `dice` for every die.
  virtual Json adjudicate(const model::State& state, const Checked& checked,
                          ledger::Dice& dice) const = 0;
  // The state after the events (apply(adjudicate(...)) is the new state).
  virtual model::State apply(const model::State& state, const Json& events) const = 0;
  // adjudicate, with the state the events lead to (apply(state, events)):
  // a ruleset that builds that state as it resolves hands it over rather
  // than applying every event again.
  virtual Adjudicated adjudicate_to(const model::State& state, const Checked& checked,
                                    ledger::Dice& dice) const;

  // One combat's whole chain in words, from its logged event and the events
  // it caused (for `adjutant explain`); reads events, decides nothing.
  virtual std::string explain_combat(const Json& combat, const Json& consequences) const {
    std::string out = combat.dump(2) + "\n";
    for (const auto& e : consequences) out += e.dump() + "\n";
    return out;
  }

  // One event in a sentence for the reports, or "" for an event the
  // ruleset has no words for (the report lists its fields). Each ruleset
  // phrases its own events from a table (rules/event_phrases.h); by
  // default the phrasing the rulesets share.
  virtual std::string describe_event(const Json& event) const;

  // A combat result code in the rule's words ("Dr: the defenders retreat one
  // hex"), for reports; the code itself when the ruleset has no words for it.
  virtual std::string describe_result(const std::string& code) const { return code; }

  // The name of side `id` as the scenario names it, in whatever format
  // ("" for a ruleset that names none).
  virtual std::string side_name(const std::string& id) const { return ""; }
  // `side`'s pieces as the reports and `adjutant status --units` list them
  // (the hex rulesets: rules/hex_ruleset.h): `state` is the whole state or
  // the side's view.
  virtual std::vector<PieceRow> pieces(const model::State& state, const std::string& side) const {
    return {};
  }
  // Whether the pieces are listed as a table of unit, name, place,
  // strength and notes (the hex games), or a line each (a table game's,
  // whose places are points).
  virtual bool pieces_as_table() const { return false; }

  // --- What the reports say beyond the events and pieces (report/). ---
  // The hex rulesets say it from their scenario (rules/hex_ruleset.h); by
  // default a ruleset says none of it.

  // The scenario as the reports' head names it, "Hooker and Lee (hl-1975)";
  // "" for no such line.
  virtual std::string scenario_title() const { return ""; }
  // What the reports add to the number of `turn` ("night: no combat phase,
  // rule 9.0"); "" for nothing.
  virtual std::string turn_note(int turn) const { return ""; }
  // The game's length in turns ("in progress, turn 3 of 12"); 0 for none.
  virtual int turn_count() const { return 0; }
  // What the reports say after `side`'s victory points, one clause each:
  // "lost 2 units, 9 SP", "left the map: 2/1 (4 SP)".
  virtual std::vector<std::string> side_standing(const model::State& state,
                                                 const std::string& side) const {
    return {};
  }
  // The reinforcements due by `turn`, one line per group: "Union, turn 4 at
  // 2112: 1/V (12-6), 2/V (10-6)".
  virtual std::vector<std::string> reinforcements_due(const model::State& state, int turn) const {
    return {};
  }
  // The name of piece `id` in a combat's table ("1st Division, I Corps");
  // "" for none.
  virtual std::string piece_name(const std::string& id) const { return ""; }
  // The headings a turn's events are reported under, in the order of the
  // turn's procedures, and the heading of an event of type `type` (the
  // table games). None: the report's own headings (Movement,
  // Reinforcements, Combat with what each combat caused, Other events, End
  // of the game).
  virtual std::vector<std::string> procedures() const { return {}; }
  virtual std::string procedure_of(const std::string& type) const { return ""; }

  // A table ruleset's map (Board::kTable, rules/table_board.h): its table,
  // and what `viewer` ("" for the umpire) sees of `seen`, the view already
  // taken (view(state, viewer)), as pieces; `preferred` gives brigade -> the
  // marker its owner prefers (1 or 2, default 1), read only for brigades the
  // view may name. Error "render.no_table" for a ruleset without a table.
  virtual TableBoard table_board() const;
  // What a side's order body says of the markers its brigades prefer
  // (brigade -> 1 or 2), for its map; none by default.
  virtual std::map<std::string, int> table_preferences(const Json& order_body) const { return {}; }
  virtual TableSight table_sight(const model::State& seen, const std::string& viewer,
                                 const std::map<std::string, int>& preferred) const;

  // What `side` may see ("" is the umpire, who sees everything).
  virtual model::State view(const model::State& state, const std::string& side) const {
    return state;
  }

  // --- What a ruleset decides about the game layer (docs/rulesets.md). ---
  // The defaults are those of the hex rulesets, whose archives must keep
  // their bytes: one mover per phase, the other side adjudicates where there
  // is no umpire, no moves is {"moves":[],"attacks":[]}. How the game is
  // drawn is its package's (rules/package.h).

  // True when a game needs an umpire card (new refuses one without).
  virtual bool umpire_required() const { return false; }
  // Who adjudicates the phase whose (first) mover is `side`: the umpire when
  // the game has one, else the first other side.
  virtual std::string adjudicator(const std::string& side, bool has_umpire) const;
  // The order body a "no moves received" ruling adjudicates for `side`.
  virtual Json empty_orders(const std::string& side) const;
  // Resolves a phase from the checked orders of every side it waited on,
  // in the order of PhaseInfo::waiting_on(). The default takes exactly one
  // and calls adjudicate.
  virtual Json adjudicate_phase(const model::State& state, const std::vector<SideOrders>& orders,
                                ledger::Dice& dice) const;
  // The map of a ruleset whose package draws it itself (Board::kOwn; "":
  // no map).
  virtual std::string draw_svg(const model::State& state, const std::string& side) const {
    return "";
  }
  // Fog of war (docs/protocol.md section 10a): hidden orders, events and
  // states travel as commitments. Events are hidden by default; a ruleset
  // opts in by returning from visible_events what `side` may read.
  virtual bool fog_of_war() const { return false; }
  virtual Json visible_events(const Json& events, const std::string& side) const {
    return Json::array();
  }
  // The lines of the orders-as-applied echo `side` may read in a
  // fog-of-war game; nullopt leaves it to the game layer (a side reads the
  // echo unless the view hides the mover's units).
  virtual std::optional<std::vector<std::string>> visible_echo(const std::vector<std::string>& echo,
                                                               const std::string& side) const {
    return std::nullopt;
  }
  // The part of the scenario `scenario` (this ruleset's own format) that
  // `side` may see, carried in its sealed copy (docs/protocol.md 10a): its
  // own pieces and names and the public table, never another side's; null
  // when the ruleset gives a side none. make_ruleset of that part builds a
  // ruleset that reads and checks the side's orders against the side's own
  // view (`check` on what `view` returns), as text orders need.
  virtual Json side_scenario(const Json& scenario, const std::string& side) const {
    return nullptr;
  }
  // True when side_scenario gives each side a part that text orders are
  // read and checked with, so a side writes text orders on its sealed copy.
  virtual bool text_orders_on_sealed_copy() const { return false; }
};

// A phase in words, for what adjutant prints: "turn 3, union player-turn"
// for a phase named after the side that moves in it, "turn 3" for a phase
// of the whole turn (Chaos of Battle's "turn"), else "turn 3, setup-1".
std::string phase_words(const Ruleset& ruleset, int turn, const std::string& phase);

// Builds the ruleset a scenario names ("ruleset": "bluegray") at `version`
// (0: the latest); the registry is the list of rulesets' packages
// (rules/package.h). Errors
// "scenario.unknown_ruleset"; "archive.ruleset_version" (exit 5) for a
// version newer than this build knows.
std::unique_ptr<Ruleset> make_ruleset(const Json& scenario, const std::string& source,
                                      int version = 0);
// The same for a scenario already read (Scenario::from_json of `source`),
// which is not read again.
std::unique_ptr<Ruleset> make_ruleset(const rules::hexmap::Scenario& scenario,
                                      const std::string& source, int version = 0);

struct RulesetInfo {
  std::string id;
  int latest = 1;  // what new games pin
  int oldest = 1;  // the oldest version this build still adjudicates
  // True when the scenario is a hex scenario (rules::hexmap::Scenario); a ruleset
  // that owns another scenario format says false.
  bool hex = true;
};

using RulesetFactory = std::unique_ptr<Ruleset> (*)(const Json& scenario, const std::string& source,
                                                    int version);

// The id a scenario file names in "ruleset" ("" when it names none).
std::string scenario_ruleset_id(const Json& scenario);

// Every registered ruleset, for `adjutant --version` and rules-diff.
std::vector<RulesetInfo> registered_rulesets();
const RulesetInfo* ruleset_info(const std::string& id);

}  // namespace adjutant::rules
