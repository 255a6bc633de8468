// The wasm/ build's two files, taken into the program as they are (.incbin)
// when it was built with ADJUTANT_WASM; CMake names their folder and makes
// this file depend on them.
#include "report/order_page_wasm.h"

#include "util/error.h"

#ifdef ADJUTANT_ORDER_WASM_DIR
#define ADJUTANT_INCBIN(name, file)                                      \
  __asm__(".section .rodata\n.balign 16\n.globl " #name "_begin\n" #name \
          "_begin:\n.incbin \"" file                                     \
          "\"\n"                                                         \
          ".globl " #name "_end\n" #name "_end:\n.byte 0\n.previous\n")
ADJUTANT_INCBIN(adjutant_order_glue, ADJUTANT_ORDER_WASM_DIR "/order_check.js");
ADJUTANT_INCBIN(adjutant_order_module, ADJUTANT_ORDER_WASM_DIR "/order_check.wasm.gz");
extern "C" const char adjutant_order_glue_begin[], adjutant_order_glue_end[];
extern "C" const char adjutant_order_module_begin[], adjutant_order_module_end[];
#endif

namespace adjutant::report {

OrderWasm order_wasm() {
#ifdef ADJUTANT_ORDER_WASM_DIR
  return {
      {adjutant_order_glue_begin, std::size_t(adjutant_order_glue_end - adjutant_order_glue_begin)},
      {adjutant_order_module_begin,
       std::size_t(adjutant_order_module_end - adjutant_order_module_begin)}};
#else
  return {};
#endif
}

void require_order_wasm(const OrderWasm& wasm) {
  if (!wasm.present())
    throw Error("view.no_order_page",
                "this adjutant was built without the order page's WebAssembly checker "
                "(emscripten was not installed: `make deps`, then build again)",
                Exit::kEnvironment);
}

}  // namespace adjutant::report
