// Fog of war through the game layer (docs/protocol.md 10a) with the
// test-only "hidden-pieces" ruleset: the umpire plays a whole game, each
// side's sealed copy is synced after every adjudication, and a byte search
// of every file of a side's copy finds none of the other side's hidden
// names and positions; verify on a copy checks what it can before the end
// and everything after the openings; a tampered opening or view is refused
// with its id, and a refusal changes nothing on disk.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <functional>

#include "game/adjudicate.h"
#include "game/fog.h"
#include "game/genesis.h"
#include "game/log.h"
#include "game/revisions.h"
#include "game/ruling.h"
#include "game/sign_orders.h"
#include "game/verify.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "mail/mime_parse.h"
#include "mail/saved_orders.h"
#include "mail/sealed_intake.h"
#include "report/turn_outputs.h"
#include "rulesets/hidden_pieces.h"
#include "support/cli_harness.h"
#include "support/error_id.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace fs = std::filesystem;
namespace game = adjutant::game;
namespace ledger = adjutant::ledger;
using adjutant::testing::error_id;
using adjutant::testing::folder_hash;
using adjutant::testing::TempDir;
using ledger::Json;

namespace {

struct FogGame {
  fs::path root;
  fs::path dir;
  std::map<std::string, std::pair<fs::path, fs::path>> keys;  // id -> key, chain

  game::TurnWriter writer;  // draws each turn folder's outputs; none by default

  explicit FogGame(const fs::path& r, int turns = 3, bool fog = true, game::TurnWriter outputs = {},
                   int protocol = game::kLatestProtocol)
      : root(r), dir(r / "umpire-copy"), writer(std::move(outputs)) {
    adjutant::testing::register_hidden_pieces();
    game::NewGame g;
    g.protocol = protocol;
    g.name = "fog-duel";
    g.created = "2026-01-01T00:00:00Z";
    g.deadline_hours = 24;
    g.scenario = adjutant::testing::hidden_pieces_scenario(turns, fog);
    g.scenario_text = g.scenario.dump(2) + "\n";
    for (const std::string id : {"north", "south", "umpire"}) {
      auto key = ledger::SigningKey::generate();
      auto chain = ledger::new_chain(16);
      keys[id] = {root / (id + ".pem"), root / (id + ".chain")};
      key.save_pem(keys[id].first);
      ledger::save_chain(keys[id].second, chain);
      g.cards.push_back(ledger::sign_envelope(
          ledger::kCardType, game::card_body("fog-duel", id, id, id + "@example.org", key, chain),
          key));
    }
    g.host = "umpire";
    game::create_archive(dir, g, ledger::SigningKey::load_pem(keys.at("umpire").first), writer);
  }

  // The umpire's clock: an hour on at each step, from the game's start or
  // from a time a test set (`at`), so a log's times never go back.
  std::int64_t at = adjutant::parse_rfc3339("2026-01-01T01:00:00Z");
  std::string next_at() {
    at += 3600;
    return adjutant::format_rfc3339(at);
  }

  void take_file(const fs::path& file) {
    game::AdjudicateOptions o;
    o.key = keys.at("umpire").first;
    o.chain = keys.at("umpire").second;
    o.secrets = root / "no-secrets";
    o.at = next_at();
    o.outputs = writer;
    game::adjudicate_file(dir, file, o);
  }

  // The side signs from its own sealed copy alone.
  // Each side keeps what it signed (game/revisions.h), as `adjutant sign`
  // does: a second file for a phase is its next revision.
  fs::path sign_from_copy(const std::string& side, const Json& moves) {
    fs::path secrets = root / ("secrets-" + side);
    Json env = game::sign_sealed(copy(side), {{"moves", moves}}, keys.at(side).first,
                                 keys.at(side).second, secrets);
    fs::path file = root / (side + "-from-copy.json");
    adjutant::write_file_atomic(file, env.dump(2) + "\n");
    game::remember_signed(secrets, env);
    return file;
  }

  void take(const std::string& side, const Json& moves) {
    fs::path file;
    {
      game::ReadGame rg(dir);
      fs::path secrets = root / ("secrets-" + side);
      Json env = game::sign_orders(
          rg.archive, rg.replay, side, ledger::SigningKey::load_pem(keys.at(side).first),
          ledger::load_chain(keys.at(side).second), {{"moves", moves}}, secrets);
      file = root / (side + "-orders.json");
      adjutant::write_file_atomic(file, env.dump(2) + "\n");
      game::remember_signed(secrets, env);
    }
    game::AdjudicateOptions o;
    o.key = keys.at("umpire").first;
    o.chain = keys.at("umpire").second;
    o.secrets = root / "no-secrets";
    o.at = next_at();
    o.outputs = writer;
    game::adjudicate_file(dir, file, o);
  }

  game::SealOptions umpire() const {
    game::SealOptions o;
    o.key = keys.at("umpire").first;
    o.secrets = root / "no-secrets";
    return o;
  }

  // Seals `side`'s copy and syncs the side's own copy from it.
  game::SyncResult deliver(const std::string& side) {
    fs::path out = root / ("outbox-" + side);
    game::seal_copy(dir, side, out, umpire());
    return game::sync_sealed(copy(side), out);
  }

  fs::path copy(const std::string& side) const { return root / (side + "-copy"); }
};

Json move(const std::string& piece, int to) {
  return Json::array({{{"piece", piece}, {"to", to}}});
}

// Every file under `dir`, its bytes concatenated with its name.
std::string all_bytes(const fs::path& dir) {
  std::string out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out += e.path().string() + "\n" + adjutant::read_file(e.path(), 1u << 26) + "\n";
  return out;
}

std::vector<std::string> lines_of(const fs::path& file) {
  std::vector<std::string> out;
  std::string text = adjutant::read_file(file, 1u << 26);
  for (std::size_t at = 0; at < text.size();) {
    std::size_t nl = text.find('\n', at);
    out.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return out;
}

void write_lines(const fs::path& file, const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  adjutant::write_file_atomic(file, text);
}

// The line re-signed by the umpire after `edit` changed its body.
std::string resigned(const std::string& line, const ledger::SigningKey& umpire,
                     const std::function<void(Json&)>& edit) {
  Json e = ledger::parse_strict(line, "line");
  edit(e["body"]);
  return game::make_entry_line(e["seq"].get<int>(), e["prev"].get<std::string>(),
                               e["kind"].get<std::string>(), e["body"], umpire);
}

}  // namespace

TEST_CASE("a fog-of-war game pins its scenario by a salted commitment", "[game][fog]") {
  TempDir tmp("fog-genesis");
  FogGame g(tmp.path());
  Json genesis = ledger::parse_strict(adjutant::read_file(g.dir / "game.json"), "game.json");
  // No plain hash of the scenario to try hidden starts against (10a).
  CHECK_FALSE(genesis["scenario"].contains("sha256"));
  REQUIRE(genesis.contains("fog"));
  CHECK(genesis["fog"].contains("scenario"));
  CHECK(genesis["fog"].contains("view:north"));
  CHECK(genesis["fog"].contains("view:south"));
  CHECK(fs::exists(g.dir / game::kFogSaltsFile));
  CHECK((fs::status(g.dir / game::kFogSaltsFile).permissions() & fs::perms::others_read) ==
        fs::perms::none);
  auto report = game::verify_archive(g.dir);
  INFO(report.message);
  CHECK(report.ok);
  // The umpire's copy without its salts cannot prove its scenario.
  std::string salts = adjutant::read_file(g.dir / game::kFogSaltsFile);
  fs::remove(g.dir / game::kFogSaltsFile);
  CHECK(game::verify_archive(g.dir).error_id == "verify.scenario");
  adjutant::write_file_atomic(g.dir / game::kFogSaltsFile, salts);
  // An edited scenario.json does not open the commitment.
  Json sc = ledger::parse_strict(adjutant::read_file(g.dir / "scenario.json"), "scenario");
  sc["pieces"]["south"][0]["at"] = 13;
  adjutant::write_file_atomic(g.dir / "scenario.json", sc.dump(2) + "\n");
  CHECK(game::verify_archive(g.dir).error_id == "verify.scenario");
}

TEST_CASE("each side's sealed copy hides the other's facts, verifies, and opens at the end",
          "[game][fog]") {
  TempDir tmp("fog-copy");
  FogGame g(tmp.path());
  // Turn 1: n2 5-9 and s1 14-10; turn 2: both onto square 10, a clash
  // drawn from the tin; turn 3: n1 2-3, s2 17-16.
  std::vector<std::pair<Json, Json>> turns = {
      {move("n2", 9), move("s1", 10)},
      {move("n2", 10), move("s2", 15)},
      {move("n1", 3), move("s2", 16)},
  };
  int turn = 0;
  for (const auto& [north, south] : turns) {
    ++turn;
    g.take("north", north);
    if (turn == 1) {
      // Mid-phase: north's file is in, south's awaited; north's copy has
      // its own order file opened.
      auto r = g.deliver("north");
      CHECK(r.added == 1);
      auto v = game::verify_sealed(g.copy("north"));
      INFO(v.message);
      CHECK(v.ok);
      CHECK(error_id([&] { game::reveal_game(g.dir); }) == "reveal.not_over");
    }
    g.take("south", south);
    for (const std::string side : {"north", "south"}) {
      auto r = g.deliver(side);
      CHECK(r.added > 0);
      auto v = game::verify_sealed(g.copy(side));
      INFO(side << " turn " << turn << ": " << v.where << " " << v.message);
      REQUIRE(v.ok);
      CHECK_FALSE(v.revealed);
      CHECK(v.adjudications == turn);
      CHECK(v.opened > 0);
      CHECK(v.commitments > v.opened);  // the other side's, not yet opened
      CHECK(v.text().find("not yet opened") != std::string::npos);
    }
  }
  {
    game::ReadGame rg(g.dir);
    REQUIRE(rg.replay.phase().side.empty());
  }
  // The command line: verify, status and sync on a side's copy (none of
  // them needs the rules before the openings).
  {
    fs::path copy = g.copy("north");
    auto v = adjutant::testing::run_adjutant("verify '" + copy.string() + "'");
    INFO(v.out << v.err);
    CHECK(v.exit == 0);
    CHECK(v.out.find("not yet opened") != std::string::npos);
    auto s = adjutant::testing::run_adjutant("status '" + copy.string() + "'");
    CHECK(s.exit == 0);
    CHECK(s.out.find("sealed copy of north") != std::string::npos);
    auto y = adjutant::testing::run_adjutant("sync '" + copy.string() + "' '" +
                                             (tmp.path() / "outbox-north").string() + "'");
    CHECK(y.exit == 0);
    CHECK(y.out.find("nothing new") != std::string::npos);
    // Both sides' copies at once, as verify takes many archives.
    auto both = adjutant::testing::run_adjutant("verify '" + copy.string() + "' '" +
                                                g.copy("south").string() + "'");
    INFO(both.out << both.err);
    CHECK(both.exit == 0);
    CHECK(both.out.find("2 verified, 0 failed") != std::string::npos);
    auto j = adjutant::testing::run_adjutant("verify --json '" + copy.string() + "'");
    Json report = ledger::parse_strict(j.out, "verify --json");
    CHECK(report["sealed"] == true);
    CHECK(report["not_yet_opened"].get<int>() > 0);
  }
  // Syncing again offers nothing new and changes nothing.
  std::string north_before = folder_hash(g.copy("north"));
  CHECK(g.deliver("north").added == 0);
  CHECK(folder_hash(g.copy("north")) == north_before);

  // Every byte of a side's copy: none of the other side's hidden names and
  // positions (the scenario's starts, the moves, the echo lines).
  std::string north_bytes = all_bytes(g.copy("north"));
  std::string south_bytes = all_bytes(g.copy("south"));
  for (const char* hidden : {"\"s1\"", "\"s2\"", "s1 moves", "s2 moves", "\"at\":14", "\"at\":17",
                             "\"at\": 14", "\"at\": 17", "\"pieces\""})
    CHECK(north_bytes.find(hidden) == std::string::npos);
  for (const char* hidden : {"\"n1\"", "\"n2\"", "n1 moves", "n2 moves", "\"at\":2,", "\"at\":5",
                             "\"at\": 2,", "\"at\": 5", "\"pieces\""})
    CHECK(south_bytes.find(hidden) == std::string::npos);
  // What a side may see is there: its own pieces and the clash's square.
  CHECK(north_bytes.find("\"n1\"") != std::string::npos);
  CHECK(north_bytes.find("\"square\":10") != std::string::npos);
  // Each copy holds its own side's part of the scenario (its pieces where
  // they start), the opening of a commitment the umpire signed outside the
  // log, and never the other side's part: the searches above cover it.
  for (const std::string side : {"north", "south"}) {
    Json p = ledger::parse_strict(adjutant::read_file(g.copy(side) / game::kPacketFile), "packet");
    REQUIRE(p.contains("commitments"));
    CHECK(p["commitments"].size() == 1);
    int parts = 0;
    for (const auto& o : p["openings"])
      if (o["kind"] == "scenario:" + side) {
        ++parts;
        CHECK(o["line"] == 0);
        CHECK(o["content"]["own"].size() == 2);
        CHECK(o["content"]["side"] == side);
      }
    CHECK(parts == 1);
    CHECK(game::verify_sealed(g.copy(side)).part);
  }
  CHECK(north_bytes.find("scenario:south") == std::string::npos);
  CHECK(south_bytes.find("scenario:north") == std::string::npos);
  CHECK(north_bytes.find("\"own\"") != std::string::npos);
  // The umpire's own copy holds everything.
  std::string umpire_bytes = adjutant::read_file(g.dir / "log.jsonl", 1u << 26);
  CHECK(umpire_bytes.find("\"s1\"") != std::string::npos);

  // The end: every opening published; each copy opens everything.
  CHECK(game::reveal_game(g.dir) > 0);
  for (const std::string side : {"north", "south"}) {
    g.deliver(side);
    auto v = game::verify_sealed(g.copy(side));
    INFO(side << ": " << v.where << " " << v.message);
    REQUIRE(v.ok);
    CHECK(v.revealed);
    CHECK(v.opened == v.commitments);
    CHECK(v.adjudications == 3);
    CHECK(v.dice == 1);  // the clash: one of two pieces drawn
    CHECK(v.text().find("every commitment opened") != std::string::npos);
  }
  // The packet and the fog-of-war genesis match their schemas.
  {
    fs::path out = tmp.path() / "validate.out";
    std::string command =
        "cd '" + std::string(ADJUTANT_SOURCE_DIR) +
        "' && /usr/bin/python3 tests/tools/validate_schemas.py --only --packet '" +
        (g.copy("north") / game::kPacketFile).string() + "' --genesis '" +
        (g.copy("north") / "game.json").string() + "' > '" + out.string() + "' 2>&1";
    int status = std::system(command.c_str());
    std::string text = adjutant::read_file(out, 1u << 20);
    INFO(text);
    CHECK(status == 0);
    CHECK(text.find("2 passed, 0 failed") != std::string::npos);
  }
  // Sealing again is stable: the same salts, the same bytes.
  std::string copy_log = adjutant::read_file(g.copy("north") / "log.jsonl", 1u << 26);
  game::seal_copy(g.dir, "north", tmp.path() / "again", g.umpire());
  CHECK(adjutant::read_file(tmp.path() / "again" / "log.jsonl", 1u << 26) == copy_log);
  // The umpire's archive still verifies as any archive.
  CHECK(game::verify_archive(g.dir).ok);

  auto umpire_key = ledger::SigningKey::load_pem(g.keys.at("umpire").first);
  fs::path north = g.copy("north");
  std::vector<std::string> lines = lines_of(north / "log.jsonl");
  std::string packet = adjutant::read_file(north / game::kPacketFile);
  auto restore = [&] {
    write_lines(north / "log.jsonl", lines);
    adjutant::write_file_atomic(north / game::kPacketFile, packet);
    REQUIRE(game::verify_sealed(north).ok);
  };
  int adj_line = -1;
  for (std::size_t n = 0; n < lines.size(); ++n)
    if (lines[n].find("\"kind\":\"sealed-adjudication\"") != std::string::npos) {
      adj_line = int(n);
      break;
    }
  REQUIRE(adj_line > 0);

  SECTION("an opening of the packet that does not hash to its commitment") {
    Json p = ledger::parse_strict(packet, "packet");
    for (auto& o : p["openings"])
      if (o["kind"] == "view:north" && o["line"] == adj_line) o["content"]["turn"] = 9;
    adjutant::write_file_atomic(north / game::kPacketFile, p.dump());
    CHECK(game::verify_sealed(north).error_id == "verify.opening");
    restore();
  }
  SECTION("an opening of the openings entry that does not hash to its commitment") {
    auto bad = lines;
    bad.back() = resigned(bad.back(), umpire_key, [&](Json& b) {
      for (auto& o : b["openings"])
        if (o["kind"] == "state" && o["line"] == adj_line) o["content"]["turn"] = 9;
    });
    write_lines(north / "log.jsonl", bad);
    CHECK(game::verify_sealed(north).error_id == "verify.opening");
    restore();
  }
  SECTION("a false view, committed and opened, re-signed by the umpire") {
    // The umpire shows north one enemy piece fewer than the replay leaves.
    Json false_view;
    std::string salt;
    auto bad = lines;
    bad.back() = resigned(bad.back(), umpire_key, [&](Json& b) {
      for (auto& o : b["openings"])
        if (o["kind"] == "view:north" && o["line"] == adj_line) {
          o["content"]["extra"]["enemy_pieces"] = 1;
          false_view = o["content"];
          salt = ledger::from_hex(o["salt"].get<std::string>());
        }
    });
    REQUIRE_FALSE(false_view.is_null());
    bad[std::size_t(adj_line)] = resigned(bad[std::size_t(adj_line)], umpire_key, [&](Json& b) {
      b["commit"]["view:north"] = game::commit_hex("view:north", salt, false_view);
    });
    Json p = ledger::parse_strict(packet, "packet");
    for (auto& o : p["openings"])
      if (o["kind"] == "view:north" && o["line"] == adj_line) o["content"] = false_view;
    write_lines(north / "log.jsonl", bad);
    adjutant::write_file_atomic(north / game::kPacketFile, p.dump());
    auto v = game::verify_sealed(north);
    INFO(v.message);
    CHECK(v.error_id == "verify.view");
    restore();
  }
  SECTION("a part of the scenario that does not hash to its signed commitment") {
    Json p = ledger::parse_strict(packet, "packet");
    for (auto& o : p["openings"])
      if (o["kind"] == "scenario:north") o["content"]["own"][0]["at"] = 3;
    adjutant::write_file_atomic(north / game::kPacketFile, p.dump());
    CHECK(game::verify_sealed(north).error_id == "verify.opening");
    restore();
  }
  SECTION("a part's commitment signed by another key than the umpire's") {
    Json p = ledger::parse_strict(packet, "packet");
    auto north_key = ledger::SigningKey::load_pem(g.keys.at("north").first);
    p["commitments"][0] =
        ledger::sign_envelope(game::kFogCommitmentType, p["commitments"][0]["body"], north_key);
    adjutant::write_file_atomic(north / game::kPacketFile, p.dump());
    CHECK(game::verify_sealed(north).error_id == "verify.signature");
    restore();
  }
  SECTION("a false part, committed and signed by the umpire, fails at the end") {
    // The umpire shows north a piece where the scenario has none.
    Json p = ledger::parse_strict(packet, "packet");
    std::string salt;
    Json false_part;
    for (auto& o : p["openings"])
      if (o["kind"] == "scenario:north") {
        o["content"]["own"][0]["at"] = 3;
        false_part = o["content"];
        salt = ledger::from_hex(o["salt"].get<std::string>());
      }
    REQUIRE_FALSE(false_part.is_null());
    Json body = p["commitments"][0]["body"];
    body["commit"] = game::commit_hex("scenario:north", salt, false_part);
    p["commitments"][0] = ledger::sign_envelope(game::kFogCommitmentType, body, umpire_key);
    adjutant::write_file_atomic(north / game::kPacketFile, p.dump());
    auto v = game::verify_sealed(north);
    INFO(v.message);
    CHECK(v.error_id == "verify.view");
    restore();
  }
  SECTION("a copy sealed before parts of the scenario were sealed still verifies") {
    Json p = ledger::parse_strict(packet, "packet");
    p.erase("commitments");
    Json kept = Json::array();
    for (const auto& o : p["openings"])
      if (o["kind"] != "scenario:north") kept.push_back(o);
    p["openings"] = kept;
    adjutant::write_file_atomic(north / game::kPacketFile, p.dump());
    auto v = game::verify_sealed(north);
    INFO(v.message);
    CHECK(v.ok);
    CHECK_FALSE(v.part);
    CHECK(v.opened == v.commitments);
    restore();
  }
  SECTION("events in clear that are not the events opened") {
    auto bad = lines;
    bad[std::size_t(adj_line)] = resigned(bad[std::size_t(adj_line)], umpire_key,
                                          [&](Json& b) { b["visible"] = Json::array(); });
    write_lines(north / "log.jsonl", bad);
    CHECK(game::verify_sealed(north).error_id == "verify.view");
    restore();
  }
  SECTION("a byte changed in a sealed line") {
    auto bad = lines;
    auto at = bad[std::size_t(adj_line)].find("\"turn\":1");
    REQUIRE(at != std::string::npos);
    bad[std::size_t(adj_line)].replace(at, 8, "\"turn\":2");
    write_lines(north / "log.jsonl", bad);
    CHECK(game::verify_sealed(north).error_id == "verify.signature");
    restore();
  }
}

TEST_CASE("a sync offering a tampered packet or line changes nothing", "[game][fog]") {
  TempDir tmp("fog-sync");
  FogGame g(tmp.path(), 2);
  g.take("north", move("n2", 9));
  g.take("south", move("s1", 10));
  g.deliver("north");
  REQUIRE(game::verify_sealed(g.copy("north")).ok);
  g.take("north", move("n1", 4));
  g.take("south", move("s1", 12));
  fs::path out = tmp.path() / "outbox-north";
  game::seal_copy(g.dir, "north", out, g.umpire());
  std::string before = folder_hash(g.copy("north"));

  // North's own order file in the packet, edited.
  std::string packet = adjutant::read_file(out / game::kPacketFile);
  Json p = ledger::parse_strict(packet, "packet");
  for (auto& o : p["openings"])
    if (o["kind"] == "orders") o["content"]["body"]["moves"][0]["to"] = 6;
  adjutant::write_file_atomic(out / game::kPacketFile, p.dump());
  CHECK(error_id([&] { game::sync_sealed(g.copy("north"), out); }) == "verify.opening");
  CHECK(folder_hash(g.copy("north")) == before);
  adjutant::write_file_atomic(out / game::kPacketFile, packet);

  // A player's link changed in the last sealed line's seed terms (re-signed
  // by the umpire).
  auto lines = lines_of(out / "log.jsonl");
  auto umpire_key = ledger::SigningKey::load_pem(g.keys.at("umpire").first);
  auto bad = lines;
  bad.back() = resigned(bad.back(), umpire_key,
                        [](Json& b) { b["reveals"][0]["s"] = std::string(64, '0'); });
  write_lines(out / "log.jsonl", bad);
  CHECK(error_id([&] { game::sync_sealed(g.copy("north"), out); }) == "verify.reveal");
  CHECK(folder_hash(g.copy("north")) == before);
  // From protocol 2 the seed is committed, never in clear (10a).
  bad = lines;
  bad.back() = resigned(bad.back(), umpire_key, [](Json& b) { b["seed"] = std::string(64, '0'); });
  write_lines(out / "log.jsonl", bad);
  CHECK(error_id([&] { game::sync_sealed(g.copy("north"), out); }) == "verify.sealed");
  CHECK(folder_hash(g.copy("north")) == before);
  // The adjudication naming the first turn's order lines (re-signed).
  bad = lines;
  bad.back() = resigned(bad.back(), umpire_key, [](Json& b) { b["orders"] = Json::array({1, 2}); });
  write_lines(out / "log.jsonl", bad);
  CHECK(error_id([&] { game::sync_sealed(g.copy("north"), out); }) == "verify.adjudication");
  CHECK(folder_hash(g.copy("north")) == before);
  // The other side's packet is not this copy's.
  game::seal_copy(g.dir, "south", tmp.path() / "outbox-south", g.umpire());
  CHECK(error_id([&] { game::sync_sealed(g.copy("north"), tmp.path() / "outbox-south"); }) ==
        "sync.fork");
  CHECK(folder_hash(g.copy("north")) == before);
  // Whole, it syncs.
  write_lines(out / "log.jsonl", lines);
  CHECK(game::sync_sealed(g.copy("north"), out).added == 3);  // two files, one adjudication
  CHECK(game::verify_sealed(g.copy("north")).ok);
}

TEST_CASE("seal and reveal refuse what is not theirs", "[game][fog]") {
  TempDir tmp("fog-refusals");
  FogGame g(tmp.path(), 2);
  std::string before = folder_hash(g.dir);
  CHECK(error_id([&] { game::seal_copy(g.dir, "umpire", tmp.path() / "o", g.umpire()); }) ==
        "seal.side");
  CHECK_FALSE(fs::exists(tmp.path() / "o"));
  CHECK(error_id([&] { game::seal_copy(g.dir, "north", g.dir, g.umpire()); }) == "seal.out");
  CHECK(error_id([&] { game::reveal_game(g.dir); }) == "reveal.not_over");
  CHECK(folder_hash(g.dir) == before);
  // A game without fog has one log for everybody.
  TempDir other("fog-refusals-clear");
  FogGame clear(other.path(), 2, false);
  CHECK(error_id([&] { game::reveal_game(clear.dir); }) == "seal.not_fog");
  CHECK(error_id([&] {
          game::seal_copy(clear.dir, "north", other.path() / "o", clear.umpire());
        }) == "seal.not_fog");
}

TEST_CASE("a side's reports and mail of a fog-of-war game name nothing hidden", "[game][fog]") {
  TempDir tmp("fog-reports");
  FogGame g(tmp.path(), 2, true,
            [](const game::Archive& a, const game::Post& post, const fs::path& folder) {
              adjutant::report::write_post_outputs(a, post, folder);
            });
  g.take("north", move("n2", 9));
  g.take("south", move("s1", 10));
  int files = 0, told = 0;
  for (const auto& e : fs::recursive_directory_iterator(g.dir / "turns")) {
    std::string name = e.path().filename().string();
    if (!e.is_regular_file() || name.find("north") == std::string::npos) continue;
    std::string bytes = adjutant::read_file(e.path(), 1u << 26);
    INFO(e.path().string());
    // No south piece, no south square, no umpire log line or scenario.
    for (const char* hidden : {"s1", "s2", "14-10", "\"pieces\"", "x-ndjson"}) {
      auto at = bytes.find(hidden);
      INFO(hidden << ": "
                  << (at == std::string::npos ? "" : bytes.substr(at > 80 ? at - 80 : 0, 200)));
      CHECK(at == std::string::npos);
    }
    // The mail tells how a sealed copy travels, never to take log lines from it.
    CHECK(bytes.find("log-*.jsonl") == std::string::npos);
    CHECK(bytes.find("adjutant import invite.eml") == std::string::npos);
    if (bytes.find("SEALED-COPY") != std::string::npos) ++told;
    ++files;
  }
  CHECK(files >= 4);  // the invitation and the turn: reports and mail
  CHECK(told >= 2);
  // Both sides of the simultaneous phase are told how to answer, from their
  // sealed copies: a JSON order file signed against the copy (its text
  // orders would need the scenario the copy does not hold), no order page.
  for (const char* side : {"north", "south"}) {
    int answer = 0;
    for (const auto& e : fs::recursive_directory_iterator(g.dir / "turns")) {
      std::string name = e.path().filename().string();
      if (!e.is_regular_file() || name.find(side) == std::string::npos) continue;
      std::string bytes = adjutant::read_file(e.path(), 1u << 26);
      INFO(e.path().string());
      CHECK(bytes.find("--orders") == std::string::npos);
      if (bytes.find("adjutant sign orders.json --game COPY") != std::string::npos) ++answer;
    }
    INFO(side);
    CHECK(answer >= 1);
  }
}

TEST_CASE("a ruling is the same line in every copy, and opens with the rest", "[game][fog]") {
  TempDir tmp("fog-nmr");
  FogGame g(tmp.path(), 2);
  g.take("north", move("n1", 4));
  game::AdjudicateOptions o;
  o.key = g.keys.at("umpire").first;
  o.chain = g.keys.at("umpire").second;
  o.secrets = tmp.path() / "no-secrets";
  o.at = "2026-01-02T12:00:00Z";  // past the 24-hour deadline
  REQUIRE(game::rule_nmr(g.dir, "no orders from south", o).adjudications.size() == 1);
  g.at = adjutant::parse_rfc3339(o.at);
  g.take("north", move("n1", 6));
  g.take("south", move("s2", 15));
  std::string ruling = lines_of(g.dir / "log.jsonl").at(2);
  REQUIRE(ruling.find("\"kind\":\"ruling\"") != std::string::npos);
  CHECK(game::reveal_game(g.dir) > 0);
  for (const std::string side : {"north", "south"}) {
    g.deliver(side);
    CHECK(lines_of(g.copy(side) / "log.jsonl").at(2) == ruling);
    auto v = game::verify_sealed(g.copy(side));
    INFO(side << ": " << v.where << " " << v.message);
    CHECK(v.ok);
    CHECK(v.revealed);
    CHECK(v.adjudications == 2);
  }
}

TEST_CASE("a side signs its orders from its sealed copy alone", "[game][fog]") {
  TempDir tmp("fog-sign");
  FogGame g(tmp.path(), 2);
  for (int turn = 1; turn <= 2; ++turn) {
    g.deliver("north");
    g.deliver("south");
    g.take_file(g.sign_from_copy("north", move("n1", 2 + turn)));
    // A corrected file from the same copy reveals the same link again.
    g.deliver("north");
    fs::path corrected = g.sign_from_copy("north", move("n2", 5 + turn));
    g.take_file(corrected);
    if (turn == 1) {
      // A copy sealed before sealed copies carried the side's part of the
      // scenario verifies, and text orders on it are refused with
      // sign.sealed_text; syncing the umpire's latest sealed copy brings
      // the part.
      fs::path copy = g.copy("south");
      Json p = ledger::parse_strict(adjutant::read_file(copy / game::kPacketFile), "packet");
      p.erase("commitments");
      Json kept = Json::array();
      for (const auto& o : p["openings"])
        if (o["kind"] != "scenario:south") kept.push_back(o);
      p["openings"] = kept;
      adjutant::write_file_atomic(copy / game::kPacketFile, p.dump(2) + "\n");
      REQUIRE(game::verify_sealed(copy).ok);
      CHECK_FALSE(game::verify_sealed(copy).part);
      fs::path text = tmp.path() / "south-orders.txt";
      adjutant::write_file_atomic(text, "s2 16\n");
      auto run = adjutant::testing::run_adjutant(
          "sign '" + text.string() + "' --game '" + copy.string() + "' --key '" +
          g.keys.at("south").first.string() + "' --chain '" + g.keys.at("south").second.string() +
          "' --secrets '" + (tmp.path() / "no-secrets").string() + "'");
      CHECK(run.exit == 2);
      CHECK(run.err.find("sign.sealed_text") != std::string::npos);
      CHECK(error_id([&] { game::open_sealed_orders(copy); }) == "sign.sealed_text");
      g.deliver("south");
      CHECK(game::verify_sealed(copy).part);
      g.take_file(g.sign_from_copy("south", move("s2", 17 - turn)));
      continue;
    }
    // By the command line: JSON orders, signed from the copy.
    fs::path body = tmp.path() / "south-orders.json";
    adjutant::write_file_atomic(body, Json{{"moves", move("s2", 15)}}.dump() + "\n");
    fs::path signed_file = tmp.path() / "south-signed.json";
    auto run = adjutant::testing::run_adjutant(
        "sign '" + body.string() + "' --game '" + g.copy("south").string() + "' --key '" +
        g.keys.at("south").first.string() + "' --chain '" + g.keys.at("south").second.string() +
        "' --secrets '" + (tmp.path() / "no-secrets").string() + "' --out '" +
        signed_file.string() + "'");
    INFO(run.out << run.err);
    REQUIRE(run.exit == 0);
    CHECK(run.out.find("for south, turn 2") != std::string::npos);
    g.take_file(signed_file);
  }
  {
    game::ReadGame rg(g.dir);
    CHECK(rg.replay.phase().side.empty());
    CHECK(rg.replay.state().adjudications == 2);
  }
  g.deliver("north");
  auto v = game::verify_sealed(g.copy("north"));
  INFO(v.message);
  CHECK(v.ok);
  // The game is over: nothing is due.
  CHECK(error_id([&] { g.sign_from_copy("north", Json::array()); }) == "sign.not_due");
  // Another side's key is refused.
  CHECK(error_id([&] {
          game::sign_sealed(g.copy("south"), {{"moves", Json::array()}}, g.keys.at("north").first,
                            g.keys.at("south").second, tmp.path() / "no-secrets");
        }) == "adjudicate.wrong_key");
}

namespace {

// The mail of each post to `party`, in log order.
std::vector<fs::path> mails_to(const fs::path& game, const std::string& party) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(game / "turns"))
    if (fs::exists(e.path() / ("mail-" + party + ".eml")))
      out.push_back(e.path() / ("mail-" + party + ".eml"));
  std::sort(out.begin(), out.end());
  return out;
}

// Each file of a copy, by name.
std::map<std::string, std::string> copy_files(const fs::path& copy) {
  std::map<std::string, std::string> out;
  for (const char* f : {"game.json", "log.jsonl", "packet.json"})
    out[f] = adjutant::read_file(copy / f, 1u << 26);
  return out;
}

}  // namespace

TEST_CASE("a side's sealed copy travels in the umpire's mails, byte for byte what seal writes",
          "[game][fog][mail]") {
  TempDir tmp("fog-mail");
  fs::path root = tmp.path();
  // The umpire's writer, with its key at hand: each side's mail carries its
  // sealed post.
  FogGame g(root, 2, true,
            [root](const game::Archive& a, const game::Post& post, const fs::path& folder) {
              auto key = ledger::SigningKey::load_pem(root / "umpire.pem");
              adjutant::report::write_post_outputs(a, post, folder, true, &key);
            });
  auto sync_mail = [&](const std::string& side, const fs::path& mail) {
    return adjutant::testing::run_adjutant("sync '" + (root / ("mailed-" + side)).string() + "' '" +
                                           mail.string() + "'");
  };
  // The invitation makes each side's copy; turn 1's result brings it up to date.
  g.take("north", move("n2", 9));
  g.take("south", move("s1", 10));
  for (const std::string side : {"north", "south"}) {
    auto mails = mails_to(g.dir, side);
    REQUIRE(mails.size() == 2);
    for (const fs::path& m : mails) {
      auto r = sync_mail(side, m);
      INFO(side << " " << m.string() << "\n" << r.out << r.err);
      REQUIRE(r.exit == 0);
      CHECK(r.out.find(m == mails.front() ? "made " : "added ") != std::string::npos);
    }
    // What seal writes now, synced into a new copy: the very same files,
    // the phase due among them.
    fs::path sealed = root / ("sealed-" + side + "-t1");
    game::seal_copy(g.dir, side, root / ("outbox-t1-" + side), g.umpire());
    game::sync_sealed(sealed, root / ("outbox-t1-" + side));
    CHECK(copy_files(root / ("mailed-" + side)) == copy_files(sealed));
    CHECK(copy_files(sealed)["packet.json"].find("\"due\"") != std::string::npos);
  }
  g.take("north", move("n2", 10));
  g.take("south", move("s2", 15));
  for (const std::string side : {"north", "south"}) {
    auto mails = mails_to(g.dir, side);
    REQUIRE(mails.size() == 3);
    auto r = sync_mail(side, mails.back());
    INFO(r.out << r.err);
    REQUIRE(r.exit == 0);
    // Syncing a mail again adds nothing.
    std::string before = folder_hash(root / ("mailed-" + side));
    auto again = sync_mail(side, mails.back());
    CHECK(again.out.find("nothing new") != std::string::npos);
    CHECK(folder_hash(root / ("mailed-" + side)) == before);
    g.deliver(side);
    CHECK(copy_files(root / ("mailed-" + side)) == copy_files(g.copy(side)));
    auto v = game::verify_sealed(root / ("mailed-" + side));
    INFO(v.message);
    CHECK(v.ok);
    CHECK(v.adjudications == 2);
    // No mail of this side is an order file to intake.
    for (const fs::path& m : mails) CHECK(adjutant::mail::order_files_in_mail(m).empty());
  }
  // What each side's mails carry names nothing of the other side's.
  for (const std::string side : {"north", "south"}) {
    std::string carried;
    for (const fs::path& m : mails_to(g.dir, side)) {
      auto message = adjutant::mail::parse_message(adjutant::read_file(m, 1u << 26));
      auto posts = adjutant::mail::sealed_posts(message, m.string());
      REQUIRE(posts.size() == 1);
      CHECK(posts[0]["side"] == side);
      carried += posts[0].dump() + "\n";
      // The mail says how: the invitation makes the copy, a result brings it up to date.
      for (const auto* part : adjutant::mail::leaves(message))
        if (part->content_type == "text/plain")
          CHECK(part->body.find(m.parent_path().filename() == "000-genesis"
                                    ? "adjutant sync umpire-copy invite.eml"
                                    : "adjutant sync COPY THIS-MAIL.eml") != std::string::npos);
    }
    std::vector<std::string> hidden =
        side == "north"
            ? std::vector<std::string>{"\"s1\"",    "\"s2\"",    "s1 moves",  "s2 moves",
                                       "\"at\":14", "\"at\":17", "\"pieces\""}
            : std::vector<std::string>{"\"n1\"",    "\"n2\"",   "n1 moves",  "n2 moves",
                                       "\"at\":2,", "\"at\":5", "\"pieces\""};
    for (const auto& h : hidden) {
      INFO(side << ": " << h);
      CHECK(carried.find(h) == std::string::npos);
    }
  }
  // The umpire's own mail carries none; a side's mail offered to the other
  // side's copy is refused and changes nothing.
  for (const fs::path& m : mails_to(g.dir, "umpire"))
    CHECK(adjutant::mail::sealed_posts(
              adjutant::mail::parse_message(adjutant::read_file(m, 1u << 26)), m.string())
              .empty());
  std::string north = folder_hash(root / "mailed-north");
  auto wrong = sync_mail("north", mails_to(g.dir, "south").back());
  CHECK(wrong.exit == 1);
  CHECK(wrong.err.find("[sync.packet]") != std::string::npos);
  CHECK(folder_hash(root / "mailed-north") == north);
  // A new copy starts from the invitation, not from a later mail.
  auto late = adjutant::testing::run_adjutant("sync '" + (root / "late").string() + "' '" +
                                              mails_to(g.dir, "north").back().string() + "'");
  CHECK(late.exit == 1);
  CHECK(late.err.find("[sync.gap]") != std::string::npos);
  CHECK_FALSE(fs::exists(root / "late"));
}
