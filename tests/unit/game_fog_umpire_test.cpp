// An umpire of a fog-of-war game (docs/protocol.md 10a, "Why the umpire
// still cannot choose a die"; 10b) who adjudicated with a seed of its own
// choosing, or logged a die the seed does not roll, and sealed its lines
// to match: every commitment opens and every rebuilt line hashes to its
// sealed line, all signed with the umpire's key, and still the side's
// verify at the end refuses the rebuilt archive. The game is the protocol-2
// sample of Chaos of Battle; the forgery is made on the union's copy after
// the openings, at the last adjudication.
#include <catch2/catch.hpp>

#include <functional>
#include <map>

#include "game/fog.h"
#include "game/log.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;
namespace game = adjutant::game;
namespace ledger = adjutant::ledger;

namespace {

// The union's sealed copy of the finished sample game, with every opening.
fs::path opened_copy(const fs::path& work) {
  fs::path dir = work / "umpire-copy";
  fs::copy(source_dir() / "samples" / "games" / "chaos-meeting-p2-bot", dir,
           fs::copy_options::recursive);
  fs::copy_file(source_dir() / "samples" / "keys" / "umpire.key", work / "umpire.key");
  fs::permissions(work / "umpire.key", fs::perms::owner_read | fs::perms::owner_write);
  REQUIRE(run_adjutant("reveal umpire-copy", work).exit == 0);
  auto r = run_adjutant("seal umpire-copy --side union --out union-copy --key umpire.key", work);
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  return work / "union-copy";
}

// The openings of the copy's last adjudication changed by `dice` (its
// {"reveal", "seed"} and its rolls), and everything the umpire signs made
// to match: the commitments of its sealed line, the rebuilt line's hash and
// signature, and the openings entry after it (whose prev is the hash of
// the umpire's line).
void forge_dice(const fs::path& copy, const std::function<void(Json& seed, Json& rolls)>& dice) {
  int bad = -1;
  std::string problem;
  auto entries = game::read_log_partial(copy / "log.jsonl", bad, problem);
  REQUIRE(bad < 0);
  const std::size_t last = entries.size() - 1;  // the openings entry
  const std::size_t adj = last - 1;
  REQUIRE(entries[adj].kind == "sealed-adjudication");
  REQUIRE(entries[last].kind == "openings");
  Json& b = entries[adj].body;
  Json& openings = entries[last].body;
  auto key = ledger::SigningKey::load_pem(copy.parent_path() / "umpire.key");

  std::map<std::string, Json*> opened;  // kind -> opening, of line `adj`
  for (auto& o : openings["openings"])
    if (o["line"] == int(adj)) opened[o["kind"].get<std::string>()] = &o;
  REQUIRE(opened.count("seed"));
  REQUIRE(opened.count("rolls"));
  REQUIRE_FALSE(opened.at("rolls")->at("content").empty());
  dice(opened.at("seed")->at("content"), opened.at("rolls")->at("content"));
  for (const char* kind : {"seed", "rolls"}) {
    const Json& o = *opened.at(kind);
    b["commit"][kind] =
        game::commit_hex(kind, ledger::from_hex(o["salt"].get<std::string>()), o["content"]);
  }
  // The umpire's own line as the openings rebuild it, signed anew.
  auto content = [&](const char* kind) { return opened.at(kind)->at("content"); };
  Json body = {{"t", b["t"]},
               {"turn", b["turn"]},
               {"phase", b["phase"]},
               {"orders", b["orders"]},
               {"adjudicator", b["adjudicator"]},
               {"reveal", content("seed")["reveal"]},
               {"reveals", b["reveals"]},
               {"seed", content("seed")["seed"]},
               {"rolls", content("rolls")},
               {"echo", content("echo")},
               {"events", content("events")},
               {"state", ledger::sha256_hex(ledger::canonical(content("state")))},
               {"at", b["at"]}};
  std::string rebuilt =
      game::make_entry_line(int(adj), entries[adj].prev, "adjudication", body, key);
  b["line"] = ledger::sha256_hex(rebuilt);
  for (auto& s : openings["signatures"])
    if (s["line"] == int(adj)) s["sig"] = ledger::parse_strict(rebuilt, "rebuilt")["sig"];
  entries[adj].line =
      game::make_entry_line(int(adj), entries[adj].prev, "sealed-adjudication", b, key);
  entries[last].line =
      game::make_entry_line(int(last), ledger::sha256_hex(rebuilt), "openings", openings, key);
  std::string out;
  for (const auto& e : entries) out += e.line + "\n";
  write_file_atomic(copy / "log.jsonl", out);
}

}  // namespace

TEST_CASE("an umpire who sealed dice of its choosing is caught by every side at the end",
          "[game][fog][threat]") {
  TempDir tmp("fog-umpire-dice");
  adjutant::testing::ScopedSecrets secrets(tmp.path() / "secrets");
  fs::path copy = opened_copy(tmp.path());
  auto honest = game::verify_sealed(copy);
  INFO(honest.where << ": " << honest.message);
  REQUIRE(honest.ok);
  REQUIRE(honest.revealed);

  SECTION("the forgery itself opens: unchanged dice sealed again verify") {
    forge_dice(copy, [](Json&, Json&) {});
    auto v = game::verify_sealed(copy);
    INFO(v.where << ": " << v.message);
    CHECK(v.ok);
  }
  SECTION("another seed, every die rolled from it") {
    forge_dice(copy, [](Json& seed, Json& rolls) {
      std::string chosen = ledger::sha256("a seed the umpire likes better");
      ledger::SeededDice dice(chosen);
      for (auto& r : rolls) r["v"] = dice.roll(r["n"].get<int>(), r["for"].get<std::string>());
      seed["seed"] = ledger::to_hex(chosen);
    });
    auto v = game::verify_sealed(copy);
    INFO(v.where << ": " << v.message);
    CHECK(v.error_id == "verify.seed");
  }
  SECTION("the true seed, one die changed") {
    forge_dice(copy, [](Json&, Json& rolls) {
      Json& r = rolls[0];
      r["v"] = r["v"].get<int>() % r["n"].get<int>() + 1;
    });
    auto v = game::verify_sealed(copy);
    INFO(v.where << ": " << v.message);
    CHECK(v.error_id == "verify.dice");
  }
}
