// Crash and I/O fault safety (tests/tools/fault_sweep.py): every write,
// fsync, rename, mkdir and unlink of each archive-changing step is made to
// fail (ENOSPC, EIO) or the process is killed there (SIGKILL), one at a time.
// After each, the archive is exactly as before (but for temporaries the next
// run removes), or the step is committed and verifies; the next run leaves
// no temporary behind and rebuilds the caches.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "support/cli_harness.h"

namespace {

int sweep(const std::string& step, int stride = 1) {
  std::string cmd =
      "/usr/bin/python3 '" +
      (adjutant::testing::source_dir() / "tests" / "tools" / "fault_sweep.py").string() + "' '" +
      std::string(ADJUTANT_BINARY) + "' '" + adjutant::testing::source_dir().string() + "' " +
      step + " --stride " + std::to_string(stride);
  auto r = adjutant::testing::run_command(cmd);
  int code = r.exit;
  const std::string& out = r.out;
  INFO(out);
  // 77: strace cannot inject faults on this machine (make deps installs it).
  REQUIRE(code != 77);
  CHECK(code == 0);
  CHECK(out.find(" 0 failures") != std::string::npos);
  return code;
}

}  // namespace

TEST_CASE("faults at every write of adjudicate leave the archive old or committed",
          "[game][faults]") {
  sweep("adjudicate");
}

TEST_CASE("faults while drawing a turn's maps and reports leave the archive old or committed",
          "[game][faults]") {
  // Every fourth call: the calls inside the staged turn folder are alike;
  // `fault_sweep.py ... adjudicate-outputs` without --stride tries each.
  sweep("adjudicate-outputs", 4);
}

// Every other call for the longer sweeps, to keep the suite short;
// `fault_sweep.py ADJUTANT SOURCE STEP` without --stride tries each.
TEST_CASE("faults at every write of a ruling leave the archive old or committed",
          "[game][faults]") {
  sweep("extend", 2);
  sweep("nmr");
}

TEST_CASE("faults at every write of a concession leave the archive old or committed",
          "[game][faults]") {
  sweep("concede", 2);
}

TEST_CASE("faults at every write of a sync leave the archive old or committed", "[game][faults]") {
  sweep("sync", 2);
}

TEST_CASE("faults at every write of mail send never send a mail recorded as sent again",
          "[game][faults][mail]") {
  sweep("mail-send", 2);
}

TEST_CASE("faults at every write of mail fetch leave no torn file and no mail set aside unfiled",
          "[game][faults][mail]") {
  sweep("mail-fetch");
}

TEST_CASE("faults at every write of a judge's pass adjudicate once and set no mail aside unfiled",
          "[game][faults][mail][judge]") {
  // Every third call: a pass's reads of the maildir and the game are alike;
  // `fault_sweep.py ... judge` without --stride tries each.
  sweep("judge", 3);
}
