// The order page's checker as WebAssembly (docs/orders.md "The order page"):
// one exported function over web::answer, JSON in and out. The page calls
// it through the glue emscripten writes (ccall).
#include <emscripten/emscripten.h>

#include <string>

#include "web/answer.h"

extern "C" EMSCRIPTEN_KEEPALIVE const char* adjutant_answer(const char* request) {
  static std::string last;  // valid until the next call
  last = adjutant::web::answer(request ? request : "");
  return last.c_str();
}
