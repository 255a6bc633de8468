#include "rules/chaos/fight_phase.h"

#include <algorithm>
#include <deque>

#include "ledger/dice_draw.h"
#include "rules/chaos/bearing.h"
#include "rules/chaos/fights.h"
#include "rules/chaos/formation.h"
#include "rules/chaos/march.h"
#include "rules/chaos/readings.h"
#include "rules/chaos/rolls.h"
#include "rules/chaos/shift.h"
#include "rules/chaos/sight.h"
#include "rules/chaos/situation.h"
#include "rules/chaos/stress.h"
#include "rules/chaos/table_play.h"

namespace adjutant::rules::chaos {

FightPolicies policies_of(const Json& plan) {
  FightPolicies p;
  if (!plan.contains("policies")) return p;
  const Json& j = plan["policies"];
  p.test = j.value("test", p.test);
  p.hold_the_line_below = j.value("hold_the_line_below", p.hold_the_line_below);
  p.artillery_target = j.value("artillery_target", p.artillery_target);
  return p;
}

void draw_tokens_for(ledger::Dice& dice, std::vector<std::string>& tin, const std::string& side,
                     int k, bool rebel_yell, const std::string& rule, Json& events) {
  k = std::min<int>(k, int(tin.size()));
  Json drawn = Json::array();
  if (k > 0) {
    auto picks = ledger::draw(dice, int(tin.size()), k, "combat tokens");
    for (int i : picks) drawn.push_back(tin[std::size_t(i)]);
    // Each drawn token leaves the tin at its first place there, as `apply`
    // takes it out (the same list as taking out the drawn places while
    // equal tokens lie together, as they do until one is thrown back).
    for (const auto& t : drawn) tin.erase(std::find(tin.begin(), tin.end(), t.get<std::string>()));
  }
  events.push_back({{"type", "tokens_drawn"}, {"side", side}, {"tokens", drawn}, {"rule", rule}});
  if (!rebel_yell || side != "union") return;
  // "Union players may throw this back and draw two tokens as replacement.
  // If one of those is a REBEL YELL then they cannot return it": the
  // replacements are kept.
  for (const auto& t : drawn) {
    if (t != "rebel_yell") continue;
    tin.push_back("rebel_yell");
    events.push_back({{"type", "tokens_returned"},
                      {"side", side},
                      {"tokens", Json::array({"rebel_yell"})},
                      {"rule", "token.rebel_yell"}});
    draw_tokens_for(dice, tin, side, 2, false, "token.rebel_yell", events);
  }
}

namespace fight_run {

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

class Phase {
 public:
  explicit Phase(FightPhaseInput in) : in_(in), sc_(in.scenario), st_(in.state) {}

  std::set<std::string> run() {
    auto sides = side_ids(sc_);
    std::map<std::string, std::deque<std::string>> pending;
    for (const auto& s : sides)
      for (const auto& b : in_.plans.at(s)["sequence"]) {
        std::string id = b.get<std::string>();
        const Json& bp = in_.plans.at(s)["brigades"];
        if (bp.contains(id) && bp[id].contains("fight") && in_.formed_up.count(id))
          pending[s].push_back(id);
      }
    bool any = !pending.empty() || !group_fights(fighters(st_, sc_)).empty();
    if (!any) return fought_;
    DiceOff off = dice_off(in_.dice, sides[0], sides[1], "fight initiative");
    Json rounds = Json::array();
    for (auto [a, b] : off.rounds) rounds.push_back({a, b});
    order_ = {off.winner, other_side(sc_, off.winner)};
    push({{"type", "fight_initiative"},
          {"winner", off.winner},
          {"rolls", rounds},
          {"rule", "fight"}});
    // The sides alternate fight actions; a side with none passes; two
    // passes in a row end the alternation.
    int passes = 0;
    for (std::size_t k = 0; passes < 2; ++k) {
      const std::string& side = order_[k % 2];
      if (act(side, pending[side]))
        passes = 0;
      else
        ++passes;
    }
    // Any fight left (none of its regiments the side's to select): in fight
    // id order, the side with the initiative first.
    for (;;) {
      auto open = unresolved();
      if (open.empty()) break;
      settle_fight(open.front(), order_[0], order_[0]);
    }
    return fought_;
  }

 private:
  using Json = nlohmann::json;

  void push(Json e) { in_.events.push_back(std::move(e)); }

  std::string side_of(const std::string& r) const {
    return st_.brigades.at(st_.regiments.at(r).brigade).side;
  }
  std::string brigade_of(const std::string& r) const { return st_.regiments.at(r).brigade; }
  Arm arm_of(const std::string& r) const { return regiment_spec(sc_, r).arm; }
  bool on_table(const std::string& r) const {
    const auto& x = st_.regiments.at(r);
    return !x.removed && x.at.has_value();
  }
  Outline base_of(const std::string& r) const { return outline(regiment_body(sc_, st_, r)); }
  const FightPolicies& policy(const std::string& side) {
    auto it = policies_.find(side);
    if (it == policies_.end()) it = policies_.emplace(side, policies_of(in_.plans.at(side))).first;
    return it->second;
  }

  Json unit(const std::string& r) const {
    Json u = {{"regiment", r}, {"side", side_of(r)}};
    if (on_table(r)) u["at"] = json_of(*st_.regiments.at(r).at);
    return u;
  }
  Json after(Json u, const std::string& r) const {
    const auto& x = st_.regiments.at(r);
    u["stress"] = x.stress;
    u["stands"] = x.stands;
    u["removed"] = x.removed;
    return u;
  }

  // The enemy regiments on the table, by id.
  std::vector<std::string> enemies_of(const std::string& side) const {
    std::vector<std::string> out;
    for (const auto& [id, r] : st_.regiments)
      if (!r.removed && r.at && st_.brigades.at(r.brigade).side != side) out.push_back(id);
    return out;
  }

  // The enemy regiment nearest `base` (least distance, then id).
  std::string closest_enemy(const Outline& base, const std::string& side) const {
    std::string best;
    Coord best_d = -1;
    for (const auto& e : enemies_of(side)) {
      Coord d = distance_floor(base, base_of(e));
      if (best_d < 0 || d < best_d) best = e, best_d = d;
    }
    return best;
  }

  bool near_enemy(const Outline& base, const std::string& side, Coord range) const {
    for (const auto& e : enemies_of(side))
      if (closer_than(base, base_of(e), range)) return true;
    return false;
  }

  // On the table and on no other base (regiments and wagons).
  bool legal(const std::string& r, const Outline& o) const {
    if (!base_on_table(sc_, o)) return false;
    for (const auto& [id, x] : st_.regiments)
      if (id != r && !x.removed && x.at && convex_overlap(o, base_of(id), kOverlapTolerance))
        return false;
    for (const auto& [wid, w] : st_.wagons)
      if (!w.destroyed &&
          convex_overlap(o, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing}),
                         kOverlapTolerance))
        return false;
    return true;
  }

  void wagons() {
    for (const auto& w : destroy_wagons(st_, sc_))
      push({{"type", "wagon_destroyed"},
            {"wagon", w},
            {"side", st_.wagons.at(w).side},
            {"at", json_of(st_.wagons.at(w).at)},
            {"rule", "supply"}});
  }

  // The fights whose regiments were in no fight resolved this turn
  // (fight.join: a resolved fight is never joined to another).
  std::vector<std::vector<std::string>> unresolved() const {
    std::vector<std::vector<std::string>> out;
    for (auto& f : group_fights(fighters(st_, sc_))) {
      bool done = false;
      for (const auto& r : f) done = done || resolved_.count(r);
      if (!done) out.push_back(f);
    }
    return out;
  }

  // One fight action of `side`: its next fight order, else the unresolved
  // fight with the most of its regiments (ties by fight id); false: it
  // passes.
  bool act(const std::string& side, std::deque<std::string>& pending) {
    if (!pending.empty()) {
      std::string b = pending.front();
      pending.pop_front();
      initiate(b, side);
      return true;
    }
    const std::vector<std::string>* pick = nullptr;
    int most = 0;
    auto open = unresolved();
    for (const auto& f : open) {
      int own = 0;
      for (const auto& r : f) own += side_of(r) == side;
      if (own > most) most = own, pick = &f;
    }
    if (!pick) return false;
    settle_fight(*pick, side, caller_of(*pick, side));
    return true;
  }

  // The side that first called a fight: the side whose initiation made
  // it (the first this turn among its regiments), else the side selecting
  // it.
  std::string caller_of(const std::vector<std::string>& f, const std::string& selector) const {
    int first = -1;
    std::string who = selector;
    for (const auto& r : f) {
      auto it = initiated_.find(r);
      if (it != initiated_.end() && (first < 0 || it->second.first < first))
        first = it->second.first, who = it->second.second;
    }
    return who;
  }

  // fight.initiate: the ordered regiment moves straight toward the enemy
  // regiment named (else the closest) until less than 4" from the closest
  // enemy regiment, never into contact; every fighting regiment at stress
  // 0 goes to 1.
  void initiate(const std::string& b, const std::string& side) {
    const Json& order = in_.plans.at(side)["brigades"][b]["fight"];
    std::string r = order["regiment"].get<std::string>();
    auto blocked = [&](const std::string& why) {
      push({{"type", "fight_blocked"},
            {"brigade", b},
            {"side", side},
            {"regiment", r},
            {"reason", why},
            {"rule", "fight.initiate"}});
    };
    if (!on_table(r)) return blocked("the regiment is no longer on the table");
    Body body = regiment_body(sc_, st_, r);
    if (near_enemy(outline(body), side, kFightingRange))
      return blocked("the regiment is already fighting");
    std::string target;
    if (order.contains("toward") && !order["toward"].is_null()) {
      if (auto u = unit_at(st_, sc_, side, point_of(order["toward"])); u && !u->marker)
        target = u->id;
      if (target.empty())
        return blocked("no enemy regiment stands at " + format_point(point_of(order["toward"])));
    } else {
      target = closest_enemy(outline(body), side);
      if (target.empty()) return blocked("no enemy regiment is on the table");
    }
    bool bad = false;
    Shift sh =
        shift_until(body, *st_.regiments.at(target).at, false, kInitiateReach, [&](const Body& at) {
          Outline o = outline(at);
          if (!legal(r, o)) {
            bad = true;
            return true;
          }
          return near_enemy(o, side, kFightingRange);
        });
    if (bad) return blocked("its way is blocked by another base or the table's edge");
    if (!sh.done) return blocked("it cannot come within 4\" of an enemy regiment");
    Outline o = outline(sh.body);
    for (const auto& e : enemies_of(side))
      if (touch(o, base_of(e))) return blocked("it would come into contact");
    Point from = body.centre;
    st_.regiments.at(r).at = sh.body.centre;
    // fight.join: the fight it would be in must not hold a regiment of a
    // fight resolved this turn.
    for (const auto& f : group_fights(fighters(st_, sc_))) {
      if (std::find(f.begin(), f.end(), r) == f.end()) continue;
      for (const auto& x : f)
        if (resolved_.count(x)) {
          st_.regiments.at(r).at = from;
          return blocked("it would join a fight already resolved this turn (fight.join)");
        }
    }
    initiated_.emplace(r, std::make_pair(int(initiated_.size()), side));
    // "Note that there is a minimum of 1."
    Json minimum = Json::array();
    for (const auto& f : fighting(fighters(st_, sc_)))
      if (st_.regiments.at(f).stress < 1) {
        st_.regiments.at(f).stress = 1;
        minimum.push_back(after(unit(f), f));
      }
    push({{"type", "fight_start"},
          {"brigade", b},
          {"side", side},
          {"regiment", r},
          {"from", json_of(from)},
          {"to", json_of(sh.body.centre)},
          {"target", unit(target)},
          {"minimum", minimum},
          {"rule", "fight.initiate"}});
    wagons();
  }

  // The regiments of a fight in the order of its dice: the caller's first,
  // each side by id.
  std::vector<std::string> ordered(const std::vector<std::string>& f,
                                   const std::string& caller) const {
    std::vector<std::string> out;
    for (int pass = 0; pass < 2; ++pass)
      for (const auto& r : f)
        if ((side_of(r) == caller) == (pass == 0)) out.push_back(r);
    return out;
  }

  // Selecting a fight: resolve it, test it, then win and lose or neither.
  void settle_fight(const std::vector<std::string>& ids, const std::string& selector,
                    const std::string& caller) {
    Fight f{ids, caller, {}, {}, {}, {}, {}, {}, {}, false, false};
    for (const auto& r : ids) {
      resolved_.insert(r);
      fought_.insert(brigade_of(r));
    }
    commit(f);
    // DOUBLE SHOT is revealed before the fight is resolved: its effect is
    // in the resolution.
    for (const auto& side : {f.caller, other_side(sc_, f.caller)}) {
      auto& q = f.committed[side];
      auto it = std::find(q.begin(), q.end(), "double_shot");
      if (it == q.end()) continue;
      q.erase(it);
      reveal(f, side, "double_shot");
    }
    resolve(f, selector);
    test(f);
  }

  // The tokens each side commits to this fight: the entries of its
  // `tokens` list not yet used whose `fight_with` brigade has a regiment
  // in it, or with no `fight_with` (the first fight the side has).
  void commit(Fight& f) {
    std::set<std::string> brigades;
    for (const auto& r : f.regiments) brigades.insert(brigade_of(r));
    for (const auto& side : side_ids(sc_)) {
      const Json& plan = in_.plans.at(side);
      if (!plan.contains("tokens")) continue;
      const Json& list = plan["tokens"];
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (used_[side].count(i)) continue;
        const Json& t = list[i];
        if (t.contains("fight_with") && !brigades.count(t["fight_with"].get<std::string>()))
          continue;
        used_[side].insert(i);
        // DOUBLE SHOT acts in the resolution: revealed before it whatever
        // its `when`.
        bool last = t.value("when", "first") == "last" && t["token"] != "double_shot";
        (last ? f.last : f.committed)[side].push_back(t["token"].get<std::string>());
      }
    }
  }

  // fight.resolve: a D6 a regiment (4-6 a stress, -1 higher ground, -1
  // woods or breastworks, +1 in contact); each battery's target +2; a D6 a
  // battery (1: a stress on it); +1 each brigade in the fight.
  void resolve(Fight& f, const std::string& selector) {
    Json units = Json::array();
    auto order = ordered(f.regiments, f.caller);
    for (const auto& r : order) {
      if (!on_table(r) || arm_of(r) == Arm::kArtillery) continue;
      const std::string side = side_of(r);
      Outline o = base_of(r);
      Point c = *st_.regiments.at(r).at;
      std::string near = closest_enemy(o, side);
      bool higher = point_in_kind(sc_.terrain, c, TerrainKind::kHill) && !near.empty() &&
                    !point_in_kind(sc_.terrain, *st_.regiments.at(near).at, TerrainKind::kHill);
      bool woods = touches_kind(sc_.terrain, o, TerrainKind::kWoods);
      bool works = touches_kind(sc_.terrain, o, TerrainKind::kBreastworks) ||
                   touches_kind(sc_.terrain, o, TerrainKind::kTown);
      bool contact = false;
      for (const auto& e : enemies_of(side)) contact = contact || touch(o, base_of(e));
      int roll = in_.dice.roll(6, "fight");
      // "Mounted cavalry cannot claim breastworks" (a regiment is
      // dismounted only from version 3).
      bool mounted = arm_of(r) == Arm::kCavalry && !st_.regiments.at(r).dismounted;
      int amount = resolve_stress(roll, higher, woods, works, mounted, contact);
      Json u = unit(r);
      stress_regiment(st_, r, amount, in_.dice);
      u["cause"] = "die";
      u["roll"] = roll;
      u["amount"] = amount;
      u["higher_ground"] = higher;
      u["cover"] = woods || works;
      u["contact"] = contact;
      units.push_back(after(u, r));
    }
    // Each battery in the fight appoints one enemy regiment in front of it,
    // with a stand in sight, not in melee unless with the battery.
    for (const auto& bat : order) {
      if (!on_table(bat) || arm_of(bat) != Arm::kArtillery) continue;
      std::string target = battery_target(bat, f);
      if (target.empty()) continue;
      Json u = unit(target);
      int amount = f.double_shot.count(side_of(bat)) ? 3 : 2;
      stress_regiment(st_, target, amount, in_.dice);
      u["cause"] = "battery";
      u["amount"] = amount;
      u["from"] = json_of(*st_.regiments.at(bat).at);
      u["battery"] = unit(bat);
      units.push_back(after(u, target));
    }
    for (const auto& bat : order) {
      if (!on_table(bat) || arm_of(bat) != Arm::kArtillery) continue;
      int roll = in_.dice.roll(6, "fight battery");
      int amount = battery_self_stress(roll, f.double_shot.count(side_of(bat)) > 0) ? 1 : 0;
      Json u = unit(bat);
      stress_regiment(st_, bat, amount, in_.dice);
      u["cause"] = "battery_die";
      u["roll"] = roll;
      u["amount"] = amount;
      units.push_back(after(u, bat));
    }
    Json brigades = Json::array();
    for (const auto& b : brigades_in(f)) {
      stress_brigade(st_, b, 1);
      brigades.push_back({{"brigade", b},
                          {"side", st_.brigades.at(b).side},
                          {"amount", 1},
                          {"brigade_stress", st_.brigades.at(b).stress}});
    }
    push({{"type", "fight_resolve"},
          {"side", selector},
          {"caller", f.caller},
          {"units", units},
          {"brigades", brigades},
          {"rule", "fight.resolve"}});
  }

  // The brigades with a regiment in the fight: the caller's first, by id.
  std::vector<std::string> brigades_in(const Fight& f) const {
    std::vector<std::string> out;
    for (const auto& r : ordered(f.regiments, f.caller))
      if (std::find(out.begin(), out.end(), brigade_of(r)) == out.end())
        out.push_back(brigade_of(r));
    std::stable_sort(out.begin(), out.end(), [&](const std::string& a, const std::string& b) {
      return (st_.brigades.at(a).side == f.caller) > (st_.brigades.at(b).side == f.caller);
    });
    return out;
  }

  std::string battery_target(const std::string& bat, const Fight& f) {
    const std::string side = side_of(bat);
    Body gun = regiment_body(sc_, st_, bat);
    Outline gun_base = outline(gun);
    Point ahead = turn(0, 100, gun.bearing);
    std::vector<Obstacle> all;
    for (const auto& [id, r] : st_.regiments)
      if (!r.removed && r.at) all.push_back({id, base_of(id)});
    for (const auto& [wid, w] : st_.wagons)
      if (!w.destroyed)
        all.push_back({wid, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing})});
    const std::string& how = policy(side).artillery_target;
    std::string best;
    Coord best_d = 0;
    int best_s = 0;
    for (const auto& t : f.regiments) {
      if (!on_table(t) || side_of(t) == side) continue;
      Body body = regiment_body(sc_, st_, t);
      Outline base = outline(body);
      if (dot(body.centre - gun.centre, ahead) <= 0) continue;  // not in front
      bool melee = false;
      for (const auto& [oid, o] : st_.regiments)
        if (oid != bat && !o.removed && o.at && st_.brigades.at(o.brigade).side == side &&
            touch(base, base_of(oid)))
          melee = true;
      if (melee && !touch(base, gun_base)) continue;
      std::vector<Obstacle> others;
      for (const auto& ob : all)
        if (ob.id != t && ob.id != bat) others.push_back(ob);
      if (!line_of_sight(gun, body, sc_.terrain, others)) continue;
      Coord d = distance_floor(gun_base, base);
      int s = st_.regiments.at(t).stress;
      bool better = best.empty();
      if (!better && how == "most_stressed") better = s > best_s || (s == best_s && d < best_d);
      if (!better && how == "least_stressed") better = s < best_s || (s == best_s && d < best_d);
      if (!better && how == "closest") better = d < best_d;
      if (better) best = t, best_d = d, best_s = s;
    }
    return best;
  }

  // The stress a test is made against: the regiment's and its brigade's.
  int test_stress(const std::string& r) const {
    return st_.regiments.at(r).stress + st_.brigades.at(brigade_of(r)).stress;
  }

  // The regiment `side` selects to test by its `policies.test`: an enemy
  // regiment (most or least stressed) or one of its own (least stressed);
  // the other pool when the policy's is empty. Ties by id.
  std::string choose_test(const Fight& f, const std::string& side) {
    std::vector<std::string> own, enemy;
    for (const auto& r : f.regiments)
      if (on_table(r) && arm_of(r) != Arm::kArtillery && !f.tested.count(r))
        (side_of(r) == side ? own : enemy).push_back(r);
    auto pick = [&](const std::vector<std::string>& pool, bool most) {
      std::string best;
      for (const auto& r : pool)
        if (best.empty() ||
            (most ? test_stress(r) > test_stress(best) : test_stress(r) < test_stress(best)))
          best = r;
      return best;
    };
    const std::string& how = policy(side).test;
    std::string out;
    if (how == "own_least_stressed") {
      out = pick(own, false);
      if (out.empty()) out = pick(enemy, true);
    } else {
      out = pick(enemy, how != "enemy_least_stressed");
      if (out.empty()) out = pick(own, false);
    }
    return out;
  }

  // Moves a regiment straight back from the closest enemy regiment until
  // no enemy regiment is nearer than `to` (up to 12"); it stops at the last
  // quarter-inch step on the table and on no other base.
  Point fall_back(const std::string& r, Coord to) {
    const std::string side = side_of(r);
    Body body = regiment_body(sc_, st_, r);
    std::string from = closest_enemy(outline(body), side);
    if (from.empty()) return body.centre;
    Point last = body.centre;
    shift_until(body, *st_.regiments.at(from).at, true, kRetreatReach, [&](const Body& at) {
      Outline o = outline(at);
      if (at.centre != body.centre && !legal(r, o)) return true;
      last = at.centre;
      return !near_enemy(o, side, to);
    });
    st_.regiments.at(r).at = last;
    return last;
  }

  // fight.test: the sides alternate from the caller; each selects a
  // regiment by its policy (or passes when none is left); the owner holds
  // the line when the regiment's and brigade's stress is below its
  // `hold_the_line_below`, else bends. The first failure loses the fight.
  void test(Fight& f) {
    std::string side = f.caller;
    int passes = 0;
    while (passes < 2) {
      std::string next = other_side(sc_, side);
      auto& q = f.committed[side];
      if (!q.empty()) {
        std::string token = q.front();
        q.pop_front();
        reveal(f, side, token);
        passes = 0;
        side = next;
        continue;
      }
      std::string r = choose_test(f, side);
      if (r.empty() && !f.last[side].empty()) {
        std::string token = f.last[side].front();
        f.last[side].pop_front();
        reveal(f, side, token);
        passes = 0;
        side = next;
        continue;
      }
      if (r.empty()) {
        ++passes;
        side = next;
        continue;
      }
      passes = 0;
      const std::string owner = side_of(r);
      const std::string b = brigade_of(r);
      int bonus = owner == side ? quality_bonus(sc_.brigade(b)->quality) : 0;
      // LIKE A STONE WALL: every brigade of the side holds, at +3.
      bool wall = f.stone_wall.count(owner) > 0;
      bool hold = wall || test_stress(r) < policy(owner).hold_the_line_below;
      if (hold) bonus += wall ? kStoneWall : kHoldTheLine;
      TestRoll t = regiment_test(in_.dice, st_.regiments.at(r).stress, st_.brigades.at(b).stress,
                                 bonus, "fight test");
      f.tested.insert(r);
      Json u = unit(r);
      u["choice"] = hold ? "hold" : "bend";
      u["roll"] = t.roll;
      u["bonus"] = t.bonus;
      u["against"] = t.against;
      u["passed"] = t.passed;
      if (!t.passed) {
        if (hold) {
          // Hold the Line failed: a stand lost, flees to 7", 2 more stress.
          auto& x = st_.regiments.at(r);
          x.stands -= 1;
          if (x.stands <= 0) {
            x.removed = true;
            x.at.reset();
          } else {
            u["to"] = json_of(fall_back(r, kFleeTo));
            stress_regiment(st_, r, 2, in_.dice);
          }
        } else {
          u["to"] = json_of(fall_back(r, kBendTo));
        }
      }
      push({{"type", "fight_test"}, {"side", side}, {"unit", after(u, r)}, {"rule", "fight.test"}});
      if (!t.passed) {
        wagons();
        return lose(f, owner, r);
      }
      side = next;
    }
    neither(f);
  }

  // fight.lose, fight.artillery: the loser's units withdraw to 5" (a
  // battery tests first: success limbers and withdraws, failure destroys
  // it); +1 to each of its brigades and each falling-back regiment not yet
  // tested. The victor: -1 to each regiment not yet tested and each
  // brigade in the fight, and one token from the tin.
  void lose(Fight& f, const std::string& loser, const std::string& failed) {
    std::string winner = other_side(sc_, loser);
    Json units = Json::array();
    for (const auto& r : f.regiments) {
      if (r == failed || !on_table(r) || side_of(r) != loser) continue;
      Json u = unit(r);
      auto& x = st_.regiments.at(r);
      bool v3 = readings(sc_.rules_version).limbering_and_mounting;
      // fight.artillery: "Limbered artillery moves back normally" (a
      // battery is limbered only from version 3); an unlimbered one tests:
      // success limbers and withdraws, failure destroys it.
      if (arm_of(r) == Arm::kArtillery && !x.limbered) {
        const std::string b = brigade_of(r);
        TestRoll t =
            regiment_test(in_.dice, x.stress, st_.brigades.at(b).stress, 0, "fight.artillery");
        u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
        u["rule"] = "fight.artillery";
        if (!t.passed) {
          x.removed = true;
          x.at.reset();
          u["destroyed"] = true;
          units.push_back(after(u, r));
          continue;
        }
        if (v3) x.limbered = true;
      } else if (arm_of(r) == Arm::kArtillery) {
        u["rule"] = "fight.artillery";
      }
      // fight.cavalry (version 3): dismounted cavalry tests; success
      // mounts and withdraws, failure withdraws dismounted.
      if (arm_of(r) == Arm::kCavalry && x.dismounted) {
        const std::string b = brigade_of(r);
        TestRoll t =
            regiment_test(in_.dice, x.stress, st_.brigades.at(b).stress, 0, "fight.cavalry");
        u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
        u["rule"] = "fight.cavalry";
        if (t.passed) x.dismounted = false;
      }
      if (v3 && x.limbered) u["limbered"] = true;
      if (v3 && x.dismounted) u["dismounted"] = true;
      u["to"] = json_of(fall_back(r, kBendTo));
      if (!f.tested.count(r)) stress_regiment(st_, r, 1, in_.dice);
      units.push_back(after(u, r));
    }
    for (const auto& r : f.regiments) {
      if (!on_table(r) || side_of(r) != winner || f.tested.count(r)) continue;
      if (st_.regiments.at(r).stress == 0) continue;
      stress_regiment(st_, r, -1, in_.dice);
      Json u = unit(r);
      u["amount"] = -1;
      units.push_back(after(u, r));
    }
    Json brigades = Json::array();
    for (const auto& b : brigades_in(f)) {
      bool lost = st_.brigades.at(b).side == loser;
      int amount = lost ? (f.stone_wall.count(loser) ? 2 : 1) : -1;
      stress_brigade(st_, b, amount);
      brigades.push_back({{"brigade", b},
                          {"side", st_.brigades.at(b).side},
                          {"amount", amount},
                          {"brigade_stress", st_.brigades.at(b).stress}});
    }
    push({{"type", "fight_lose"},
          {"side", loser},
          {"winner", winner},
          {"units", units},
          {"brigades", brigades},
          {"rule", "fight.lose"}});
    wagons();
    if (!in_.tin.empty())
      draw_tokens_for(in_.dice, in_.tin, winner, 1, true, "fight.lose", in_.events);
    if (f.hot_pursuit) pursue(f, winner, loser);
  }

  // fight.neither: the caller's brigade commanders 5" straight back from
  // the closest enemy regiment and on until none is within 6" of one; its
  // regiments in the fight straight back until not within 4" of an enemy
  // regiment; then the other side's the same; every brigade +1.
  void neither(Fight& f) {
    Json commanders = Json::array();
    Json units = Json::array();
    auto brigades = brigades_in(f);
    for (const auto& b : brigades) {
      auto& bs = st_.brigades.at(b);
      if (bs.side != f.caller || !bs.commander) continue;
      Body c{*bs.commander, 0, 1, sc_.bases.at(Arm::kCommander)};
      std::string from = closest_enemy(outline(c), bs.side);
      if (from.empty()) continue;
      Point last = c.centre;
      shift_until(c, *st_.regiments.at(from).at, true, kCommanderReach, [&](const Body& at) {
        if (!point_on_table(sc_, at.centre)) return true;
        last = at.centre;
        Coord gone = path_length({c.centre, at.centre});
        return gone >= kNeitherBack && !near_enemy(outline(at), bs.side, kNeitherClear + 1);
      });
      commanders.push_back(
          {{"brigade", b}, {"side", bs.side}, {"from", json_of(c.centre)}, {"to", json_of(last)}});
      bs.commander = last;
      // Its units take the default formation around him facing that enemy
      // regiment, if that place breaks no rule (on the table, on no other
      // base, none within 4" of an enemy); else each falls back below.
      auto present = deployed_regiments(st_, b);
      auto slots = default_formation(sc_, *sc_.brigade(b), last,
                                     bearing_to(last, *st_.regiments.at(from).at), present);
      bool fits = true;
      for (const auto& slot : slots) {
        Outline o = outline(slot.body);
        bool clear = base_on_table(sc_, o) && !near_enemy(o, bs.side, kFightingRange);
        for (const auto& [id, x] : st_.regiments)
          if (clear && x.brigade != b && !x.removed && x.at &&
              convex_overlap(o, base_of(id), kOverlapTolerance))
            clear = false;
        fits = fits && clear;
      }
      if (!fits) continue;
      for (const auto& slot : slots) {
        Json u = unit(slot.regiment);
        st_.regiments.at(slot.regiment).at = slot.body.centre;
        st_.regiments.at(slot.regiment).facing = slot.body.bearing;
        u["to"] = json_of(slot.body.centre);
        u["facing"] = slot.body.bearing;
        units.push_back(after(u, slot.regiment));
      }
    }
    for (int pass = 0; pass < 2; ++pass)
      for (const auto& r : f.regiments) {
        if (!on_table(r) || (side_of(r) == f.caller) != (pass == 0)) continue;
        if (!near_enemy(base_of(r), side_of(r), kFightingRange)) continue;
        Json u = unit(r);
        u["to"] = json_of(fall_back(r, kFightingRange));
        units.push_back(after(u, r));
      }
    Json stressed = Json::array();
    for (const auto& b : brigades) {
      stress_brigade(st_, b, 1);
      stressed.push_back({{"brigade", b},
                          {"side", st_.brigades.at(b).side},
                          {"amount", 1},
                          {"brigade_stress", st_.brigades.at(b).stress}});
    }
    push({{"type", "fight_neither"},
          {"side", f.caller},
          {"commanders", commanders},
          {"units", units},
          {"brigades", stressed},
          {"rule", "fight.neither"}});
    wagons();
  }

  // --- combat tokens ------------------------------------------------------

  std::vector<std::string> in_fight(const Fight& f, const std::string& side, bool guns) const {
    std::vector<std::string> out;
    for (const auto& r : f.regiments)
      if (on_table(r) && side_of(r) == side && (guns || arm_of(r) != Arm::kArtillery))
        out.push_back(r);
    return out;
  }

  // The enemy regiments (not batteries) whose bases touch r's, by id.
  std::vector<std::string> contacts(const std::string& r) const {
    std::vector<std::string> out;
    Outline o = base_of(r);
    for (const auto& e : enemies_of(side_of(r)))
      if (arm_of(e) != Arm::kArtillery && touch(o, base_of(e))) out.push_back(e);
    return out;
  }

  // The nearest regiment of r's side and arm behind r (its centre behind
  // r's front line) within 2", by distance then id; "" when none.
  std::string supporter(const std::string& r) const {
    const auto& x = st_.regiments.at(r);
    Point back = turn(0, 100, x.facing);
    Outline o = base_of(r);
    std::string best;
    Coord best_d = -1;
    for (const auto& [id, y] : st_.regiments) {
      if (id == r || y.removed || !y.at || side_of(id) != side_of(r) || arm_of(id) != arm_of(r))
        continue;
      if (dot(*y.at - *x.at, back) >= 0) continue;
      Coord d = distance_floor(o, base_of(id));
      if (d > 2 * kInch) continue;
      if (best_d < 0 || d < best_d) best = id, best_d = d;
    }
    return best;
  }

  Json stressed(const std::string& r, int amount, Json& units) {
    Json u = unit(r);
    stress_regiment(st_, r, amount, in_.dice);
    u["amount"] = amount;
    units.push_back(after(u, r));
    return u;
  }

  void brigade_stress(const std::string& b, int amount, Json& brigades) {
    stress_brigade(st_, b, amount);
    brigades.push_back({{"brigade", b},
                        {"side", st_.brigades.at(b).side},
                        {"amount", amount},
                        {"brigade_stress", st_.brigades.at(b).stress}});
  }

  // HOT PURSUIT, after a lost fight: each of the winner's brigades in the
  // fight (commander and regiments as a block) moves straight toward the
  // nearest regiment of the loser's in the fight, quarter-inch steps, as far
  // as it can without a regiment coming within 4" of an enemy regiment, on
  // the table and on no other base; then the winner's regiment of the fight
  // with the least stress (then id) takes a regimental stress test, and on
  // success moves straight toward the nearest pursued regiment until less
  // than 4" from an enemy regiment, not into contact.
  void pursue(Fight& f, const std::string& winner, const std::string& loser) {
    Json units = Json::array();
    Json commanders = Json::array();
    auto pursued = in_fight(f, loser, true);
    if (pursued.empty()) return;
    for (const auto& b : brigades_in(f)) {
      auto& bs = st_.brigades.at(b);
      if (bs.side != winner || !bs.commander) continue;
      auto regs = deployed_regiments(st_, b);
      if (regs.empty()) continue;
      // The nearest pair of its regiment and a pursued one sets the line.
      std::string mine, theirs;
      Coord best = -1;
      for (const auto& r : regs)
        for (const auto& e : pursued) {
          Coord d = distance_floor(base_of(r), base_of(e));
          if (best < 0 || d < best) best = d, mine = r, theirs = e;
        }
      Point from = *st_.regiments.at(mine).at;
      Point d = *st_.regiments.at(theirs).at - from;
      Coord len = static_cast<Coord>(isqrt(static_cast<unsigned __int128>(squared(d))));
      if (len == 0) continue;
      std::map<std::string, Point> start;
      for (const auto& r : regs) start[r] = *st_.regiments.at(r).at;
      Point c0 = *bs.commander;
      Point moved{0, 0};
      for (Coord k = kMarchStep; k <= len; k += kMarchStep) {
        Point delta{div_round(Wide(d.x) * k, len), div_round(Wide(d.y) * k, len)};
        bool ok = true;
        for (const auto& r : regs) st_.regiments.at(r).at = start.at(r) + delta;
        for (const auto& r : regs) {
          Outline o = base_of(r);
          if (!legal(r, o) || near_enemy(o, winner, kFightingRange)) ok = false;
        }
        if (!ok) break;
        moved = delta;
      }
      for (const auto& r : regs) st_.regiments.at(r).at = start.at(r) + moved;
      if (moved == Point{0, 0}) continue;
      bs.commander = c0 + moved;
      commanders.push_back({{"brigade", b},
                            {"side", winner},
                            {"from", json_of(c0)},
                            {"to", json_of(*bs.commander)}});
      for (const auto& r : regs) {
        Json u = unit(r);
        u["to"] = u["at"];
        units.push_back(after(u, r));
      }
    }
    std::string pursuer;
    for (const auto& r : in_fight(f, winner, false))
      if (pursuer.empty() || st_.regiments.at(r).stress < st_.regiments.at(pursuer).stress)
        pursuer = r;
    if (!pursuer.empty()) {
      const std::string b = brigade_of(pursuer);
      TestRoll t = regiment_test(in_.dice, st_.regiments.at(pursuer).stress,
                                 st_.brigades.at(b).stress, 0, "hot pursuit");
      Json u = unit(pursuer);
      u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
      u["passed"] = t.passed;
      if (t.passed) {
        std::string target = closest_enemy(base_of(pursuer), winner);
        Body body = regiment_body(sc_, st_, pursuer);
        bool bad = false;
        Shift sh = shift_until(body, *st_.regiments.at(target).at, false, kInitiateReach,
                               [&](const Body& at) {
                                 Outline o = outline(at);
                                 if (!legal(pursuer, o)) {
                                   bad = true;
                                   return true;
                                 }
                                 return near_enemy(o, winner, kFightingRange);
                               });
        bool contact = false;
        for (const auto& e : enemies_of(winner))
          contact = contact || touch(outline(sh.body), base_of(e));
        if (!bad && sh.done && !contact) {
          st_.regiments.at(pursuer).at = sh.body.centre;
          u["to"] = json_of(sh.body.centre);
        }
      }
      units.push_back(after(u, pursuer));
    }
    push({{"type", "fight_pursuit"},
          {"side", winner},
          {"commanders", commanders},
          {"units", units},
          {"rule", "token.hot_pursuit"}});
    wagons();
  }

  // COUNTER CHARGE: r moves straight toward the target's centre a
  // hundredth at a time and stops at the first place its base touches the
  // target; a place on another base (or off the table) first leaves it
  // where it was.
  bool charge(const std::string& r, const std::string& target) {
    Body body = regiment_body(sc_, st_, r);
    Point from = body.centre;
    Point d = *st_.regiments.at(target).at - from;
    Coord len = static_cast<Coord>(isqrt(static_cast<unsigned __int128>(squared(d))));
    Outline goal = base_of(target);
    for (Coord k = 1; k <= len; ++k) {
      body.centre = {from.x + div_round(Wide(d.x) * k, len),
                     from.y + div_round(Wide(d.y) * k, len)};
      Outline o = outline(body);
      if (!legal(r, o)) return false;
      if (touch(o, goal)) {
        st_.regiments.at(r).at = body.centre;
        return true;
      }
    }
    return false;
  }

  // Reveals one token of `side` in this fight, carries out its effect with
  // its documented default choices, and returns it to the box.
  void reveal(Fight& f, const std::string& side, const std::string& token) {
    const std::string enemy = other_side(sc_, side);
    Json units = Json::array();
    Json brigades = Json::array();
    std::string note;
    auto most_stress = [&](const std::vector<std::string>& pool) {
      std::string best;
      for (const auto& r : pool)
        if (best.empty() || st_.regiments.at(r).stress > st_.regiments.at(best).stress) best = r;
      return best;
    };
    if (token == "heroic_inspiration") {
      // The own brigade in the fight with the most stress: -2.
      if (f.sniped.count(side)) {
        note = "no effect: SNIPER";
      } else {
        std::string best;
        for (const auto& b : brigades_in(f))
          if (st_.brigades.at(b).side == side &&
              (best.empty() || st_.brigades.at(b).stress > st_.brigades.at(best).stress))
            best = b;
        if (!best.empty()) brigade_stress(best, -2, brigades);
      }
    } else if (token == "tactical_brilliance") {
      if (f.sniped.count(side)) {
        note = "no effect: SNIPER";
      } else {
        f.doubled.insert(side);
        for (const auto& b : brigades_in(f))
          if (st_.brigades.at(b).side == enemy) brigade_stress(b, 1, brigades);
      }
    } else if (token == "sniper") {
      f.sniped.insert(enemy);
    } else if (token == "refuse_flank") {
      f.refuse_flank = true;
    } else if (token == "hot_pursuit") {
      f.hot_pursuit = true;  // "Whichever side wins this fight"
    } else if (token == "double_shot") {
      f.double_shot.insert(side);
    } else if (token == "like_a_stone_wall") {
      f.stone_wall.insert(side);
    } else if (token == "rally_to_the_standard") {
      std::vector<std::string> pool;
      for (const auto& r : in_fight(f, side, true))
        if (!f.no_rally.count(r)) pool.push_back(r);
      std::string r = most_stress(pool);
      if (!r.empty()) stressed(r, -2, units);
    } else if (token == "outflank") {
      if (f.refuse_flank) {
        f.refuse_flank = false;
        note = "no effect: REFUSE FLANK";
      } else {
        for (const auto& r : in_fight(f, side, false)) {
          Body mine = regiment_body(sc_, st_, r);
          Point ahead = turn(0, 100, mine.bearing);
          std::string front;
          Coord front_d = -1;
          for (const auto& e : in_fight(f, enemy, true)) {
            if (dot(*st_.regiments.at(e).at - mine.centre, ahead) <= 0) continue;
            Coord d = distance_floor(outline(mine), base_of(e));
            if (front_d < 0 || d < front_d) front = e, front_d = d;
          }
          if (front.empty()) continue;
          Body theirs = regiment_body(sc_, st_, front);
          if (Coord(mine.stands) * mine.base.width <= Coord(theirs.stands) * theirs.base.width)
            continue;
          stressed(front, 2, units);
          break;
        }
      }
    } else if (token == "seize_the_standard") {
      std::vector<std::string> pool;
      for (const auto& r : in_fight(f, side, false))
        if (!contacts(r).empty()) pool.push_back(r);
      std::string r = most_stress(pool);
      if (!r.empty()) {
        std::string foe = contacts(r).front();
        stressed(r, -1, units);
        stressed(foe, 1, units);
        f.no_rally.insert(foe);
      }
    } else if (token == "tooth_and_nail") {
      std::string best, foe;
      for (const auto& r : in_fight(f, side, false)) {
        if (arm_of(r) != Arm::kInfantry) continue;
        std::string x;
        for (const auto& e : contacts(r))
          if (arm_of(e) == Arm::kInfantry) {
            x = e;
            break;
          }
        if (x.empty()) continue;
        if (best.empty() || st_.regiments.at(r).stands > st_.regiments.at(best).stands)
          best = r, foe = x;
      }
      for (const auto& r :
           best.empty() ? std::vector<std::string>{} : std::vector<std::string>{best, foe}) {
        auto& x = st_.regiments.at(r);
        Json u = unit(r);
        x.stands -= 1;
        if (x.stands < 2) {
          x.removed = true;
          x.at.reset();
        } else {
          stress_regiment(st_, r, 2, in_.dice);
        }
        u["amount"] = 2;
        units.push_back(after(u, r));
      }
    } else if (token == "break_through") {
      std::string best, foe;
      for (const auto& r : in_fight(f, side, false))
        for (const auto& e : contacts(r))
          if (supporter(e).empty()) {
            if (best.empty() || st_.regiments.at(r).stress < st_.regiments.at(best).stress)
              best = r, foe = e;
            break;
          }
      if (!best.empty()) {
        for (const auto& r : {best, foe}) {
          const std::string b = brigade_of(r);
          TestRoll t = regiment_test(in_.dice, st_.regiments.at(r).stress,
                                     st_.brigades.at(b).stress, 0, "break through");
          Json u = unit(r);
          u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
          u["passed"] = t.passed;
          if (!t.passed) stress_regiment(st_, r, 3, in_.dice);
          units.push_back(after(u, r));
          if (!t.passed) break;
        }
      }
    } else if (token == "reinforce_the_line") {
      for (const auto& r : in_fight(f, side, false)) {
        std::string back = supporter(r);
        int moved = std::min(2, st_.regiments.at(r).stress);
        if (back.empty() || moved == 0) continue;
        stressed(r, -moved, units);
        stressed(back, moved, units);
      }
    } else if (token == "counter_charge") {
      // Every own fighting regiment not in contact advances straight toward
      // its closest enemy regiment until the bases touch, unless a base
      // would overlap first; every unit newly in contact, either side, +1.
      std::set<std::string> before;
      for (const auto& r : f.regiments)
        if (on_table(r) && !contacts(r).empty()) before.insert(r);
      for (const auto& r : in_fight(f, side, false)) {
        if (!contacts(r).empty()) continue;
        std::string target = closest_enemy(base_of(r), side);
        if (!target.empty()) (void)charge(r, target);
      }
      std::set<std::string> now;
      for (const auto& r : in_fight(f, side, false))
        for (const auto& e : contacts(r)) {
          now.insert(r);
          now.insert(e);
        }
      for (const auto& r : now) {
        if (before.count(r)) continue;
        Json u = unit(r);
        u["to"] = u["at"];
        stress_regiment(st_, r, 1, in_.dice);
        u["amount"] = 1;
        units.push_back(after(u, r));
      }
    } else if (token == "cavalry_support") {
      // The nearest own cavalry regiment on the table, not fighting, within
      // 8" of an enemy regiment of the fight (least distance, then id),
      // charges the closest of them; on contact it joins the fight: +2 to
      // the two enemy regiments of the fight closest to it, +1 to their
      // brigades, +2 to itself.
      auto foes = in_fight(f, enemy, false);
      std::string cav, target;
      Coord best = -1;
      for (const auto& [id, x] : st_.regiments) {
        // "a deployed, mounted cavalry regiment" (dismounted only from
        // version 3).
        if (!on_table(id) || side_of(id) != side || arm_of(id) != Arm::kCavalry || x.dismounted)
          continue;
        Outline o = base_of(id);
        if (near_enemy(o, side, kFightingRange)) continue;
        for (const auto& e : foes) {
          Coord d = distance_floor(o, base_of(e));
          if (d <= kEngagementRange && (best < 0 || d < best)) best = d, cav = id, target = e;
        }
      }
      if (cav.empty() || !charge(cav, target)) {
        note = "no effect: no cavalry regiment could reach the fight";
      } else {
        f.regiments.push_back(cav);
        std::sort(f.regiments.begin(), f.regiments.end());
        resolved_.insert(cav);
        fought_.insert(brigade_of(cav));
        Outline o = base_of(cav);
        std::sort(foes.begin(), foes.end(), [&](const std::string& a, const std::string& b) {
          Coord da = distance_floor(o, base_of(a)), db = distance_floor(o, base_of(b));
          return da != db ? da < db : a < b;
        });
        if (foes.size() > 2) foes.resize(2);
        Json u = unit(cav);
        u["to"] = u["at"];
        stress_regiment(st_, cav, 2, in_.dice);
        u["amount"] = 2;
        units.push_back(after(u, cav));
        std::set<std::string> hit;
        for (const auto& e : foes) {
          stressed(e, 2, units);
          hit.insert(brigade_of(e));
        }
        for (const auto& b : hit) brigade_stress(b, 1, brigades);
      }
    } else if (token == "rebel_yell") {
      // +1 to every Union regiment of the fight in contact with a
      // Confederate one, -1 to every Confederate regiment in contact with a
      // Union one (the scenario's sides "union" and "confederate").
      for (const auto& r : f.regiments) {
        if (!on_table(r) || arm_of(r) == Arm::kArtillery || contacts(r).empty()) continue;
        if (side_of(r) == "union") stressed(r, 1, units);
        if (side_of(r) == "confederate" && st_.regiments.at(r).stress > 0) stressed(r, -1, units);
      }
    } else if (token == "weight_of_numbers") {
      int mine = int(in_fight(f, side, true).size()) * (f.doubled.count(side) ? 2 : 1);
      int theirs = int(in_fight(f, enemy, true).size()) * (f.doubled.count(enemy) ? 2 : 1);
      if (mine != theirs) {
        const std::string& more = mine > theirs ? side : enemy;
        const std::string& fewer = mine > theirs ? enemy : side;
        std::map<std::string, int> got;
        for (const auto& r : in_fight(f, fewer, true)) got[r] = 0;
        for (int k = 0; k < std::abs(mine - theirs) && !got.empty(); ++k) {
          std::string pick;
          for (const auto& [r, n] : got)
            if (on_table(r) && (pick.empty() || n < got.at(pick))) pick = r;
          if (pick.empty()) break;
          ++got[pick];
          stressed(pick, 1, units);
        }
        for (const auto& b : brigades_in(f))
          if (st_.brigades.at(b).side == fewer) brigade_stress(b, 1, brigades);
        note = more + " outnumbers " + fewer;
      }
    }
    Json e = {{"type", "fight_token"}, {"side", side},         {"token", token},
              {"units", units},        {"brigades", brigades}, {"rule", "token." + token}};
    if (!note.empty()) e["note"] = note;
    push(e);
    wagons();
  }

  FightPhaseInput in_;
  const Scenario& sc_;
  ChaosState& st_;
  std::vector<std::string> order_;
  std::set<std::string> resolved_;  // regiments of fights resolved this turn
  std::set<std::string> fought_;    // brigades with a regiment in a fight
  std::map<std::string, std::pair<int, std::string>> initiated_;  // regiment -> (n, side)
  std::map<std::string, FightPolicies> policies_;
  std::map<std::string, std::set<std::size_t>> used_;  // side -> `tokens` entries committed
};

}  // namespace fight_run

std::set<std::string> run_fight_phase(FightPhaseInput in) {
  return fight_run::Phase(in).run();
}

}  // namespace adjutant::rules::chaos
