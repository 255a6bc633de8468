// What the adjudicating party (the other player, in a game without an
// umpire) and the mover cannot do to the dice and the record
// (docs/protocol.md 10b): log a seed of its own choosing, even with the
// dice that seed rolls; log another state than the rules reach; rule "no
// moves received" before the deadline, or pass a phase so while the mover
// holds signed orders for it; and the mover cannot re-roll by writing other
// orders or revealing another link. Each forged line is signed again by the
// party whose key the line needs, so only the protocol's checks catch it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <tuple>

#include "game/log.h"
#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;
namespace ledger = adjutant::ledger;

namespace {

// The entries of the game's log, every line whole.
std::vector<adjutant::game::LogEntry> logged_entries(const fs::path& game) {
  int bad = -1;
  std::string problem;
  auto entries = adjutant::game::read_log_partial(game / "log.jsonl", bad, problem);
  REQUIRE(bad < 0);
  return entries;
}

// The log cut after line `n`, whose body `edit` changed, signed again by
// `signer` (a key file beside the game) with the same seq and prev.
void forge_last(const fs::path& game, std::size_t n, const std::string& signer,
                const std::function<void(Json&)>& edit) {
  auto entries = logged_entries(game);
  REQUIRE(entries.size() > n);
  edit(entries[n].body);
  auto key = ledger::SigningKey::load_pem(game.parent_path() / (signer + ".key"));
  entries[n].line = adjutant::game::make_entry_line(int(n), entries[n].prev, entries[n].kind,
                                                    entries[n].body, key);
  std::string text;
  for (std::size_t i = 0; i <= n; ++i) text += entries[i].line + "\n";
  write_file_atomic(game / "log.jsonl", text);
}

// verify --json on `game`: its exit, and the id and line of its error.
std::tuple<int, std::string, int> verdict(const fs::path& game) {
  auto r = run_adjutant("verify --json --read-only '" + game.string() + "'");
  INFO(r.out << r.err);
  Json report = Json::parse(r.out);
  if (report["ok"] == true) return {r.exit, "", -1};
  return {r.exit, report["error"]["id"], report["error"]["line"]};
}

}  // namespace

TEST_CASE("an adjudicator cannot log a seed of its choosing, nor another state", "[game][threat]") {
  TempDir tmp("adjudicator-seed");
  fs::path game = tmp.path() / "game";
  adjutant::testing::make_sample_game(game, false);
  // Line 2: the union's adjudication of the confederate's first orders.
  REQUIRE(logged_entries(game)[2].kind == "adjudication");
  REQUIRE(std::get<0>(verdict(game)) == 0);

  SECTION("another seed, every die rolled from it") {
    forge_last(game, 2, "union", [](Json& b) {
      std::string chosen = ledger::sha256("a seed the adjudicator likes better");
      ledger::SeededDice dice(chosen);
      for (auto& r : b["rolls"]) r["v"] = dice.roll(r["n"].get<int>(), r["for"].get<std::string>());
      b["seed"] = ledger::to_hex(chosen);
    });
    CHECK(verdict(game) == std::make_tuple(3, std::string("verify.seed"), 2));
  }
  SECTION("another state after the adjudication") {
    forge_last(game, 2, "union",
               [](Json& b) { b["state"] = ledger::sha256_hex("a state the rules never reach"); });
    CHECK(verdict(game) == std::make_tuple(3, std::string("verify.state_hash"), 2));
  }
}

TEST_CASE("no moves received cannot be ruled before the deadline the log sets", "[game][threat]") {
  TempDir tmp("adjudicator-nmr");
  fs::path game = tmp.path() / "game";
  adjutant::testing::make_sample_game(game, false);
  // The confederate's turn 2 is due; the union waits. The last adjudication
  // was at 2026-11-03T18:00Z and the deadline is 72 hours on.
  auto r = run_adjutant("ruling '" + game.string() +
                            "' --nmr --key union.key --chain union.key.chain "
                            "--at 2026-11-06T18:00:00Z --no-outputs",
                        tmp.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  REQUIRE(std::get<0>(verdict(game)) == 0);
  REQUIRE(logged_entries(game)[5].body["deadline"] == "2026-11-06T18:00:00Z");

  SECTION("ruled an hour early, signed by the union") {
    forge_last(game, 5, "union", [](Json& b) { b["at"] = "2026-11-06T17:00:00Z"; });
    CHECK(verdict(game) == std::make_tuple(3, std::string("verify.ruling"), 5));
  }
  SECTION("ruled early, naming an earlier deadline to match") {
    forge_last(game, 5, "union", [](Json& b) {
      b["deadline"] = "2026-11-05T18:00:00Z";
      b["at"] = "2026-11-05T18:00:00Z";
    });
    CHECK(verdict(game) == std::make_tuple(3, std::string("verify.ruling"), 5));
  }
}

TEST_CASE("a phase passed as no moves received while the mover holds its orders is proved",
          "[game][threat][protocol2][dispute]") {
  // The protocol-2 sample game at its genesis: the umpire adjudicates, the
  // confederate moves first.
  TempDir tmp("adjudicator-nmr-dispute");
  fs::path work = tmp.path();
  adjutant::testing::ScopedSecrets secrets(work / "secrets");
  fs::path game = work / "game";
  fs::path sample = source_dir() / "samples" / "games" / "skirmish-bot-p2";
  fs::create_directories(game);
  for (const char* file : {"game.json", "scenario.json"}) fs::copy_file(sample / file, game / file);
  write_file_atomic(game / "log.jsonl", logged_entries(sample)[0].line + "\n");
  for (const char* party : {"confederate", "umpire"}) {
    std::string p = party;
    fs::copy_file(source_dir() / "samples" / "keys" / (p + ".key"), work / (p + ".key"));
    fs::permissions(work / (p + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    fs::copy_file(source_dir() / "samples" / "keys" / "chains" / "skirmish-bot-p2" / (p + ".chain"),
                  work / (p + ".key.chain"));
  }
  auto must = [&](const std::string& args) {
    auto r = run_adjutant(args, work);
    INFO("adjutant " << args << "\n" << r.out << r.err);
    REQUIRE(r.exit == 0);
  };
  must("sign '" +
       (source_dir() / "samples" / "orders" / "skirmish" / "01-t1-confederate.json").string() +
       "' --game game --key confederate.key --out c1.json");
  // The umpire holds them, and rules at the deadline that none came.
  must(
      "ruling game --nmr --key umpire.key --chain umpire.key.chain --at 2026-11-04T09:00:00Z "
      "--no-outputs");
  CHECK(std::get<0>(verdict(game)) == 0);
  auto v = run_adjutant("verify game --dispute c1.json", work);
  INFO(v.out << v.err);
  CHECK(v.exit == 3);
  CHECK(v.err.find("[verify.superseded]") != std::string::npos);
  CHECK(v.err.find("line 1") != std::string::npos);
  must("dispute game c1.json --out proof.json");
  auto p = run_adjutant("verify game --dispute proof.json", work);
  CHECK(p.exit == 3);
  CHECK(p.err.find("[verify.superseded]") != std::string::npos);
}

TEST_CASE("a mover cannot re-roll: other orders give the same seed, another link is refused",
          "[game][threat]") {
  TempDir tmp("mover-reroll");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  adjutant::testing::make_sample_game(game, false);
  fs::path first =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  // Other orders for the same phase: 1/Pender stays, and does not attack.
  Json body = ledger::parse_strict(
      read_file(source_dir() / "samples" / "orders" / "skirmish" / "03-t2-confederate.json"),
      "orders");
  body["moves"].erase(2);
  body["attacks"].erase(1);
  write_file_atomic(work / "other.body.json", body.dump(2));
  REQUIRE(
      run_adjutant("sign other.body.json --game game --key confederate.key --out other.json", work)
          .exit == 0);
  Json a = ledger::parse_strict(read_file(first), "first")["body"];
  Json b = ledger::parse_strict(read_file(work / "other.json"), "other")["body"];
  CHECK(a["reveal"] == b["reveal"]);

  // Each adjudicated in a copy of its own, at the same time.
  std::vector<Json> adjudications;
  for (const fs::path& file : {first, work / "other.json"}) {
    fs::path copy = work / ("copy-" + file.stem().string());
    fs::copy(game, copy, fs::copy_options::recursive);
    auto r = run_adjutant("adjudicate '" + copy.string() + "' '" + file.string() +
                              "' --key union.key --chain union.key.chain "
                              "--at 2026-11-04T18:00:00Z --no-outputs",
                          work);
    INFO(r.out << r.err);
    REQUIRE(r.exit == 0);
    adjudications.push_back(logged_entries(copy).back().body);
  }
  const Json& x = adjudications[0];
  const Json& y = adjudications[1];
  CHECK(x["events"] != y["events"]);  // the orders were not the same
  CHECK(x["seed"] == y["seed"]);
  // Die k is the same die whichever orders asked for it.
  std::size_t common = std::min(x["rolls"].size(), y["rolls"].size());
  REQUIRE(common >= 1);
  for (std::size_t k = 0; k < common; ++k) CHECK(x["rolls"][k]["v"] == y["rolls"][k]["v"]);

  // The link after the next one, or a link of another chain, re-signed by
  // the confederate: refused, nothing written.
  auto chain = ledger::load_chain(work / "confederate.key.chain");
  auto key = ledger::SigningKey::load_pem(work / "confederate.key");
  std::uint32_t m = a["reveal"]["m"].get<std::uint32_t>();
  const std::string before = folder_hash(game);
  const std::vector<std::pair<std::uint32_t, std::string>> reveals = {
      {m + 1, ledger::link(chain, m + 1)}, {m, ledger::link(ledger::new_chain(m + 1), m)}};
  for (const auto& [index, link] : reveals) {
    Json changed = a;
    changed["reveal"] = {{"m", index}, {"s", ledger::to_hex(link)}};
    write_file_atomic(work / "relinked.json",
                      ledger::sign_envelope(ledger::kOrdersType, changed, key).dump(2));
    auto r = run_adjutant(
        "adjudicate game relinked.json --key union.key --chain union.key.chain "
        "--at 2026-11-04T18:00:00Z --no-outputs",
        work);
    INFO(r.out << r.err);
    CHECK(r.exit == 1);
    CHECK(r.err.find("[orders.bad_reveal]") != std::string::npos);
    CHECK(folder_hash(game) == before);
  }
}
