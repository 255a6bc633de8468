#include <catch2/catch.hpp>

#include <sys/types.h>

#include <set>

#include "mail/mail_fetch.h"
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

TEST_CASE("mail fetch over IMAP files exactly the good orders and changes no mail",
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
  std::vector<RawMessage> messages = read_imap(options);
  REQUIRE(messages.size() == 4);
  CHECK(messages[0].source == "imap uid 1");
  std::vector<Intake> results = take_all(kit.ctx, messages);
  std::multiset<std::string> ids;
  for (const auto& r : results) ids.insert(r.id);
  CHECK(ids ==
        std::multiset<std::string>{"filed", "filed", "mail.bad_signature", "mail.wrong_game"});
  std::set<std::string> inbox;
  for (const auto& f : fs::directory_iterator(kit.ctx.inbox)) inbox.insert(f.path().filename());
  CHECK(inbox == std::set<std::string>{inbox_name("union", ledger::canonical(good)),
                                       inbox_name("confederate", ledger::canonical(quoted))});

  // Every message is still there, and none is marked read.
  std::vector<fs::path> files = maildir_files(maildir);
  CHECK(files.size() == 4);
  for (const fs::path& f : files) {
    std::string name = f.filename().string();
    std::size_t info = name.find(":2,");
    INFO(name);
    CHECK((info == std::string::npos || name.find('S', info) == std::string::npos));
  }

  // A second fetch finds the same mail and files nothing twice.
  std::vector<Intake> again = take_all(kit.ctx, read_imap(options));
  std::size_t duplicates = 0;
  for (const auto& r : again) duplicates += r.id == "mail.duplicate";
  CHECK(duplicates == 2);

  // Wrong password: an environment error naming authentication.
  options.credentials.password = "wrong";
  try {
    read_imap(options);
    FAIL("logged in with a wrong password");
  } catch (const Error& e) {
    CHECK(e.id() == "mail.imap_auth");
    CHECK(e.exit_code() == Exit::kEnvironment);
  }
  dovecot.stop();

  try {
    read_imap(options);
    FAIL("fetched from a stopped server");
  } catch (const Error& e) {
    CHECK(e.id() == "mail.imap_unreachable");
  }
  fs::remove_all(dir);
}
