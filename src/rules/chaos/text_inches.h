// Places and measures in Chaos of Battle text orders (docs/orders.md "Chaos
// of Battle"): inches as a player measures them, with decimals, read
// exactly into the hundredths of an inch the rules count in ("12.5" is
// 1250); a point is two of them, x then y ("12.5,34" or "12.5 34"; the
// brackets of an echo's "(12.50, 34.00)" are allowed). More precision than
// a hundredth is refused, never rounded.
#pragma once

#include <string>

#include "rules/chaos/measure.h"
#include "rules/text_lexer.h"

namespace adjutant::rules::chaos::text_orders {

// A word that is a number of inches (or a malformed one that starts as a
// number: read_inches names its problem). Quoted words never are.
bool is_number(const text::Token& t);

// The word as hundredths of an inch; text.inches when it is not a number
// (or too large), text.precision for more than two decimals.
Coord read_inches(const text::Token& t, const std::string& what);

// A point at the reader: two numbers; text.inches naming `what` otherwise.
Point read_point(text::Reader& r, const std::string& what);

// A whole number of the reader (a facing, a marker's number); text.syntax
// naming `what` otherwise.
int read_whole(text::Reader& r, const std::string& what);

// Inches as the notation writes them, as short as exact: "12", "12.5",
// "12.05", "-0.25"; a point as "12.5,34".
std::string inches_text(Coord hundredths);
std::string point_text(Point p);

}  // namespace adjutant::rules::chaos::text_orders
