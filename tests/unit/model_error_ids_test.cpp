// docs/errors.md lists every error id the code can raise.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "util/files.h"

TEST_CASE("every error id raised in src/ is listed in docs/errors.md", "[docs][errors]") {
  std::string out = "/tmp/adjutant-error-ids.txt";
  std::string cmd = std::string("/usr/bin/python3 '") + ADJUTANT_SOURCE_DIR +
                    "/tests/tools/check_error_ids.py' > " + out + " 2>&1";
  int status = std::system(cmd.c_str());
  INFO(adjutant::read_file(out));
  CHECK(status == 0);
}
