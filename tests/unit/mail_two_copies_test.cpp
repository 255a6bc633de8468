// Two machines, one game, nothing but mail between them (tests/tools/
// mail_two_copies.py): a game without an umpire from genesis to its end,
// every order and result through a real SMTP server delivering into
// maildirs and dovecot serving them over IMAP, started here on loopback.
// Both copies end byte-identical and verified.
#include <catch2/catch.hpp>

#include "mail_servers.h"
#include "report_fixture.h"
#include "util/files.h"

using namespace adjutant;
using adjutant::testing::ServerProcess;
using adjutant::testing::temp_folder;
using adjutant::testing::tool;
namespace fs = std::filesystem;

TEST_CASE("two copies of a game without an umpire stay in step by mail alone",
          "[mail][server][sync][slow]") {
  {
    INFO("dovecot is missing: run `make deps` (dovecot-imapd)");
    REQUIRE(fs::exists(testing::kDovecot));
  }
  fs::path d = temp_folder("two-copies");
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
  int rc = testing::run("/usr/bin/python3 " + tool("mail_two_copies.py") + " " + ADJUTANT_BINARY +
                            " " + ADJUTANT_SOURCE_DIR + " " + (d / "work").string() + " " +
                            std::to_string(imap_port) + " " + std::to_string(smtp_port) + " 2>&1",
                        &out);
  INFO(out);
  REQUIRE(rc == 0);
  CHECK(out.find("OK both copies hold the same") != std::string::npos);
  // Four adjudications, each filed from the mail that carried its orders.
  std::size_t adjudicated = 0;
  for (std::size_t at = out.find("adjudicate: "); at != std::string::npos;
       at = out.find("adjudicate: ", at + 1))
    ++adjudicated;
  CHECK(adjudicated == 4);
  CHECK(read_file(d / "work" / "union" / "ely" / "log.jsonl") ==
        read_file(d / "work" / "confederate" / "ely" / "log.jsonl"));
}
