#include "rules/ah1961/setup.h"

#include <map>
#include <set>

#include "rules/ah1961/brigades.h"
#include "rules/ah1961/stacking.h"

namespace adjutant::rules::ah1961 {

namespace {

std::string rule_of(const SetupStep& step) {
  return "setup." + std::to_string(step.step);
}

void check_forts(Emitter& em, const SetupStep& step, const SetupOrders& o, Problems& problems,
                 std::vector<std::string>& echo) {
  Board b = em.board();
  const std::string rule = "setup.1";
  auto it = b.rules().forts.find(step.side);
  if (it == b.rules().forts.end()) return;
  const Fortifications& f = it->second;
  std::set<Hex> chosen;
  for (const auto& [index, text] : o.fortifications) {
    auto h = b.numbers().parse(text);
    if (!h || !b.scenario().on_map(*h)) {
      problems.push_back(problem("setup.square", index, "", text, rule,
                                 "\"" + text + "\" is not a square of the map"));
      continue;
    }
    if (b.region(*h) != f.region) {
      problems.push_back(problem("setup.region", index, "", text, rule,
                                 "a " + step.side + " fortification goes on a land square of the " +
                                     f.region + " region, not " +
                                     (b.water(*h) ? "a river square" : "the " + b.region(*h))));
      continue;
    }
    if (b.fortified(*h) || !chosen.insert(*h).second)
      problems.push_back(problem("setup.fortified", index, "", text, rule,
                                 text + " already holds a fortification (one per square)"));
  }
  if (int(o.fortifications.size()) != f.count)
    problems.push_back(problem("setup.count", -1, "", "", rule,
                               step.side + " places " + std::to_string(f.count) +
                                   " fortifications, not " +
                                   std::to_string(o.fortifications.size())));
  if (!problems.empty()) return;
  Json squares = Json::array();
  for (Hex h : chosen) squares.push_back(b.sq(h));
  em.emit({{"type", "fortify"}, {"side", step.side}, {"squares", squares}, {"rule", rule}});
  echo.push_back(step.side + " fortifies " + join(squares.get<std::vector<std::string>>()));
}

// Step 2: the Union withholds exactly its boats and bridges, `artillery`
// artillery brigades and `corps` whole corps of `infantry` units.
void check_withheld(const Board& b, const SetupStep& step, const std::set<std::string>& placed,
                    Problems& problems) {
  const Withheld& w = b.rules().withheld;
  int artillery = 0, infantry = 0;
  std::set<std::string> corps;
  for (const auto& d : b.scenario().units) {
    if (d.side == step.side && placed.count(d.id) && is_detachment(d))
      problems.push_back(problem("setup.withheld", -1, d.id, "", "setup.2",
                                 d.id + ": boat and bridge detachments are placed at step 4"));
    if (d.side != step.side || placed.count(d.id)) continue;
    if (is_detachment(d) || d.type == "artillery") {
      if (d.type == "artillery") ++artillery;
      continue;
    }
    if (d.type == "infantry" && !b.rules().corps_of(d.id).empty()) {
      ++infantry;
      corps.insert(b.rules().corps_of(d.id));
      continue;
    }
    problems.push_back(
        problem("setup.missing", -1, d.id, "", "setup.2",
                d.id + " is placed at step 2 (only two corps of infantry, two "
                       "artillery brigades and the boat and bridge detachments wait for step 4)"));
  }
  for (const auto& c : corps)
    for (const auto& u : b.rules().corps.at(c))
      if (placed.count(u))
        problems.push_back(problem("setup.corps", -1, u, "", "setup.2",
                                   "the withheld infantry are whole corps: " + u + " of corps " +
                                       c + " is placed while the rest of its corps waits"));
  if (artillery != w.artillery || infantry != w.infantry || int(corps.size()) != w.corps)
    problems.push_back(problem(
        "setup.withheld", -1, "", "", "setup.2",
        "step 2 keeps back exactly " + std::to_string(w.artillery) + " artillery brigades and " +
            std::to_string(w.infantry) + " infantry units (" + std::to_string(w.corps) +
            " corps); these orders keep back " + std::to_string(artillery) + " and " +
            std::to_string(infantry) + " (" + std::to_string(corps.size()) + " corps)"));
}

}  // namespace

void check_setup(Emitter& em, const SetupStep& step, const SetupOrders& o, Problems& problems,
                 std::vector<std::string>& echo) {
  const std::string rule = rule_of(step);
  if (step.step == 1) {
    for (const auto& p : o.places)
      problems.push_back(
          problem("setup.step", p.index, p.unit, p.at, rule,
                  "step 1 places fortifications only; units are placed at steps 2-4"));
    for (const auto& s : o.substitutions)
      problems.push_back(problem("setup.step", s.index, s.division, "", rule,
                                 "step 1 places fortifications only"));
    check_forts(em, step, o, problems, echo);
    if (problems.empty()) end_setup_step(em, step);
    return;
  }
  for (const auto& [index, text] : o.fortifications)
    problems.push_back(
        problem("setup.step", index, "", text, rule, "fortifications are placed at step 1 only"));
  if (step.step != 3)
    for (const auto& s : o.substitutions)
      problems.push_back(
          problem("setup.step", s.index, s.division, "", "setup.3",
                  "only the Confederate placement (step 3) may use brigade substitutes"));
  const std::string region = em.rules().setup_region.at(step.side);
  std::set<std::string> placed;
  std::set<Hex> touched;
  auto place_one = [&](int index, const std::string& unit, const std::string& at, bool brigade) {
    Board b = em.board();
    const UnitDef* d = b.def(unit);
    if (!d) {
      problems.push_back(problem("move.unknown_unit", index, unit, at, rule, "no such unit"));
      return;
    }
    if (b.side_of(unit) != step.side) {
      problems.push_back(problem("move.not_own_unit", index, unit, at, rule,
                                 unit + " is not a " + step.side + " unit"));
      return;
    }
    if (b.active(unit) || !placed.insert(unit).second) {
      problems.push_back(
          problem("setup.placed", index, unit, at, rule, unit + " is already placed"));
      return;
    }
    if (!brigade && b.rules().brigades.count(unit)) {
      problems.push_back(problem("setup.brigade", index, unit, at, "brigades",
                                 unit + " is a brigade substitute counter: it is placed only in "
                                        "place of a division (\"substitute\")"));
      return;
    }
    auto h = b.numbers().parse(at);
    if (!h || !b.scenario().on_map(*h)) {
      problems.push_back(problem("setup.square", index, unit, at, rule,
                                 "\"" + at + "\" is not a square of the map"));
      return;
    }
    if (b.region(*h) != region) {
      std::string where = b.water(*h) ? "a river square" : "the " + b.region(*h) + " region";
      problems.push_back(problem(
          "setup.region", index, unit, at, b.region(*h) == "northwest" ? "setup.northwest" : rule,
          step.side + " units are placed in the " + region + " region, not in " + where));
      return;
    }
    em.emit({{"type", "place"}, {"unit", unit}, {"hex", at}, {"side", step.side}, {"rule", rule}});
    touched.insert(*h);
  };
  for (const auto& p : o.places) place_one(p.index, p.unit, p.at, false);
  for (const auto& s : o.substitutions) {
    Board b = em.board();
    std::string why = substitution_problem(b, s.division, s.brigades, true);
    if (!why.empty()) {
      problems.push_back(problem("setup.substitute", s.index, s.division, s.at, "brigades", why));
      continue;
    }
    if (!placed.insert(s.division).second) {
      problems.push_back(problem("setup.placed", s.index, s.division, s.at, rule,
                                 s.division + " is placed and substituted"));
      continue;
    }
    std::size_t before = problems.size();
    for (const auto& br : s.brigades) place_one(s.index, br, s.at, true);
    if (problems.size() != before) continue;
    // The brigades were placed one by one; the event records the substitution.
    em.emit({{"type", "substitute"},
             {"division", s.division},
             {"brigades", s.brigades},
             {"hex", s.at},
             {"rule", "brigades"}});
  }
  Board b = em.board();
  for (Hex h : touched) {
    std::string srule;
    std::string why = stacking_problem(b, h, step.side, srule);
    if (!why.empty()) problems.push_back(problem("move.stacking", -1, "", b.sq(h), srule, why));
  }
  if (step.step == 2) check_withheld(b, step, placed, problems);
  // Steps 3 and 4: every counter of the side is on the board (brigade
  // substitutes only in place of a division).
  if (step.step >= 3)
    for (const auto& d : b.scenario().units) {
      if (d.side != step.side || b.active(d.id) || b.rules().brigades.count(d.id)) continue;
      if (b.state().extra.contains("substituted")) {
        bool gone = false;
        for (const auto& x : b.state().extra["substituted"]) gone = gone || x == d.id;
        if (gone) continue;
      }
      problems.push_back(problem("setup.missing", -1, d.id, "", rule,
                                 d.id + " is not placed; step " + std::to_string(step.step) +
                                     " places every remaining " + step.side + " counter"));
    }
  if (!problems.empty()) return;
  echo.push_back(step.side + " places " + std::to_string(placed.size()) + " counters (step " +
                 std::to_string(step.step) + ")");
  end_setup_step(em, step);
}

}  // namespace adjutant::rules::ah1961
