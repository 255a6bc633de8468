// The style and script of a table game's order page (order_page_table.h),
// apart from the hex pages' (order_page_script.h). The script holds no rule:
// every rule question goes to the checker (src/web/order_check.h).
#pragma once

namespace adjutant::report {

extern const char* const kTablePageStyle;
extern const char* const kTablePageScript;

}  // namespace adjutant::report
