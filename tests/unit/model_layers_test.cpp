// The floors of src/ (docs/architecture.md): no include runs up a floor or
// across to a sibling, and no ruleset's own header is included outside its
// folders but for the registries and the crossings listed to remove
// (tests/tools/check_layers.py).
#include <catch2/catch.hpp>

#include <string>

#include "support/cli_harness.h"

TEST_CASE("no include runs up a floor or into another ruleset", "[docs][layers]") {
  auto r = adjutant::testing::run_command(
      "/usr/bin/python3 '" +
      (adjutant::testing::source_dir() / "tests" / "tools" / "check_layers.py").string() + "' '" +
      adjutant::testing::source_dir().string() + "'");
  INFO(r.out);
  CHECK(r.exit == 0);
  CHECK(r.out.find("0 problems") != std::string::npos);
}
