// What both order pages' scripts share (order_page_script.h for the hex
// games, order_page_table_script.h for the table games): the page's data,
// the checker's loading and questions, the answer shown and the export.
// The script holds no rule: every rule question goes to the checker
// (src/web/order_check.h).
#pragma once

#include <string>

namespace adjutant::report {

// Runs first in the page's closure; it declares `data`, `$`, `checker`,
// `last`, `refusedHeading`, ask(), el(), svg(), showResult(), showExport(),
// draw() (which calls the page's showLists() and drawOverlay()) and
// loadChecker(begin).
extern const char* const kOrderPageCommonScript;

// The page's script: the common part, then the page's own, in one strict
// closure.
std::string order_page_script(const char* page_script);

}  // namespace adjutant::report
