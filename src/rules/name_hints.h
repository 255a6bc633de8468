// What a refusal suggests when a name or a hex number was mistyped: the
// nearest names by edit distance ("did you mean Pegram?"), names that differ
// only by look-alike characters (`2/Ill` and `2/III`), and words that were
// meant as hex numbers (`05O6`, `506`). Messages only: nothing here changes
// what an order means, except that a name differing from exactly one id by
// look-alikes alone is taken for that id (docs/orders.md "Unit names").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/hexmap/scenario.h"

namespace adjutant::rules::text {

// Edit distance (insertions, deletions, substitutions and swaps of two
// neighbouring characters), ignoring case; stops counting past `limit`.
int edit_distance(std::string_view a, std::string_view b, int limit);

// The names of `names` nearest to `typed` (ignoring case), nearest first,
// at most `most`; a name is near when fewer edits than a third of its length
// (at least 1, at most 3) turn one into the other, or when it starts with
// the typed text.
std::vector<std::string> nearest_names(const std::string& typed,
                                       const std::vector<std::string>& names, std::size_t most = 3);

// "did you mean Pegram?", "did you mean 1 Heth or 2 Heth?"; "" for none.
std::string did_you_mean(const std::vector<std::string>& names);

// The way forward for an order naming no unit of the scenario: the nearest
// ids of `side`'s units ("Did you mean 2/Ill? Ids are written exactly as the
// scenario gives them"), or where to find them.
std::string unknown_unit_hint(const rules::hexmap::Scenario& scenario, const std::string& typed,
                              const std::string& side);

// The text with look-alike characters made one (lower case; the letters l
// and i, and the letter o, stand for one another), for comparing names.
std::string lookalike_key(std::string_view text);

// True when a word was likely meant as a hex number but is not one: three to
// five characters, mostly digits, with look-alike letters (O for 0, l or I
// for 1) or a digit too few or too many.
bool near_hex(std::string_view word);

// Why `word` is no hex number and what one looks like: "\"05O6\" is not a hex
// number: a hex number is four digits, column then row, such as 0506 (the
// letter O stands where a digit should)".
std::string near_hex_message(std::string_view word);

}  // namespace adjutant::rules::text
