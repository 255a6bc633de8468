// The page and the command line by real mail (tests/tools/play_game.py with
// the servers' ports): the confederate plays in player pages only, its mail
// client sending what the page gives and saving what came; the union with
// `adjutant mail send` and `mail fetch`, through an SMTP server delivering
// into maildirs and dovecot serving them over IMAP, started here on
// loopback. A whole training game; both copies end byte-identical.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "mail_servers.h"
#include "report_fixture.h"
#include "util/files.h"

using adjutant::testing::tool;
namespace fs = std::filesystem;
namespace testing = adjutant::testing;

namespace {

// The game `script` plays (tests/tools/), its mail passing through the test
// servers started here for `users`: what it prints, read.
adjutant::ledger::Json played_by_mail(const std::string& script, const std::string& tag,
                                      const std::vector<std::string>& users) {
  {
    INFO("dovecot is missing: run `make deps` (dovecot-imapd)");
    REQUIRE(fs::exists(testing::kDovecot));
  }
  fs::path d = testing::temp_folder(tag);
  testing::PlayersMail mail;
  try {
    mail.start(d, users, tool("smtp_sink.py"));
  } catch (const std::exception& e) {
    FAIL(e.what());
  }
  std::string out;
  int rc = testing::run("/usr/bin/python3 " + tool(script) + " " + ADJUTANT_BINARY + " " +
                            ADJUTANT_SOURCE_DIR + " " + (d / "work").string() + " " +
                            std::to_string(mail.imap_port) + " " + std::to_string(mail.smtp_port) +
                            " 2>&1",
                        &out);
  INFO(out);
  REQUIRE(rc == 0);
  return adjutant::ledger::Json::parse(out.substr(out.find('{')));
}

}  // namespace

TEST_CASE(
    "a whole training game by real mail with one side in player pages and the other on the command "
    "line",
    "[web][player-page][mail][server][slow]") {
  auto r = played_by_mail("play_game.py", "page-by-mail", {"union", "confederate"});
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

// The same for a fog-of-war game (tests/tools/play_fog_game.py with the
// servers' ports): the umpire sends with `adjutant mail send` and takes the
// orders with `mail fetch`; the union's mail client saves what came and its
// sealed copy syncs from it; the confederate plays in the pages the
// umpire's mails carry, its mail client sending the page's orders.
TEST_CASE("a whole fog-of-war game by real mail with one side in its sealed copy's pages",
          "[web][player-page][fog][mail][server][slow]") {
  auto r =
      played_by_mail("play_fog_game.py", "fog-page-by-mail", {"union", "confederate", "umpire"});
  CHECK_FALSE(r.contains("failure"));
  CHECK(r["errors"].empty());
  CHECK(r["requests"].empty());
  REQUIRE(r["phases"].size() == 8);
  for (std::size_t i = 0; i < 7; ++i) {
    CHECK(r["phases"][i]["orders"] == "ok");
    CHECK(r["phases"][i]["filed"] == 2);  // both sides' mails, fetched and filed by the umpire
  }
  CHECK(r["over"] == true);
  CHECK(r["same_as_cli"] == true);
  CHECK(r["same_as_seal"] == true);
  CHECK(r["verify_revealed"]["not_yet_opened"] == 0);
}
