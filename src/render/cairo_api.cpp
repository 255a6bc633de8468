#include "render/cairo_api.h"

#include <dlfcn.h>

#include <string>

#include "util/error.h"

namespace adjutant::render {

namespace {

[[noreturn]] void fail(const std::string& what) {
  throw Error("render.no_cairo", what + "; install libcairo2 and libfreetype6 (make deps)",
              Exit::kEnvironment);
}

void* open(const char* file) {
  // RTLD_LOCAL: its symbols and its dependencies' stay out of the program's
  // own lookup scope.
  void* library = ::dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* why = ::dlerror();
    fail(std::string("cannot load ") + file + " (" + (why ? why : "unknown") + ")");
  }
  return library;
}

template <typename F>
void bind(void* library, const char* file, F& slot, const char* name) {
  void* symbol = ::dlsym(library, name);
  if (!symbol) fail(std::string(file) + " has no " + name);
  slot = reinterpret_cast<F>(symbol);
}

CairoApi load() {
  constexpr const char* kCairo = "libcairo.so.2";
  constexpr const char* kFreeType = "libfreetype.so.6";
  void* cairo = open(kCairo);
  void* freetype = open(kFreeType);
  CairoApi api{};
#define ADJUTANT_CAIRO_BIND(name) bind(cairo, kCairo, api.name, "cairo_" #name);
  ADJUTANT_CAIRO_FUNCTIONS(ADJUTANT_CAIRO_BIND)
#undef ADJUTANT_CAIRO_BIND
  bind(freetype, kFreeType, api.ft_init_freetype, "FT_Init_FreeType");
  bind(freetype, kFreeType, api.ft_new_face, "FT_New_Face");
  return api;
}

}  // namespace

const CairoApi& cairo_api() {
  // Initialised once, thread safe; a load that throws leaves it uninitialised,
  // so the next call tries again (and fails the same way). Drawing calls this
  // for every path and glyph: after the first call it is one guard check.
  static const CairoApi api = load();
  return api;
}

}  // namespace adjutant::render
