#include "rules/chaos/bot/generator.h"

#include <algorithm>
#include <set>

#include "rules/bot_seeded.h"
#include "rules/chaos/marker_rates.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/situation.h"
#include "rules/chaos/table_play.h"
#include "util/error.h"

namespace adjutant::bot::chaos {

namespace {

namespace rc = rules::chaos;
using rc::Coord;
using rc::kInch;
using rc::Point;

// The marker card's half width and a hundredth: a path's end keeps the
// card on the table.
constexpr Coord kMargin = 151;

// An enemy piece as the side sees it: where it stands and a point inside it.
struct Seen {
  rc::Outline base;
  Point centre;
  bool marker = false;
};

Point centre_of(const rc::Outline& o) {
  Coord sx = 0, sy = 0;
  for (Point p : o.points) sx += p.x, sy += p.y;
  Coord n = Coord(o.points.size());
  return {sx / n, sy / n};
}

// `from` toward `to`, at most `limit` hundredths, kept `margin` inside the
// table.
Point toward(const rc::Scenario& sc, Point from, Point to, Coord limit, Coord margin) {
  Point v = to - from;
  Coord len = Coord(rc::isqrt((unsigned __int128)(rc::squared(v))));
  Point end = to;
  if (len > limit && len > 0) end = {from.x + v.x * limit / len, from.y + v.y * limit / len};
  end.x = std::clamp(end.x, margin, sc.table.width - margin);
  end.y = std::clamp(end.y, margin, sc.table.length - margin);
  return end;
}

class ChaosGenerator : public OrderGenerator {
 public:
  Orders orders(const Request& r) const override {
    const rc::Scenario& sc = rc::scenario_of(r.ruleset);
    rc::ChaosState st = rc::table_state(r.state);
    Orders out;
    Json body = {{"side", r.side},
                 {"brigades", Json::object()},
                 {"preferred", Json::object()},
                 {"commanders", Json::object()}};
    if (r.state.phase.empty()) throw Error("orders.game_over", "the game has ended");
    std::vector<Seen> enemy;
    for (const auto& u : rc::enemy_units(st, sc, r.side))
      enemy.push_back({u.base, u.marker ? centre_of(u.base) : *st.regiments.at(u.id).at, u.marker});
    auto engaged = rc::engaged_brigades(st, sc);
    std::vector<Point> own_places;
    for (const auto& [id, b] : st.brigades) {
      if (b.side != r.side) continue;
      std::uint64_t h = seeded(r.seed, text_hash(id), std::uint64_t(r.state.turn));
      if (b.markers.size() == 2) body["preferred"][id] = int(h % 2) + 1;
      if (b.commander) own_places.push_back(*b.commander);
      for (Point p : b.markers) own_places.push_back(p);
      if (b.markers.empty() && !b.commander) continue;
      Json order = !engaged.count(id)         ? brigade_order(sc, st, id, b, enemy, h)
                   : r.ruleset.version() >= 2 ? fighting_order(sc, st, id, b, h)
                                              : engaged_order(b, h);
      // Version 3: limber and unlimber the batteries in a maneuver.
      if (r.ruleset.version() >= 3 && engaged.count(id)) {
        Json with_guns = order;
        if (limbering(sc, st, id, b, enemy, with_guns)) {
          Json alone = {{"side", r.side}, {"brigades", {{id, with_guns}}}};
          if (r.ruleset.problems(r.state, alone).empty()) order = with_guns;
        }
      }
      if (order.empty()) continue;
      // Each brigade's order alone must pass; one that does not is left out.
      Json alone = {{"side", r.side}, {"brigades", {{id, order}}}};
      if (!r.ruleset.problems(r.state, alone).empty()) continue;
      // Nor may it clash with the orders already given (two brigades
      // ending on one spot): then this brigade holds.
      Json with = body;
      with["brigades"][id] = order;
      if (!r.ruleset.problems(r.state, with).empty()) continue;
      body["brigades"][id] = order;
    }
    commanders(sc, st, r.side, own_places, enemy, body);
    // Version 2 fights: hold the line while a regiment's and its brigade's
    // stress is below 6, test the most stressed enemy regiment.
    if (r.ruleset.version() >= 2) {
      body["policies"] = {{"test", "enemy_most_stressed"}, {"hold_the_line_below", 6}};
      // Up to two held tokens the check accepts (never a Union REBEL
      // YELL), committed to the first fight of the turn.
      Json tokens = Json::array();
      for (const auto& t : rc::held_tokens(r.state, r.side)) {
        if (tokens.size() == 2) break;
        if (t == "rebel_yell" && r.side == "union") continue;  // it stresses the Union
        Json alone = {{"side", r.side}, {"tokens", {{{"token", t}}}}};
        if (r.ruleset.problems(r.state, alone).empty()) tokens.push_back({{"token", t}});
      }
      Json both = {{"side", r.side}, {"tokens", tokens}};
      if (!tokens.empty() && r.ruleset.problems(r.state, both).empty()) body["tokens"] = tokens;
    }
    // Orders that pass alone may still clash (two brigades ending on one
    // spot): each refusal costs the brigades it names.
    for (;;) {
      auto problems = r.ruleset.problems(r.state, body);
      if (problems.empty()) break;
      out.refused.insert(out.refused.end(), problems.begin(), problems.end());
      std::size_t before = body["brigades"].size() + body["commanders"].size();
      for (const auto& p : problems) {
        body["brigades"].erase(p.unit);
        body["commanders"].erase(p.unit);
      }
      if (body["brigades"].size() + body["commanders"].size() == before) {
        if (body.contains("tokens") || body.contains("policies")) {
          body.erase("tokens");
          body.erase("policies");
        } else {
          body["brigades"] = Json::object();
          body["commanders"] = Json::object();
        }
      }
    }
    out.body = body;
    return out;
  }

 private:
  // Version 3 (engagement.maneuver): an engaged brigade that stays unlimbers
  // its limbered batteries where they stand, so they fire; one worn down
  // to one short of withdrawing (brigade stress 2) limbers them before it
  // moves back (a lost fight then takes them back without a test). The
  // commander stays, or steps toward the nearest enemy (a quarter inch at
  // a time, up to 4") until within 8" of it with every regiment still
  // within 4" of him, as a maneuver needs. False when there is nothing to
  // change, no such place, or the brigade withdraws (it limbers anyway).
  static bool limbering(const rc::Scenario& sc, const rc::ChaosState& st, const std::string& id,
                        const rc::BrigadeState& b, const std::vector<Seen>& enemy, Json& order) {
    if (order.contains("withdraw") || !b.commander || enemy.empty()) return false;
    bool limber = b.stress == 2;
    Json regiments = Json::object();
    for (const auto& r : rc::deployed_regiments(st, id)) {
      if (rc::regiment_spec(sc, r).arm != rc::Arm::kArtillery) continue;
      if (st.regiments.at(r).limbered != limber) regiments[r] = {{"limber", limber}};
    }
    if (regiments.empty()) return false;
    const Seen* nearest = nullptr;
    Coord best = -1;
    auto figure = [&](Point p) {
      return rc::outline(rc::Body{p, 0, 1, sc.bases.at(rc::Arm::kCommander)});
    };
    for (const auto& e : enemy) {
      Coord d = rc::distance_floor(figure(*b.commander), e.base);
      if (best < 0 || d < best) best = d, nearest = &e;
    }
    std::vector<rc::Outline> regs;
    for (const auto& r : rc::deployed_regiments(st, id))
      regs.push_back(rc::outline(rc::regiment_body(sc, st, r)));
    for (Coord step = 0; step <= 4 * kInch; step += 25) {
      Point at = toward(sc, *b.commander, nearest->centre, step, 100);
      rc::Outline fig = figure(at);
      bool close = false;
      for (const auto& e : enemy) close = close || rc::within(fig, e.base, 8 * kInch);
      bool holds = close;
      for (const auto& o : regs) holds = holds && rc::within(o, fig, 4 * kInch);
      if (!holds) continue;
      order["maneuver"] = {{"commander", rc::json_of(at)}, {"regiments", regiments}};
      return true;
    }
    return false;
  }

  // An engaged brigade worn down (brigade stress 2 or more) withdraws;
  // another forms up now and then (so it gives up its rest); its
  // batteries fire at the closest enemy by default.
  static Json engaged_order(const rc::BrigadeState& b, std::uint64_t h) {
    if (b.stress >= 2) return {{"withdraw", true}};
    if (h % 3 == 0) return {{"form_up", true}};
    return Json::object();
  }

  // Version 2: an engaged brigade worn down (brigade stress 3 or more)
  // withdraws; otherwise, most turns, it forms up and sends the regiment
  // nearest an enemy regiment (not yet fighting, not a battery) into a
  // fight toward the closest enemy regiment.
  static Json fighting_order(const rc::Scenario& sc, const rc::ChaosState& st,
                             const std::string& id, const rc::BrigadeState& b, std::uint64_t h) {
    if (b.stress >= 3) return {{"withdraw", true}};
    if (h % 4 == 0) return Json::object();
    std::vector<rc::Outline> foes;
    for (const auto& [rid, reg] : st.regiments)
      if (!reg.removed && reg.at && st.brigades.at(reg.brigade).side != b.side)
        foes.push_back(rc::outline(rc::regiment_body(sc, st, rid)));
    std::string pick;
    Coord best = -1;
    for (const auto& r : rc::deployed_regiments(st, id)) {
      if (rc::regiment_spec(sc, r).arm == rc::Arm::kArtillery) continue;
      rc::Outline o = rc::outline(rc::regiment_body(sc, st, r));
      Coord d = -1;
      for (const auto& f : foes) {
        Coord x = rc::distance_floor(o, f);
        if (d < 0 || x < d) d = x;
      }
      if (d < 0 || d < rc::kFightingRange) continue;  // none in sight, or fighting already
      if (best < 0 || d < best) best = d, pick = r;
    }
    if (pick.empty() || best > rc::kEngagementRange) return {{"form_up", true}};
    return {{"form_up", true}, {"fight", {{"regiment", pick}}}};
  }

  static Json brigade_order(const rc::Scenario& sc, const rc::ChaosState& st, const std::string& id,
                            const rc::BrigadeState& b, const std::vector<Seen>& enemy,
                            std::uint64_t h) {
    if (enemy.empty()) return Json::object();
    bool deployed = b.commander.has_value();
    std::size_t which = deployed ? 0 : std::size_t(h % b.markers.size());
    Point start = deployed ? *b.commander : b.markers[which];
    rc::Outline here = deployed
                           ? rc::outline(rc::Body{start, 0, 1, sc.bases.at(rc::Arm::kCommander)})
                           : sc.marker_outline(start);
    // The nearest piece it may engage: any for a marker, a marker for a
    // deployed brigade (else the nearest piece, without engaging).
    const Seen* target = nullptr;
    bool target_engageable = false;
    Coord best = -1;
    for (const auto& e : enemy) {
      Coord d = rc::distance_floor(here, e.base);
      bool engageable = !deployed || e.marker;
      if (!target || (engageable && !target_engageable) ||
          (engageable == target_engageable && d < best)) {
        target = &e;
        target_engageable = engageable;
        best = d;
      }
    }
    if (!target) return Json::object();
    // Shake out short of the enemy, now and then.
    if (!deployed && best > 10 * kInch && best < 18 * kInch && h % 4 == 0)
      return {{"shake_out",
               {{"marker", int(which) + 1}, {"facing", rc::bearing_to(start, target->centre)}}}};
    rc::Going going;
    bool cavalry = false;
    if (deployed) {
      std::vector<rc::Outline> regs;
      for (const auto& r : rc::deployed_regiments(st, id))
        regs.push_back(rc::outline(rc::regiment_body(sc, st, r)));
      going = rc::brigade_going(sc.terrain, regs);
      cavalry = sc.brigade(id)->arm == rc::Arm::kCavalry;
    } else {
      going = rc::marker_going(sc.terrain, here);
    }
    Coord limit = std::min<Coord>(rc::longest_rate(going, cavalry), 12 * kInch);
    Coord margin = kMargin;
    if (deployed) {
      // Keep every regiment on the table: the margin grows by how far the
      // farthest regiment stands from its commander.
      for (const auto& r : rc::deployed_regiments(st, id)) {
        Point off = *st.regiments.at(r).at - start;
        margin = std::max(margin, std::max(std::abs(off.x), std::abs(off.y)) + 3 * kInch);
      }
    }
    Point end = toward(sc, start, target->centre, limit, margin);
    if (end == start || rc::path_length({start, end}) > rc::longest_rate(going, cavalry))
      return Json::object();
    Json move = {{"path", {rc::json_of(start), rc::json_of(end)}}};
    if (!deployed) move["marker"] = int(which) + 1;
    if (!deployed || target->marker) move["engage"] = rc::json_of(target->centre);
    return {{"move", move}};
  }

  // Each player commander walks up to 6" toward the middle of its side's
  // brigades, never toward an enemy closer than 6".
  static void commanders(const rc::Scenario& sc, const rc::ChaosState& st, const std::string& side,
                         const std::vector<Point>& own, const std::vector<Seen>& enemy,
                         Json& body) {
    if (own.empty()) return;
    Coord sx = 0, sy = 0;
    for (Point p : own) sx += p.x, sy += p.y;
    Point middle{sx / Coord(own.size()), sy / Coord(own.size())};
    for (const auto& [id, c] : st.commanders) {
      if (c.side != side) continue;
      Point end = toward(sc, c.at, middle, 6 * kInch, 100);
      if (end == c.at) continue;
      rc::Outline fig = rc::outline(rc::Body{end, 0, 1, sc.bases.at(rc::Arm::kCommander)});
      bool near = false;
      for (const auto& e : enemy) near = near || rc::within(fig, e.base, 6 * kInch);
      if (near) continue;
      body["commanders"][id] = {{"path", {rc::json_of(c.at), rc::json_of(end)}}};
    }
  }
};

}  // namespace

std::unique_ptr<OrderGenerator> make_generator() {
  return std::make_unique<ChaosGenerator>();
}

}  // namespace adjutant::bot::chaos
