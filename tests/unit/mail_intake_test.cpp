#include <catch2/catch.hpp>

#include <set>

#include "mail/mailbox.h"
#include "mail_orders.h"
#include "report_fixture.h"
#include "util/files.h"

using namespace adjutant;
using namespace adjutant::mail;
using adjutant::testing::OrderKit;
using adjutant::testing::temp_folder;
namespace fs = std::filesystem;
using ledger::Json;

namespace {

std::multiset<std::string> ids(const std::vector<Intake>& results) {
  std::multiset<std::string> out;
  for (const auto& r : results) out.insert(r.id);
  return out;
}

std::size_t count_files(const fs::path& dir) {
  std::size_t n = 0;
  if (fs::exists(dir))
    for (const auto& f : fs::directory_iterator(dir)) n += f.is_regular_file();
  return n;
}

}  // namespace

TEST_CASE("intake files good orders and names what is wrong with the rest", "[mail][intake]") {
  fs::path dir = temp_folder("intake");
  OrderKit kit(dir / "game" / "inbox");
  Json good = kit.sign(kit.body("union", "1/I"), kit.union_key);
  Json quoted = kit.sign(kit.body("confederate", "1/Heth"), kit.confederate_key);
  Json forged = kit.sign(kit.body("union", "2/I"), kit.stranger);
  Json other_game_body = kit.body("union", "3/I");
  other_game_body["game"] = std::string(64, 'f');
  Json other_game = kit.sign(other_game_body, kit.union_key);
  Json stale_body = kit.body("union", "Buford");
  stale_body["after"] = std::string(64, '1');
  Json stale = kit.sign(stale_body, kit.union_key);
  Json card = ledger::sign_envelope(ledger::kCardType, {{"side", "union"}}, kit.union_key);

  fs::path maildir = dir / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir / sub);
  auto deliver = [&](const std::string& name, const std::string& raw) {
    write_file_atomic(maildir / "new" / name, raw);
  };
  deliver("1.good", testing::mail_with_attachment("orders", "orders.json", good.dump(2)));
  deliver("2.quoted", testing::mail_with_quoted_armor("Re: turn 1", quoted));
  deliver("3.forged", testing::mail_with_attachment("orders", "orders.json", forged.dump()));
  deliver("4.other", testing::mail_with_attachment("orders", "o.json", other_game.dump()));
  deliver("5.stale", testing::mail_with_quoted_armor("old", stale));
  deliver("6.card", testing::mail_with_attachment("card", "card.json", card.dump()));
  deliver("7.chat", "From: a@example.org\r\nSubject: hello\r\n\r\nNo orders this time.\r\n");
  deliver("8.again", testing::mail_with_attachment("resent", "again.json", good.dump()));
  deliver("9.torn", "Subject: cut\r\n\r\n-----BEGIN-ADJUTANT-SIGNED-JSON-----\r\neyJh\r\n");

  auto box = open_maildir(maildir);
  REQUIRE(box->list().size() == 9);
  std::vector<Intake> results = testing::take_box(kit.ctx, *box);
  CHECK(ids(results) == std::multiset<std::string>{"filed", "filed", "mail.bad_signature",
                                                   "mail.wrong_game", "mail.stale",
                                                   "mail.not_orders", "mail.no_orders",
                                                   "mail.duplicate", "mail.unreadable"});
  REQUIRE(count_files(kit.ctx.inbox) == 2);
  std::string good_name = inbox_name("union", ledger::canonical(good));
  // The attachment is filed verbatim, as the player wrote it.
  CHECK(read_file(kit.ctx.inbox / good_name) == good.dump(2));
  CHECK(fs::exists(kit.ctx.inbox / inbox_name("confederate", ledger::canonical(quoted))));
  for (const auto& r : results) {
    INFO(r.source << ": " << r.where << ": " << r.id << " " << r.detail);
    if (r.source == "maildir new/3.forged") CHECK(r.id == "mail.bad_signature");
    if (r.source == "maildir new/2.quoted") CHECK(r.where == "armored block 1 in part 1");
    if (r.source == "maildir new/8.again") CHECK(r.filed == good_name);
  }
  // Nothing was deleted or moved, and a second run files nothing new.
  CHECK(count_files(maildir / "new") == 9);
  std::vector<Intake> again = testing::take_box(kit.ctx, *open_maildir(maildir));
  CHECK(ids(again).count("filed") == 0);
  CHECK(ids(again).count("mail.duplicate") == 3);
  CHECK(count_files(kit.ctx.inbox) == 2);
  fs::remove_all(dir);
}

TEST_CASE("a folder that is no maildir is an environment error", "[mail][intake]") {
  fs::path dir = temp_folder("no-maildir");
  try {
    open_maildir(dir);
    FAIL("accepted");
  } catch (const Error& e) {
    CHECK(e.id() == "mail.maildir");
    CHECK(e.exit_code() == Exit::kEnvironment);
  }
  fs::remove_all(dir);
}

TEST_CASE("one bad mail does not block a mailbox", "[mail][intake]") {
  fs::path dir = temp_folder("bad-mail");
  OrderKit kit(dir / "game" / "inbox");
  Json good = kit.sign(kit.body("union", "1/I"), kit.union_key);
  fs::path maildir = dir / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir / sub);
  // A message over the intake limit (16 MiB) comes first in name order,
  // then a damaged attachment (its base64 cut short), then good orders.
  write_file_atomic(maildir / "new" / "1.huge",
                    "Subject: big\r\n\r\n" + std::string(kMaxIntakeMessage + 10, 'x'));
  std::string damaged = testing::mail_with_attachment("orders", "orders.json", good.dump(2));
  std::size_t body = damaged.find("\r\n\r\n", damaged.find("orders.json"));
  REQUIRE(body != std::string::npos);
  damaged.replace(body + 4, 40, "!!!!");
  write_file_atomic(maildir / "new" / "2.damaged", damaged);
  write_file_atomic(maildir / "new" / "3.good",
                    testing::mail_with_attachment("orders", "orders.json", good.dump(2)));
  std::vector<Intake> results = testing::take_box(kit.ctx, *open_maildir(maildir));
  CHECK(ids(results) == std::multiset<std::string>{"mail.too_large", "mail.unreadable", "filed"});
  CHECK(count_files(kit.ctx.inbox) == 1);
  fs::remove_all(dir);
}
