// One way forward for each refusal of an order check (docs/errors.md): what
// the player can change so that the orders are taken. A check that knows a
// better one for the case at hand sets OrderProblem::hint (the hexes a unit
// can reach, the hexes beside a defender); these are the id's own. Words
// only: nothing here is logged or hashed.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "rules/ruleset.h"

namespace adjutant::rules {

namespace problem_hints {

// {id, the way forward}: "{unit}" stands for the problem's unit, "{hex}" for
// its hex. Sorted by id.
constexpr std::array<std::pair<std::string_view, std::string_view>, 118> kHints{{
    {"attack.advance",
     "Name one of the attacking units that is not artillery, or leave "
     "\"advance\" out"},
    {"attack.artillery_adjacent", "Have {unit} attack the enemy units next to it instead"},
    {"attack.artillery_multi_hex",
     "Give the bombardment one defending hex, or add a unit "
     "adjacent to the defenders"},
    {"attack.artillery_odds", "Add units to the attack to reach at least 1-3, or leave it out"},
    {"attack.bad_hex", "Give the hex number of an enemy-held hex on the map"},
    {"attack.bad_odds",
     "Give odds that are a column of the CRT (such as 1-2 or 3-1), or leave "
     "\"odds\" out to attack at the odds"},
    {"attack.demoralized_advance", "Leave \"advance\" out while the army is demoralized"},
    {"attack.demoralized_odds", "Attack at 1-3 or better, or leave the attack out"},
    {"attack.detachment", "Attack the units on the square, not the boat or bridge"},
    {"attack.empty", "Name at least one attacking unit and one defending hex"},
    {"attack.ineffective", "Leave {unit} out of the attack until it recovers"},
    {"attack.los", "Fire from a hex with a clear line of sight, or attack another hex"},
    {"attack.losses", "Name only units of this attack in \"losses\""},
    {"attack.missing_attacker",
     "Add {unit} to an attack on an adjacent enemy, or move it out "
     "of the enemy's zone of control"},
    {"attack.missing_defender", "Attack the enemy units at {hex}"},
    {"attack.night", "Leave attacks out on a night turn"},
    {"attack.no_bombard", "Move {unit} out of the hex to bombard, or attack an adjacent hex"},
    {"attack.no_enemy",
     "Give a hex that holds enemy units (`adjutant status GAME --units` "
     "lists where they stand)"},
    {"attack.noncombat", "Leave {unit} out of the attack"},
    {"attack.not_adjacent", "Move {unit} next to the defender first, or leave it out"},
    {"attack.not_in_zone", "Move {unit} into the defender's zone first, or leave it out"},
    {"attack.not_own_unit", "Name only your own units as attackers"},
    {"attack.odds_increase", "Declare the odds or lower ones, or leave \"odds\" out"},
    {"attack.range", "Move {unit} within range first, or attack a nearer hex"},
    {"attack.retreat", "Give retreat routes only for units that defend in this battle"},
    {"attack.secondary_mix", "Make artillery and other units fight separate battles"},
    {"attack.stack_split", "Put every unit stacked with {unit} in the same attack"},
    {"attack.twice", "Name each attacker and each defending hex in one attack only"},
    {"attack.unit_gone", "Leave {unit} out: it is no longer on the map"},
    {"attack.unknown_unit",
     "Write the unit as its id in the scenario (`adjutant status GAME "
     "--units` lists them)"},
    {"chaos.commander", "Move only your side's player commanders"},
    {"chaos.conflict", "Give the brigade either a withdrawal or a form-up or maneuver, not both"},
    {"chaos.deployed", "Move the deployed brigade with a path instead of shaking it out"},
    {"chaos.engage_target", "Give a point inside an enemy marker or regiment"},
    {"chaos.engaged",
     "Give the engaged brigade an engagement order (withdraw, form up, "
     "maneuver, fight) instead"},
    {"chaos.facing", "Give a facing in whole degrees from 0 to 359"},
    {"chaos.fight",
     "Form the brigade up in the same orders, or point the fight at an enemy "
     "regiment"},
    {"chaos.fire", "Name a battery of the brigade and a target of closest, hold or a point"},
    {"chaos.formation",
     "Place every regiment within 4\" of its brigade commander and 8\" "
     "from the enemy"},
    {"chaos.limber", "Limber the battery (\"limber\": true) before it moves"},
    {"chaos.marker", "Name marker 1 or 2 of the brigade"},
    {"chaos.mount", "Give \"mount\" to cavalry regiments only"},
    {"chaos.not_deployed", "Shake the brigade out before re-marking it"},
    {"chaos.not_engaged", "Move the brigade instead: it is not engaged"},
    {"chaos.not_yet", "Leave the order out: this game's chaos version does not adjudicate it"},
    {"chaos.off_table", "Give a point on the table (the table map labels every 6\")"},
    {"chaos.overlap", "End the move a base's width away from the other unit"},
    {"chaos.path_start", "Start the path where the piece stands (the last table map shows it)"},
    {"chaos.policy", "Give one of the policies docs/rules/chaos.md lists"},
    {"chaos.remarker",
     "Put the first marker on the brigade commander and the second at least "
     "4\" from it and 12\" from the enemy"},
    {"chaos.sequence", "Name each brigade once in \"sequence\""},
    {"chaos.token", "Name a combat token the side holds"},
    {"chaos.too_far",
     "Shorten the path to what the piece may go (docs/rules/chaos.md gives "
     "the rates), or go by a road"},
    {"chaos.unknown_brigade", "Name one of the side's own brigades"},
    {"chaos.unknown_regiment", "Name a regiment of the brigade that is on the table"},
    {"move.already_on_map", "Leave \"enter\" out: {unit} is on the map"},
    {"move.bad_hex", "Write the hex as four digits, column then row, such as 0506"},
    {"move.bad_path", "Give a destination other than the unit's hex, or a path that leaves it"},
    {"move.boat_landing", "Land the boat at a road square"},
    {"move.boat_used", "Carry one unit per boat per turn"},
    {"move.bridge_end", "Leave the bridge at the square it points to"},
    {"move.bridge_shore",
     "Build across a river square between two road squares with a friendly "
     "unit on the far shore"},
    {"move.build", "Build the bridge across a river square between two road squares"},
    {"move.crossing", "Wait for the crossing roll to succeed, or cross at the ford it allows"},
    {"move.drift", "Move the boat one square downstream"},
    {"move.edge_zone", "Keep Union units two hexes from the western edge until turn 4"},
    {"move.enemy_zoc_leave", "Leave {unit} where it is and attack from there"},
    {"move.enemy_zoc_stop", "End the move at {hex}, where it enters the enemy's zone of control"},
    {"move.entry_hex", "Enter at one of the unit's entry hexes (the report lists them)"},
    {"move.entry_required", "Bring {unit} on at {hex} this turn"},
    {"move.exit_blocked", "Leave the map from a hex outside the enemy's zone of control"},
    {"move.exit_limit", "Leave by another exit, or keep the unit on the map"},
    {"move.forced_march",
     "Leave \"forced\" out, or keep the march in its region and out of "
     "enemy zones of control"},
    {"move.impassable", "Go round: cross at a bridge, ford or road"},
    {"move.ineffective_zoc", "Keep {unit} out of enemy zones of control until it recovers"},
    {"move.locked", "Wait a turn: a bridge built or captured this turn cannot be used"},
    {"move.must_stop", "End the move at the square where it must stop"},
    {"move.night_adjacent", "End the move out of contact with the enemy on a night turn"},
    {"move.night_zoc", "Keep out of enemy zones of control on a night turn"},
    {"move.no_exit", "Leave the map from one of the exit hexes the scenario gives"},
    {"move.no_mp", "End the move earlier, or go by road"},
    {"move.no_path", "Move toward {hex} in stages"},
    {"move.no_stop", "End the move in the hex before or after {hex}"},
    {"move.not_adjacent",
     "List every hex of the path, each next to the one before, or give only "
     "the destination and let the cheapest path be found"},
    {"move.not_arrived", "Wait for the unit's turn of entry"},
    {"move.not_at_start", "Start the path at the unit's hex, or give only the destination"},
    {"move.not_own_unit", "Move only your own units"},
    {"move.occupied_enemy", "Attack {hex} instead of moving into it"},
    {"move.off_map", "Give a hex on the map"},
    {"move.quota", "Move fewer units this turn"},
    {"move.recombine", "Bring every brigade of the division to one square first"},
    {"move.river", "Cross at a bridge or ford this unit may use"},
    {"move.river_occupied", "Cross one unit at a time"},
    {"move.road", "Keep the detachment on the roads"},
    {"move.slow", "Move at most two squares through woods, hills or marsh"},
    {"move.stacking", "End the move in a hex with fewer units"},
    {"move.stopped", "End the move at the square where it had to stop"},
    {"move.strategic", "Leave \"strategic\" out, or keep four hexes from the enemy"},
    {"move.substitute", "Name brigades that make up the whole division and are not in use"},
    {"move.twice", "Give each unit one move"},
    {"move.unit_gone", "Leave {unit} out: it is no longer in play"},
    {"move.unknown_unit",
     "Write the unit as its id in the scenario (`adjutant status GAME "
     "--units` lists them)"},
    {"orders.game_over",
     "Send no more orders: the game has ended (`adjutant status GAME` gives the result)"},
    {"orders.missing_field",
     "Add the field (docs/orders.md and the ruleset's page in docs/rules/ give each order's "
     "fields), or write the orders as text"},
    {"orders.unknown_field",
     "Check the field's spelling against the ruleset's page in docs/rules/, or write the orders as "
     "text"},
    {"orders.wrong_type",
     "Give the field a value of the type the ruleset's page in docs/rules/ gives, or write the "
     "orders as text"},
    {"setup.brigade", "Place brigades only in place of their whole division"},
    {"setup.corps",
     "Keep back exactly two whole corps, two artillery brigades and the detachments"},
    {"setup.count", "Place the side's number of fortifications"},
    {"setup.fortified", "Put at most one fortification on a square"},
    {"setup.missing", "Place every counter of this step"},
    {"setup.placed", "Place each counter once"},
    {"setup.region", "Place it on a square of the side's own region"},
    {"setup.square", "Give a square on the map"},
    {"setup.step", "Give only this step's placements (docs/rules/ah1961.md gives the steps)"},
    {"setup.substitute", "Substitute brigades that total the whole division"},
    {"setup.withheld", "Place every counter not held back"},
    {"standing.bad", "Give one of the values docs/orders.md lists for standing orders"},
}};
static_assert(std::is_sorted(kHints.begin(), kHints.end()), "kHints is sorted by id");

std::string fill(std::string_view text, const OrderProblem& p) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.substr(i, 6) == "{unit}") {
      out += p.unit.empty() ? "the unit" : p.unit;
      i += 5;
    } else if (text.substr(i, 5) == "{hex}") {
      out += p.hex.empty() ? "the hex" : p.hex;
      i += 4;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace problem_hints

std::string OrderProblem::way_forward() const {
  if (!hint.empty()) return hint;
  const auto& hints = problem_hints::kHints;
  auto it = std::lower_bound(hints.begin(), hints.end(), id,
                             [](const auto& h, const std::string& key) { return h.first < key; });
  if (it == hints.end() || it->first != id) return "";
  return problem_hints::fill(it->second, *this);
}

}  // namespace adjutant::rules
