// The style and script of a table game's order page (order_page_table.h),
// apart from the hex pages' (order_page_script.h). The script holds no rule:
// every rule question goes to the checker (src/web/order_check.h).
#pragma once

namespace adjutant::report {

extern const char* const kTablePageStyle;
// The script in three parts, written in this order: paths, brigade
// orders, policies and tokens; maneuvers, battery fire, re-markers and
// regiments placed (order_page_table_placing_script.cpp); the start.
extern const char* const kTablePageScript;
extern const char* const kTablePlacingScript;
extern const char* const kTablePageStart;

}  // namespace adjutant::report
