// Commands whose parts are not in this build yet.
#include "cli/commands.h"
#include "util/error.h"

namespace adjutant::cli {

int cmd_explain(int, char**) { throw Error("usage.unavailable", "explain is not available yet", Exit::kUsage); }
int cmd_bench(int, char**) { throw Error("usage.unavailable", "bench is not available yet", Exit::kUsage); }
int cmd_render(int, char**) { throw Error("usage.unavailable", "render is not available yet", Exit::kUsage); }
int cmd_report(int, char**) { throw Error("usage.unavailable", "report is not available yet", Exit::kUsage); }
int cmd_mail(int, char**) { throw Error("usage.unavailable", "mail is not available yet", Exit::kUsage); }

}  // namespace adjutant::cli
