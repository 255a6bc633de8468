// What anyone on the mail path between two copies of a game can and cannot
// do (docs/protocol.md 10b, "The mail relay"): a relay that alters a result
// mail, injects a line, delivers mails out of order, twice or not at all,
// or replays a mail or an order file of one game into another gets no line
// and no order file into a copy it should not; every refusal names a
// stable id and changes nothing on disk. The copy is the confederate's, a
// plain copy of the training game after turn 1; the union's archive plays
// turn 2 and sends the results.
#include <catch2/catch.hpp>

#include <cstdio>
#include <functional>

#include "game/log.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "mail/mime_parse.h"
#include "mail_orders.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;
namespace ledger = adjutant::ledger;

namespace {

// The union's archive with turn 2 played (lines 5-6: the confederate's
// orders and their adjudication, t = 3; lines 7-8: the union's, t = 4),
// and the confederate's copy as it was after turn 1 (lines 0-4).
struct RelayedGame {
  fs::path work;
  fs::path game;
  fs::path copy;

  // The copy is a folder of the same name elsewhere, as on the player's
  // machine: the reports name the folder in the command that verifies it.
  explicit RelayedGame(const fs::path& w) : work(w), game(w / "game"), copy(w / "player" / "game") {
    fs::create_directories(copy.parent_path());
    adjutant::testing::make_sample_game(game, false);
    fs::copy(game, copy, fs::copy_options::recursive);
    play("03-t2-confederate.json", "confederate", "union", "2026-11-04T18:00:00Z");
    play("04-t2-union.json", "union", "confederate", "2026-11-05T18:00:00Z");
  }

  void play(const std::string& orders, const std::string& side, const std::string& adjudicator,
            const std::string& at) const {
    fs::path file = adjutant::testing::sign_sample_orders(game, orders, side);
    auto r = run_adjutant("adjudicate '" + game.string() + "' '" + file.string() + "' --key " +
                              adjudicator + ".key --chain " + adjudicator + ".key.chain --at " + at,
                          work);
    INFO(r.out << r.err);
    REQUIRE(r.exit == 0);
  }

  // The result mail of adjudication t to the confederate, as sent.
  std::string result_mail(int t, const std::string& mover) const {
    char folder[8];
    std::snprintf(folder, sizeof folder, "%03d-", t);
    return read_file(game / "turns" / (folder + mover) / "mail-confederate.eml", 1u << 24);
  }

  adjutant::testing::Run sync(const std::string& files) const {
    return run_adjutant("sync player/game " + files + " --no-outputs", work);
  }
};

// The lines of the game's log.
std::vector<std::string> relayed_lines(const fs::path& game) {
  int bad = -1;
  std::string problem;
  std::vector<std::string> out;
  for (auto& e : adjutant::game::read_log_partial(game / "log.jsonl", bad, problem))
    out.push_back(e.line);
  REQUIRE(bad < 0);
  return out;
}

// `mail` with the log lines of its log-*.jsonl attachment replaced by
// `edit(lines)`, encoded again: what a relay that understands the format
// would send on.
std::string with_lines_edited(const std::string& mail,
                              const std::function<std::string(std::string)>& edit) {
  std::size_t name = mail.find("filename=\"log-");
  REQUIRE(name != std::string::npos);
  std::size_t start = mail.find("\r\n\r\n", name);
  REQUIRE(start != std::string::npos);
  start += 4;
  std::size_t end = mail.find("\r\n--", start);
  REQUIRE(end != std::string::npos);
  std::string lines = adjutant::mail::decode_base64(mail.substr(start, end - start));
  REQUIRE(lines.find("\"kind\":\"adjudication\"") != std::string::npos);
  std::string encoded = ledger::base64(edit(lines));
  std::string wrapped;
  for (std::size_t at = 0; at < encoded.size(); at += 76)
    wrapped += encoded.substr(at, 76) + "\r\n";
  wrapped.resize(wrapped.size() - 2);
  return mail.substr(0, start) + wrapped + mail.substr(end);
}

}  // namespace

TEST_CASE("a relay that alters a result mail gets no line of it into a copy",
          "[game][relay][threat]") {
  TempDir tmp("relay-alter");
  RelayedGame g(tmp.path());
  const std::string before = folder_hash(g.copy);
  const std::string mail = g.result_mail(3, "confederate");

  SECTION("one digit of a logged die changed: the adjudicator's signature no longer holds") {
    write_file_atomic(g.work / "altered.eml", with_lines_edited(mail, [](std::string lines) {
                        std::size_t v = lines.find("\"v\":");
                        REQUIRE(v != std::string::npos);
                        char& digit = lines[v + 4];
                        digit = digit == '6' ? '1' : char(digit + 1);
                        return lines;
                      }));
    auto r = g.sync("altered.eml");
    INFO(r.out << r.err);
    CHECK(r.exit == 3);
    CHECK(r.err.find("[verify.signature]") != std::string::npos);
    CHECK(folder_hash(g.copy) == before);
  }
  SECTION("a line cut short: the attachment is named and passed over, nothing is taken") {
    write_file_atomic(g.work / "cut.eml", with_lines_edited(mail, [](std::string lines) {
                        return lines.substr(0, lines.size() - 10) + "\n";
                      }));
    auto r = g.sync("cut.eml");
    INFO(r.out << r.err);
    CHECK(r.exit == 0);
    CHECK((r.out + r.err).find("skipped") != std::string::npos);
    CHECK(r.out.find("nothing new") != std::string::npos);
    CHECK(folder_hash(g.copy) == before);
  }
  SECTION("the report text rewritten: the copy's own report comes from the verified lines") {
    // The text part is no evidence: a copy draws its report from its log.
    std::string altered = mail;
    std::size_t at = altered.find("Orders as applied");
    REQUIRE(at != std::string::npos);
    altered.replace(at, 6, "Ordres");
    write_file_atomic(g.work / "text.eml", altered);
    auto r = run_adjutant("sync player/game text.eml", g.work);
    INFO(r.out << r.err);
    REQUIRE(r.exit == 0);
    for (const char* file : {"report-confederate.txt", "report-union.txt"}) {
      fs::path rel = fs::path("turns") / "003-confederate" / file;
      CHECK(read_file(g.copy / rel) == read_file(g.game / rel));
    }
  }
  SECTION("the untouched mail is taken") {
    write_file_atomic(g.work / "true.eml", mail);
    auto r = g.sync("true.eml");
    INFO(r.out << r.err);
    CHECK(r.exit == 0);
    CHECK(r.out.find("added 2 lines") != std::string::npos);
  }
}

TEST_CASE("a relay cannot inject a line, nor offer two versions of one", "[game][relay][threat]") {
  TempDir tmp("relay-inject");
  RelayedGame g(tmp.path());
  const std::string before = folder_hash(g.copy);
  auto lines = relayed_lines(g.game);
  REQUIRE(lines.size() == 9);
  // A concession of the union at line 5, in every member as a true one
  // would be, signed by a key of the relay's own.
  Json end = {{"reason", "concession"},       {"side", "union"},
              {"result", "Confederate wins"}, {"turn", 2},
              {"phase", "confederate"},       {"at", "2026-11-04T09:00:00Z"}};
  auto relay_key = ledger::SigningKey::generate();
  std::string injected =
      adjutant::game::make_entry_line(5, ledger::sha256_hex(lines[4]), "end", end, relay_key);
  write_file_atomic(g.work / "injected.jsonl", injected + "\n");
  auto r = g.sync("injected.jsonl");
  INFO(r.out << r.err);
  CHECK(r.exit == 3);
  CHECK(r.err.find("[verify.signature]") != std::string::npos);
  CHECK(folder_hash(g.copy) == before);

  // The true lines in one mail, the injected one in another: the copy
  // takes neither, and says which two sources differ.
  write_file_atomic(g.work / "true.jsonl", lines[5] + "\n" + lines[6] + "\n");
  auto both = g.sync("true.jsonl injected.jsonl");
  INFO(both.out << both.err);
  CHECK(both.exit == 3);
  CHECK(both.err.find("[sync.conflict]") != std::string::npos);
  CHECK(both.err.find("seq 5") != std::string::npos);
  CHECK(folder_hash(g.copy) == before);
  CHECK(g.sync("true.jsonl").exit == 0);
  // Once the true line 5 is in, another line 5 is another history.
  const std::string synced = folder_hash(g.copy);
  auto fork = g.sync("injected.jsonl");
  INFO(fork.out << fork.err);
  CHECK(fork.exit == 3);
  CHECK(fork.err.find("[sync.fork]") != std::string::npos);
  CHECK(folder_hash(g.copy) == synced);
}

TEST_CASE("mails out of order, twice or missing change a copy only in the log's order",
          "[game][relay][threat]") {
  TempDir tmp("relay-order");
  RelayedGame g(tmp.path());
  write_file_atomic(g.work / "t3.eml", g.result_mail(3, "confederate"));
  write_file_atomic(g.work / "t4.eml", g.result_mail(4, "union"));
  fs::copy(g.copy, g.work / "copy2", fs::copy_options::recursive);
  const std::string before = folder_hash(g.copy);

  // The second result first (the first dropped or delayed): a gap, named.
  auto early = g.sync("t4.eml");
  INFO(early.out << early.err);
  CHECK(early.exit == 1);
  CHECK(early.err.find("[sync.gap]") != std::string::npos);
  CHECK(early.err.find("lines 5 to 6 are missing") != std::string::npos);
  CHECK(folder_hash(g.copy) == before);

  // In order, then the first again: the second delivery changes nothing.
  CHECK(g.sync("t3.eml").exit == 0);
  const std::string after_first = folder_hash(g.copy);
  auto again = g.sync("t3.eml");
  CHECK(again.exit == 0);
  CHECK(again.out.find("nothing new") != std::string::npos);
  CHECK(folder_hash(g.copy) == after_first);
  CHECK(g.sync("t4.eml").exit == 0);
  CHECK(read_file(g.copy / "log.jsonl", 1u << 26) == read_file(g.game / "log.jsonl", 1u << 26));

  // Lines reordered inside a mail are put back by their seq and chain.
  auto lines = relayed_lines(g.game);
  write_file_atomic(g.work / "shuffled.jsonl",
                    lines[8] + "\n" + lines[6] + "\n" + lines[5] + "\n" + lines[7] + "\n");
  auto shuffled = run_adjutant("sync copy2 shuffled.jsonl --no-outputs", g.work);
  INFO(shuffled.out << shuffled.err);
  CHECK(shuffled.exit == 0);
  CHECK(read_file(g.work / "copy2" / "log.jsonl", 1u << 26) ==
        read_file(g.game / "log.jsonl", 1u << 26));
}

TEST_CASE("a relay cannot replay a mail or an order file of one game into another",
          "[game][relay][threat]") {
  TempDir tmp("relay-other-game");
  RelayedGame a(tmp.path() / "a" / "work");
  // Game B: the same two players with the same keys, with an umpire.
  fs::path b_work = tmp.path() / "b" / "work";
  fs::create_directories(b_work);
  fs::path b = b_work / "game";
  adjutant::testing::make_sample_game(b, true);
  const std::string before = folder_hash(b);
  auto sync_b = [&](const fs::path& file) {
    return run_adjutant("sync '" + b.string() + "' '" + file.string() + "' --no-outputs", b_work);
  };

  // A's result mail, as sent: it names game A, and B takes nothing of it.
  fs::path mail = b_work / "a-result.eml";
  write_file_atomic(mail, a.result_mail(3, "confederate"));
  auto m = sync_b(mail);
  INFO(m.out << m.err);
  CHECK(m.exit == 0);
  CHECK((m.out + m.err).find("of another game") != std::string::npos);
  CHECK(m.out.find("nothing new") != std::string::npos);
  CHECK(folder_hash(b) == before);

  // A's lines bare, with nothing to say which game they are of: the first
  // names A's head as the line before it, which B's log does not hold.
  auto lines = relayed_lines(a.game);
  fs::path bare = b_work / "a-lines.jsonl";
  write_file_atomic(bare, lines[5] + "\n" + lines[6] + "\n");
  auto l = sync_b(bare);
  INFO(l.out << l.err);
  CHECK(l.exit == 3);
  CHECK(l.err.find("[verify.chain]") != std::string::npos);
  CHECK(folder_hash(b) == before);
  // The whole of A's log: its genesis is not B's.
  std::string all;
  for (const auto& line : lines) all += line + "\n";
  write_file_atomic(bare, all);
  auto whole = sync_b(bare);
  CHECK(whole.exit == 3);
  CHECK(whole.err.find("[sync.fork]") != std::string::npos);
  CHECK(folder_hash(b) == before);

  // An order file the confederate signed for A, offered to B, where the
  // confederate's turn 2 is due as well.
  fs::path orders =
      adjutant::testing::sign_sample_orders(a.game, "03-t2-confederate.json", "confederate");
  auto checked = run_adjutant("check '" + b.string() + "' '" + orders.string() + "'", b_work);
  CHECK(checked.exit == 1);
  CHECK(checked.err.find("[orders.wrong_game]") != std::string::npos);
  auto taken = run_adjutant("adjudicate '" + b.string() + "' '" + orders.string() +
                                "' --key umpire.key --chain umpire.key.chain --no-outputs",
                            b_work);
  INFO(taken.out << taken.err);
  CHECK(taken.exit == 1);
  CHECK(taken.err.find("[orders.wrong_game]") != std::string::npos);
  // And in a mail to B's umpire: refused at intake, nothing filed.
  fs::path box = b_work / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(box / sub);
  write_file_atomic(box / "new" / "1.replayed", adjutant::testing::mail_with_attachment(
                                                    "orders", "orders.json", read_file(orders)));
  auto fetched =
      run_adjutant("mail fetch '" + b.string() + "' --maildir '" + box.string() + "'", b_work);
  INFO(fetched.out << fetched.err);
  CHECK(fetched.out.find("[mail.wrong_game]") != std::string::npos);
  // Nothing of the game changes: intake only remembers what it refused,
  // so as to say it once (docs/mail.md "Refusals once").
  CHECK(folder_hash(b, {"mail/refusals.jsonl"}) == before);
  CHECK(read_file(b / "mail" / "refusals.jsonl").find("mail.wrong_game") != std::string::npos);
}

TEST_CASE("a relay that alters an order file in a mail gets it refused at intake",
          "[game][relay][threat]") {
  TempDir tmp("relay-orders");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  adjutant::testing::make_sample_game(game, false);
  fs::path orders =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  // One hex of a move changed; the player's signature left as it was.
  Json env = ledger::parse_strict(read_file(orders), "orders");
  env["body"]["moves"][0]["path"][3] = "0604";
  fs::path box = work / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(box / sub);
  write_file_atomic(box / "new" / "1.altered",
                    adjutant::testing::mail_with_quoted_armor("Re: turn 2", env));
  const std::string before = folder_hash(game);
  auto r =
      run_adjutant("mail fetch '" + game.string() + "' --maildir '" + box.string() + "'", work);
  INFO(r.out << r.err);
  CHECK(r.out.find("[mail.bad_signature]") != std::string::npos);
  CHECK(folder_hash(game, {"mail/refusals.jsonl"}) == before);
  CHECK(read_file(game / "mail" / "refusals.jsonl").find("mail.bad_signature") !=
        std::string::npos);
  // The same order file unaltered is filed.
  write_file_atomic(box / "new" / "2.true",
                    adjutant::testing::mail_with_quoted_armor(
                        "Re: turn 2", ledger::parse_strict(read_file(orders), "orders")));
  auto t =
      run_adjutant("mail fetch '" + game.string() + "' --maildir '" + box.string() + "'", work);
  INFO(t.out << t.err);
  CHECK(t.out.find("1 order file filed") != std::string::npos);
}
