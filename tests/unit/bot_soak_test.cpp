// A short soak (tools/soak.py): twenty whole bot games, both scenarios, with
// and without an umpire, through sign, check, adjudicate, reports and mail
// to a maildir; each verified by `adjutant verify`, by the independent
// verifier and by a copy rebuilt from its mails. Maps are drawn for two of
// them (docs/reliability.md gives the times).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;

TEST_CASE("twenty bot games through the whole pipeline: no divergence, no failure", "[bot][soak]") {
  adjutant::testing::TempDir tmp("soak");
  fs::path out = tmp.path() / "soak.out";
  std::string cmd =
      "/usr/bin/python3 '" + (adjutant::testing::source_dir() / "tools" / "soak.py").string() +
      "' --games 20 --jobs 1 --maps-every 10 --work '" + (tmp.path() / "work").string() +
      "' --adjutant '" + ADJUTANT_BINARY + "' >'" + out.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  std::string text = adjutant::read_file(out);
  INFO(text);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(text.find("soak: 20 games (bluegray-skirmish 10, cemetery-hill 10; 10 with an umpire)") !=
        std::string::npos);
  CHECK(text.find("games 20  adjudications 450  ") != std::string::npos);
  CHECK(text.find("divergences 0  failures 0") != std::string::npos);
}
