// Reinforcements (14.3-14.33 and the scenario's "reinforcements"): when and
// where a waiting unit may enter, what entering costs, compulsory entry, and
// the rescheduling of units whose entry hex is blocked (14.33).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// The unit's arrival now: the scenario's, or where 14.33 rescheduled it
// (the state's units[id].extra.enter). nullopt for a unit that never enters.
std::optional<rules::hexmap::Arrival> arrival_of(const Board& board, const std::string& unit);

// The units entered at each hex so far this phase, in order: the column
// behind each entry hex (Hooker and Lee 16.25).
using EntryColumns = std::map<Hex, std::vector<std::string>>;

// H&L 16.25 (2006 18.25), GC 22.6: `unit`'s place (1 for the first) in the
// column entering at `h` after the units `columns` lists there. A column of
// units gives each its own place; a column of stacks puts a unit into the
// stack before it while the two may stack (readings.h: legally, the side's
// own restriction included), else into a new stack; no column: every unit
// is first.
int column_place(const Board& board, const rules::hexmap::Arrival& arrival, const std::string& unit,
                 const EntryColumns& columns, Hex h);

// 14.32: MP to enter at `h` at `place` in its column: the entry cost (the
// arrival's own, else the scenario's), times the place where the arrival
// enters in column (Hooker and Lee 16.24-16.25).
int entry_cost(const Scenario& sc, const rules::hexmap::Arrival& arrival, Hex h, int place);

// 14.31, 14.33: an entry hex holding an enemy unit or in an enemy ZOC; the
// reason in words, or "" when it is clear.
std::string entry_blocked(const Board& board, Hex h, const std::string& side);

// Entry is compulsory on the scenario's first turns (14.33: "optional after
// game turn one"), and for an arrival that must come back (H&L 16.23,
// 16.25: as many as can physically enter): every due unit of the phasing
// side that could enter and did not is a problem (move.entry_required).
// `entered` lists who entered; `columns` the units entered at each hex.
void check_compulsory_entry(const Board& board, const std::vector<std::string>& entered,
                            const EntryColumns& columns, bool night, Problems& problems);

// 14.33: after the movement phase, every due unit of `side` that did not
// enter and whose every entry hex is blocked is rescheduled (a "reschedule"
// event each); returns one line per unit for the echo.
std::vector<std::string> reschedule_blocked(Emitter& em, const std::string& side);

}  // namespace adjutant::rules::bluegray
