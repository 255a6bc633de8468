// The judge's refusal notice names the lines of the player's own text
// orders when the orders came as text (`adjutant sign ORDERS.txt --mail`
// attaches the text), only when that text reads back to the very orders
// signed, and never a path of the judge's machine.
#include <catch2/catch.hpp>

#include "judge/refusal_notice.h"
#include "judged_games.h"
#include "ledger/armor.h"
#include "mail/mime_parse.h"
#include "support/cli_harness.h"
#include "support/text_lines.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::testing::holds;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;

namespace {

// The text part of each refusal notice in GAME/mail/outbox/, by file name.
std::map<std::string, std::string> notices(const fs::path& game) {
  std::map<std::string, std::string> out;
  for (const auto& f : fs::directory_iterator(game / "mail" / "outbox")) {
    std::string name = f.path().filename().string();
    if (name.rfind("refused-", 0) != 0) continue;
    auto message = adjutant::mail::parse_message(read_file(f.path(), adjutant::kMaxMailFile));
    for (const auto* part : adjutant::mail::leaves(message))
      if (part->content_type == "text/plain") out[name] = part->body;
  }
  return out;
}

}  // namespace

TEST_CASE("a refusal notice names the player's text lines and no path of the judge",
          "[judge][notice]") {
  TempDir tmp("judge-notice");
  fs::path work = tmp.path();
  adjutant::testing::ScopedSecrets secrets(work / "secrets");
  adjutant::testing::judge_keys(work);
  fs::path judge = work / "judge";
  fs::create_directories(judge);
  adjutant::testing::judged_game(work, "judge/game", "noticed", "2026-11-01T09:00:00Z",
                                 " --no-outputs");
  fs::path maildir = adjutant::testing::judge_config(work, judge, adjutant::testing::free_port());
  // The player's copy: the same game, on the player's machine.
  fs::copy(judge / "game", work / "player", fs::copy_options::recursive);

  // Text orders with a comment and a blank line: line 5 starts 1/Heth's
  // path where it is not; Jenkins must attack and does not (no line names
  // that problem's order).
  write_file_atomic(work / "t1.txt",
                    "# turn 1, Confederate\n\nJenkins 0901 1001 1002 1003\nPegram 0601 0602\n"
                    "1/Heth 0402 0403\n");
  adjutant::testing::must_run(
      work, "sign t1.txt --game player --key confederate.key --mail --force --out t1.signed.json");
  std::vector<fs::path> mails;
  for (const auto& f : fs::directory_iterator(work / "player" / "mail" / "outbox"))
    mails.push_back(f.path());
  REQUIRE(mails.size() == 1);
  std::string mail = read_file(mails[0], adjutant::kMaxMailFile);
  CHECK(holds(mail, "filename=\"orders.txt\""));
  fs::copy_file(mails[0], maildir / "new" / "1.text");

  auto pass = run_adjutant("judge judge --now 2026-11-01T10:00:00Z", work);
  INFO(pass.out << pass.err);
  CHECK(pass.exit == 4);  // its SMTP server does not answer: the notice stays queued
  CHECK(holds(pass.out, "refused: inbox/confederate-"));
  auto found = notices(judge / "game");
  REQUIRE(found.size() == 1);
  std::string notice = found.begin()->second;
  INFO(notice);
  CHECK(holds(notice,
              "line 5 of your text orders: 1/Heth 0402 0403\r\n  order 3 (unit 1/Heth) at 0402: "
              "[move.not_at_start]"));
  CHECK(holds(notice, "unit Jenkins at 1003: [attack.missing_attacker]"));
  CHECK_FALSE(holds(notice, work.string()));
  CHECK_FALSE(holds(notice, "inbox"));
  CHECK_FALSE(holds(notice, ".json:"));

  // JSON orders whose mail carries a text of other orders: the text is kept
  // but does not read back to them, so no line is named.
  write_file_atomic(work / "t1b.json",
                    R"({"moves":[{"unit":"1/Heth","path":["0402","0403"]}],"attacks":[]})");
  adjutant::testing::must_run(
      work, "sign t1b.json --game player --key confederate.key --force --out t1b.signed.json");
  std::string json = read_file(work / "t1b.signed.json");
  write_file_atomic(maildir / "new" / "2.json",
                    "From: confederate@example.org\r\nTo: umpire@example.org\r\nSubject: orders\r\n"
                    "Message-ID: <t1b@example.org>\r\nMIME-Version: 1.0\r\n"
                    "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"
                    "Content-Type: application/json\r\nContent-Disposition: attachment; "
                    "filename=orders.signed.json\r\n\r\n" +
                        json +
                        "\r\n--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; "
                        "filename=old.txt\r\n\r\n1/Heth 0402 0403 0404\r\n--b--\r\n");
  auto second = run_adjutant("judge judge --now 2026-11-01T10:05:00Z", work);
  INFO(second.out << second.err);
  found = notices(judge / "game");
  REQUIRE(found.size() == 2);
  std::size_t with_lines = 0;
  for (const auto& [name, text] : found) {
    INFO(name << "\n" << text);
    with_lines += holds(text, "of your text orders");
    CHECK(holds(text, "[move.not_at_start]"));
    CHECK_FALSE(holds(text, work.string()));
    CHECK_FALSE(holds(text, "inbox"));
  }
  CHECK(with_lines == 1);
  std::size_t texts = 0;
  for (const auto& f : fs::directory_iterator(judge / "game" / "inbox"))
    texts += f.path().extension() == ".txt";
  CHECK(texts == 2);
}

TEST_CASE("a refusal notice names no path of the order file or the game", "[judge][notice]") {
  fs::path game = fs::absolute("judge/some-game");
  fs::path file = game / "inbox" / "union-0123456789abcdef.json";
  adjutant::Error stale("orders.stale", file.string() + ": written after log line 3, but " +
                                            game.string() + "/log.jsonl has 5 lines");
  std::string said = adjutant::judge::notice_problems(game, file, stale);
  CHECK(said ==
        "[orders.stale] your order file: written after log line 3, but the game/log.jsonl has 5 "
        "lines");
  // The same through a relative path.
  std::string relative = adjutant::judge::notice_problems(
      "judge/some-game", "judge/some-game/inbox/union-0123456789abcdef.json",
      adjutant::Error("orders.stale", "judge/some-game/inbox/union-0123456789abcdef.json: x"));
  CHECK(relative == "[orders.stale] your order file: x");
}
