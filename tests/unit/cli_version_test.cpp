// `adjutant --version` names the program's version, the protocol version and
// every ruleset with the versions it verifies; docs/releases.md says the same
// for the release at hand (its newest section), and the package's changelog
// is made from that page.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "support/cli_harness.h"
#include "util/files.h"

namespace {

namespace fs = std::filesystem;

}  // namespace

TEST_CASE("adjutant --version: program, protocol and every ruleset", "[cli][version]") {
  auto r = adjutant::testing::run_adjutant("--version");
  REQUIRE(r.exit == 0);
  std::istringstream in(r.out);
  std::string program, protocol, line;
  std::getline(in, program);
  std::getline(in, protocol);
  CHECK(std::regex_match(program, std::regex(R"(adjutant \d+\.\d+\.\d+)")));
  std::smatch p;
  REQUIRE(std::regex_match(protocol, p, std::regex(R"(protocol (\d+) \(verifies 1-(\d+)\))")));
  CHECK(p[1] == p[2]);
  std::string writes = "Writes: protocol " + p[1].str();
  std::string verifies = "Verifies: protocol 1-" + p[1].str();
  int rulesets = 0;
  while (std::getline(in, line)) {
    std::smatch m;
    INFO(line);
    REQUIRE(
        std::regex_match(line, m, std::regex(R"(ruleset (\S+) (\d+) \(verifies (\d+)-(\d+)\))")));
    CHECK(m[2] == m[4]);
    writes += "; " + m[1].str() + " " + m[2].str();
    verifies += "; " + m[1].str() + " " + m[3].str() + "-" + m[4].str();
    ++rulesets;
  }
  CHECK(rulesets > 0);

  // docs/releases.md: the newest section is this version's, with these lines.
  std::string releases =
      adjutant::read_file(adjutant::testing::source_dir() / "docs" / "releases.md");
  std::smatch top;
  REQUIRE(std::regex_search(releases, top, std::regex(R"(\n## (\S+) \((\d{4}-\d\d-\d\d)\)\n)")));
  CHECK("adjutant " + top[1].str() == program);
  std::string section = top.suffix().str();
  section = section.substr(0, section.find("\n## "));
  std::string words;
  {
    std::istringstream s(section);
    for (std::string w; s >> w;) words += (words.empty() ? "" : " ") + w;
  }
  CHECK(words.find(writes + ".") != std::string::npos);
  CHECK(words.find(verifies + ".") != std::string::npos);

  // The package's changelog, made from it at build time.
  fs::path changelog = fs::path(ADJUTANT_BINARY).parent_path() / "packaging" / "changelog.gz";
  auto c = adjutant::testing::run_command("gzip -dc '" + changelog.string() + "'");
  REQUIRE(c.exit == 0);
  CHECK(c.out.rfind("adjutant (" + top[1].str() + ") unstable; urgency=medium\n\n  * ", 0) == 0);
  CHECK(c.out.find("  * Writes: protocol " + p[1].str()) != std::string::npos);
}
