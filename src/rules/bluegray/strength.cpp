#include "rules/bluegray/strength.h"

#include <algorithm>

#include "rules/bluegray/odds.h"
#include "rules/bluegray/readings.h"

namespace adjutant::rules::bluegray {

namespace {

std::string times(int m) {
  if (m == 2) return "doubled";
  if (m == 3) return "tripled";
  return "x" + std::to_string(m);
}

// Grand Chancellorsville 22.11: a unit in a ferry hex attacks and defends at
// half strength. Version 3 halves exactly: with `half_points` every strength
// is counted in half strength points (a whole strength doubled, a halved one
// as printed), so the ratio is exact and 8.1 rounds only the odds. Versions
// 1 and 2 rounded each halved unit up (readings.h).
int in_hex_strength(const Scenario& sc, Hex at, int strength, bool half_points) {
  bool halves = sc.terrain_at(at).halves_strength;
  if (half_points) return halves ? strength : 2 * strength;
  return halves ? (strength + 1) / 2 : strength;
}

void halved(Tally& t, const Scenario& sc, const std::string& id, Hex at, int printed, int now) {
  t.modifiers.push_back(id + " in " + sc.numbers().format(at) + " (" + sc.terrain_at(at).name +
                        "): strength " + std::to_string(printed) + " halved" +
                        (t.half_points ? "" : " to " + std::to_string(now)) + " (22.11)");
}

// Version 3: some unit of the attack, attacker or defender, is halved.
bool any_halved(const Board& board, const Engagement& e) {
  if (!readings::halves_exactly(board.scenario())) return false;
  for (const auto* units : {&e.attackers, &e.defenders})
    for (const auto& id : *units)
      if (board.scenario().terrain_at(*board.hex_of(id)).halves_strength) return true;
  return false;
}

}  // namespace

Tally tally(const Board& board, const Engagement& e) {
  const Scenario& sc = board.scenario();
  Tally t;
  t.half_points = any_halved(board, e);
  if (t.half_points)
    t.modifiers.push_back(
        "strengths in half points, a whole strength doubled, so that halving is exact and only "
        "the odds are rounded (22.11, 8.1)");
  std::vector<std::pair<std::string, Hex>> line;  // non-artillery attackers
  for (const auto& id : e.attackers) {
    const UnitDef* d = board.def(id);
    Hex at = *board.hex_of(id);
    bool ranged = is_artillery(*d) && std::none_of(e.hexes.begin(), e.hexes.end(),
                                                   [&](Hex h) { return hex::adjacent(at, h); });
    if (ranged) t.ranged.insert(id);
    if (!is_artillery(*d)) line.push_back({id, at});
    int strength = in_hex_strength(sc, at, d->strength, t.half_points);
    t.attack += strength;
    // Each member put in place: an initializer list copies every value again.
    Json row = Json::object();
    row["unit"] = id;
    row["hex"] = sc.numbers().format(at);
    row["type"] = d->type;
    row["strength"] = strength;
    row["ranged"] = ranged;
    if (t.half_points ? sc.terrain_at(at).halves_strength : strength != d->strength)
      halved(t, sc, id, at, d->strength, strength);
    t.attackers.push_back(std::move(row));
  }
  t.artillery_alone = !e.attackers.empty() && t.ranged.size() == e.attackers.size();
  for (Hex h : e.hexes) {
    int strength = 0, printed = 0;
    for (const auto& id : e.defenders) {
      if (*board.hex_of(id) != h) continue;
      const UnitDef* d = board.def(id);
      int own = in_hex_strength(sc, h, d->strength, t.half_points);
      strength += own;
      printed += d->strength;
      Json row = Json::object();
      row["unit"] = id;
      row["hex"] = sc.numbers().format(h);
      row["type"] = d->type;
      row["strength"] = own;
      if (t.half_points ? sc.terrain_at(h).halves_strength : own != d->strength)
        halved(t, sc, id, h, d->strength, own);
      t.defenders.push_back(std::move(row));
    }
    const auto& terrain = sc.terrain_at(h);
    // The weakest hexside any non-artillery attacker crosses sets the hexside multiplier.
    int side_mult = line.empty() ? 1 : 1 << 30;
    std::set<std::string> side_names;
    for (const auto& [id, at] : line) {
      if (!hex::adjacent(at, h)) continue;
      const auto* side = sc.hexside_at(hex::hexside(at, h));
      side_mult = std::min(side_mult, side ? side->defence_all : 1);
      side_names.insert(side ? side->name : "plain");
    }
    if (side_mult == 1 << 30) side_mult = 1;
    int mult = std::max(terrain.defence, side_mult);
    Json row = Json::object();
    row["hex"] = sc.numbers().format(h);
    row["strength"] = strength;
    row["multiplier"] = mult;
    row["defence"] = strength * mult;
    if (mult > 1) {
      std::string why = terrain.defence >= side_mult
                            ? terrain.name + " (TEC)"
                            : "every attacker across " +
                                  join({side_names.begin(), side_names.end()}, "/") +
                                  " hexsides (TEC)";
      std::string text = sc.numbers().format(h) + ": defender " + times(mult) + ": " + why;
      row["modifier"] = text;
      t.modifiers.push_back(text);
    }
    t.hexes.push_back(std::move(row));
    t.printed += printed;
    t.defence += strength * mult;
  }
  t.column = odds_column(sc.crt, t.attack, t.defence);
  return t;
}

std::string describe(const Engagement& e, hex::Numbering numbers) {
  std::vector<std::string> hexes;
  for (Hex h : e.hexes) hexes.push_back(numbers.format(h));
  return join(e.attackers) + " against " + join(hexes) + " (" + join(e.defenders) + ")";
}

}  // namespace adjutant::rules::bluegray
