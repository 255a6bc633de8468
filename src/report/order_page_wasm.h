// The order page's checker, compiled to WebAssembly by the wasm/ build and
// carried in the program: empty in a program built without emscripten.
#pragma once

#include <string_view>

namespace adjutant::report {

struct OrderWasm {
  std::string_view glue;    // order_check.js: emscripten's loader
  std::string_view module;  // order_check.wasm, gzipped (order_check.wasm.gz)
  bool present() const { return !glue.empty() && !module.empty(); }
};

OrderWasm order_wasm();

// Throws view.no_order_page when `wasm` is absent (a program built without
// emscripten).
void require_order_wasm(const OrderWasm& wasm);

}  // namespace adjutant::report
