// `adjutant judge --dry-run` says what a pass would do and does none of it:
// the judge's folder and its mailbox keep their bytes and no mail reaches
// the server; the real pass that follows then takes exactly the actions
// the dry run named (filing, a refusal, an adjudication, an extension, the
// mails it sends).
#include <catch2/catch.hpp>

#include <cstdlib>

#include <set>
#include <sstream>

#include "judged_games.h"
#include "ledger/jcs.h"
#include "mail_orders.h"
#include "mail_servers.h"
#include "report_fixture.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

// The lines of a pass's output between its first line (the dry run's
// heading, when there is one) and its summary, as a real pass says them.
std::vector<std::string> action_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("dry run", 0) == 0 || line.rfind("pass at ", 0) == 0) continue;
    std::size_t send = line.find(": send: ");
    if (send != std::string::npos) line.replace(send, 8, ": sent: ");
    lines.push_back(line);
  }
  return lines;
}

// The scratch folders of rehearsals in the temporary folder `tmp` (the
// test's own: TMPDIR while the judge runs).
std::set<fs::path> scratch_folders(const fs::path& tmp) {
  std::set<fs::path> out;
  for (const auto& e : fs::directory_iterator(tmp))
    if (e.path().filename().string().rfind("adjutant-rehearsal-", 0) == 0) out.insert(e.path());
  return out;
}

std::size_t files_under(const fs::path& dir) {
  std::size_t n = 0;
  if (fs::exists(dir))
    for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.is_regular_file();
  return n;
}

}  // namespace

TEST_CASE("judge --dry-run changes nothing and names what the next pass does",
          "[judge][server][dry-run]") {
  REQUIRE(fs::exists("/usr/bin/python3"));
  {
    INFO("python3-aiosmtpd is missing: run `make deps`");
    REQUIRE(adjutant::testing::run("/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null") == 0);
  }
  TempDir tmp("judge-dry-run");
  fs::path work = tmp.path();
  adjutant::testing::ScopedSecrets secrets(work / "secrets");
  auto must = [&](const std::string& args) { adjutant::testing::must_run(work, args); };
  adjutant::testing::judge_keys(work);
  fs::path judge = work / "judge";
  fs::create_directories(judge);
  // Two games: "early" is a day old with nothing received (its deadline has
  // passed: the policy extends it); "fresh" gets its orders by mail now.
  adjutant::testing::judged_game(work, "judge/early", "early", "2026-11-01T09:00:00Z",
                                 " --deadline-hours 24");
  adjutant::testing::judged_game(work, "judge/fresh", "fresh", "2026-11-02T09:00:00Z",
                                 " --deadline-hours 24");
  must("sign '" + (source_dir() / "samples/orders/skirmish/01-t1-confederate.json").string() +
       "' --game judge/fresh --key confederate.key --out c1.signed.json");

  int port = adjutant::testing::free_port();
  fs::path maildir = adjutant::testing::judge_config(
      work, judge, port,
      {{"nmr", {{"extensions", 1}, {"extend_hours", 12}}},
       {"smtp", {{"url", "smtp://127.0.0.1:" + std::to_string(port)}, {"timeout_seconds", 20}}}});
  write_file_atomic(maildir / "new" / "1.orders",
                    adjutant::testing::mail_with_attachment("orders", "orders.signed.json",
                                                            read_file(work / "c1.signed.json")));
  adjutant::testing::OrderKit kit(work / "nowhere");
  write_file_atomic(
      maildir / "new" / "2.other",
      adjutant::testing::mail_with_attachment(
          "orders", "o.json", kit.sign(kit.body("union", "1/I"), kit.union_key).dump()));
  adjutant::testing::ServerProcess smtp;
  smtp.start({"/usr/bin/python3", adjutant::testing::tool("smtp_sink.py"), std::to_string(port),
              (work / "sink").string()},
             port);

  const std::string now = " --now 2026-11-02T10:00:00Z";
  std::string judge_before = folder_hash(judge), mail_before = folder_hash(maildir);
  // The judge's temporary folder is the test's own (a test writes nowhere
  // else), so that another run on the machine cannot meet its rehearsal.
  fs::path tmpdir = work / "tmp";
  fs::create_directories(tmpdir);
  auto dry_run = [&] {
    const char* was = std::getenv("TMPDIR");
    std::string previous = was ? was : "";
    ::setenv("TMPDIR", tmpdir.c_str(), 1);
    auto r = run_adjutant("judge judge --dry-run" + now, work);
    if (was)
      ::setenv("TMPDIR", previous.c_str(), 1);
    else
      ::unsetenv("TMPDIR");
    return r;
  };
  std::set<fs::path> scratch_before = scratch_folders(tmpdir);
  auto dry = dry_run();
  INFO("dry run:\n" << dry.out << dry.err);
  REQUIRE(dry.exit == 0);
  CHECK(dry.out.rfind("dry run: what a pass at 2026-11-02T10:00:00Z would do; nothing is changed "
                      "and nothing is sent\n",
                      0) == 0);
  CHECK(folder_hash(judge) == judge_before);
  CHECK(folder_hash(maildir) == mail_before);
  CHECK(files_under(work / "sink") == 0);
  std::vector<std::string> said = action_lines(dry.out);
  auto names = [&](const std::string& part) {
    for (const auto& l : said)
      if (l.find(part) != std::string::npos) return true;
    return false;
  };
  CHECK(names("fresh: filed: inbox/confederate-"));
  CHECK(names("refused: [mail.wrong_game]"));
  CHECK(names("fresh: adjudicated: turn 1 confederate"));
  CHECK(names("early: extended: confederate's orders for turn 1 were due by 2026-11-02T09:00:00Z"));
  CHECK(names("early: reminder: to confederate: orders for turn 1 due by 2026-11-02T22:00:00Z"));
  CHECK(names("fresh: sent: turns/001-confederate/mail-union.eml to union@example.org"));
  CHECK(names("early: sent: turns/000-genesis/mail-union.eml to union@example.org"));
  // Nothing is left behind in the temporary folder either.
  CHECK(scratch_folders(tmpdir) == scratch_before);
  CHECK(scratch_before.empty());

  // A second dry run says the same.
  auto again = dry_run();
  CHECK(action_lines(again.out) == said);

  auto real = run_adjutant("judge judge" + now, work);
  INFO("pass:\n" << real.out << real.err);
  REQUIRE(real.exit == 0);
  CHECK(action_lines(real.out) == said);
  CHECK(files_under(maildir / ".adjutant-processed") > 0);
  CHECK(files_under(work / "sink") > 0);
  // The summary counts the same actions.
  std::size_t dry_sum = dry.out.rfind("dry run at "), real_sum = real.out.rfind("pass at ");
  REQUIRE(dry_sum != std::string::npos);
  REQUIRE(real_sum != std::string::npos);
  CHECK(dry.out.substr(dry_sum + 8) == real.out.substr(real_sum + 5));
}

TEST_CASE("judge --dry-run cannot go with --every", "[judge][dry-run]") {
  TempDir tmp("judge-dry-every");
  fs::create_directories(tmp.path() / "judge");
  write_file_atomic(
      tmp.path() / "judge" / "judge.json",
      R"({"format":"adjutant-judge/1","maildir":"m","smtp":{"url":"smtp://127.0.0.1:9"}})");
  auto r = run_adjutant("judge judge --dry-run --every 5m", tmp.path());
  CHECK(r.exit == 2);
  CHECK(r.err.find("[usage.options]") != std::string::npos);
}
