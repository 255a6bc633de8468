// Commands whose parts are not in this build yet.
#include "cli/commands.h"
#include "util/error.h"

namespace adjutant::cli {

int cmd_render(int, char**) { throw Error("usage.unavailable", "render is not available yet", Exit::kUsage); }

}  // namespace adjutant::cli
