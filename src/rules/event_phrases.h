// Events in words, for the reports: each ruleset phrases its own events
// from a table of event type to phrasing (Ruleset::describe_event). The
// events the rulesets of hex maps share (moves, retreats, victory points,
// the end of a phase and of the game ...) have their phrasing here, which
// each of those rulesets' tables starts from. A phrase reads the event's
// own fields and decides nothing.
#pragma once

#include <initializer_list>
#include <map>
#include <string>

#include "ledger/jcs.h"

namespace adjutant::rules {

// The phrase of one event type: "" when the event lacks what it reads (the
// report then lists the event's fields as they are).
using Phrase = std::string (*)(const ledger::Json& event);
using PhraseTable = std::map<std::string, Phrase, std::less<>>;

// The table's phrase of `event`, or "".
std::string phrase_event(const PhraseTable& table, const ledger::Json& event);

// `base` with more rows (a row given here takes the place of base's).
PhraseTable with_phrases(const PhraseTable& base,
                         std::initializer_list<PhraseTable::value_type> rows);

// The phrasing the rulesets share: move, enter, retreat, advance,
// eliminate, exchange, vp, phase_end, game_end.
const PhraseTable& common_event_phrases();

// What phrases are made of.
namespace phrasing {
// A field as text: strings as they are, numbers and booleans in JSON, else "".
std::string field(const ledger::Json& e, const char* key);
// A list's items joined by `separator`.
std::string join(const ledger::Json& list, const char* separator);
// "0401-0402-0403 (2 of 6 MP)".
std::string path_text(const ledger::Json& e);
// The text with the event's cause and rule after it.
std::string with_cause(std::string text, const ledger::Json& e);
// " 0403 to 0404", " to 0404", " from 0403" or "".
std::string from_to(const ledger::Json& e);
}  // namespace phrasing

}  // namespace adjutant::rules
