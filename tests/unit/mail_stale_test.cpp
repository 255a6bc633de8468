// Mail that must not go: what went by other means is marked sent by hand
// (`mail send --mark-sent`), and mail about orders the log has already
// dealt with (a player's own order mail for a phase adjudicated, a judge's
// reminder or refusal notice of a phase that is over) is withheld, once.
#include <catch2/catch.hpp>

#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "mail/stale_mail.h"
#include "support/cli_harness.h"
#include "support/text_lines.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::holds;
using adjutant::testing::make_sample_game;
using adjutant::testing::occurrences;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;

namespace {

// The records of GAME/mail/sent.jsonl.
std::vector<Json> sent_records(const fs::path& game) {
  std::vector<Json> out;
  std::string text = read_file(game / "mail" / "sent.jsonl");
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    out.push_back(Json::parse(text.substr(at, end - at)));
    at = end + 1;
  }
  return out;
}

// A minimal queued mail of the judge's kind, by its Message-ID.
fs::path judge_mail(const fs::path& game, const std::string& name, const std::string& id) {
  fs::path file = game / "mail" / "outbox" / name;
  fs::create_directories(file.parent_path());
  write_file_atomic(file,
                    "From: umpire@example.org\r\nTo: confederate@example.org\r\nMessage-ID: " + id +
                        "\r\nSubject: x\r\n\r\nx\r\n");
  return file;
}

}  // namespace

TEST_CASE("mail send withholds a player's order mail once its phase is adjudicated",
          "[mail][cli][stale]") {
  TempDir tmp("stale-orders");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  make_sample_game(game, false);
  const std::string g = "'" + game.string() + "'";
  const std::string sample =
      (adjutant::testing::source_dir() / "samples/orders/skirmish/03-t2-confederate.json").string();
  auto signed_run = run_adjutant(
      "sign '" + sample + "' --game " + g + " --key confederate.key --out c2.signed.json --mail",
      work);
  REQUIRE(signed_run.exit == 0);
  // A second file for the same phase, never adjudicated (protocol 1: no
  // revisions; --force, as the check refuses an empty turn here or not).
  write_file_atomic(work / "c2b.json", R"({"moves":[],"attacks":[]})");
  REQUIRE(run_adjutant("sign c2b.json --game " + g +
                           " --key confederate.key --out c2b.signed.json --mail --force",
                       work)
              .exit == 0);
  auto outbox_name = [&](const std::string& signed_file) {
    Json envelope = Json::parse(read_file(work / signed_file));
    return "mail/outbox/orders-t2-confederate-" +
           adjutant::ledger::sha256_hex(adjutant::ledger::canonical(envelope)).substr(0, 12) +
           ".eml";
  };
  const std::string orders_mail = outbox_name("c2.signed.json");
  const std::string other_mail = outbox_name("c2b.signed.json");
  REQUIRE(fs::exists(game / orders_mail));
  REQUIRE(fs::exists(game / other_mail));

  // While the phase is due, the order mail goes like any other.
  auto due = run_adjutant("mail send " + g + " --all --dry-run", work);
  INFO(due.out << due.err);
  REQUIRE(due.exit == 0);
  CHECK(holds(due.out, "to send  " + orders_mail + " to union@example.org"));
  CHECK(holds(due.out, "to send  " + other_mail + " to union@example.org"));
  CHECK_FALSE(holds(due.out, "withh"));

  // The same orders, copied by hand to the adjudicator, are adjudicated.
  REQUIRE(run_adjutant("adjudicate " + g +
                           " c2.signed.json --key union.key --chain union.key.chain "
                           "--at 2026-11-04T18:00:00Z",
                       work)
              .exit == 0);
  adjutant::mail::StaleMail stale(game);
  std::string why = stale.why(game / orders_mail, "<orders.x>");
  CHECK(why == "the log holds these orders (log line 5)");
  std::string why_other = stale.why(game / other_mail, "<orders.y>");
  CHECK(why_other == "turn 2 confederate was adjudicated (log line 6)");

  // A dry run names it and changes nothing.
  std::string before = folder_hash(game);
  auto dry = run_adjutant("mail send " + g + " --all --dry-run", work);
  INFO(dry.out << dry.err);
  REQUIRE(dry.exit == 0);
  CHECK(holds(dry.out, "withhold " + orders_mail + ": never sent, " + why));
  CHECK(holds(dry.out, "withhold " + other_mail + ": never sent, " + why_other));
  CHECK_FALSE(holds(dry.out, "to send  " + orders_mail));
  CHECK(folder_hash(game) == before);

  // Everything else went by hand: marked sent, the order mail withheld, in one run.
  auto marked = run_adjutant("mail send " + g + " --all --mark-sent", work);
  INFO(marked.out << marked.err);
  REQUIRE(marked.exit == 0);
  CHECK(holds(marked.out, "withheld " + orders_mail + ": never sent, " + why));
  CHECK(
      holds(marked.out,
            "marked   turns/000-genesis/mail-confederate.eml to confederate@example.org (recorded "
            "as sent, not sent)"));
  CHECK_FALSE(holds(marked.out, "marked   " + orders_mail));
  std::size_t marks = occurrences(marked.out, "marked   ");
  CHECK(marks >= 5);  // two invitations, two mails of each of the three posts
  CHECK(
      holds(marked.out, "0 sent, 0 queued, " + std::to_string(marks) + " marked sent, 2 withheld"));
  std::vector<Json> records = sent_records(game);
  REQUIRE(records.size() == marks + 2);
  std::size_t withheld = 0;
  for (const Json& r : records) {
    CHECK_FALSE(r.contains("sent"));  // none went through a server
    if (r.contains("withheld")) {
      ++withheld;
      CHECK(r["why"] == (r["file"] == orders_mail ? why : why_other));
    } else {
      CHECK(r.contains("marked"));
    }
  }
  CHECK(withheld == 2);

  // Nothing is left to send, and the refusal is not said again: no server is
  // needed (the port is closed) and nothing is written.
  before = folder_hash(game);
  auto again = run_adjutant("mail send " + g + " --all --smtp smtp://127.0.0.1:9", work);
  INFO(again.out << again.err);
  CHECK(again.exit == 0);
  CHECK(again.out == "0 sent, 0 queued\n");
  CHECK(folder_hash(game) == before);
}

TEST_CASE("mail send --mark-sent records the queue without sending, and refuses --smtp",
          "[mail][cli][stale]") {
  TempDir tmp("mark-sent");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  make_sample_game(game, true);
  const std::string g = "'" + game.string() + "'";
  std::string before = folder_hash(game);
  auto both = run_adjutant("mail send " + g + " --all --mark-sent --smtp smtp://127.0.0.1:9", work);
  CHECK(both.exit == 2);
  CHECK(holds(both.err, "[usage.options]"));
  CHECK(folder_hash(game) == before);

  auto listed = run_adjutant("mail send " + g + " --all --mark-sent --dry-run", work);
  REQUIRE(listed.exit == 0);
  std::size_t to_mark = occurrences(listed.out, "to mark  ");
  CHECK(to_mark > 0);
  CHECK(folder_hash(game) == before);

  // Only the mails of the parties asked for: here the umpire's.
  auto marked = run_adjutant("mail send " + g + " --as umpire --mark-sent", work);
  INFO(marked.out << marked.err);
  REQUIRE(marked.exit == 0);
  CHECK(occurrences(marked.out, "marked   ") == to_mark);
  CHECK(sent_records(game).size() == to_mark);
  auto rest = run_adjutant("mail send " + g + " --all --dry-run", work);
  CHECK(rest.out == "0 sent, 0 queued\n");
}

TEST_CASE("a judge's reminder or refusal notice is stale once its phase is over", "[mail][stale]") {
  TempDir tmp("stale-judge");
  fs::path game = tmp.path() / "game";
  // Genesis, then turn 1: confederate orders (1), adjudication (2), union
  // orders (3), adjudication (4). Turn 2's confederate orders are due since line 4.
  make_sample_game(game, true);
  adjutant::mail::StaleMail stale(game);
  auto why = [&](const std::string& id) { return stale.why(judge_mail(game, "m.eml", id), id); };
  CHECK(why("<4.reminder.confederate.0123456789abcdef@adjutant.invalid>") == "");
  CHECK(why("<4.refused-0123456789ab.confederate.0123456789abcdef@adjutant.invalid>") == "");
  CHECK(why("<2.reminder.union.0123456789abcdef@adjutant.invalid>") ==
        "turn 1 union was adjudicated (log line 4)");
  CHECK(why("<0.refused-0123456789ab.confederate.0123456789abcdef@adjutant.invalid>") ==
        "turn 1 confederate was adjudicated (log line 2)");
  // Results, invitations and the notice of a message too large never are.
  CHECK(why("<2.confederate.union.0123456789abcdef@adjutant.invalid>") == "");
  CHECK(why("<0.genesis.union.0123456789abcdef@adjutant.invalid>") == "");
  CHECK(why("<0.unread-0123456789ab.union.0123456789abcdef@adjutant.invalid>") == "");
}
