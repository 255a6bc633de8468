// `make install` (cmake --install): what goes where, and that the installed
// program plays without the source tree (tests/tools/installed_game.sh hides
// the source and build trees from it); the judge's systemd units are sound.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "support/cli_harness.h"
#include "util/files.h"

namespace {

namespace fs = std::filesystem;
using adjutant::testing::run_command;

fs::path build_dir() {
  return fs::path(ADJUTANT_BINARY).parent_path();
}

// A DESTDIR install with the prefix /usr, as the Debian package has it.
fs::path staged(const adjutant::testing::TempDir& tmp) {
  fs::path stage = tmp.path() / "stage";
  auto r = run_command("DESTDIR='" + stage.string() + "' cmake --install '" + build_dir().string() +
                       "' --prefix /usr");
  INFO(r.out);
  REQUIRE(r.exit == 0);
  return stage;
}

}  // namespace

TEST_CASE("make install puts every file in its place", "[install]") {
  adjutant::testing::TempDir tmp("install");
  fs::path stage = staged(tmp);
  for (const char* file :
       {"usr/bin/adjutant", "usr/share/adjutant/scenarios/bluegray-skirmish.json",
        "usr/share/adjutant/scenarios/table/chaos-meeting.json", "usr/share/man/man1/adjutant.1.gz",
        "usr/share/man/man1/adjutant-verify.1.gz", "usr/share/man/man1/adjutant-rules-diff.1.gz",
        "usr/share/bash-completion/completions/adjutant",
        "usr/share/zsh/vendor-completions/_adjutant", "usr/share/doc/adjutant/copyright",
        "usr/share/doc/adjutant/changelog.gz", "usr/share/doc/adjutant/docs/judge.md",
        "lib/systemd/system/adjutant-judge.service", "lib/systemd/system/adjutant-judge.timer",
        "etc/adjutant/judge.conf"}) {
    INFO(file);
    CHECK(fs::is_regular_file(stage / file));
  }
  // Every shipped scenario.
  for (const auto& e :
       fs::recursive_directory_iterator(adjutant::testing::source_dir() / "scenarios"))
    if (e.is_regular_file())
      CHECK(fs::is_regular_file(
          stage / "usr/share/adjutant/scenarios" /
          e.path().lexically_relative(adjutant::testing::source_dir() / "scenarios")));
  std::string service = adjutant::read_file(stage / "lib/systemd/system/adjutant-judge.service");
  CHECK(service.find("ExecStart=/usr/bin/adjutant judge ${ADJUTANT_GAMES} --secrets "
                     "${ADJUTANT_SECRETS}") != std::string::npos);
  CHECK(service.find("EnvironmentFile=/etc/adjutant/judge.conf") != std::string::npos);
  CHECK(service.find("User=adjutant") != std::string::npos);

  // Another prefix: its own etc/ and lib/systemd, and an operator's judge.conf is kept.
  fs::path other = tmp.path() / "other";
  fs::create_directories(other / "opt/adj/etc/adjutant");
  adjutant::write_file_atomic(other / "opt/adj/etc/adjutant/judge.conf", "ADJUTANT_GAMES=/srv\n");
  auto r = run_command("DESTDIR='" + other.string() + "' cmake --install '" + build_dir().string() +
                       "' --prefix /opt/adj");
  INFO(r.out);
  REQUIRE(r.exit == 0);
  CHECK(adjutant::read_file(other / "opt/adj/etc/adjutant/judge.conf") == "ADJUTANT_GAMES=/srv\n");
  CHECK(adjutant::read_file(other / "opt/adj/lib/systemd/system/adjutant-judge.service")
            .find("ExecStart=/opt/adj/bin/adjutant judge") != std::string::npos);
  CHECK(fs::is_regular_file(other / "opt/adj/share/zsh/site-functions/_adjutant"));
}

TEST_CASE("the installed program plays without the source tree", "[install]") {
  adjutant::testing::TempDir tmp("installed");
  fs::path stage = staged(tmp);
  fs::path script = tmp.path() / "installed_game.sh";
  fs::copy_file(adjutant::testing::source_dir() / "tests/tools/installed_game.sh", script);
  fs::create_directories(tmp.path() / "work");
  auto r = run_command("bash '" + script.string() + "' '" + stage.string() + "' '" +
                       fs::canonical(adjutant::testing::source_dir()).string() + "' '" +
                       fs::canonical(build_dir()).string() + "' '" +
                       (tmp.path() / "work").string() + "'");
  INFO(r.out);
  REQUIRE(r.exit == 0);
  CHECK(r.out.find("source and build trees hidden") != std::string::npos);
  CHECK(r.out.find("program: " + (stage / "usr/bin/adjutant").string()) != std::string::npos);
  CHECK(r.out.find("order page written") != std::string::npos);
  CHECK(r.out.find("verified: 1 log line") != std::string::npos);
  CHECK(r.out.find("scenario from ADJUTANT_DATA_DIR") != std::string::npos);
}

TEST_CASE("the judge's systemd units pass systemd-analyze verify", "[install]") {
  if (run_command("command -v systemd-analyze").exit != 0) {
    WARN("systemd-analyze is not installed (Debian's systemd package): the units are not checked");
    return;
  }
  // Installed under a prefix of its own, so that the program they start,
  // judge.conf and the manual page they name all exist where they say.
  adjutant::testing::TempDir tmp("units");
  fs::path prefix = tmp.path() / "prefix";
  auto installed = run_command("cmake --install '" + build_dir().string() + "' --prefix '" +
                               prefix.string() + "'");
  INFO(installed.out);
  REQUIRE(installed.exit == 0);
  auto r = run_command("cd '" + (prefix / "lib/systemd/system").string() + "' && MANPATH='" +
                       (prefix / "share/man").string() +
                       "' SYSTEMD_LOG_LEVEL=notice systemd-analyze verify "
                       "adjutant-judge.service adjutant-judge.timer");
  INFO(r.out);
  CHECK(r.exit == 0);
  // Unknown keys are only warned about: nothing may be said of the units.
  CHECK(r.out.find("adjutant-judge") == std::string::npos);
}
