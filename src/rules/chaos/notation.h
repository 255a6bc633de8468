// Chaos of Battle text orders (docs/orders.md "Chaos of Battle"): one line
// a brigade's orders, places in inches, the side's own pieces by name and
// the enemy by where it stands.
//
//   sequence Iron Cutler Stone Gamble        the order of alternation
//   Iron prefers 2                           the preferred marker
//   Iron shake out marker 2 facing 0         deploy at a marker
//   Iron withdraw / Iron form up / Iron rest no
//   Iron withdraw dismounted 1me             version 3: 1me stays dismounted
//   Iron maneuver 24,52 2wi 22,55 facing 0   commander, then regiments
//   Iron maneuver 24,52 4us-b 23,50 limber   version 3: limber, unlimber,
//                                            mount, dismount (place optional)
//   Gamble fire 2us-a closest                a battery's target
//   Iron move marker 1 20,30 24,90 engage    waypoints; the CHECK wanted
//   Iron remarker 24,50 34,52                markers after resting
//   Iron fight 2wi toward 31,60              version 2: a regiment into a fight
//   policy hold the line below 6             version 2: the fight's policies
//   policy test enemy_most_stressed          (test, artillery target, hold)
//   token outflank with Iron                 version 2: a token committed
//   commander Reynolds 30,20                 a player commander's path
//   no orders                                every brigade holds and rests
#pragma once

#include <set>
#include <string>

#include "rules/notation.h"

namespace adjutant::rules::chaos::text_orders {

// Every word the notation reads as a word of its own (a name holding one is
// quoted).
extern const std::set<std::string> kWords;
// The words that start a brigade's order.
extern const std::set<std::string> kOrderWords;

ParsedText read_orders(std::string_view text, const std::string& source, const TextGame& game,
                       const std::string& side);
std::string write_orders(const Json& body);

}  // namespace adjutant::rules::chaos::text_orders
