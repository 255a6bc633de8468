// How a player answers a result mail whose orders are due from them: the two
// steps every report, invitation and ruling mail gives that side.
#pragma once

#include "report/report_doc.h"
#include "report/report_input.h"

namespace adjutant::report {

// Write text orders and see them read and checked; sign them and reply.
void answer_steps(Section& s, const GameFacts& game);

}  // namespace adjutant::report
