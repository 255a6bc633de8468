// Resting of unengaged brigades (rest) and the replacing of deployed
// brigades by markers (rest.remarker), the last steps of the turn.
#include "rules/chaos/turn_run.h"

namespace adjutant::rules::chaos::turn_run {

void Turn::rest() {
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

void Turn::remarker() {
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

}  // namespace adjutant::rules::chaos::turn_run
