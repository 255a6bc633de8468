// A brigade on the table as a group (deployment, terms.chaos_roll,
// supply): where its regiments stand, whether a place breaks a rule, how a
// brigade deploys from a marker 5" from the enemy, and the Chaos of Battle
// roll that settles which of two markers is real.
#include "rules/chaos/turn_run.h"

#include <algorithm>
#include <cstdlib>

#include "rules/chaos/bearing.h"
#include "rules/chaos/formation.h"

namespace adjutant::rules::chaos::turn_run {

Group Turn::group_of(const std::string& b) const {
  Group g;
  g.brigade = b;
  g.commander = *st_.brigades.at(b).commander;
  for (const auto& r : deployed_regiments(st_, b)) {
    g.regiments[r] = *st_.regiments.at(r).at;
    g.facing[r] = st_.regiments.at(r).facing;
  }
  return g;
}

Outline Turn::regiment_outline_at(const std::string& r, Point at, int facing) const {
  Body body = regiment_body(sc_, st_, r, at);
  body.bearing = facing;
  return outline(body);
}

std::vector<Outline> Turn::group_outlines(const Group& g) const {
  std::vector<Outline> out;
  for (const auto& [r, at] : g.regiments) out.push_back(regiment_outline_at(r, at, g.facing.at(r)));
  return out;
}

// The least distance from any regiment of the group to any enemy unit.
Coord Turn::enemy_distance(const Group& g, const std::string& side) const {
  Coord best = -1;
  auto enemies = enemy_units(st_, sc_, side);
  for (const auto& o : group_outlines(g))
    for (const auto& u : enemies) {
      Coord d = distance_floor(o, u.base);
      if (best < 0 || d < best) best = d;
    }
  return best < 0 ? kMaxCoord : best;
}

// The enemy unit nearest any regiment of the group, and its distance.
std::optional<UnitBase> Turn::nearest_enemy(const Group& g, const std::string& side) const {
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

Group Turn::shifted(const Group& g, Point delta) {
  Group out = g;
  out.commander = out.commander + delta;
  for (auto& [r, at] : out.regiments) at = at + delta;
  return out;
}

// Why the group cannot stand where it is, or "".
std::string Turn::illegal(const Group& g, const std::string& side,
                          const std::set<std::string>& may_fight) const {
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
Group Turn::settle(Group g, int bearing, bool approach, const std::string& side) const {
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

void Turn::put(const Group& g) {
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
void Turn::mark_limber(Json& entry, const RegimentState& x) {
  if (x.limbered) entry["limbered"] = true;
  if (x.dismounted) entry["dismounted"] = true;
}

Json Turn::deploy_event(const Group& g, const std::string& rule) const {
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
bool Turn::deploy(const std::string& b, Point centre, int bearing, bool approach, bool unengaged,
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

// A Chaos of Battle roll for a brigade with two markers; true when the
// marker at `at` is the one that stays.
bool Turn::chaos(const std::string& b, Point at, int pref, const std::string& rule) {
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

void Turn::wagons() {
  for (const auto& w : destroy_wagons(st_, sc_, table_.now(st_, sc_)))
    events_.push_back({{"type", "wagon_destroyed"},
                       {"wagon", w},
                       {"side", st_.wagons.at(w).side},
                       {"at", json_of(st_.wagons.at(w).at)},
                       {"rule", "supply"}});
}

}  // namespace adjutant::rules::chaos::turn_run
