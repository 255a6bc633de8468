// One turn of Chaos of Battle being adjudicated (turn.h): the state the
// steps share and the steps themselves, each defined in the file of its
// concept. The order of the steps is the table in turn.cpp
// (docs/rules/chaos.md "The turn").
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "model/state.h"
#include "rules/chaos/march.h"
#include "rules/chaos/readings.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/situation.h"
#include "rules/chaos/state.h"
#include "rules/chaos/stress.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/turn.h"

namespace adjutant::rules::chaos::turn_run {

// A deployed regiment lands "5" from the enemy" when its least distance is
// in (4.75", 5"]: the nearest a quarter-inch step can bring it.
constexpr Coord kDeployNear = 5 * kInch;
constexpr Coord kDeployBand = kDeployNear - kMarchStep;
constexpr Coord kCommanderMove = 8 * kInch;
constexpr Coord kCommanderEnemy = 4 * kInch;
constexpr int kMaxSettleSteps = 400;
constexpr Coord kSlideStep = 50;
constexpr int kMaxSlide = 48;  // 24 half inches to either side

// A brigade on the table as a group: its commander and its regiments'
// centres, which move together.
struct Group {
  std::string brigade;
  Point commander;
  std::map<std::string, Point> regiments;
  std::map<std::string, int> facing;
};

// One mover of unengaged movement.
struct Mover {
  std::string brigade;
  std::string side;
  bool marker = false;
  std::vector<Point> path;
  Coord rate = 0;
  std::string target;                    // the engaged enemy brigade, or ""
  std::map<std::string, Point> offsets;  // deployed: regiment centre - commander
  March march{{Point{}}};
  Point flushed;  // where the last move event left it
  bool active = true;
  bool touched_hill = false;
  bool started_on_hill = false;
  bool crossed_creek = false;
  std::string stopped;  // why it stopped short, if it did
};

class Turn {
 public:
  Turn(const Scenario& sc, const model::State& state, const std::map<std::string, Json>& plans,
       ledger::Dice& dice);

  // The events of the turn: the steps of kSequence in order.
  Json run();

  // The steps of kSequence, for turn_sequence.
  static std::vector<TurnStep> sequence();

 private:
  // One step of the turn: what it is, the rule names it carries out
  // (docs/rules/chaos.md "Rule names") and the function that does it.
  struct Step {
    const char* name;
    const char* rule;
    void (Turn::*run)();
  };
  static const Step kSequence[];

  // --- the steps, in the order of kSequence ------------------------------
  void draw_tokens();   // turn.cpp
  void begin();         // turn.cpp
  void initiative();    // turn.cpp
  void shake_out();     // shake_out.cpp
  void withdrawals();   // withdraw.cpp
  void form_up();       // engagement.cpp
  void maneuvers();     // engagement.cpp
  void artillery();     // battery_fire.cpp
  void engaged_rest();  // engagement.cpp
  void fight();         // turn.cpp
  void movement();      // unengaged_movement.cpp
  void commanders();    // commanders.cpp
  void rest();          // rest.cpp
  void remarker();      // rest.cpp
  void end();           // turn.cpp

  // --- the plans (turn.cpp) ----------------------------------------------
  const Json& brigade_plan(const std::string& b) const;
  int preferred(const std::string& b) const;
  std::vector<std::string> in_initiative_order() const;
  std::vector<std::string> by_side_and_id() const;
  // The brigades of each side (initiative first) in its sequence that
  // `take` picks, taken one a side in turn.
  void alternate(bool (Turn::*take)(const std::string&) const,
                 void (Turn::*act)(const std::string&));

  // --- a brigade as a group on the table (deployment.cpp) ----------------
  Group group_of(const std::string& b) const;
  Outline regiment_outline_at(const std::string& r, Point at, int facing) const;
  std::vector<Outline> group_outlines(const Group& g) const;
  Coord enemy_distance(const Group& g, const std::string& side) const;
  std::optional<UnitBase> nearest_enemy(const Group& g, const std::string& side) const;
  static Group shifted(const Group& g, Point delta);
  std::string illegal(const Group& g, const std::string& side,
                      const std::set<std::string>& may_fight = {}) const;
  Group settle(Group g, int bearing, bool approach, const std::string& side) const;
  void put(const Group& g);
  static void mark_limber(Json& entry, const RegimentState& x);
  Json deploy_event(const Group& g, const std::string& rule) const;
  bool deploy(const std::string& b, Point centre, int bearing, bool approach, bool unengaged,
              const std::string& rule);
  bool chaos(const std::string& b, Point at, int pref, const std::string& rule);
  void wagons();

  // --- shake out (shake_out.cpp) -----------------------------------------
  bool placed(const std::string& b, const Json& order);

  // --- the engagement phase (withdraw.cpp, engagement.cpp) ---------------
  bool to_withdraw(const std::string& b) const;
  void withdraw(const std::string& b);
  bool withdraw_costs_stress(const std::vector<std::string>& present) const;
  bool to_maneuver(const std::string& b) const;
  void maneuver(const std::string& b);
  void fire(const std::string& battery, const Json& order);  // battery_fire.cpp

  // --- unengaged movement (unengaged_movement.cpp, move_check.cpp) -------
  std::vector<Mover> start_marches();
  void march_together(std::vector<Mover>& movers);
  void keep_markers_apart(std::vector<Mover>& movers);
  void take_ordered_places(std::vector<Mover>& movers);
  void stress_for_ground(std::vector<Mover>& movers);
  std::vector<Outline> mover_outlines(const Mover& m, Point ref) const;
  bool touches_hill(const Mover& m, Point ref) const;
  bool touches_hill(const std::vector<Outline>& outlines) const;
  void place(Mover& m, Point from, Point to);
  void flush(Mover& m);
  void place_by_order(const Mover& m, const Json& regiments);
  std::string enemy_near(const Mover& m, const std::map<std::string, std::vector<Outline>>& at_next,
                         const std::vector<Mover>& movers,
                         const std::vector<UnitBase>& units) const;
  Point target_point(const std::string& target, Point from) const;
  void stress_test_event(const std::string& b, const TestRoll& t, const std::string& rule);
  void resolve_check(Mover& m, std::vector<Mover>& movers);

  const Scenario& sc_;
  const Readings rd_;  // how this version reads the text
  const model::State& state_;
  ChaosState st_;
  std::map<std::string, Json> plans_;
  ledger::Dice& dice_;
  TurnType type_ = TurnType::kDay;
  std::vector<std::string> order_;
  std::set<std::string> engaged_;
  std::set<std::string> fighting_brigades_;  // with a regiment fighting as the engagement begins
  std::set<std::string> rested_;
  std::set<std::string> moved_;
  std::set<std::string> withdrawn_;
  std::set<std::string> formed_up_;
  std::set<std::string> maneuvered_;
  TableUnits table_;                  // units_on_table(st_, sc_), kept between steps
  std::set<std::string> moved_guns_;  // regiments that moved in maneuvers
  std::set<std::string> under_fire_;  // firing or fired on: no rest (engagement.artillery)
  std::vector<std::string> tin_;      // the tokens left in the tin
  Json events_ = Json::array();
};

}  // namespace adjutant::rules::chaos::turn_run
