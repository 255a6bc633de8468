#include "rules/chaos/turn.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "ledger/dice_draw.h"
#include "rules/chaos/bearing.h"
#include "rules/chaos/fight_phase.h"
#include "rules/chaos/formation.h"
#include "rules/chaos/march.h"
#include "rules/chaos/marker_rates.h"
#include "rules/chaos/readings.h"
#include "rules/chaos/shift.h"
#include "rules/chaos/sight.h"
#include "rules/chaos/table_play.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

namespace turn_run {

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
       ledger::Dice& dice)
      : sc_(sc),
        rd_(readings(sc.rules_version)),
        state_(state),
        st_(chaos_of(state)),
        plans_(plans),
        dice_(dice) {
    for (const auto& s : sc_.sides)
      if (!plans_.count(s.id)) {
        Json seq = Json::array();
        for (const auto& b : s.brigades) seq.push_back(b.id);
        plans_[s.id] = {{"side", s.id},
                        {"sequence", seq},
                        {"preferred", Json::object()},
                        {"brigades", Json::object()},
                        {"commanders", Json::object()}};
      }
    int t = std::clamp(state.turn, 1, int(sc_.turns.size()));
    type_ = sc_.turns[std::size_t(t - 1)];
    tin_ = state_.extra.value("tin", Json::array()).get<std::vector<std::string>>();
  }

  Json run() {
    draw_tokens();
    events_.push_back(
        {{"type", "turn"}, {"turn", state_.turn}, {"turn_type", turn_type_name(type_)}});
    initiative();
    shake_out();
    engagement();
    fight();
    movement();
    commanders();
    rest();
    remarker();
    end();
    return events_;
  }

 private:
  // --- helpers -----------------------------------------------------------

  const Json& brigade_plan(const std::string& b) const {
    static const Json none = Json::object();
    const Json& p = plans_.at(st_.brigades.at(b).side)["brigades"];
    return p.contains(b) ? p[b] : none;
  }

  int preferred(const std::string& b) const {
    const Json& p = plans_.at(st_.brigades.at(b).side)["preferred"];
    return p.contains(b) ? p[b].get<int>() : 1;
  }

  // The brigades of every side in the order the sides act (initiative
  // first), each side in its sequence.
  std::vector<std::string> in_initiative_order() const {
    std::vector<std::string> out;
    for (const auto& side : order_)
      for (const auto& b : plans_.at(side)["sequence"]) out.push_back(b.get<std::string>());
    return out;
  }

  // Brigades by side in the scenario's order, then by id.
  std::vector<std::string> by_side_and_id() const {
    std::vector<std::string> out;
    for (const auto& s : sc_.sides)
      for (const auto& [id, b] : st_.brigades)
        if (b.side == s.id) out.push_back(id);
    return out;
  }

  Group group_of(const std::string& b) const {
    Group g;
    g.brigade = b;
    g.commander = *st_.brigades.at(b).commander;
    for (const auto& r : deployed_regiments(st_, b)) {
      g.regiments[r] = *st_.regiments.at(r).at;
      g.facing[r] = st_.regiments.at(r).facing;
    }
    return g;
  }

  Outline regiment_outline_at(const std::string& r, Point at, int facing) const {
    Body body = regiment_body(sc_, st_, r, at);
    body.bearing = facing;
    return outline(body);
  }

  std::vector<Outline> group_outlines(const Group& g) const {
    std::vector<Outline> out;
    for (const auto& [r, at] : g.regiments)
      out.push_back(regiment_outline_at(r, at, g.facing.at(r)));
    return out;
  }

  // The least distance from any regiment of the group to any enemy unit.
  Coord enemy_distance(const Group& g, const std::string& side) const {
    Coord best = -1;
    auto enemies = enemy_units(st_, sc_, side);
    for (const auto& o : group_outlines(g))
      for (const auto& u : enemies) {
        Coord d = distance_floor(o, u.base);
        if (best < 0 || d < best) best = d;
      }
    return best < 0 ? kMaxCoord : best;
  }

  static Group shifted(const Group& g, Point delta) {
    Group out = g;
    out.commander = out.commander + delta;
    for (auto& [r, at] : out.regiments) at = at + delta;
    return out;
  }

  // Why the group cannot stand where it is, or "".
  std::string illegal(const Group& g, const std::string& side,
                      const std::set<std::string>& may_fight = {}) const {
    auto mine = group_outlines(g);
    for (const auto& o : mine)
      if (!base_on_table(sc_, o)) return "a regiment would stand off the table";
    for (const auto& [id, r] : st_.regiments) {
      if (r.removed || !r.at || r.brigade == g.brigade) continue;
      Outline other = outline(regiment_body(sc_, st_, id));
      for (const auto& o : mine)
        if (convex_overlap(o, other, kOverlapTolerance))
          return "a regiment would overlap another base";
    }
    for (const auto& [wid, w] : st_.wagons) {
      if (w.destroyed) continue;
      Outline wagon = sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing});
      for (const auto& o : mine)
        if (convex_overlap(o, wagon, kOverlapTolerance)) return "a regiment would overlap a wagon";
    }
    std::size_t k = 0;
    const auto enemies = enemy_units(st_, sc_, side);
    for (const auto& [r, at] : g.regiments) {
      const Outline& o = mine[k++];
      if (may_fight.count(r)) continue;
      for (const auto& u : enemies)
        if (!u.marker && closer_than(o, u.base, kFightingRange))
          return "a regiment would be in fighting range";
    }
    return "";
  }

  // Moves the group along `bearing` until its nearest regiment is 5" from
  // the enemy (approach) or no nearer than that (hold).
  Group settle(Group g, int bearing, bool approach, const std::string& side) const {
    Point forward = turn(0, kMarchStep, bearing);
    Point back = Point{} - forward;
    // One step changes the distance (whole units, rounded down) by less than
    // this: the step's length, at most |x| + |y|, plus a unit for rounding
    // each way. So while the enemy is farther than 5" by k such reaches,
    // the next k steps approach too, and are taken at once: the same steps,
    // one distance worked out instead of k + 1.
    const Coord reach = std::abs(forward.x) + std::abs(forward.y) + 3;
    for (int i = 0; i < kMaxSettleSteps;) {
      Coord d = enemy_distance(g, side);
      if (approach && d > kDeployNear) {
        Coord steps = std::min<Coord>((d - kDeployNear - 1) / reach + 1, kMaxSettleSteps - i);
        g = shifted(g, Point{forward.x * steps, forward.y * steps});
        i += int(steps);
      } else if (d <= kDeployBand) {
        g = shifted(g, back);
        ++i;
      } else {
        break;
      }
    }
    return g;
  }

  void put(const Group& g) {
    auto& b = st_.brigades.at(g.brigade);
    b.markers.clear();
    b.commander = g.commander;
    for (const auto& [r, at] : g.regiments) {
      st_.regiments.at(r).at = at;
      st_.regiments.at(r).facing = g.facing.at(r);
    }
  }

  // Version 3 events: a battery's or cavalry regiment's state after the
  // step, written only when not the default (unlimbered, mounted).
  static void mark_limber(Json& entry, const RegimentState& x) {
    if (x.limbered) entry["limbered"] = true;
    if (x.dismounted) entry["dismounted"] = true;
  }

  Json deploy_event(const Group& g, const std::string& rule) const {
    Json regs = Json::object();
    for (const auto& [r, at] : g.regiments)
      regs[r] = {{"at", json_of(at)}, {"facing", g.facing.at(r)}};
    return {{"type", "deploy"},
            {"brigade", g.brigade},
            {"side", st_.brigades.at(g.brigade).side},
            {"commander", json_of(g.commander)},
            {"regiments", regs},
            {"rule", rule}};
  }

  // Deploys an undeployed brigade around `centre` in the default
  // formation facing `bearing`; approach: one regiment 5" from the enemy.
  bool deploy(const std::string& b, Point centre, int bearing, bool approach, bool unengaged,
              const std::string& rule) {
    const std::string& side = st_.brigades.at(b).side;
    std::vector<std::string> present;
    for (const auto& [id, r] : st_.regiments)
      if (r.brigade == b && !r.removed) present.push_back(id);
    Group g;
    g.brigade = b;
    g.commander = centre;
    for (const auto& slot : default_formation(sc_, *sc_.brigade(b), centre, bearing, present)) {
      g.regiments[slot.regiment] = slot.body.centre;
      g.facing[slot.regiment] = slot.body.bearing;
    }
    Group placed = g;
    if (!unengaged) g = settle(placed, bearing, approach, side);
    std::string why = illegal(g, side);
    // Blocked by the table's edge or another base: the formation slides
    // sideways, a half inch at a time to either side alternately (right
    // first), up to 12", and settles again; the first place that breaks no
    // rule is taken.
    for (int k = 1; !why.empty() && k <= kMaxSlide; ++k) {
      Coord across = (k + 1) / 2 * kSlideStep * (k % 2 ? 1 : -1);
      Group tried = shifted(placed, turn(across, 0, bearing));
      if (!unengaged) tried = settle(tried, bearing, approach, side);
      if (illegal(tried, side).empty()) {
        g = tried;
        why.clear();
      }
    }
    if (why.empty() && unengaged && enemy_distance(g, side) <= kEngagementRange)
      why = "a regiment would be within 8\" of the enemy (shake out leaves a brigade unengaged)";
    if (!why.empty()) {
      events_.push_back({{"type", "deploy_blocked"},
                         {"brigade", b},
                         {"side", side},
                         {"at", json_of(centre)},
                         {"reason", why},
                         {"rule", rule}});
      return false;
    }
    put(g);
    // Version 3: a brigade deploying from a marker stands unlimbered and
    // mounted (docs/rules/chaos.md "Limbering and mounting"); versions 1
    // and 2 never set either flag.
    for (const auto& [r, at] : g.regiments) {
      st_.regiments.at(r).limbered = false;
      st_.regiments.at(r).dismounted = false;
    }
    events_.push_back(deploy_event(g, rule));
    return true;
  }

  // shake_out (version 3): the brigade deploys as its order places it when
  // that place is still legal (on the table, on no other base, none
  // within 8" of an enemy unit); false (and an event saying why) leaves
  // the default formation to the caller.
  bool placed(const std::string& b, const Json& order) {
    const std::string& side = st_.brigades.at(b).side;
    Group g;
    g.brigade = b;
    g.commander = point_of(order["commander"]);
    for (const auto& [r, place] : order["regiments"].items()) {
      if (st_.regiments.at(r).removed) continue;
      g.regiments[r] = point_of(place["at"]);
      g.facing[r] = place["facing"].get<int>();
    }
    std::string why = illegal(g, side);
    if (why.empty() && enemy_distance(g, side) <= kEngagementRange)
      why = "a regiment would be within 8\" of the enemy (shake out leaves a brigade unengaged)";
    if (!why.empty()) {
      events_.push_back({{"type", "placement_refused"},
                         {"brigade", b},
                         {"side", side},
                         {"reason", why + "; the default formation is used"},
                         {"rule", "shake_out"}});
      return false;
    }
    put(g);
    for (const auto& [r, at] : g.regiments) {
      st_.regiments.at(r).limbered = false;
      st_.regiments.at(r).dismounted = false;
    }
    Json e = deploy_event(g, "shake_out");
    e["placed"] = true;
    events_.push_back(e);
    return true;
  }

  // A Chaos of Battle roll for a brigade with two markers; true when the
  // marker at `at` is the one that stays.
  bool chaos(const std::string& b, Point at, int pref, const std::string& rule) {
    auto& bs = st_.brigades.at(b);
    if (bs.markers.size() < 2) return !bs.markers.empty() && bs.markers.front() == at;
    Point chosen = bs.markers[std::size_t(pref - 1)];
    Point other = bs.markers[std::size_t(2 - pref)];
    ChaosRoll roll = resolve_markers(st_, sc_, b, pref, dice_);
    Point kept = roll.preferred ? chosen : other;
    events_.push_back({{"type", "chaos_roll"},
                       {"brigade", b},
                       {"side", bs.side},
                       {"rating", sc_.brigade(b)->rating},
                       {"roll", roll.roll},
                       {"bonus_used", roll.bonus_used},
                       {"result", roll.preferred ? "preferred" : "other"},
                       {"kept", json_of(kept)},
                       {"removed", json_of(roll.preferred ? other : chosen)},
                       {"rule", rule}});
    return kept == at;
  }

  void wagons() {
    for (const auto& w : destroy_wagons(st_, sc_, table_.now(st_, sc_)))
      events_.push_back({{"type", "wagon_destroyed"},
                         {"wagon", w},
                         {"side", st_.wagons.at(w).side},
                         {"at", json_of(st_.wagons.at(w).at)},
                         {"rule", "supply"}});
  }

  // --- the sequence of the turn ------------------------------------------

  // Force Building: each side draws its combat tokens from the tin, the
  // side listed first first, before the first turn (docs/protocol.md 8a).
  void draw_tokens() {
    if (state_.extra.value("tokens_drawn", true)) return;
    // Version 2: the Union throws back a REBEL YELL (token.rebel_yell).
    for (const auto& s : sc_.sides)
      draw_tokens_for(dice_, tin_, s.id, sc_.tokens.count(s.id) ? sc_.tokens.at(s.id) : 0,
                      rd_.union_throws_back_rebel_yell, "forces.2", events_);
  }

  void initiative() {
    auto sides = side_ids(sc_);
    DiceOff off = dice_off(dice_, sides[0], sides[1], "initiative");
    Json rounds = Json::array();
    for (auto [a, b] : off.rounds) rounds.push_back({a, b});
    order_ = {off.winner, other_side(sc_, off.winner)};
    events_.push_back({{"type", "initiative"},
                       {"winner", off.winner},
                       {"rolls", rounds},
                       {"rule", "engagement"}});
  }

  void shake_out() {
    for (const auto& b : in_initiative_order()) {
      const Json& p = brigade_plan(b);
      if (!p.contains("shake_out")) continue;
      auto& bs = st_.brigades.at(b);
      if (bs.commander || bs.markers.empty()) continue;
      int n = p["shake_out"]["marker"].get<int>();
      Point at = bs.markers[std::size_t(std::min<int>(n, int(bs.markers.size())) - 1)];
      bool kept = chaos(b, at, n, "shake_out");
      if (!kept) at = bs.markers.front();
      // Version 3: the regiments take the order's places at the marker
      // ordered, if still legal; else (or at the other marker) the
      // default formation.
      if (!(kept && p["shake_out"].contains("regiments") && placed(b, p["shake_out"])))
        deploy(b, at, p["shake_out"]["facing"].get<int>(), false, true, "shake_out");
      wagons();
    }
  }

  // The enemy unit nearest any regiment of the group, and its distance.
  std::optional<UnitBase> nearest_enemy(const Group& g, const std::string& side) const {
    std::optional<UnitBase> best;
    Coord best_d = -1;
    for (const auto& o : group_outlines(g))
      for (const auto& u : enemy_units(st_, sc_, side)) {
        Coord d = distance_floor(o, u.base);
        if (best_d < 0 || d < best_d || (d == best_d && u.id < best->id)) {
          best = u;
          best_d = d;
        }
      }
    return best;
  }

  // engagement.withdraw: the brigade commander goes straight back from the
  // nearest enemy unit until 10" from it (less where the table's edge stops
  // him); the regiments take the default formation facing the enemy, and
  // the whole moves on back until no regiment is within 8" of the enemy;
  // +1 brigade stress as the version reads the text (below).
  void withdraw(const std::string& b, const std::set<std::string>& fighting_brigades) {
    auto& bs = st_.brigades.at(b);
    auto blocked = [&](const std::string& why) {
      events_.push_back({{"type", "withdraw_blocked"},
                         {"brigade", b},
                         {"side", bs.side},
                         {"reason", why},
                         {"rule", "engagement.withdraw"}});
    };
    if (fighting_brigades.count(b)) return blocked("a regiment of the brigade is fighting");
    Group g = group_of(b);
    auto enemy = nearest_enemy(g, bs.side);
    if (!enemy) return;
    Point from = enemy->marker ? *enemy->base.points.begin() : *st_.regiments.at(enemy->id).at;
    if (enemy->marker) {
      Coord sx = 0, sy = 0;
      for (Point p : enemy->base.points) sx += p.x, sy += p.y;
      from = {sx / 4, sy / 4};
    }
    Body commander{g.commander, 0, 1, sc_.bases.at(Arm::kCommander)};
    Shift sh = shift_until(commander, from, true, 20 * kInch, [&](const Body& c) {
      return !point_on_table(sc_, c.centre) || !closer_than(outline(c), enemy->base, 10 * kInch);
    });
    Point at = sh.body.centre;
    if (!point_on_table(sc_, at)) {
      Shift back = shift_until(commander, from, true, sh.moved - kMarchStep,
                               [](const Body&) { return false; });
      at = back.body.centre;
    }
    int bearing = bearing_to(at, from);
    Group placed;
    placed.brigade = b;
    placed.commander = at;
    std::vector<std::string> present = deployed_regiments(st_, b);
    for (const auto& slot : default_formation(sc_, *sc_.brigade(b), at, bearing, present)) {
      placed.regiments[slot.regiment] = slot.body.centre;
      placed.facing[slot.regiment] = slot.body.bearing;
    }
    Point back = Point{} - turn(0, kMarchStep, bearing);
    std::string why = "the brigade could not get out of engagement range";
    for (int k = 0; k <= kMaxSlide && !why.empty(); ++k) {
      Coord across = (k + 1) / 2 * kSlideStep * (k % 2 ? 1 : -1);
      Group tried = shifted(placed, turn(across, 0, bearing));
      for (int i = 0; i < kMaxSettleSteps && enemy_distance(tried, bs.side) <= kEngagementRange;
           ++i)
        tried = shifted(tried, back);
      if (enemy_distance(tried, bs.side) <= kEngagementRange) continue;
      why = illegal(tried, bs.side);
      if (why.empty()) placed = tried;
    }
    if (!why.empty()) return blocked(why);
    // "Increase the Brigade stress by 1 unless it was all mounted cavalry or
    // had no unlimbered artillery": version 4 reads the text, so a brigade
    // with no unlimbered battery (an infantry brigade without guns) or of
    // mounted cavalry only withdraws without the stress. Version 3 read "or"
    // as "and", weighing each regiment as it was before the withdrawal (a
    // limbered battery costing nothing); versions 1 and 2 took every cavalry
    // regiment as mounted and every battery as unlimbered.
    bool costly = false;
    bool all_mounted_cavalry = true, unlimbered_artillery = false;
    for (const auto& r : present) {
      Arm arm = regiment_spec(sc_, r).arm;
      const auto& x = st_.regiments.at(r);
      all_mounted_cavalry = all_mounted_cavalry && arm == Arm::kCavalry && !x.dismounted;
      unlimbered_artillery = unlimbered_artillery || (arm == Arm::kArtillery && !x.limbered);
      if (!rd_.withdraw_stress_weighs_each_regiment)
        costly = costly || arm != Arm::kCavalry;
      else
        costly = costly || arm == Arm::kInfantry || (arm == Arm::kCavalry && x.dismounted) ||
                 (arm == Arm::kArtillery && !x.limbered);
    }
    if (rd_.withdraw_free_if_mounted_or_no_unlimbered_guns)
      costly = !all_mounted_cavalry && unlimbered_artillery;
    put(placed);
    Json e = deploy_event(placed, "engagement.withdraw");
    e["type"] = "withdraw";
    if (rd_.limbering_and_mounting) {
      // "Artillery must limber"; dismounted cavalry mounts unless the order
      // keeps it dismounted ("may choose to mount").
      const Json& keep = brigade_plan(b).value("withdraw_dismounted", Json::array());
      for (const auto& r : present) {
        auto& x = st_.regiments.at(r);
        Arm arm = regiment_spec(sc_, r).arm;
        if (arm == Arm::kArtillery) x.limbered = true;
        if (arm == Arm::kCavalry && x.dismounted &&
            std::find(keep.begin(), keep.end(), Json(r)) == keep.end())
          x.dismounted = false;
        mark_limber(e["regiments"][r], x);
      }
    }
    events_.push_back(e);
    withdrawn_.insert(b);
    if (costly) {
      stress_brigade(st_, b, 1);
      events_.push_back({{"type", "stress"},
                         {"brigade", b},
                         {"side", bs.side},
                         {"amount", 1},
                         {"brigade_stress", bs.stress},
                         {"rule", "engagement.withdraw"}});
    }
    wagons();
  }

  // engagement.artillery: in initiative order, battery by battery (by
  // id), every battery of an engaged brigade that did not withdraw fires
  // (version 1 takes every deployed battery as unlimbered) unless its
  // order says "hold": at the enemy regiment holding the order's point, or
  // the closest (then lowest id) enemy regiment of an engaged brigade in
  // line of sight and not in contact with a regiment of the firing side.
  // A D6 per gun model; each at or above the number needed (3, +1 each for
  // woods, a hill, breastworks or a town the target touches) is a stress on
  // the target; each natural 1 a stress on the battery; stands lost above
  // 6 (stress.stands).
  void artillery() {
    for (const auto& side : order_) {
      for (const auto& [id, r] : st_.regiments) {
        if (r.removed || !r.at || regiment_spec(sc_, id).arm != Arm::kArtillery) continue;
        const std::string& b = r.brigade;
        // engagement.artillery: "Unlimbered artillery that did not move"
        // (a battery is limbered only from version 3).
        if (st_.brigades.at(b).side != side || !engaged_.count(b) || withdrawn_.count(b) ||
            moved_guns_.count(id) || r.limbered)
          continue;
        const Json& bp = brigade_plan(b);
        Json order =
            bp.contains("fire") && bp["fire"].contains(id) ? bp["fire"][id] : Json("closest");
        if (order == "hold") continue;
        fire(id, order);
      }
    }
  }

  void fire(const std::string& battery, const Json& order) {
    const auto& bat = st_.regiments.at(battery);
    const std::string& side = st_.brigades.at(bat.brigade).side;
    Body gun = regiment_body(sc_, st_, battery);
    Outline gun_base = outline(gun);
    std::vector<Obstacle> all;
    for (const auto& [id, r] : st_.regiments)
      if (!r.removed && r.at) all.push_back({id, outline(regiment_body(sc_, st_, id))});
    for (const auto& [wid, w] : st_.wagons)
      if (!w.destroyed)
        all.push_back({wid, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing})});
    std::string target;
    Coord best = -1;
    for (const auto& [id, r] : st_.regiments) {
      if (r.removed || !r.at || st_.brigades.at(r.brigade).side == side) continue;
      if (!engaged_.count(r.brigade)) continue;
      Body body = regiment_body(sc_, st_, id);
      Outline base = outline(body);
      if (order.is_array() && !inside(base, point_of(order))) continue;
      bool melee = false;
      for (const auto& [oid, o] : st_.regiments)
        if (!o.removed && o.at && st_.brigades.at(o.brigade).side == side &&
            touch(base, outline(regiment_body(sc_, st_, oid))))
          melee = true;
      if (melee) continue;
      std::vector<Obstacle> others;
      for (const auto& ob : all)
        if (ob.id != id && ob.id != battery) others.push_back(ob);
      if (!line_of_sight(gun, body, sc_.terrain, others)) continue;
      Coord d = distance_floor(gun_base, base);
      if (best < 0 || d < best) {
        best = d;
        target = id;
      }
    }
    if (target.empty()) return;
    Outline tb = outline(regiment_body(sc_, st_, target));
    bool woods = touches_kind(sc_.terrain, tb, TerrainKind::kWoods);
    bool hill = touches_kind(sc_.terrain, tb, TerrainKind::kHill);
    bool works = touches_kind(sc_.terrain, tb, TerrainKind::kBreastworks) ||
                 touches_kind(sc_.terrain, tb, TerrainKind::kTown);
    int needs = artillery_needs(woods, hill, works);
    Point battery_at = *bat.at, target_at = *st_.regiments.at(target).at;
    Volley v = fire_volley(dice_, bat.stands, needs, "artillery fire");
    StressOutcome hit = stress_regiment(st_, target, v.hits, dice_);
    StressOutcome self = stress_regiment(st_, battery, v.self_stress, dice_);
    under_fire_.insert(bat.brigade);
    under_fire_.insert(st_.regiments.at(target).brigade);
    const auto& t = st_.regiments.at(target);
    events_.push_back({{"type", "artillery_fire"},
                       {"battery", battery},
                       {"side", side},
                       {"battery_at", json_of(battery_at)},
                       {"target", target},
                       {"target_side", st_.brigades.at(t.brigade).side},
                       {"target_at", json_of(target_at)},
                       {"needs", needs},
                       {"rolls", v.rolls},
                       {"hits", v.hits},
                       {"self_stress", v.self_stress},
                       {"target_stress", hit.stress},
                       {"target_stands", hit.stands},
                       {"target_removed", hit.removed},
                       {"battery_stress", self.stress},
                       {"battery_stands", self.stands},
                       {"battery_removed", self.removed},
                       {"rule", "engagement.artillery"}});
  }

  // engagement.maneuver, checked at the brigade's turn: the commander
  // within 8" of an enemy unit; every regiment within 4" of him and within
  // 8" of an enemy unit, none within 4" of one (version 1 has no fights),
  // at least one within 5"; on the table, no bases overlapping. An order
  // that breaks a rule is not carried out (maneuver_blocked).
  void maneuver(const std::string& b) {
    auto& bs = st_.brigades.at(b);
    const Json& m = brigade_plan(b)["maneuver"];
    Group before = group_of(b);
    Group g = before;
    g.commander = point_of(m["commander"]);
    for (const auto& [r, place] : m["regiments"].items()) {
      if (!g.regiments.count(r)) continue;
      if (place.contains("at")) g.regiments[r] = point_of(place["at"]);
      if (place.contains("facing")) g.facing[r] = place["facing"].get<int>();
    }
    const auto enemies = enemy_units(st_, sc_, bs.side);
    Outline commander = sc_.figure_outline(Arm::kCommander, {b, b, g.commander, 0});
    // Version 2 has fights: a fighting regiment left where it stands may
    // stay within 4" ("no part of the brigade may be within 4" of an enemy
    // unit unless it is fighting").
    std::set<std::string> stays;
    if (rd_.fighting_regiment_stays_in_maneuver)
      for (const auto& r : fighting(fighters(st_, sc_)))
        if (g.regiments.count(r) && g.regiments.at(r) == before.regiments.at(r) &&
            g.facing.at(r) == before.facing.at(r))
          stays.insert(r);
    std::string why = illegal(g, bs.side, stays);
    auto near_enemy = [&](const Outline& o, Coord range) {
      for (const auto& u : enemies)
        if (within(o, u.base, range)) return true;
      return false;
    };
    if (why.empty() && !near_enemy(commander, kEngagementRange))
      why = "the brigade commander would not be within 8\" of the enemy";
    bool five = false;
    for (const auto& [r, at] : g.regiments) {
      if (!why.empty()) break;
      Outline o = regiment_outline_at(r, at, g.facing.at(r));
      if (!within(o, commander, 4 * kInch))
        why = "a regiment would be more than 4\" from its commander";
      else if (!near_enemy(o, kEngagementRange))
        why = "a regiment would be out of engagement range";
      else if (!stays.count(r))
        for (const auto& u : enemies)
          if (closer_than(o, u.base, kFightingRange))
            why = "a regiment would be within 4\" of the enemy";
      five = five || near_enemy(o, kDeployNear);
    }
    if (why.empty() && !five) why = "no regiment would be within 5\" of the enemy";
    if (!why.empty()) {
      events_.push_back({{"type", "maneuver_blocked"},
                         {"brigade", b},
                         {"side", bs.side},
                         {"reason", why},
                         {"rule", "engagement.maneuver"}});
      return;
    }
    for (const auto& [r, at] : g.regiments)
      if (at != before.regiments.at(r) || g.facing.at(r) != before.facing.at(r))
        moved_guns_.insert(r);
    put(g);
    Json e = deploy_event(g, "engagement.maneuver");
    e["type"] = "maneuver";
    // Version 3: "Artillery may become limbered or unlimbered. Cavalry can
    // mount or dismount." Unlimbering in place is not moving: such a
    // battery fires this turn.
    for (const auto& [r, place] : m["regiments"].items()) {
      if (!g.regiments.count(r)) continue;
      auto& x = st_.regiments.at(r);
      if (place.contains("limber")) x.limbered = place["limber"].get<bool>();
      if (place.contains("mount")) x.dismounted = !place["mount"].get<bool>();
    }
    if (rd_.limbering_and_mounting)
      for (const auto& [r, at] : g.regiments) mark_limber(e["regiments"][r], st_.regiments.at(r));
    events_.push_back(e);
    maneuvered_.insert(b);
    wagons();
  }

  void engagement() {
    engaged_ = engaged_brigades(st_, sc_);
    auto fight_now = fighting(fighters(st_, sc_));
    std::set<std::string> fighting_brigades;
    for (const auto& r : fight_now) fighting_brigades.insert(st_.regiments.at(r).brigade);
    // 1. Withdraw: the sides alternate, one brigade at a time, each in its
    // sequence, the side with the initiative first.
    std::vector<std::vector<std::string>> queues;
    for (const auto& side : order_) {
      queues.emplace_back();
      // Version 3: policies.withdraw_at_stress withdraws every engaged
      // brigade that can (none of its regiments fighting) whose brigade
      // stress, as the step begins, is at least the policy's.
      const Json& policies = plans_.at(side).value("policies", Json::object());
      int at_stress = rd_.withdraw_at_stress_policy && policies.contains("withdraw_at_stress")
                          ? policies["withdraw_at_stress"].get<int>()
                          : -1;
      for (const auto& b : plans_.at(side)["sequence"]) {
        const std::string id = b.get<std::string>();
        if (!engaged_.count(id)) continue;
        bool ordered = brigade_plan(id).value("withdraw", false);
        bool policy = at_stress >= 0 && st_.brigades.at(id).stress >= at_stress &&
                      !fighting_brigades.count(id);
        if (ordered || policy) queues.back().push_back(id);
      }
    }
    for (std::size_t i = 0; i < std::max(queues[0].size(), queues[1].size()); ++i)
      for (const auto& q : queues)
        if (i < q.size()) withdraw(q[i], fighting_brigades);
    // 2. Form up: marked to fight; a formed-up brigade cannot rest.
    for (const auto& b : in_initiative_order())
      if (brigade_plan(b).value("form_up", false) && engaged_.count(b) && !withdrawn_.count(b)) {
        formed_up_.insert(b);
        events_.push_back({{"type", "form_up"},
                           {"brigade", b},
                           {"side", st_.brigades.at(b).side},
                           {"rule", "engagement.form_up"}});
      }
    engaged_ = engaged_brigades(st_, sc_);
    // 3. Maneuver: the sides alternate as in withdrawing.
    std::vector<std::vector<std::string>> moving;
    for (const auto& side : order_) {
      moving.emplace_back();
      for (const auto& b : plans_.at(side)["sequence"])
        if (brigade_plan(b.get<std::string>()).contains("maneuver") &&
            engaged_.count(b.get<std::string>()) && !withdrawn_.count(b.get<std::string>()))
          moving.back().push_back(b.get<std::string>());
    }
    for (std::size_t i = 0; i < std::max(moving[0].size(), moving[1].size()); ++i)
      for (const auto& q : moving)
        if (i < q.size()) maneuver(q[i]);
    // Artillery fire, after all maneuvers.
    artillery();
    // engagement.rest: an engaged brigade that fired no guns, was not under
    // fire, did not form up, maneuver or fight removes 1 brigade stress
    // (version 1 adjudicates none of those, so only fighting prevents it).
    for (const auto& b : by_side_and_id()) {
      if (!engaged_.count(b) || fighting_brigades.count(b) || formed_up_.count(b) ||
          under_fire_.count(b) || maneuvered_.count(b))
        continue;
      if (!brigade_plan(b).value("rest", true)) continue;
      auto& bs = st_.brigades.at(b);
      rested_.insert(b);
      if (bs.stress == 0) continue;
      stress_brigade(st_, b, -1);
      events_.push_back({{"type", "rest"},
                         {"brigade", b},
                         {"side", bs.side},
                         {"engaged", true},
                         {"brigade_stress", bs.stress},
                         {"regiments", Json::object()},
                         {"rule", "engagement.rest"}});
    }
  }

  void fight() {
    if (rd_.fight_phase) {
      // Version 2: the fight phase (fight_phase.h).
      run_fight_phase({sc_, st_, plans_, dice_, events_, tin_, formed_up_});
      return;
    }
    auto fights = group_fights(fighters(st_, sc_));
    if (fights.empty()) return;
    // No order of version 1 brings regiments within 4" of the enemy (a
    // deployment stops at 5"), so a fight can only come from a state this
    // version did not make.
    throw Error("chaos.not_yet",
                "the fight phase (fight) is not adjudicated by chaos version 1; regiment " +
                    fights.front().front() + " is fighting");
  }

  std::vector<Outline> mover_outlines(const Mover& m, Point ref) const {
    if (m.marker) return {sc_.marker_outline(ref)};
    std::vector<Outline> out;
    for (const auto& [r, off] : m.offsets)
      out.push_back(regiment_outline_at(r, ref + off, st_.regiments.at(r).facing));
    return out;
  }

  bool touches_hill(const Mover& m, Point ref) const {
    return touches_hill(mover_outlines(m, ref));
  }

  bool touches_hill(const std::vector<Outline>& outlines) const {
    for (const auto& o : outlines)
      if (touches_kind(sc_.terrain, o, TerrainKind::kHill)) return true;
    return false;
  }

  // Sets the mover's brigade where its march has brought it.
  void place(Mover& m, Point from, Point to) {
    auto& b = st_.brigades.at(m.brigade);
    if (m.marker) {
      for (auto& p : b.markers)
        if (p == from) p = to;
    } else {
      b.commander = to;
      for (const auto& [r, off] : m.offsets) st_.regiments.at(r).at = to + off;
      // Version 3 (move.deployed): a brigade marches with its batteries
      // limbered and its cavalry mounted.
      if (rd_.limbering_and_mounting && to != from)
        for (const auto& [r, off] : m.offsets) {
          Arm arm = regiment_spec(sc_, r).arm;
          if (arm == Arm::kArtillery) st_.regiments.at(r).limbered = true;
          if (arm == Arm::kCavalry) st_.regiments.at(r).dismounted = false;
        }
    }
  }

  void flush(Mover& m) {
    Point now = m.march.position();
    if (now == m.flushed) return;
    Json e = {{"type", "move"},
              {"brigade", m.brigade},
              {"side", m.side},
              {"marker", m.marker},
              {"from", json_of(m.flushed)},
              {"to", json_of(now)},
              {"rule", m.marker ? "move.marker" : "move.deployed"}};
    if (!m.marker) {
      Json regs = Json::object();
      for (const auto& [r, off] : m.offsets) regs[r] = json_of(now + off);
      e["regiments"] = regs;
    }
    events_.push_back(e);
    m.flushed = now;
  }

  // The enemy brigade whose unit lies within 8" of the mover, the target
  // first; "" when none. Every mover stands at its next place (`at_next`,
  // its outlines there), the other units where they are (`units`).
  std::string enemy_near(const Mover& m, const std::map<std::string, std::vector<Outline>>& at_next,
                         const std::vector<Mover>& movers,
                         const std::vector<UnitBase>& units) const {
    const auto& mine = at_next.at(m.brigade);
    const auto around = bounds_of(mine);
    std::string found;
    auto consider = [&](const std::string& brigade, const Outline& base) {
      if (found == m.target && !found.empty()) return;
      if (beyond(around, base, kEngagementRange)) return;  // none of `mine` is within
      for (const auto& o : mine)
        if (within(o, base, kEngagementRange)) {
          if (found.empty() || brigade == m.target) found = brigade;
          return;
        }
    };
    std::set<std::string> moving;
    for (const auto& o : movers)
      if (o.side != m.side && at_next.count(o.brigade)) {
        moving.insert(o.brigade);
        for (const auto& base : at_next.at(o.brigade)) consider(o.brigade, base);
      }
    for (const auto& u : units) {
      if (u.side == m.side) continue;
      if (moving.count(u.brigade)) {
        // A moving marker brigade's other marker still stands.
        bool is_moving_marker = false;
        for (const auto& o : movers)
          if (o.brigade == u.brigade && o.marker && u.marker && inside(u.base, o.march.position()))
            is_moving_marker = true;
        if (is_moving_marker || !u.marker) continue;
      }
      consider(u.brigade, u.base);
    }
    return found;
  }

  // The centre of the target brigade's unit nearest `from`.
  Point target_point(const std::string& target, Point from) const {
    Point best = from;
    Coord best_d = -1;
    for (const auto& u : units_on_table(st_, sc_)) {
      if (u.brigade != target) continue;
      Point c = u.marker ? u.base.points[0] : *st_.regiments.at(u.id).at;
      if (u.marker) {
        Coord sx = 0, sy = 0;
        for (Point p : u.base.points) sx += p.x, sy += p.y;
        c = {sx / Coord(u.base.points.size()), sy / Coord(u.base.points.size())};
      }
      Coord d = squared(c - from);
      if (best_d < 0 || d < best_d) best = c, best_d = d;
    }
    return best;
  }

  void stress_test_event(const std::string& b, const TestRoll& t, const std::string& rule) {
    events_.push_back({{"type", "stress_test"},
                       {"brigade", b},
                       {"side", st_.brigades.at(b).side},
                       {"roll", t.roll},
                       {"against", t.against},
                       {"passed", t.passed},
                       {"rule", rule}});
  }

  // A CHECK: the mover has come within 8" of the brigade it engages.
  void resolve_check(Mover& m, std::vector<Mover>& movers) {
    const std::string& target = m.target;
    bool target_marker = !st_.brigades.at(target).commander.has_value();
    Point here = m.march.position();
    std::string circumstance =
        m.marker ? (target_marker ? "move.check.marker_marker" : "move.check.marker_deployed")
                 : "move.check.deployed_marker";
    Point tp = target_point(target, here);
    events_.push_back({{"type", "check"},
                       {"brigade", m.brigade},
                       {"side", m.side},
                       {"target", target},
                       {"target_side", st_.brigades.at(target).side},
                       {"at", json_of(here)},
                       {"target_at", json_of(tp)},
                       {"rule", circumstance}});
    m.active = false;
    auto stop_target = [&] {
      for (auto& o : movers)
        if (o.brigade == target && o.active) {
          flush(o);
          o.active = false;
          o.stopped = "check";
        }
    };
    if (circumstance == "move.check.marker_deployed") {
      int highest = 0;
      for (const auto& [id, r] : st_.regiments)
        if (r.brigade == m.brigade && !r.removed) highest = std::max(highest, r.stress);
      TestRoll t = brigade_test(dice_, highest, "check test");
      stress_test_event(m.brigade, t, circumstance);
      if (!t.passed) return;
      if (!chaos(m.brigade, here, preferred(m.brigade), circumstance)) return;
      deploy(m.brigade, here, bearing_to(here, tp), true, false, circumstance);
      return;
    }
    if (circumstance == "move.check.marker_marker") {
      if (!chaos(m.brigade, here, preferred(m.brigade), circumstance)) return;
      if (!chaos(target, tp, preferred(target), circumstance)) return;
      stop_target();
      deploy(target, tp, bearing_to(tp, here), false, false, circumstance);
      deploy(m.brigade, here, bearing_to(here, tp), true, false, circumstance);
      return;
    }
    // move.check.deployed_marker: no stress test; the defender's roll.
    if (!chaos(target, tp, preferred(target), circumstance)) return;
    stop_target();
    if (!deploy(target, tp, bearing_to(tp, here), false, false, circumstance)) return;
    Group g = group_of(m.brigade);
    Group s = settle(g, bearing_to(here, tp), true, m.side);
    if (illegal(s, m.side).empty() && s.commander != g.commander) {
      Point delta = s.commander - g.commander;
      Point from = here;
      place(m, here, here + delta);
      Json regs = Json::object();
      for (const auto& [r, at] : s.regiments) regs[r] = json_of(at);
      events_.push_back({{"type", "move"},
                         {"brigade", m.brigade},
                         {"side", m.side},
                         {"marker", false},
                         {"from", json_of(from)},
                         {"to", json_of(here + delta)},
                         {"regiments", regs},
                         {"rule", circumstance}});
    }
  }

  // The order's places, moved by how far short of its path's end the
  // commander stopped; taken when legal (on the table, on no other base,
  // none within 8" of the enemy), else the block stays (placement_refused).
  void place_by_order(const Mover& m, const Json& regiments) {
    Group g = group_of(m.brigade);
    Point shift = m.march.position() - m.path.back();
    for (const auto& [r, place] : regiments.items()) {
      if (!g.regiments.count(r)) continue;
      g.regiments[r] = point_of(place["at"]) + shift;
      g.facing[r] = place["facing"].get<int>();
    }
    std::string why = illegal(g, m.side);
    if (why.empty() && enemy_distance(g, m.side) <= kEngagementRange)
      why = "a regiment would be within 8\" of the enemy";
    if (!why.empty()) {
      events_.push_back({{"type", "placement_refused"},
                         {"brigade", m.brigade},
                         {"side", m.side},
                         {"reason", why + "; the brigade keeps its formation"},
                         {"rule", "move.deployed"}});
      return;
    }
    put(g);
    Json e = deploy_event(g, "move.deployed");
    e["placed"] = true;
    for (const auto& [r, at] : g.regiments) mark_limber(e["regiments"][r], st_.regiments.at(r));
    events_.push_back(e);
    wagons();
  }

  void movement() {
    std::vector<Mover> movers;
    // The state does not change until the marches begin.
    const auto engaged = engaged_brigades(st_, sc_);
    for (const auto& b : by_side_and_id()) {
      const Json& p = brigade_plan(b);
      if (!p.contains("move")) continue;
      const auto& bs = st_.brigades.at(b);
      const Json& mv = p["move"];
      bool marker = mv["marker"].get<int>() > 0;
      // The brigade may have changed since the orders were written.
      if (marker != !bs.commander.has_value() || engaged.count(b)) continue;
      Mover m;
      m.brigade = b;
      m.side = bs.side;
      m.marker = marker;
      for (const auto& q : mv["path"]) m.path.push_back(point_of(q));
      if (marker &&
          std::find(bs.markers.begin(), bs.markers.end(), m.path.front()) == bs.markers.end())
        continue;
      if (movement_needs_test(type_)) {
        TestRoll t = brigade_test(dice_, bs.stress, "night test");
        stress_test_event(b, t, "turns.night");
        if (!t.passed) continue;
      }
      std::vector<Outline> commanders;
      for (const auto& [cid, c] : st_.commanders)
        if (c.side == bs.side)
          commanders.push_back(sc_.figure_outline(Arm::kCommander, {cid, cid, c.at, c.facing}));
      Rate rate;
      if (marker) {
        rate = marker_rate(dice_, sc_.terrain, sc_.marker_outline(m.path.front()), m.path,
                           commanders, "rate");
      } else {
        std::vector<Outline> regs;
        for (const auto& r : deployed_regiments(st_, b)) {
          regs.push_back(outline(regiment_body(sc_, st_, r)));
          m.offsets[r] = *st_.regiments.at(r).at - *bs.commander;
        }
        rate = brigade_rate(dice_, sc_.terrain, regs,
                            sc_.figure_outline(Arm::kCommander, {b, b, *bs.commander, 0}), m.path,
                            commanders, sc_.brigade(b)->arm == Arm::kCavalry, "rate");
      }
      m.rate = rate.distance;
      events_.push_back({{"type", "rate"},
                         {"brigade", b},
                         {"side", bs.side},
                         {"going", going_name(rate.going)},
                         {"rolls", rate.rolls},
                         {"near_commander", rate.near_commander},
                         {"landmark", rate.landmark},
                         {"distance", rate.distance},
                         {"rule", marker ? "move.marker" : "move.deployed"}});
      if (!mv["engage"].is_null())
        for (const auto& u : table_.now(st_, sc_))  // unit_at, on the kept units
          if (u.side != bs.side && inside(u.base, point_of(mv["engage"]))) {
            m.target = u.brigade;
            break;
          }
      m.march = March(m.path);
      m.flushed = m.path.front();
      m.started_on_hill = touches_hill(m, m.path.front());
      m.touched_hill = m.started_on_hill;
      movers.push_back(std::move(m));
    }
    // CHECKs at one step: the side with the initiative first, then by id.
    std::stable_sort(movers.begin(), movers.end(), [&](const Mover& a, const Mover& b) {
      return (a.side == order_[0]) > (b.side == order_[0]);
    });
    for (;;) {
      std::map<std::string, Point> next;
      std::map<std::string, March> peeks;
      for (auto& m : movers) {
        if (!m.active || m.march.done() || m.march.travelled() >= m.rate) continue;
        March peek = m.march;
        peek.step(std::min(kMarchStep, m.rate - peek.travelled()));
        next[m.brigade] = peek.position();
        peeks.emplace(m.brigade, peek);
      }
      if (next.empty()) break;
      Mover* check = nullptr;
      std::set<std::string> halt;
      std::map<std::string, std::vector<Outline>> at_next;
      for (const auto& [b, p] : next)
        for (const auto& m : movers)
          if (m.brigade == b) at_next[b] = mover_outlines(m, p);
      const auto& units = table_.now(st_, sc_);
      for (auto& m : movers) {
        if (!next.count(m.brigade)) continue;
        std::string near = enemy_near(m, at_next, movers, units);
        if (near.empty()) continue;
        if (!m.target.empty() && near == m.target) {
          if (!check) check = &m;
        } else {
          halt.insert(m.brigade);
        }
      }
      for (auto& m : movers) {
        if (!next.count(m.brigade)) continue;
        if (halt.count(m.brigade)) {
          m.active = false;
          m.stopped = "enemy within 8\"";
          continue;
        }
        Point from = m.march.position();
        m.march = peeks.at(m.brigade);
        Point to = m.march.position();
        place(m, from, to);
        if (touches_hill(at_next.at(m.brigade))) m.touched_hill = true;  // its outlines at `to`
        if (crosses_creek(sc_.terrain, from, to)) m.crossed_creek = true;
      }
      wagons();
      if (check) {
        for (auto& m : movers) flush(m);
        check->stopped = "check";
        resolve_check(*check, movers);
        for (auto& m : movers) m.flushed = m.march.position();
        // A brigade whose marker or deployment changed stops moving.
        for (auto& m : movers) {
          const auto& bs = st_.brigades.at(m.brigade);
          bool still =
              m.marker ? std::count(bs.markers.begin(), bs.markers.end(), m.march.position()) > 0
                       : bs.commander == m.march.position();
          if (!still) m.active = false;
        }
        wagons();
      }
    }
    // "Markers cannot end their movement within 4" of another marker."
    for (auto& m : movers) {
      if (!m.marker || !m.active) continue;
      auto too_close = [&](Point p) {
        Outline card = sc_.marker_outline(p);
        for (const auto& [id, b] : st_.brigades)
          for (Point q : b.markers)
            if (!(id == m.brigade && q == p) && closer_than(card, sc_.marker_outline(q), 4 * kInch))
              return true;
        return false;
      };
      Coord back = m.march.travelled();
      while (back > 0 && too_close(m.march.position())) {
        back = std::max<Coord>(0, back - kMarchStep);
        March replay(m.path);
        replay.step(back);
        Point from = m.march.position();
        m.march = replay;
        place(m, from, m.march.position());
      }
    }
    // Version 3 (move.deployed): regiments placed by order take their
    // places around the commander where he stopped.
    for (auto& m : movers) {
      if (m.marker || !rd_.regiments_placed_by_order || !m.active || m.march.travelled() == 0)
        continue;
      const Json& mv = brigade_plan(m.brigade)["move"];
      if (!mv.contains("regiments")) continue;
      flush(m);
      place_by_order(m, mv["regiments"]);
    }
    for (auto& m : movers) {
      flush(m);
      if (m.march.travelled() == 0) continue;
      moved_.insert(m.brigade);
      bool ends_on_hill = touches_hill(m, m.march.position());
      int amount = m.touched_hill ? (m.started_on_hill && ends_on_hill ? 2 : 1) : 0;
      if (m.crossed_creek) ++amount;
      if (amount == 0) continue;
      stress_brigade(st_, m.brigade, amount);
      events_.push_back({{"type", "stress"},
                         {"brigade", m.brigade},
                         {"side", m.side},
                         {"amount", amount},
                         {"brigade_stress", st_.brigades.at(m.brigade).stress},
                         {"hill", m.touched_hill},
                         {"creek", m.crossed_creek},
                         {"rule", "move.hills"}});
    }
  }

  void commanders() {
    for (const auto& s : sc_.sides) {
      const Json& orders = plans_.at(s.id)["commanders"];
      for (auto& [cid, c] : st_.commanders) {
        if (c.side != s.id) continue;
        Point from = c.at;
        // (Named, not captured as bindings: the WebAssembly build's clang
        // does not capture a structured binding.)
        const std::string& id = cid;
        const int facing = c.facing;
        auto near_enemy = [&](Point p) {
          Outline fig = sc_.figure_outline(Arm::kCommander, {id, id, p, facing});
          for (const auto& u : table_.now(st_, sc_))
            if (u.side != s.id && within(fig, u.base, kCommanderEnemy)) return true;
          return false;
        };
        if (near_enemy(c.at)) {
          // "They must move out of range of enemy units if they can."
          Point away = c.at;
          Coord best = -1;
          for (const auto& u : enemy_units(st_, sc_, s.id)) {
            Coord d = distance_floor(
                sc_.figure_outline(Arm::kCommander, {cid, cid, c.at, c.facing}), u.base);
            if (best < 0 || d < best) best = d, away = u.base.points[0];
          }
          Body body{c.at, c.facing, 1, sc_.bases.at(Arm::kCommander)};
          Shift sh = shift_until(body, away, true, kCommanderMove, [&](const Body& b) {
            return !near_enemy(b.centre) && point_on_table(sc_, b.centre);
          });
          c.at = sh.body.centre;
          if (!point_on_table(sc_, c.at)) c.at = from;
        } else if (orders.contains(cid)) {
          std::vector<Point> path;
          for (const auto& q : orders[cid]["path"]) path.push_back(point_of(q));
          March march(path);
          while (!march.done() && march.travelled() < kCommanderMove) {
            March peek = march;
            peek.step(std::min(kMarchStep, kCommanderMove - peek.travelled()));
            if (near_enemy(peek.position())) break;
            march = peek;
          }
          c.at = march.position();
        }
        if (c.at != from)
          events_.push_back({{"type", "commander_move"},
                             {"commander", cid},
                             {"side", s.id},
                             {"from", json_of(from)},
                             {"to", json_of(c.at)},
                             {"rule", "move.commanders"}});
      }
    }
  }

  void rest() {
    auto engaged = engaged_brigades(st_, sc_);
    for (const auto& b : by_side_and_id()) {
      if (engaged.count(b) || moved_.count(b) || rested_.count(b) || withdrawn_.count(b) ||
          formed_up_.count(b) || under_fire_.count(b) || maneuvered_.count(b))
        continue;
      if (!brigade_plan(b).value("rest", true)) continue;
      auto& bs = st_.brigades.at(b);
      bool stressed = bs.stress > 0;
      for (const auto& [id, r] : st_.regiments)
        if (r.brigade == b && !r.removed && r.stress > 0) stressed = true;
      if (!stressed) continue;  // nothing to rest: no die
      RestReport report = rest_brigade(st_, sc_, b, type_, dice_);
      Json regs = Json::object();
      for (const auto& [id, relief] : report.relieved) regs[id] = st_.regiments.at(id).stress;
      events_.push_back({{"type", "rest"},
                         {"brigade", b},
                         {"side", bs.side},
                         {"engaged", false},
                         {"roll", report.rest.roll},
                         {"brigade_stress", bs.stress},
                         {"regiments", regs},
                         {"rule", "rest"}});
    }
  }

  void remarker() {
    auto engaged = engaged_brigades(st_, sc_);
    for (const auto& b : by_side_and_id()) {
      const Json& p = brigade_plan(b);
      if (!p.contains("remarker")) continue;
      auto& bs = st_.brigades.at(b);
      std::string why;
      if (!bs.commander)
        why = "the brigade is not deployed";
      else if (engaged.count(b))
        why = "the brigade is engaged";
      std::vector<Point> pts;
      for (const auto& q : p["remarker"]) pts.push_back(point_of(q));
      if (why.empty() && pts.front() != *bs.commander) why = "the brigade commander has moved";
      if (why.empty())
        for (Point q : pts)
          for (const auto& u : enemy_units(st_, sc_, bs.side))
            if (within(sc_.marker_outline(q), u.base, 12 * kInch))
              why = "a marker would be within 12\" of the enemy";
      if (!why.empty()) {
        events_.push_back({{"type", "remarker_blocked"},
                           {"brigade", b},
                           {"side", bs.side},
                           {"reason", why},
                           {"rule", "rest.remarker"}});
        continue;
      }
      bs.commander.reset();
      bs.markers = pts;
      for (auto& [id, r] : st_.regiments)
        if (r.brigade == b) r.at.reset();
      Json markers = Json::array();
      for (Point q : pts) markers.push_back(json_of(q));
      events_.push_back({{"type", "remarker"},
                         {"brigade", b},
                         {"side", bs.side},
                         {"markers", markers},
                         {"rule", "rest.remarker"}});
    }
  }

  void end() {
    events_.push_back({{"type", "turn_end"}, {"turn", state_.turn}});
    if (state_.turn < int(sc_.turns.size())) return;
    // The text sets no victory conditions: at the end of the last turn the
    // side whose brigades and regiments carry less stress in all holds the
    // field (docs/rules/chaos.md "What version 1 adjudicates").
    Json totals = Json::object();
    std::map<std::string, int> sum;
    for (const auto& [id, b] : st_.brigades) sum[b.side] += b.stress;
    for (const auto& [id, r] : st_.regiments) sum[st_.brigades.at(r.brigade).side] += r.stress;
    auto sides = side_ids(sc_);
    for (const auto& s : sides) totals[s] = sum[s];
    std::string result =
        sum[sides[0]] == sum[sides[1]]
            ? "draw"
            : (sum[sides[0]] < sum[sides[1]] ? sides[0] : sides[1]) + " holds the field";
    events_.push_back(
        {{"type", "game_end"}, {"result", result}, {"stress", totals}, {"rule", "turns"}});
  }

  const Scenario& sc_;
  const Readings rd_;  // how this version reads the text
  const model::State& state_;
  ChaosState st_;
  std::map<std::string, Json> plans_;
  ledger::Dice& dice_;
  TurnType type_ = TurnType::kDay;
  std::vector<std::string> order_;
  std::set<std::string> engaged_;
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

}  // namespace turn_run

Json adjudicate_turn(const Scenario& scenario, const model::State& state,
                     const std::map<std::string, Json>& plans, ledger::Dice& dice) {
  return turn_run::Turn(scenario, state, plans, dice).run();
}

model::State initial_game_state(const Scenario& scenario) {
  model::State s;
  s.scenario = scenario.id;
  s.turn = 1;
  s.phase = "turn";
  set_chaos(s, initial_state(scenario));
  Json tokens = Json::object();
  for (const auto& side : scenario.sides) tokens[side.id] = Json::array();
  Json tin = Json::array();
  for (Token t : tin_contents(scenario.tin)) tin.push_back(token_name(t));
  s.extra["tokens"] = tokens;
  s.extra["tin"] = tin;
  s.extra["tokens_drawn"] = false;
  return s;
}

namespace {

// A regiment's values after a fight step: its place ("to", or "at" for a
// new fight's mover), stress, stands, removal.
void apply_fight_unit(ChaosState& st, const Json& u) {
  if (!u.is_object() || !u.contains("regiment")) return;
  auto& r = st.regiments.at(u["regiment"].get<std::string>());
  if (u.contains("to")) r.at = point_of(u["to"]);
  if (u.contains("facing")) r.facing = u["facing"].get<int>();
  if (u.contains("stress")) r.stress = u["stress"].get<int>();
  if (u.contains("stands")) r.stands = u["stands"].get<int>();
  if (u.value("removed", false)) {
    r.removed = true;
    r.at.reset();
  }
  // Version 3 (fight.artillery, fight.cavalry): a battery that moved back
  // limbered or limbered on passing its test; dismounted cavalry that
  // passed its test mounted. Earlier versions write neither.
  if (u.value("limbered", false)) r.limbered = true;
  if (u.value("rule", "") == "fight.cavalry" && u.contains("test"))
    r.dismounted = !u["test"].value("passed", false);
}

void apply_fight_event(ChaosState& st, const Json& e) {
  if (e["type"] == "fight_start")
    st.regiments.at(e["regiment"].get<std::string>()).at = point_of(e["to"]);
  if (e.contains("unit")) apply_fight_unit(st, e["unit"]);
  for (const char* list : {"minimum", "units"})
    if (e.contains(list))
      for (const auto& u : e[list]) apply_fight_unit(st, u);
  if (e.contains("brigades"))
    for (const auto& b : e["brigades"])
      st.brigades.at(b["brigade"].get<std::string>()).stress = b["brigade_stress"].get<int>();
  if (e.contains("commanders"))
    for (const auto& c : e["commanders"])
      st.brigades.at(c["brigade"].get<std::string>()).commander = point_of(c["to"]);
}

}  // namespace

model::State apply_turn(const Scenario& scenario, const model::State& state, const Json& events) {
  model::State s = state;
  ChaosState st = chaos_of(state);
  for (const auto& e : events) {
    std::string type = e.value("type", "");
    if (type == "tokens_drawn") {
      auto tin = s.extra["tin"].get<std::vector<std::string>>();
      for (const auto& t : e["tokens"]) {
        auto it = std::find(tin.begin(), tin.end(), t.get<std::string>());
        if (it != tin.end()) tin.erase(it);
        s.extra["tokens"][e["side"].get<std::string>()].push_back(t);
      }
      s.extra["tin"] = tin;
      s.extra["tokens_drawn"] = true;
    } else if (type == "tokens_returned") {
      // Thrown back into the tin (token.rebel_yell), at its end.
      Json& held = s.extra["tokens"][e["side"].get<std::string>()];
      for (const auto& t : e["tokens"]) {
        for (std::size_t i = 0; i < held.size(); ++i)
          if (held[i] == t) {
            held.erase(i);
            break;
          }
        s.extra["tin"].push_back(t);
      }
    } else if (type == "chaos_roll") {
      st.brigades.at(e["brigade"].get<std::string>()).markers = {point_of(e["kept"])};
    } else if (type == "deploy" || type == "withdraw" || type == "maneuver") {
      auto& b = st.brigades.at(e["brigade"].get<std::string>());
      b.markers.clear();
      b.commander = point_of(e["commander"]);
      for (const auto& [r, v] : e["regiments"].items()) {
        auto& x = st.regiments.at(r);
        x.at = point_of(v["at"]);
        x.facing = v["facing"].get<int>();
        // Version 3 writes every regiment's flags when set; earlier
        // versions never set them.
        x.limbered = v.value("limbered", false);
        x.dismounted = v.value("dismounted", false);
      }
    } else if (type == "move") {
      auto& b = st.brigades.at(e["brigade"].get<std::string>());
      Point from = point_of(e["from"]), to = point_of(e["to"]);
      if (e["marker"].get<bool>()) {
        for (auto& p : b.markers)
          if (p == from) p = to;
      } else {
        b.commander = to;
        for (const auto& [r, v] : e["regiments"].items()) {
          auto& x = st.regiments.at(r);
          x.at = point_of(v);
          // Version 3 (move.deployed): a brigade marches limbered and
          // mounted.
          if (readings(scenario.rules_version).limbering_and_mounting && from != to) {
            Arm arm = regiment_spec(scenario, r).arm;
            if (arm == Arm::kArtillery) x.limbered = true;
            if (arm == Arm::kCavalry) x.dismounted = false;
          }
        }
      }
    } else if (type == "stress" || type == "rest") {
      st.brigades.at(e["brigade"].get<std::string>()).stress = e["brigade_stress"].get<int>();
      if (e.contains("regiments"))
        for (const auto& [r, v] : e["regiments"].items()) st.regiments.at(r).stress = v.get<int>();
    } else if (type == "artillery_fire") {
      for (const char* who : {"target", "battery"}) {
        auto& r = st.regiments.at(e[who].get<std::string>());
        std::string k = who;
        r.stress = e[k + "_stress"].get<int>();
        r.stands = e[k + "_stands"].get<int>();
        if (e[k + "_removed"].get<bool>()) {
          r.removed = true;
          r.at.reset();
        }
      }
    } else if (type.rfind("fight_", 0) == 0) {
      apply_fight_event(st, e);
      if (type == "fight_token") {
        // A revealed token goes back to the box (fight.lose).
        Json& held = s.extra["tokens"][e["side"].get<std::string>()];
        for (std::size_t i = 0; i < held.size(); ++i)
          if (held[i] == e["token"]) {
            held.erase(i);
            break;
          }
      }
    } else if (type == "wagon_destroyed") {
      st.wagons.at(e["wagon"].get<std::string>()).destroyed = true;
    } else if (type == "commander_move") {
      st.commanders.at(e["commander"].get<std::string>()).at = point_of(e["to"]);
    } else if (type == "remarker") {
      std::string id = e["brigade"].get<std::string>();
      auto& b = st.brigades.at(id);
      b.commander.reset();
      b.markers.clear();
      for (const auto& q : e["markers"]) b.markers.push_back(point_of(q));
      for (auto& [rid, r] : st.regiments)
        if (r.brigade == id) r.at.reset();
    } else if (type == "turn_end") {
      if (s.turn < int(scenario.turns.size())) {
        s.turn += 1;
        st.turn = s.turn;
      }
    } else if (type == "game_end") {
      s.phase = "";
      s.result = e["result"].get<std::string>();
    }
  }
  set_chaos(s, st);
  return s;
}

}  // namespace adjutant::rules::chaos
