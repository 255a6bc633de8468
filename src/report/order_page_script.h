// The order page's style sheet and its script: what was clicked, the order
// body it makes, and the checker's answers shown. The script holds no rule:
// every rule question goes to the checker (src/web/order_check.h).
#pragma once

namespace adjutant::report {

extern const char* const kOrderPageStyle;
extern const char* const kOrderPageScript;

}  // namespace adjutant::report
