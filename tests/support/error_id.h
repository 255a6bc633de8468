// The id of the adjutant::Error a call throws, or "" when it throws none.
#pragma once

#include <string>

#include "util/error.h"

namespace adjutant::testing {

template <class F>
std::string error_id(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.id();
  }
  return "";
}

}  // namespace adjutant::testing
