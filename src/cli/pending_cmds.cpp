// Commands whose parts are not in this build yet.
#include "cli/commands.h"
#include "util/error.h"

namespace adjutant::cli {


}  // namespace adjutant::cli
