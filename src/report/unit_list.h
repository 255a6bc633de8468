// A side's own units, where they stand and how strong they are: the table a
// turn report ends with and `adjutant status GAME --units` prints. Read from
// the state the side may see; decides nothing.
#pragma once

#include <string>
#include <vector>

#include "model/state.h"
#include "report/report_doc.h"
#include "rules/ruleset.h"

namespace adjutant::report {

// One of a side's units: rules::PieceRow.
using UnitRow = rules::PieceRow;

// The rows as a report table: Unit, Name, Where, Strength, Notes.
Table unit_table(const std::vector<UnitRow>& rows);
// Each row as a line, for pieces whose places are too long for a table
// (a table's points): "gamble (Gamble's cavalry brigade): deployed around
// (30.00, 19.00); 4 regiments, 14 stands; stress 1".
std::string unit_line(const UnitRow& row);

}  // namespace adjutant::report
