// One side's order file being read and checked (orders.h): the checker's
// state and its readers, one a kind of order, each defined in the file of
// its concept: the file and the brigades (orders.cpp), shake out and
// placed regiments (orders_shake_out), movement and commanders
// (orders_move), the engagement phase (orders_engagement), resting
// (orders_rest) and the fight phase (orders_fight).
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/state.h"
#include "rules/chaos/orders.h"
#include "rules/chaos/readings.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/terrain.h"

namespace adjutant::rules::chaos::orders_check {

// Player commanders "always move up to 8"" (move.commanders).
constexpr Coord kCommanderMove = 8 * kInch;
constexpr Coord kMarkerApart = 4 * kInch;
constexpr Coord kMarkerEnemy = 12 * kInch;

// The procedure a field names that `version` does not adjudicate yet, or
// null.
const char* not_yet(const std::string& field, int version);

inline bool is_point(const Json& v) {
  return v.is_array() && v.size() == 2 && v[0].is_number_integer() && v[1].is_number_integer();
}

class Checker {
 public:
  Checker(const Scenario& sc, const model::State& state, const Json& orders);

  Checked run(const std::string& source);

 private:
  // --- the file and its brigades (orders.cpp) ----------------------------
  void fail(const std::string& id, const std::string& unit, const std::string& rule,
            const std::string& message);
  bool own_brigade(const std::string& id) const;
  std::string version_text() const { return std::to_string(sc_.rules_version); }
  void read_sequence();
  void read_preferred();
  int marker_number(const std::string& id, const Json& order, const char* rule);
  void read_brigade(const std::string& id, const Json& b);

  // --- shake out and regiments placed by order (orders_shake_out.cpp) ----
  void read_shake_out(const std::string& id, const Json& v, bool deployed, Json& plan);
  Json read_placement(const std::string& id, const Json& v, Point centre, int facing);
  bool regiment_place(const std::string& id, const std::string& r, const Json& place, int facing,
                      const char* rule, Json& out, Outline& o);
  bool placed_clear(const std::string& id, const std::string& r, const Outline& o,
                    const std::vector<std::pair<std::string, Outline>>& mine, const char* rule);

  // --- unengaged movement and commanders (orders_move.cpp) ---------------
  void read_move(const std::string& id, const Json& v, bool deployed, bool engaged, Json& plan);
  bool read_engage(const std::string& id, const Json& engage, bool deployed, Json& out,
                   std::string& target);
  Going going_at(const std::string& id, bool deployed, Point start) const;
  bool read_move_places(const std::string& id, const Json& regs, Point end, Coord longest,
                        const char* rule, Json& out);
  void check_overlaps();
  void read_commander(const std::string& id, const Json& v);

  // --- the engagement phase (orders_engagement.cpp) ----------------------
  void read_flag(const std::string& id, const std::string& key, const Json& v, bool engaged,
                 Json& plan);
  void read_withdraw(const std::string& id, const Json& v, bool engaged, Json& plan);
  bool regiment_of(const std::string& id, const std::string& r, const char* rule);
  bool read_limber(const std::string& id, const std::string& r, const Json& place,
                   const char* rule);
  void read_maneuver(const std::string& id, const Json& v, bool engaged, Json& plan);
  void read_fire(const std::string& id, const Json& v, Json& plan);

  // --- resting (orders_rest.cpp) -----------------------------------------
  void read_rest(const std::string& id, const Json& v, Json& plan);
  void read_remarker(const std::string& id, const Json& v, bool deployed, bool engaged, Json& plan);

  // --- the fight phase (orders_fight.cpp) --------------------------------
  void read_policies(const Json& v);
  void read_tokens(const Json& v);
  void read_fight(const std::string& id, const Json& v, bool engaged, Json& plan);

  const Scenario& sc_;
  const Readings rd_;  // how this version reads the text
  ChaosState st_;
  const Json& orders_;
  std::string side_;
  std::set<std::string> engaged_;
  Json plan_;
  std::vector<std::string> echo_;
  std::vector<OrderProblem> problems_;
  std::map<std::string, Point> finals_;  // regiment -> where a deployed move ends it
  const model::State& state_;
  std::vector<std::string> held_;  // the combat tokens the side holds
};

}  // namespace adjutant::rules::chaos::orders_check
