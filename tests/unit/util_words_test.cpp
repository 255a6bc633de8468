// Words a person reads: counts that agree in number, error ids in colour on
// a terminal only, and a deadline in the reader's own time zone.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "support/cli_harness.h"
#include "util/colour.h"
#include "util/local_time.h"
#include "util/time_format.h"
#include "util/words.h"

using adjutant::testing::run_command;

TEST_CASE("counts agree in number", "[util][words]") {
  CHECK(adjutant::counted(1, "line") == "1 line");
  CHECK(adjutant::counted(0, "line") == "0 lines");
  CHECK(adjutant::counted(2, "die", "dice") == "2 dice");
  CHECK(adjutant::counted(1, "die", "dice") == "1 die");
}

TEST_CASE("error ids in colour on a terminal, never when piped or with NO_COLOR",
          "[util][colour]") {
  std::string text = "o.json: order 1 (unit 1/Heth) at 0499: [move.off_map] 0499 [sic] is off";
  CHECK(adjutant::coloured_ids(text, false) == text);
  CHECK(adjutant::coloured_ids(text, true) ==
        "o.json: order 1 (unit 1/Heth) at 0499: \x1b[1;31m[move.off_map]\x1b[0m 0499 [sic] is off");
  // The test's standard error is no terminal.
  CHECK_FALSE(adjutant::colour_on_stderr());
  // Under a terminal (script(1) gives the command one): coloured, unless NO_COLOR.
  if (std::system("command -v script >/dev/null 2>&1") != 0) return;
  std::string cmd =
      std::string("script -qec \"'") + ADJUTANT_BINARY + "' status /nonexistent\" /dev/null";
  auto coloured = run_command("TERM=xterm " + cmd);
  CHECK(coloured.out.find("\x1b[1;31m[archive.not_found]\x1b[0m") != std::string::npos);
  auto plain = run_command("TERM=xterm NO_COLOR=1 " + cmd);
  CHECK(plain.out.find("[archive.not_found]") != std::string::npos);
  CHECK(plain.out.find("\x1b[") == std::string::npos);
  auto piped = run_command("'" + std::string(ADJUTANT_BINARY) + "' status /nonexistent");
  CHECK(piped.out.find("\x1b[") == std::string::npos);
}

TEST_CASE("a time in the reader's own zone, from the system's zone database", "[util][time]") {
  // Debian's tzdata: without it, no zone is known and UTC is shown alone.
  if (!adjutant::known_time_zone("Europe/Paris")) return;
  std::int64_t t = adjutant::parse_rfc3339("2026-11-06T18:00:00Z");
  CHECK(adjutant::format_in_zone(t, "America/New_York") == "2026-11-06 13:00 EST");
  CHECK(adjutant::format_in_zone(t, "Europe/Paris") == "2026-11-06 19:00 CET");
  CHECK(adjutant::format_in_zone(adjutant::parse_rfc3339("2026-07-01T12:00:00Z"), "Europe/Paris") ==
        "2026-07-01 14:00 CEST");
  CHECK(adjutant::format_in_zone(t, "Mars/Olympus").empty());
  CHECK(adjutant::format_in_zone(t, "../etc/passwd").empty());
  // The zone is the call's alone: the process's TZ is as it was.
  const char* tz = std::getenv("TZ");
  CHECK((tz == nullptr || std::string(tz) != "Europe/Paris"));
}
