#include <catch2/catch.hpp>

#include <grp.h>
#include <pwd.h>
#include <sys/types.h>

#include <set>

#include "mail/mail_fetch.h"
#include "mail_orders.h"
#include "mail_servers.h"
#include "report_fixture.h"
#include "util/files.h"

using namespace adjutant;
using namespace adjutant::mail;
using adjutant::testing::OrderKit;
using adjutant::testing::ServerProcess;
using adjutant::testing::temp_folder;
using ledger::Json;
namespace fs = std::filesystem;

namespace {

constexpr const char* kDovecot = "/usr/sbin/dovecot";

// Who dovecot's processes run as: the running user, except that as root the
// login and mail processes must not be uid 0, so they run as nobody.
struct Users {
  std::string internal_user, internal_group, login_user, mail_user, mail_group;
  uid_t mail_uid;
  gid_t mail_gid;
};

Users users() {
  Users u;
  const passwd* me = ::getpwuid(::getuid());
  const group* my_group = ::getgrgid(::getgid());
  u.internal_user = me ? me->pw_name : "root";
  u.internal_group = my_group ? my_group->gr_name : "root";
  if (::getuid() != 0) {
    u.login_user = u.mail_user = u.internal_user;
    u.mail_group = u.internal_group;
    u.mail_uid = ::getuid();
    u.mail_gid = ::getgid();
    return u;
  }
  const passwd* nobody = ::getpwnam("nobody");
  REQUIRE(nobody != nullptr);
  const group* nogroup = ::getgrgid(nobody->pw_gid);
  u.login_user = u.mail_user = "nobody";
  u.mail_group = nogroup ? nogroup->gr_name : "nogroup";
  u.mail_uid = nobody->pw_uid;
  u.mail_gid = nobody->pw_gid;
  return u;
}

// A dovecot of its own in `dir`: config, runtime and state folders, log, one
// maildir, a static password; nothing under /etc is read or touched.
fs::path write_dovecot_config(const fs::path& dir, int port, const Users& u) {
  for (const char* sub : {"run", "state", "home", "Maildir/new", "Maildir/cur", "Maildir/tmp"})
    fs::create_directories(dir / sub);
  fs::path conf = dir / "dovecot.conf";
  std::string d = dir.string();
  write_file_atomic(
      conf,
      "base_dir = " + d + "/run\nstate_dir = " + d + "/state\nlog_path = " + d +
          "/dovecot.log\nprotocols = imap\nlisten = 127.0.0.1\nssl = no\n"
          "disable_plaintext_auth = no\nauth_mechanisms = plain login\n"
          "default_internal_user = " +
          u.internal_user + "\ndefault_internal_group = " + u.internal_group +
          "\ndefault_login_user = " + u.login_user + "\nmail_location = maildir:" + d +
          "/Maildir\nmail_uid = " + u.mail_user + "\nmail_gid = " + u.mail_group +
          "\nfirst_valid_uid = 0\nfirst_valid_gid = 0\n"
          "passdb {\n  driver = static\n  args = password=secret\n}\n"
          "userdb {\n  driver = static\n  args = uid=" +
          u.mail_user + " gid=" + u.mail_group + " home=" + d +
          "/home\n}\n"
          "service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = " +
          std::to_string(port) +
          "\n  }\n  inet_listener imaps {\n    port = 0\n  }\n"
          "  chroot =\n}\nservice anvil {\n  chroot =\n}\n"
          "service pop3-login {\n  inet_listener pop3 {\n    port = 0\n  }\n}\n");
  return conf;
}

void chown_tree(const fs::path& dir, uid_t uid, gid_t gid) {
  if (::chown(dir.c_str(), uid, gid) != 0) return;
  for (const auto& f : fs::recursive_directory_iterator(dir))
    (void)::chown(f.path().c_str(), uid, gid);
}

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
  Users u = users();
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
