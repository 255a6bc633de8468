#include <catch2/catch.hpp>

#include <sys/types.h>

#include <chrono>
#include <set>
#include <thread>

#include "mail/imap_mailbox.h"
#include "mail/mailbox.h"
#include "mail_orders.h"
#include "mail_servers.h"
#include "report_fixture.h"
#include "util/files.h"

using namespace adjutant;
using namespace adjutant::mail;
using adjutant::testing::chown_tree;
using adjutant::testing::kDovecot;
using adjutant::testing::OrderKit;
using adjutant::testing::ServerProcess;
using adjutant::testing::temp_folder;
using adjutant::testing::write_dovecot_config;
using ledger::Json;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> maildir_files(const fs::path& maildir) {
  std::vector<fs::path> out;
  for (const char* sub : {"new", "cur"})
    for (const auto& f : fs::directory_iterator(maildir / sub))
      if (f.is_regular_file()) out.push_back(f.path());
  return out;
}

}  // namespace

TEST_CASE("mail intake over IMAP files exactly the good orders, one message at a time",
          "[mail][imap][server]") {
  {
    INFO("dovecot is missing: run `make deps` (dovecot-imapd)");
    REQUIRE(fs::exists(kDovecot));
  }
  fs::path dir = temp_folder("imap");
  fs::permissions(dir, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                           fs::perms::others_read | fs::perms::others_exec);
  int port = testing::free_port();
  testing::MailUsers u = testing::mail_users();
  fs::path conf = write_dovecot_config(dir / "dovecot", port, u);
  fs::path maildir = dir / "dovecot" / "Maildir";

  OrderKit kit(dir / "game" / "inbox");
  Json good = kit.sign(kit.body("union", "1/I"), kit.union_key);
  Json quoted = kit.sign(kit.body("confederate", "1/Heth"), kit.confederate_key);
  Json forged = kit.sign(kit.body("union", "2/I"), kit.stranger);
  Json other_body = kit.body("union", "3/I");
  other_body["game"] = std::string(64, 'e');
  Json other = kit.sign(other_body, kit.union_key);
  write_file_atomic(maildir / "new" / "1700000001.M1P1.test",
                    testing::mail_with_attachment("orders", "orders.json", good.dump(1)));
  write_file_atomic(maildir / "new" / "1700000002.M2P1.test",
                    testing::mail_with_quoted_armor("Re: report", quoted));
  write_file_atomic(maildir / "new" / "1700000003.M3P1.test",
                    testing::mail_with_attachment("orders", "orders.json", forged.dump()));
  write_file_atomic(maildir / "new" / "1700000004.M4P1.test",
                    testing::mail_with_attachment("orders", "orders.json", other.dump()));
  chown_tree(dir / "dovecot" / "Maildir", u.mail_uid, u.mail_gid);
  chown_tree(dir / "dovecot" / "home", u.mail_uid, u.mail_gid);

  ServerProcess dovecot;
  try {
    dovecot.start({kDovecot, "-F", "-c", conf.string()}, port);
  } catch (const std::exception& e) {
    std::string log = fs::exists(dir / "dovecot" / "dovecot.log")
                          ? read_file(dir / "dovecot" / "dovecot.log")
                          : "";
    FAIL(e.what() << "\n" << log);
  }

  ImapOptions options;
  options.url = "imap://127.0.0.1:" + std::to_string(port) + "/INBOX";
  options.credentials = {"moderator", "secret"};
  options.timeout_seconds = 20;
  std::vector<Intake> results = testing::take_box(kit.ctx, *open_imap(options));
  REQUIRE(results.size() == 4);
  CHECK(results[0].source == "imap uid 1");
  std::multiset<std::string> ids;
  for (const auto& r : results) ids.insert(r.id);
  CHECK(ids ==
        std::multiset<std::string>{"filed", "filed", "mail.bad_signature", "mail.wrong_game"});
  std::set<std::string> inbox;
  for (const auto& f : fs::directory_iterator(kit.ctx.inbox)) inbox.insert(f.path().filename());
  CHECK(inbox == std::set<std::string>{inbox_name("union", ledger::canonical(good)),
                                       inbox_name("confederate", ledger::canonical(quoted))});

  // Without a seen-state nothing is set aside: every message is still
  // there, and none is marked read.
  std::vector<fs::path> files = maildir_files(maildir);
  CHECK(files.size() == 4);
  for (const fs::path& f : files) {
    std::string name = f.filename().string();
    std::size_t info = name.find(":2,");
    INFO(name);
    CHECK((info == std::string::npos || name.find('S', info) == std::string::npos));
  }

  // A second fetch finds the same mail and files nothing twice.
  std::vector<Intake> again = testing::take_box(kit.ctx, *open_imap(options));
  std::size_t duplicates = 0;
  for (const auto& r : again) duplicates += r.id == "mail.duplicate";
  CHECK(duplicates == 2);

  // The judge's way: a seen-state. Two messages are dealt with and set
  // aside (moved to the folder adjutant-processed), two are not: the state
  // holds the last UID and the two to read again.
  ImapSeen seen;
  options.seen = &seen;
  {
    auto box = open_imap(options);
    std::vector<MessageRef> refs = box->list();
    REQUIRE(refs.size() == 4);
    CHECK(box->read(refs[0]).find("Subject: orders") != std::string::npos);
    box->set_aside(refs[0]);
    CHECK(box->headers(refs[1]).find("Subject: Re: report") != std::string::npos);
    box->set_aside(refs[1]);
    box->finish();
  }
  CHECK(seen.uidvalidity > 0);
  CHECK(seen.last_uid == 4);
  CHECK(seen.retry == std::vector<long>{3, 4});
  CHECK(maildir_files(maildir).size() == 2);
  CHECK(maildir_files(maildir / ".adjutant-processed").size() == 2);
  // A message larger than the intake limit and a small one arrive: the
  // next run lists them and the two left, no other; the large one is
  // refused from its size alone, and its headers can still be read.
  write_file_atomic(maildir / "new" / "1700000005.M5P1.test",
                    "From: big@example.org\r\nSubject: huge\r\n\r\n" +
                        std::string(kMaxIntakeMessage + 10, 'x') + "\r\n");
  write_file_atomic(maildir / "new" / "1700000006.M6P1.test",
                    testing::mail_with_attachment("orders", "orders.json", good.dump()));
  chown_tree(dir / "dovecot" / "Maildir", u.mail_uid, u.mail_gid);
  {
    auto box = open_imap(options);
    std::vector<MessageRef> refs = box->list();
    std::vector<long> uids;
    for (const auto& m : refs) uids.push_back(m.uid);
    CHECK(uids == std::vector<long>{3, 4, 5, 6});
    REQUIRE(refs.size() == 4);
    CHECK(refs[2].over_limit);
    CHECK_FALSE(refs[3].over_limit);
    try {
      box->read(refs[2]);
      FAIL("read a message over the limit");
    } catch (const Error& e) {
      CHECK(e.id() == "mail.too_large");
    }
    CHECK(box->headers(refs[2]).find("Subject: huge") != std::string::npos);
    box->finish();
  }
  CHECK(seen.last_uid == 6);
  CHECK(seen.retry == std::vector<long>{3, 4, 5, 6});

  // Many messages: listing them is one search, whatever their number
  // (libcurl refuses 300 KB of lines in answer to one command).
  for (int n = 0; n < 4000; ++n)
    write_file_atomic(maildir / "new" / ("1700001" + std::to_string(n) + ".M9P1.test"),
                      "From: x@example.org\r\nSubject: " + std::to_string(n) + "\r\n\r\nhi\r\n");
  chown_tree(dir / "dovecot" / "Maildir", u.mail_uid, u.mail_gid);
  // Dovecot finds files put into the maildir when it next looks at it:
  // wait until it counts them all (and the four left before).
  std::string count;
  for (int i = 0; i < 400 && count != "4004"; ++i) {
    testing::run("/usr/bin/python3 -c \"import imaplib; m = imaplib.IMAP4('127.0.0.1', " +
                     std::to_string(port) +
                     "); m.login('moderator', 'secret'); print(m.select('INBOX')[1][0].decode(), "
                     "end='')\"",
                 &count);
    if (count != "4004") std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  REQUIRE(count == "4004");
  {
    auto box = open_imap(options);
    CHECK(box->list().size() == 4000 + 4);
    box->finish();
  }

  // Wrong password: an environment error naming authentication.
  options.credentials.password = "wrong";
  try {
    open_imap(options)->list();
    FAIL("logged in with a wrong password");
  } catch (const Error& e) {
    CHECK(e.id() == "mail.imap_auth");
    CHECK(e.exit_code() == Exit::kEnvironment);
  }
  dovecot.stop();

  try {
    open_imap(options)->list();
    FAIL("fetched from a stopped server");
  } catch (const Error& e) {
    CHECK(e.id() == "mail.imap_unreachable");
  }
  fs::remove_all(dir);
}
