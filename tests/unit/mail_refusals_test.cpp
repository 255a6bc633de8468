// `adjutant mail fetch` reports each refusal once: mail that stays in the
// mailbox (another game's orders, a part that cannot be read) is read again
// at every run, and later runs only count what was already said.
#include <catch2/catch.hpp>

#include "mail_orders.h"
#include "support/cli_harness.h"
#include "support/text_lines.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::make_sample_game;
using adjutant::testing::occurrences;
using adjutant::testing::OrderKit;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;

namespace {

std::size_t files_in(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& f : fs::directory_iterator(dir)) n += f.is_regular_file();
  return n;
}

}  // namespace

TEST_CASE("mail fetch reports each refusal once and counts it after", "[mail][cli][intake]") {
  TempDir tmp("refusals-once");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  make_sample_game(game, false);
  fs::path maildir = work / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir / sub);
  // Orders of another game, and a JSON attachment that is no JSON: neither
  // concerns this game, so both stay in the mailbox.
  OrderKit kit(work / "elsewhere");
  write_file_atomic(
      maildir / "new" / "1.other",
      adjutant::testing::mail_with_attachment(
          "orders", "o.json", kit.sign(kit.body("union", "1/I"), kit.union_key).dump()));
  write_file_atomic(maildir / "new" / "2.torn",
                    adjutant::testing::mail_with_attachment("orders", "o.json", "{\"torn\": "));
  const std::string fetch =
      "mail fetch '" + game.string() + "' --maildir '" + maildir.string() + "'";

  auto first = run_adjutant(fetch, work);
  INFO(first.out << first.err);
  REQUIRE(first.exit == 0);
  CHECK(occurrences(first.out, "refused  [mail.wrong_game]") == 1);
  CHECK(occurrences(first.out, "refused  [mail.unreadable]") == 1);
  CHECK(first.out.find("already reported") == std::string::npos);
  CHECK(files_in(maildir / "new") == 2);  // left where they were
  REQUIRE(fs::exists(game / "mail" / "refusals.jsonl"));

  // Read again, said no more: only counted. The record is not rewritten.
  std::string before = folder_hash(game);
  auto second = run_adjutant(fetch, work);
  INFO(second.out << second.err);
  REQUIRE(second.exit == 0);
  CHECK(second.out.find("refused") == std::string::npos);
  CHECK(second.out.find("2 refusals already reported\n") != std::string::npos);
  CHECK(second.out.find("2 messages read") != std::string::npos);
  CHECK(folder_hash(game) == before);

  // A mail client moves a message to cur/ and flags it: the same message.
  fs::rename(maildir / "new" / "2.torn", maildir / "cur" / "2.torn:2,S");
  // A new refusal is said, the old ones counted.
  write_file_atomic(maildir / "new" / "3.torn",
                    adjutant::testing::mail_with_attachment("again", "p.json", "[1, 2"));
  auto third = run_adjutant(fetch, work);
  INFO(third.out << third.err);
  REQUIRE(third.exit == 0);
  CHECK(occurrences(third.out, "refused  [") == 1);
  CHECK(third.out.find("refused  [mail.unreadable] maildir new/3.torn") != std::string::npos);
  CHECK(third.out.find("2 refusals already reported\n") != std::string::npos);

  // --json lists them all, each saying whether an earlier run reported it.
  auto json = run_adjutant(fetch + " --json", work);
  REQUIRE(json.exit == 0);
  Json all = Json::parse(json.out);
  std::size_t before_count = 0, refusals = 0;
  for (const Json& i : all)
    if (i["id"] != "mail.no_orders") {
      ++refusals;
      before_count += i["reported_before"].get<bool>();
    }
  CHECK(refusals == 3);
  CHECK(before_count == 3);
  std::string record = read_file(game / "mail" / "refusals.jsonl");
  CHECK(occurrences(record, "\n") == 3);
}
