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
  testing::PlayersMail mail;
  try {
    mail.start(d, {"union", "confederate"}, tool("smtp_sink.py"));
  } catch (const std::exception& e) {
    FAIL(e.what());
  }
  int smtp_port = mail.smtp_port, imap_port = mail.imap_port;

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
