#include "rules/bluegray/victory.h"

#include "rules/bluegray/communication.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/objectives.h"
#include "rules/bluegray/readings.h"

namespace adjutant::rules::bluegray {

namespace {

int total(const State& st, const std::string& side) {
  auto it = st.vp.find(side);
  return it == st.vp.end() ? 0 : it->second;
}

// A level condition [p, q] against a:b, by cross-multiplication (integers only).
bool meets(const Json& level, long long a, long long b) {
  if (level.contains("at_least")) {
    const auto& r = level["at_least"];
    return a * r[1].get<long long>() >= r[0].get<long long>() * b;
  }
  if (level.contains("above")) {
    const auto& r = level["above"];
    return a * r[1].get<long long>() > r[0].get<long long>() * b;
  }
  return true;
}

}  // namespace

void award(Emitter& em, const std::string& side, int vp, const std::string& reason,
           const std::string& source, const std::string& rule) {
  Json ev = {{"type", "vp"},     {"side", side},
             {"vp", vp},         {"total", total(em.state(), side) + vp},
             {"reason", reason}, {"rule", rule}};
  if (readings::vp_by_source(em.scenario())) ev["source"] = source;
  em.emit(std::move(ev));
}

void award_elimination_vp(Emitter& em, const std::string& unit) {
  const UnitDef* d = em.scenario().unit(unit);
  std::string other = em.scenario().other_side(d->side);
  auto it = em.scenario().victory.per_enemy_sp.find(other);
  if (it == em.scenario().victory.per_enemy_sp.end() || it->second == 0 || d->strength == 0) return;
  award(
      em, other, it->second * d->strength,
      unit + " eliminated: " + std::to_string(d->strength) + " SP x " + std::to_string(it->second),
      "eliminated", em.scenario().victory.rule);
}

std::string victory_level(const rules::hexmap::Victory& victory,
                          const std::map<std::string, int>& vp) {
  if (victory.ratio.size() != 2 || !victory.levels.is_array()) return "game over";
  auto get = [&](const std::string& s) {
    auto it = vp.find(s);
    return it == vp.end() ? 0LL : (long long)it->second;
  };
  long long a = get(victory.ratio[0]);
  long long b = get(victory.ratio[1]);
  // Nobody scored: an even game (1:1).
  if (a == 0 && b == 0) a = b = 1;
  for (const auto& level : victory.levels)
    if (meets(level, a, b)) return level.value("result", "game over");
  return "game over";
}

void end_game(Emitter& em) {
  const Scenario& sc = em.scenario();
  for (const auto& vh : sc.victory.hexes) {
    if (vh.vp == 0) continue;
    Board board = em.board();
    if (vh.hold == "last_occupant") {
      if (holder(board, vh) == vh.side)
        award(em, vh.side, vh.vp, sc.numbers().format(vh.hex) + " last held by " + vh.side,
              "objective", sc.victory.rule);
      continue;
    }
    auto held = board.units_at(vh.hex, vh.side);
    if (!held.empty())
      award(em, vh.side, vh.vp, sc.numbers().format(vh.hex) + " held by " + join(held), "objective",
            sc.victory.rule);
  }
  score_lines_of_communication(em);
  Json totals = Json::object(), sources = Json::object();
  const Json& kept = em.state().extra.value("vp_sources", Json::object());
  for (const auto& sd : sc.sides) {
    totals[sd.id] = total(em.state(), sd.id);
    sources[sd.id] = kept.value(sd.id, Json::object());
  }
  std::string level = victory_level(sc.victory, em.state().vp);
  std::string why;
  std::string result = shift_for_morale(sc, em.state(), level, why);
  Json ev = {{"type", "game_end"},
             {"turn", em.state().turn},
             {"result", result},
             {"vp", totals},
             {"rule", sc.victory.rule}};
  if (readings::vp_by_source(sc)) ev["sources"] = sources;
  if (const auto& d = exclusive_of(sc).demoralization; d && !d->victory_rule.empty()) {
    // H&L 20.3: the level by VP, and the level after demoralization.
    Json down = Json::array();
    for (const auto& [side, m] : d->sides)
      if (demoralized(em.state(), side)) down.push_back(side);
    ev["morale"] = {{"by_vp", level}, {"demoralized", down}, {"rule", d->victory_rule}};
    if (!why.empty()) ev["morale"]["shift"] = why;
  }
  em.emit(std::move(ev));
}

}  // namespace adjutant::rules::bluegray
