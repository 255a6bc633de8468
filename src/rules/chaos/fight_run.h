// The fight phase being run (fight_phase.h): the fights of the turn, the
// state the steps share, and the steps, each defined in the file of its
// concept: the alternation (fight_phase.cpp), initiating (fight_initiate),
// resolving (fight_resolve), testing (fight_test), losing and neither side
// withdrawing (fight_outcome), the combat tokens (fight_tokens) and HOT
// PURSUIT (hot_pursuit).
#pragma once

#include <deque>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rules/chaos/fight_phase.h"
#include "rules/chaos/readings.h"
#include "rules/chaos/table_play.h"

namespace adjutant::rules::chaos::fight_run {

// fight.initiate: how far a regiment may go toward the enemy to come
// within fighting range (it is engaged, so the enemy is within 8").
constexpr Coord kInitiateReach = kEngagementRange;
// fight.test Hold the Line: a failed regiment flees to 7" ("7-8""); Bend
// and a lost fight withdraw to 5" ("engagement range (5-8")").
constexpr Coord kFleeTo = 7 * kInch;
constexpr Coord kBendTo = 5 * kInch;
constexpr Coord kRetreatReach = 12 * kInch;
// fight.neither: the commanders 5" back, then on until 6" from the enemy.
constexpr Coord kNeitherBack = 5 * kInch;
constexpr Coord kNeitherClear = 6 * kInch;
constexpr Coord kCommanderReach = 20 * kInch;

// One fight being resolved and tested.
struct Fight {
  std::vector<std::string> regiments;  // sorted ids
  std::string caller;                  // the side that first called it
  std::set<std::string> tested;
  // Combat tokens (docs/rules/chaos.md "Combat tokens"): those committed
  // to this fight by side, in the order of the side's `tokens` list, and
  // what the revealed ones leave standing.
  std::map<std::string, std::deque<std::string>> committed;
  std::set<std::string> sniped;       // sides denied HEROIC INSPIRATION, TACTICAL BRILLIANCE
  std::set<std::string> doubled;      // sides counted double for WEIGHT OF NUMBERS
  std::set<std::string> double_shot;  // sides whose batteries fire DOUBLE SHOT
  std::set<std::string> stone_wall;   // sides under LIKE A STONE WALL
  std::set<std::string> no_rally;     // regiments RALLY TO THE STANDARD cannot modify
  bool refuse_flank = false;          // the next OUTFLANK has no effect
  bool hot_pursuit = false;           // the winner pursues (HOT PURSUIT)
  // Version 3: the tokens committed `"when": "last"`, revealed once the
  // side has no regiment left to test.
  std::map<std::string, std::deque<std::string>> last = {};
};

// One token being revealed in a fight: what its effect changed, for the
// fight_token event.
struct Reveal {
  Fight& f;
  const std::string& side;
  const std::string enemy;
  Json units = Json::array();
  Json brigades = Json::array();
  std::string note;  // why it had no effect, or what it weighed
};

class Phase {
 public:
  explicit Phase(FightPhaseInput in);

  std::set<std::string> run();

 private:
  // --- the table and its regiments (fight_phase.cpp) ---------------------
  void push(Json e) { in_.events.push_back(std::move(e)); }
  std::string side_of(const std::string& r) const;
  std::string brigade_of(const std::string& r) const { return st_.regiments.at(r).brigade; }
  Arm arm_of(const std::string& r) const { return regiment_spec(sc_, r).arm; }
  bool on_table(const std::string& r) const;
  Outline base_of(const std::string& r) const { return outline(regiment_body(sc_, st_, r)); }
  const FightPolicies& policy(const std::string& side);
  Json unit(const std::string& r) const;
  Json after(Json u, const std::string& r) const;
  std::vector<std::string> enemies_of(const std::string& side) const;
  std::string closest_enemy(const Outline& base, const std::string& side) const;
  bool near_enemy(const Outline& base, const std::string& side, Coord range) const;
  bool legal(const std::string& r, const Outline& o) const;
  void wagons();

  // --- the alternation of fight actions (fight_phase.cpp) ----------------
  std::vector<std::vector<std::string>> unresolved() const;
  bool act(const std::string& side, std::deque<std::string>& pending);
  std::string caller_of(const std::vector<std::string>& f, const std::string& selector) const;
  std::vector<std::string> ordered(const std::vector<std::string>& f,
                                   const std::string& caller) const;
  void settle_fight(const std::vector<std::string>& ids, const std::string& selector,
                    const std::string& caller);
  void commit(Fight& f);

  // --- fight.initiate (fight_initiate.cpp) -------------------------------
  void initiate(const std::string& b, const std::string& side);

  // --- fight.resolve (fight_resolve.cpp) ---------------------------------
  void resolve(Fight& f, const std::string& selector);
  std::vector<std::string> brigades_in(const Fight& f) const;
  std::string battery_target(const std::string& bat, const Fight& f);

  // --- fight.test (fight_test.cpp) ---------------------------------------
  int test_stress(const std::string& r) const;
  std::string choose_test(const Fight& f, const std::string& side);
  Point fall_back(const std::string& r, Coord to);
  void test(Fight& f);

  // --- fight.lose, fight.artillery, fight.cavalry, fight.neither
  // (fight_outcome.cpp) and HOT PURSUIT (hot_pursuit.cpp) -----------------
  void lose(Fight& f, const std::string& loser, const std::string& failed);
  void neither(Fight& f);
  void pursue(Fight& f, const std::string& winner, const std::string& loser);

  // --- the combat tokens (fight_tokens.cpp) ------------------------------
  // One row a token: its name (tokens.h) and what revealing it does.
  struct TokenRow {
    const char* token;
    void (Phase::*effect)(Reveal&);
  };
  static const TokenRow kTokens[];
  void reveal(Fight& f, const std::string& side, const std::string& token);
  void token_outflank(Reveal& rv);
  void token_refuse_flank(Reveal& rv);
  void token_heroic_inspiration(Reveal& rv);
  void token_reinforce_the_line(Reveal& rv);
  void token_sniper(Reveal& rv);
  void token_tactical_brilliance(Reveal& rv);
  void token_cavalry_support(Reveal& rv);
  void token_counter_charge(Reveal& rv);
  void token_rebel_yell(Reveal& rv);
  void token_seize_the_standard(Reveal& rv);
  void token_break_through(Reveal& rv);
  void token_double_shot(Reveal& rv);
  void token_hot_pursuit(Reveal& rv);
  void token_tooth_and_nail(Reveal& rv);
  void token_like_a_stone_wall(Reveal& rv);
  void token_rally_to_the_standard(Reveal& rv);
  void token_weight_of_numbers(Reveal& rv);
  std::vector<std::string> in_fight(const Fight& f, const std::string& side, bool guns) const;
  std::vector<std::string> contacts(const std::string& r) const;
  std::string supporter(const std::string& r) const;
  std::string most_stressed(const std::vector<std::string>& pool) const;
  Json stressed(const std::string& r, int amount, Json& units);
  void brigade_stress(const std::string& b, int amount, Json& brigades);
  bool charge(const std::string& r, const std::string& target);

  FightPhaseInput in_;
  const Scenario& sc_;
  const Readings rd_;  // how this version reads the text
  ChaosState& st_;
  std::vector<std::string> order_;
  std::set<std::string> resolved_;  // regiments of fights resolved this turn
  std::set<std::string> fought_;    // brigades with a regiment in a fight
  std::map<std::string, std::pair<int, std::string>> initiated_;  // regiment -> (n, side)
  std::map<std::string, FightPolicies> policies_;
  std::map<std::string, std::set<std::size_t>> used_;  // side -> `tokens` entries committed
};

}  // namespace adjutant::rules::chaos::fight_run
