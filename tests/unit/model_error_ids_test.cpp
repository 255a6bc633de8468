// docs/errors.md lists every error id the code can raise.
#include <catch2/catch.hpp>

#include <string>

#include "support/cli_harness.h"

TEST_CASE("every error id raised in src/ is listed in docs/errors.md", "[docs][errors]") {
  // Its output is kept in memory: a test writes only in its own folders.
  auto r = adjutant::testing::run_command(std::string("/usr/bin/python3 '") + ADJUTANT_SOURCE_DIR +
                                          "/tests/tools/check_error_ids.py' 2>&1");
  INFO(r.out);
  CHECK(r.exit == 0);
}
