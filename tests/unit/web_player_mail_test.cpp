// The page and the command line by real mail (tests/tools/play_game.py with
// the servers' ports): the confederate plays in player pages only, its mail
// client sending what the page gives and saving what came; the union with
// `adjutant mail send` and `mail fetch`, through an SMTP server delivering
// into maildirs and dovecot serving them over IMAP, started here on
// loopback. A whole training game; both copies end byte-identical.
#include <catch2/catch.hpp>

#include "ledger/jcs.h"
#include "mail_servers.h"
#include "report_fixture.h"
#include "util/files.h"

using adjutant::testing::ServerProcess;
using adjutant::testing::tool;
namespace fs = std::filesystem;
namespace testing = adjutant::testing;

TEST_CASE(
    "a whole training game by real mail with one side in player pages and the other on the command "
    "line",
    "[web][player-page][mail][server][slow]") {
  {
    INFO("dovecot is missing: run `make deps` (dovecot-imapd)");
    REQUIRE(fs::exists(testing::kDovecot));
  }
  fs::path d = testing::temp_folder("page-by-mail");
  fs::permissions(d, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                         fs::perms::others_read | fs::perms::others_exec);
  int smtp_port = testing::free_port();
  int imap_port = testing::free_port();
  while (imap_port == smtp_port) imap_port = testing::free_port();
  testing::MailUsers u = testing::mail_users();
  fs::path conf = testing::write_dovecot_config(d / "dovecot", imap_port, u, true);
  for (const char* who : {"union", "confederate"})
    for (const char* sub : {"new", "cur", "tmp"})
      fs::create_directories(d / "dovecot" / "mail" / who / "Maildir" / sub);
  testing::chown_tree(d / "dovecot" / "mail", u.mail_uid, u.mail_gid);
  ServerProcess dovecot, smtp;
  try {
    dovecot.start({testing::kDovecot, "-F", "-c", conf.string()}, imap_port);
  } catch (const std::exception& e) {
    FAIL(e.what());
  }
  smtp.start({"/usr/bin/python3", tool("smtp_sink.py"), std::to_string(smtp_port),
              (d / "sink").string(), "--deliver", (d / "dovecot" / "mail").string(), "--owner",
              std::to_string(u.mail_uid) + ":" + std::to_string(u.mail_gid)},
             smtp_port);

  std::string out;
  int rc = testing::run("/usr/bin/python3 " + tool("play_game.py") + " " + ADJUTANT_BINARY + " " +
                            ADJUTANT_SOURCE_DIR + " " + (d / "work").string() + " " +
                            std::to_string(imap_port) + " " + std::to_string(smtp_port) + " 2>&1",
                        &out);
  INFO(out);
  REQUIRE(rc == 0);
  auto r = adjutant::ledger::Json::parse(out.substr(out.find('{')));
  CHECK_FALSE(r.contains("failure"));
  CHECK(r["errors"].empty());
  CHECK(r["requests"].empty());
  CHECK(r["phases"].size() == 16);
  for (const auto& p : r["phases"]) {
    if (p["due"] == "confederate") {
      CHECK(p["filed"] == 1);  // the page's mail, fetched and filed by the union
      CHECK(p["sync"] == "ok");
    } else {
      CHECK(p["check"] == "ok");
      CHECK(p["cli_sync"] == 0);  // the page's result, fetched by the union
      CHECK(p["same_page"] == true);
    }
  }
  CHECK(r["same_log"] == true);
  CHECK(r["verify"] == 0);
}
