// Simultaneous phases through the real game layer, with the test-only
// "hidden-pieces" ruleset (tests/rulesets): both sides' order files are
// taken one at a time, each naming the head the phase opened at; the
// umpire adjudicates when both are in; a corrected file replaces the first
// and reveals the same link; NMR is ruled per side; verify replays it all
// and refuses a tampered log.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>

#include "game/adjudicate.h"
#include "game/genesis.h"
#include "game/log.h"
#include "game/revisions.h"
#include "game/ruling.h"
#include "game/sign_orders.h"
#include "game/sync.h"
#include "game/verify.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "report/turn_outputs.h"
#include "rulesets/hidden_pieces.h"
#include "support/cli_harness.h"
#include "util/error.h"
#include "util/files.h"

namespace fs = std::filesystem;
namespace game = adjutant::game;
namespace ledger = adjutant::ledger;
using adjutant::Error;
using adjutant::testing::TempDir;
using ledger::Json;

namespace {

struct Player {
  std::string id;
  fs::path key;
  fs::path chain;
};

// Keys, chains and cards of north, south and the umpire, and the game made
// from them in `dir` / "game".
struct SimGame {
  fs::path root;
  fs::path dir;
  std::map<std::string, Player> parties;

  game::TurnWriter writer;  // draws each turn folder's outputs; none by default

  explicit SimGame(const fs::path& r, bool umpire = true, int turns = 2,
                   game::TurnWriter outputs = {})
      : root(r), dir(r / "game"), writer(std::move(outputs)) {
    adjutant::testing::register_hidden_pieces();
    game::NewGame g;
    g.name = "duel";
    g.created = "2026-01-01T00:00:00Z";
    g.deadline_hours = 24;
    g.scenario = adjutant::testing::hidden_pieces_scenario(turns);
    g.scenario_text = g.scenario.dump(2) + "\n";
    std::vector<std::string> ids = {"north", "south"};
    if (umpire) ids.push_back("umpire");
    for (const auto& id : ids) {
      auto key = ledger::SigningKey::generate();
      auto chain = ledger::new_chain(16);
      Player p{id, root / (id + ".pem"), root / (id + ".chain")};
      key.save_pem(p.key);
      ledger::save_chain(p.chain, chain);
      g.cards.push_back(ledger::sign_envelope(
          ledger::kCardType, game::card_body("duel", id, id, id + "@example.org", key, chain),
          key));
      parties[id] = p;
    }
    g.host = ids.back();
    game::create_archive(dir, g, ledger::SigningKey::load_pem(parties.at(g.host).key), writer);
  }

  // Signs `moves` for `side` against the archive as it is now.
  fs::path sign(const std::string& side, const Json& moves, const std::string& tag = "") {
    game::ReadGame rg(dir);
    const Player& p = parties.at(side);
    // Each player keeps what it signed (game/revisions.h): a second file
    // for a phase is its next revision.
    fs::path secrets = root / ("secrets-" + side);
    Json env = game::sign_orders(rg.archive, rg.replay, side, ledger::SigningKey::load_pem(p.key),
                                 ledger::load_chain(p.chain), {{"moves", moves}}, secrets);
    fs::path file = root / (side + "-" + std::to_string(rg.replay.state().turn) + tag + ".json");
    adjutant::write_file_atomic(file, env.dump(2) + "\n");
    game::remember_signed(secrets, env);
    return file;
  }

  game::AdjudicateOptions umpire(const std::string& at = "2026-01-01T01:00:00Z") const {
    game::AdjudicateOptions o;
    o.key = parties.at("umpire").key;
    o.chain = parties.at("umpire").chain;
    o.secrets = root / "no-secrets";
    o.at = at;
    o.outputs = writer;
    return o;
  }

  game::CommitResult take(const fs::path& file) {
    return game::adjudicate_file(dir, file, umpire());
  }

  std::vector<std::string> log_lines() const {
    std::vector<std::string> out;
    std::string text = adjutant::read_file(dir / "log.jsonl", 1u << 26);
    std::size_t at = 0;
    while (at < text.size()) {
      std::size_t nl = text.find('\n', at);
      out.push_back(text.substr(at, nl - at));
      at = nl + 1;
    }
    return out;
  }
};

Json move(const std::string& piece, int to) {
  return Json::array({{{"piece", piece}, {"to", to}}});
}

std::string error_id(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.id();
  } catch (const std::exception& e) {
    return std::string("other: ") + e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a simultaneous phase takes both order files and adjudicates once",
          "[game][simultaneous]") {
  TempDir tmp("simultaneous");
  SimGame g(tmp.path());

  fs::path north = g.sign("north", move("n2", 9));
  auto first = g.take(north);
  // Only the orders line: south is still awaited.
  CHECK(first.adjudications.empty());
  REQUIRE(g.log_lines().size() == 2);
  {
    game::ReadGame rg(g.dir);
    CHECK(rg.replay.sides_in() == std::vector<std::string>{"north"});
    CHECK(rg.replay.sides_awaited() == std::vector<std::string>{"south"});
    CHECK_FALSE(rg.replay.awaiting_adjudication());
  }
  // South signs now, against the head the phase opened at (genesis), not
  // the orders line the umpire appended: its file is not stale.
  fs::path south = g.sign("south", move("s1", 10));
  Json south_body = ledger::parse_strict(adjutant::read_file(south, 1u << 20), "s")["body"];
  CHECK(south_body["after"] == ledger::sha256_hex(g.log_lines()[0]));
  auto second = g.take(south);
  REQUIRE(second.adjudications.size() == 1);
  const auto& adj = second.adjudications.front();
  CHECK(adj.orders.contains("north"));
  CHECK(adj.orders.contains("south"));
  auto lines = g.log_lines();
  REQUIRE(lines.size() == 4);
  Json entry = ledger::parse_strict(lines[3], "line 3");
  CHECK(entry["kind"] == "adjudication");
  // The orders of both sides, in the order of the sides the phase waited on.
  CHECK(entry["body"]["orders"] == Json::array({1, 2}));
  // Both order files' fresh links are in the seed's player terms.
  for (const auto& r : entry["body"]["reveals"]) CHECK(r["m"] == 1);
  CHECK(entry["body"]["echo"] == Json::array({"n2 moves 5-9", "s1 moves 14-10"}));

  auto report = game::verify_archive(g.dir);
  INFO(report.message);
  CHECK(report.ok);
  CHECK(report.adjudications == 1);
}

TEST_CASE("a simultaneous file must name the head the phase opened at", "[game][simultaneous]") {
  TempDir tmp("simultaneous-stale");
  SimGame g(tmp.path());
  g.take(g.sign("north", move("n1", 4)));
  // Hand-made: south's file naming the log head (north's orders line).
  game::ReadGame rg(g.dir);
  const auto& p = g.parties.at("south");
  Json env = game::sign_orders(rg.archive, rg.replay, "south", ledger::SigningKey::load_pem(p.key),
                               ledger::load_chain(p.chain), {{"moves", move("s2", 16)}});
  env["body"]["after"] = rg.archive.head();
  env =
      ledger::sign_envelope(ledger::kOrdersType, env["body"], ledger::SigningKey::load_pem(p.key));
  fs::path file = tmp.path() / "stale.json";
  adjutant::write_file_atomic(file, env.dump());
  std::string before = adjutant::testing::folder_hash(g.dir);
  CHECK(error_id([&] { g.take(file); }) == "orders.stale");
  CHECK(adjutant::testing::folder_hash(g.dir) == before);
}

TEST_CASE("a corrected file replaces the first before adjudication, with the same link",
          "[game][simultaneous]") {
  TempDir tmp("simultaneous-replace");
  SimGame g(tmp.path());
  fs::path first = g.sign("north", move("n1", 4), "a");
  g.take(first);
  fs::path corrected = g.sign("north", move("n1", 6), "b");
  Json a = ledger::parse_strict(adjutant::read_file(first, 1u << 20), "a")["body"]["reveal"];
  Json b = ledger::parse_strict(adjutant::read_file(corrected, 1u << 20), "b")["body"]["reveal"];
  CHECK(a == b);  // the same link again
  // Protocol 2 (docs/protocol.md 5b): the correction is the next revision,
  // naming the body it replaces.
  Json first_body = ledger::parse_strict(adjutant::read_file(first, 1u << 20), "a")["body"];
  Json second_body = ledger::parse_strict(adjutant::read_file(corrected, 1u << 20), "b")["body"];
  CHECK(first_body["revision"] == 1);
  CHECK_FALSE(first_body.contains("replaces"));
  CHECK(second_body["revision"] == 2);
  CHECK(second_body["replaces"] == game::body_hash(first_body));
  g.take(corrected);
  // The umpire cannot log the older file as the last one in: the files of a
  // side come in the order of their revisions.
  std::string in_both = adjutant::testing::folder_hash(g.dir);
  CHECK(error_id([&] { g.take(first); }) == "orders.superseded");
  CHECK(adjutant::testing::folder_hash(g.dir) == in_both);
  // The last file in for a side is the one adjudicated.
  auto done = g.take(g.sign("south", Json::array()));
  REQUIRE(done.adjudications.size() == 1);
  CHECK(done.adjudications.front().orders["north"]["moves"][0]["to"] == 6);
  Json entry = ledger::parse_strict(g.log_lines().back(), "last");
  CHECK(entry["body"]["orders"] == Json::array({2, 3}));
  CHECK(game::verify_archive(g.dir).ok);
  // After the adjudication the phase has moved on: the old file is refused.
  CHECK(error_id([&] { g.take(first); }) == "orders.stale");
}

TEST_CASE("NMR is ruled per side in a simultaneous phase", "[game][simultaneous]") {
  TempDir tmp("simultaneous-nmr");
  SimGame g(tmp.path());
  g.take(g.sign("north", move("n1", 3)));
  auto opts = g.umpire("2026-01-02T12:00:00Z");  // past the 24-hour deadline
  // North is in: an NMR for north is refused, for south it completes the phase.
  opts.side = "north";
  CHECK(error_id([&] { game::rule_nmr(g.dir, "late", opts); }) == "ruling.not_awaited");
  opts.side = "";
  auto r = game::rule_nmr(g.dir, "no orders from south", opts);
  REQUIRE(r.adjudications.size() == 1);
  CHECK(r.adjudications.front().echo.back() ==
        "no moves received from south: the player-turn passes");
  auto report = game::verify_archive(g.dir);
  INFO(report.message);
  CHECK(report.ok);
}

TEST_CASE("a whole simultaneous game verifies; tampering is refused", "[game][simultaneous]") {
  TempDir tmp("simultaneous-game");
  SimGame g(tmp.path(), true, 3);
  // Both sides close in; on turn 3 n2 and s1 meet on square 9 and one is
  // drawn from the tin.
  g.take(g.sign("south", move("s1", 11)));
  g.take(g.sign("north", move("n2", 8)));
  g.take(g.sign("north", move("n2", 9)));
  g.take(g.sign("south", move("s1", 10)));
  g.take(g.sign("north", Json::array()));
  auto last = g.take(g.sign("south", move("s1", 9)));
  REQUIRE(last.adjudications.size() == 1);
  const Json& events = last.adjudications.front().events;
  bool clash = false;
  for (const auto& e : events) clash = clash || e["type"] == "clash";
  CHECK(clash);
  CHECK(last.adjudications.front().rolls.size() == 1);  // one die: 1 of 2 pieces
  game::ReadGame rg(g.dir);
  CHECK(rg.replay.phase().side.empty());
  CHECK_FALSE(rg.replay.state().result.empty());
  REQUIRE(game::verify_archive(g.dir).ok);

  // The adjudication's "orders" with its two lines swapped, re-signed by the umpire.
  auto lines = g.log_lines();
  std::string original = adjutant::read_file(g.dir / "log.jsonl", 1u << 26);
  Json entry = ledger::parse_strict(lines[3], "line 3");
  Json body = entry["body"];
  body["orders"] = Json::array({body["orders"][1], body["orders"][0]});
  std::string forged =
      game::make_entry_line(3, entry["prev"], "adjudication", body,
                            ledger::SigningKey::load_pem(g.parties.at("umpire").key));
  std::string text;
  for (std::size_t i = 0; i < 4; ++i) text += (i == 3 ? forged : lines[i]) + "\n";
  adjutant::write_file_atomic(g.dir / "log.jsonl", text);
  auto report = game::verify_archive(g.dir);
  CHECK_FALSE(report.ok);
  CHECK(report.error_id == "verify.adjudication");

  // An adjudication right after the first file, before the second is in.
  text = lines[0] + "\n" + lines[1] + "\n";
  Json early = ledger::parse_strict(lines[3], "line 3")["body"];
  early["orders"] = 1;
  text += game::make_entry_line(2, ledger::sha256_hex(lines[1]), "adjudication", early,
                                ledger::SigningKey::load_pem(g.parties.at("umpire").key)) +
          "\n";
  adjutant::write_file_atomic(g.dir / "log.jsonl", text);
  report = game::verify_archive(g.dir);
  CHECK_FALSE(report.ok);
  CHECK(report.error_id == "verify.sequence");
  adjutant::write_file_atomic(g.dir / "log.jsonl", original);
  CHECK(game::verify_archive(g.dir).ok);
}

TEST_CASE("a ruleset that requires an umpire refuses a game without one", "[game][simultaneous]") {
  TempDir tmp("simultaneous-umpire");
  CHECK(error_id([&] { SimGame g(tmp.path(), false); }) == "new.umpire_required");
}

TEST_CASE("a player's copy syncs through a simultaneous game, one file at a time",
          "[game][simultaneous]") {
  TempDir tmp("simultaneous-sync");
  SimGame g(tmp.path(), true, 2);
  auto offer = [&] {
    game::OfferedLines o;
    std::string text;
    for (const auto& line : g.log_lines()) text += line + "\n";
    game::add_lines(o, text, "umpire's log");
    return o;
  };
  // North's machine: another folder than the umpire's games.
  fs::path copy = tmp.path() / "north" / "copy";
  fs::create_directories(copy.parent_path());
  game::import_archive(copy, offer(), adjutant::read_file(g.dir / "scenario.json", 1u << 20),
                       tmp.path() / "north-secrets", {});
  int steps = 0;
  for (auto [side, to] : std::vector<std::pair<std::string, int>>{
           {"north", 6}, {"south", 12}, {"south", 11}, {"north", 8}}) {
    g.take(g.sign(side, move(side == "north" ? "n2" : "s1", to)));
    auto r = game::sync_archive(copy, offer(), {});
    CHECK(r.added == (steps % 2 == 0 ? 1 : 2));  // a lone orders line, then orders + adjudication
    game::ReadGame mine(copy);
    CHECK(mine.archive.head() == game::ReadGame(g.dir).archive.head());
    // One side awaited mid-phase, both in a new phase, none once it is over.
    CHECK(mine.replay.sides_awaited().size() == (steps % 2 == 0 ? 1u : steps == 3 ? 0u : 2u));
    ++steps;
  }
  game::ReadGame mine(copy);
  CHECK(mine.replay.phase().side.empty());  // two turns played: the game is over
  CHECK(game::verify_archive(copy).ok);
}

namespace {

// tests/tools/independent_verify.py on `game` (no vectors): its exit code
// and output.
std::pair<int, std::string> independent(const fs::path& game, const fs::path& scratch) {
  fs::path out = scratch / "independent.out";
  std::string cmd =
      "/usr/bin/python3 '" +
      (adjutant::testing::source_dir() / "tests/tools/independent_verify.py").string() +
      "' --no-vectors '" + game.string() + "' > '" + out.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, adjutant::read_file(out, 1u << 20)};
}

}  // namespace

TEST_CASE("the independent verifier checks a simultaneous game from the protocol alone",
          "[game][simultaneous][independent]") {
  TempDir tmp("simultaneous-independent");
  SimGame g(tmp.path(), true, 2);
  g.take(g.sign("north", move("n1", 5), "a"));
  g.take(g.sign("north", move("n1", 6), "b"));  // a corrected file, the same link
  g.take(g.sign("south", move("s2", 13)));
  // Half of turn 2: the log ends waiting for south.
  g.take(g.sign("north", move("n1", 9)));
  auto ok = independent(g.dir, tmp.path());
  INFO(ok.second);
  CHECK(ok.first == 0);
  CHECK(ok.second.find("awaiting the others") != std::string::npos);
  REQUIRE(game::verify_archive(g.dir).ok);

  // An umpire who logs a second north file that reveals the next link
  // instead of the same one (a replacement that would change the dice):
  // both verifiers refuse it.
  auto lines = g.log_lines();
  const Player& north = g.parties.at("north");
  Json env = ledger::parse_strict(lines[1], "line 1")["body"];
  Json body = env["body"];
  body["reveal"] = {{"m", 2},
                    {"s", ledger::to_hex(ledger::link(ledger::load_chain(north.chain), 2))}};
  body["moves"] = move("n1", 4);
  env = ledger::sign_envelope(ledger::kOrdersType, body, ledger::SigningKey::load_pem(north.key));
  std::string forged =
      game::make_entry_line(2, ledger::sha256_hex(lines[1]), "orders", env,
                            ledger::SigningKey::load_pem(g.parties.at("umpire").key));
  adjutant::write_file_atomic(g.dir / "log.jsonl",
                              lines[0] + "\n" + lines[1] + "\n" + forged + "\n");
  auto report = game::verify_archive(g.dir);
  CHECK_FALSE(report.ok);
  CHECK(report.error_id == "verify.orders");
  CHECK(report.bad_line == 2);
  auto bad = independent(g.dir, tmp.path());
  INFO(bad.second);
  CHECK(bad.first == 1);
  CHECK(bad.second.find("does not reveal the same link") != std::string::npos);
}

TEST_CASE("reports of a game without a hex scenario are written from the ids",
          "[game][simultaneous][report]") {
  TempDir tmp("simultaneous-reports");
  SimGame g(tmp.path(), true, 2,
            [](const game::Archive& a, const game::Post& post, const fs::path& folder) {
              adjutant::report::write_post_outputs(a, post, folder);
            });
  g.take(g.sign("north", move("n1", 5)));
  auto done = g.take(g.sign("south", move("s1", 12)));
  REQUIRE(done.adjudications.size() == 1);
  fs::path folder = g.dir / "turns" / done.adjudications.front().folder_name();
  REQUIRE(fs::is_directory(folder));
  int files = 0;
  for (const auto& f : fs::directory_iterator(folder)) files += f.is_regular_file() ? 1 : 0;
  CHECK(files > 2);  // post.json, events.json and the reports
  CHECK(game::verify_archive(g.dir).ok);
}
