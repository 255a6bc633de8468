// The pages' scripts and styles, kept as real files under src/web/assets/
// (linted and tested as what they are) and carried by the program as bytes
// (cmake/embed_assets.cmake makes the table at build time).
#pragma once

#include <string_view>

namespace adjutant::web {

// The file `name` of src/web/assets/ ("webcrypto.js"); empty when none is.
std::string_view asset(std::string_view name);

}  // namespace adjutant::web
