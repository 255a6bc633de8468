// The player page's engine (web/player.h) as the page drives it, with
// every hash, verdict and signature answered from outside the engine
// (tests/support/page_engine.h stands for the browser's WebCrypto): it
// verifies as `adjutant verify` does, refuses what `adjutant sync`
// refuses with the same ids, and writes the very bytes `adjutant join`,
// `new`, `sign` and `adjudicate` write.
#include <regex>

#include <catch2/catch.hpp>

#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "support/page_engine.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::PageEngine;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;
namespace ledger = adjutant::ledger;

namespace {

fs::path sample(const std::string& name) {
  return source_dir() / "samples" / "games" / name;
}

Json open_game(PageEngine& page, const fs::path& dir) {
  Json scenario = ledger::parse_strict(read_file(dir / "scenario.json"), "scenario.json");
  Json opened = page.ask({{"op", "game.open"},
                          {"log", read_file(dir / "log.jsonl", 1u << 26)},
                          {"scenario", scenario}});
  REQUIRE(opened.value("ok", false));
  return page.ask({{"op", "game.verify"}});
}

// A whole game a script of tests/tools plays in headless Chromium, in a
// folder of its own: what it prints, read. Every such game ends with no page
// error and no network request (the page asks the network for nothing).
Json played(const std::string& script, const std::string& tag) {
  TempDir tmp(tag);
  auto r = adjutant::testing::run_command(
      "/usr/bin/python3 '" + (source_dir() / "tests" / "tools" / script).string() + "' '" +
      std::string(ADJUTANT_BINARY) + "' '" + source_dir().string() + "' '" +
      (tmp.path() / "work").string() + "'");
  INFO(r.out);
  REQUIRE(r.exit == 0);
  Json out = Json::parse(r.out.substr(r.out.find('{')));
  CHECK_FALSE(out.contains("failure"));
  CHECK(out["errors"].empty());
  CHECK(out["requests"].empty());
  return out;
}

}  // namespace

TEST_CASE("the page's engine verifies every sample as verify does, asking every hash of the page",
          "[web][player]") {
  for (const char* name :
       {"skirmish-bot-p2", "skirmish-noumpire", "ah1961-bot", "hooker-lee-2006-bot"}) {
    PageEngine page;
    Json v = open_game(page, sample(name));
    INFO(name << ": " << v.dump());
    CHECK(v["ok"] == true);
    // The engine holds no cryptography: it asked for every hash it used.
    CHECK(page.rounds() > 0);
    auto cli = run_adjutant("status --json " + sample(name).string());
    Json status = page.ask({{"op", "game.status"}, {"side", ""}});
    Json expected = Json::parse(cli.out);
    CHECK(status["head"] == expected["head"]);
    CHECK(status["lines"] == v["lines"]);
  }
}

TEST_CASE("the page refuses a tampered line with the id sync gives it, and keeps its copy",
          "[web][player]") {
  TempDir tmp("page-tamper");
  fs::path dir = tmp.path() / "game";
  fs::copy(sample("skirmish-bot-p2"), dir, fs::copy_options::recursive);
  std::string log = read_file(dir / "log.jsonl", 1u << 26);
  // The copy before the last two lines, and the lines a result mail brings.
  std::vector<std::string> lines;
  for (std::size_t at = 0, nl; (nl = log.find('\n', at)) != std::string::npos; at = nl + 1)
    lines.push_back(log.substr(at, nl - at));
  std::string head, tail;
  for (std::size_t i = 0; i < lines.size(); ++i)
    (i + 2 < lines.size() ? head : tail) += lines[i] + "\n";
  // The state hash changed in the adjudication, nothing re-signed.
  std::string forged = tail;
  std::size_t v = forged.find("\"state\":\"");
  REQUIRE(v != std::string::npos);
  forged[v + 9] = forged[v + 9] == '0' ? '1' : '0';
  write_file_atomic(dir / "log.jsonl", head);
  write_file_atomic(tmp.path() / "forged.jsonl", forged);

  PageEngine page;
  Json scenario = ledger::parse_strict(read_file(dir / "scenario.json"), "scenario");
  REQUIRE(page.ask({{"op", "game.open"}, {"log", head}, {"scenario", scenario}})["ok"] == true);
  REQUIRE(page.ask({{"op", "game.verify"}})["ok"] == true);
  Json refused = page.ask({{"op", "game.offer"}, {"lines", forged}});
  auto cli = run_adjutant("sync " + dir.string() + " " + (tmp.path() / "forged.jsonl").string());
  INFO(refused.dump() << "\n" << cli.err);
  CHECK(refused["ok"] == false);
  CHECK(cli.exit == 3);
  CHECK(cli.err.find("[" + refused["error"].get<std::string>() + "]") != std::string::npos);
  // Nothing was kept: the true lines are taken after it.
  Json status = page.ask({{"op", "game.status"}, {"side", ""}});
  CHECK(status["lines"] == lines.size() - 2);
  Json taken = page.ask({{"op", "game.offer"}, {"lines", tail}});
  CHECK(taken["ok"] == true);
  CHECK(taken["lines"] == lines.size());
}

TEST_CASE("the page's card, genesis, signed orders and adjudication are the command line's bytes",
          "[web][player]") {
  TempDir tmp("page-bytes");
  fs::path work = tmp.path();
  adjutant::testing::ScopedSecrets secrets(work / "secrets");
  PageEngine page;
  for (const char* side : {"union", "confederate"}) {
    std::string s = side;
    fs::copy_file(source_dir() / "samples" / "keys" / (s + ".key"), work / (s + ".key"));
    fs::permissions(work / (s + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    fs::copy_file(source_dir() / "samples" / "keys" / "chains" / "skirmish-bot-p2" / (s + ".chain"),
                  work / (s + ".key.chain"));
    page.hold(work / (s + ".key"));
  }
  auto must = [&](const std::string& args) {
    auto r = run_adjutant(args, work);
    INFO("adjutant " << args << "\n" << r.out << r.err);
    REQUIRE(r.exit == 0);
  };
  auto chain_of = [&](const std::string& side) {
    return ledger::load_chain(work / (side + ".key.chain"));
  };
  // Cards: the page's from the same key and chain as `adjutant join`'s.
  Json cards = Json::array();
  for (const char* side : {"union", "confederate"}) {
    std::string s = side;
    must("join --chain " + s + ".key.chain --game skirmish-bot-p2 --side " + s + " --name " + s +
         " --email " + s + "@example.org --key " + s + ".key --out " + s + ".card.json");
    auto chain = chain_of(s);
    auto key = ledger::SigningKey::load_pem(work / (s + ".key"));
    Json card = page.ask({{"op", "card"},
                          {"game", "skirmish-bot-p2"},
                          {"party", s},
                          {"name", s},
                          {"email", s + "@example.org"},
                          {"key", ledger::base64url(key.public_raw())},
                          {"anchor", ledger::to_hex(ledger::anchor(chain))},
                          {"length", chain.length}});
    CHECK(card["text"] == read_file(work / (s + ".card.json")));
    cards.push_back(card["card"]);
  }
  // Genesis: hosted by the union, from both cards.
  must("new game --name skirmish-bot-p2 --scenario '" +
       (source_dir() / "scenarios" / "bluegray-skirmish.json").string() +
       "' --card union.card.json --card confederate.card.json --key union.key "
       "--created 2026-11-01T09:00:00Z --no-outputs");
  Json scenario = ledger::parse_strict(
      read_file(source_dir() / "scenarios" / "bluegray-skirmish.json"), "scenario");
  Json genesis = page.ask({{"op", "genesis"},
                           {"name", "skirmish-bot-p2"},
                           {"created", "2026-11-01T09:00:00Z"},
                           {"scenario", scenario},
                           {"cards", cards},
                           {"host", "union"}});
  CHECK(genesis["log"] == read_file(work / "game" / "log.jsonl"));
  CHECK(genesis["game_json"] == read_file(work / "game" / "game.json"));

  // Orders: the confederate's first, signed by the page and by `sign`.
  REQUIRE(page.ask({{"op", "game.open"}, {"log", genesis["log"]}, {"scenario", scenario}})["ok"] ==
          true);
  REQUIRE(page.ask({{"op", "game.verify"}})["ok"] == true);
  Json status = page.ask({{"op", "game.status"}, {"side", "confederate"}});
  std::uint32_t m = status["order_links"]["confederate"].get<std::uint32_t>();
  Json body = ledger::parse_strict(
      read_file(source_dir() / "samples" / "orders" / "skirmish" / "01-t1-confederate.json"), "b");
  Json signed_file = page.ask(
      {{"op", "game.sign"},
       {"side", "confederate"},
       {"body", body},
       {"link", {{"m", m}, {"s", ledger::to_hex(ledger::link(chain_of("confederate"), m))}}},
       {"previous", nullptr}});
  INFO(signed_file.dump());
  must("sign " +
       (source_dir() / "samples" / "orders" / "skirmish" / "01-t1-confederate.json").string() +
       " --game game --key confederate.key --out c1.json");
  CHECK(signed_file["text"] == read_file(work / "c1.json"));

  // The union adjudicates it on the page, and with `adjudicate`.
  std::uint32_t i = status["links"]["union"].get<std::uint32_t>();
  Json done =
      page.ask({{"op", "game.adjudicate"},
                {"envelope", signed_file["envelope"]},
                {"link", {{"m", i}, {"s", ledger::to_hex(ledger::link(chain_of("union"), i))}}},
                {"at", "2026-11-02T18:00:00Z"}});
  INFO(done.dump());
  REQUIRE(done["ok"] == true);
  must(
      "adjudicate game c1.json --key union.key --chain union.key.chain --at 2026-11-02T18:00:00Z "
      "--no-outputs");
  std::string cli_log = read_file(work / "game" / "log.jsonl", 1u << 26);
  std::string page_log = genesis["log"].get<std::string>();
  for (const auto& l : done["added"]) page_log += l.get<std::string>() + "\n";
  CHECK(page_log == cli_log);
  Json files = page.ask({{"op", "game.files"}});
  CHECK(files["files"]["state.json"] == read_file(work / "game" / "state.json"));
}

// A whole game from a browser: the confederate plays in player pages only
// (its orders signed, and the union's adjudicated, in headless Chromium with
// WebCrypto), the union with the command line; mail passes as files.
TEST_CASE("a whole training game: one side in player pages, the other with the command line",
          "[web][player-page]") {
  Json out = played("play_game.py", "play-game");
  // Eight game-turns, sixteen player-turns, to the end of the game.
  CHECK(out["phases"].size() == 16);
  int marked = 0;
  for (const auto& p : out["phases"]) {
    if (p["due"] == "confederate") {
      CHECK(p["sync"] == "ok");
      // Its orders' adjudication drawn on the map (a turn may move nothing).
      marked += p["marks"].get<int>() > 0 ? 1 : 0;
    }
    if (p["due"] == "union") {
      CHECK(p["check"] == "ok");
      CHECK(p["cli_sync"] == 0);
      // The next page the confederate's page mails is the union's page
      // `adjutant view --play` writes, byte for byte.
      CHECK(p["same_page"] == true);
    }
  }
  CHECK(marked >= 4);
  // On its first turn a counter of the side clicked, then the map: the page
  // writes the move as text, "UNIT HEX" (player_map.js).
  REQUIRE(out["phases"][0].contains("picked"));
  const std::string picked = out["phases"][0]["picked"].get<std::string>();
  const std::string unit = picked.substr(0, picked.find('|'));
  INFO(picked);
  CHECK_FALSE(unit.empty());
  CHECK(std::regex_match(
      picked.substr(picked.find('|') + 1),
      std::regex(std::regex_replace(unit, std::regex(R"([.^$|()\[\]{}*+?/])"), R"(\$&)") +
                 " [0-9]{4}\n")));
  CHECK(out["same_log"] == true);  // both copies end byte-identical
  CHECK(out["verify"] == 0);
  Json status = Json::parse(out["page_status"].get<std::string>());
  CHECK(status["over"] == true);
}

// Two players with browsers alone (docs/play-in-browser.md "Host from the
// page"): the union's join page invites the confederate and makes the game
// from its card; every player-turn is signed in one page and adjudicated in
// the other, to the end of the game.
TEST_CASE("a whole training game in pages on both sides, hosted from a page",
          "[web][player-page]") {
  Json out = played("host_game.py", "host-game");
  CHECK(out["host_shown"] == true);
  // The host's first page is the page `adjutant view --play` writes.
  CHECK(out["same_first_page"] == true);
  CHECK(out["phases"].size() == 16);
  for (const auto& p : out["phases"]) {
    CHECK(p["check"] == "ok");
    CHECK(p["sync"] == "ok");
  }
  CHECK(out["same_log"] == true);
  CHECK(out["verify"] == 0);
  CHECK(Json::parse(out["page_status"].get<std::string>())["over"] == true);
  // Nothing the pages gave (cards, orders, mails, pages) holds a key or a
  // chain's secret: only the backups do.
  CHECK(out["secret_leaks"].empty());
}

// A fog-of-war game from a browser (docs/play-in-browser.md "Fog of war"):
// the confederate joins from its join page and plays every turn of a Chaos
// of Battle game in the pages the umpire's mails carry, made from its sealed
// copy alone; the union plays from its sealed copy with the command line,
// the umpire adjudicates with it; mail passes as files.
TEST_CASE(
    "a whole fog-of-war game: one side in sealed copies' pages, the other with the command line",
    "[web][player-page][fog]") {
  Json out = played("play_fog_game.py", "play-fog-game");
  // The join page names nothing of the scenario: not a brigade, not its title.
  CHECK(out["join_names"].empty());
  // Seven turns, each signed in a page the command line's copy checks, then over.
  REQUIRE(out["phases"].size() == 8);
  for (std::size_t i = 0; i < 7; ++i) {
    const Json& p = out["phases"][i];
    CHECK(p["verified"] == "ok");
    CHECK(p["orders"] == "ok");
    CHECK(p["check_on_cli_copy"] == 0);
  }
  CHECK(out["phases"][7]["role"] == "over");
  CHECK(out["over"] == true);
  for (const auto& s : out["syncs"]) CHECK(s == "ok");
  for (const auto& k : out["key_loaded"]) CHECK(k == true);
  // A tampered post: the page and `adjutant sync` refuse it with one id.
  CHECK(out["forged_cli"] == 3);
  CHECK(out["forged_cli_err"].get<std::string>().find("[" + out["forged_page"].get<std::string>() +
                                                      "]") != std::string::npos);
  // The page's copy is the command line's from the same mails and the
  // copy `seal` gives, byte for byte; its zip verifies; after `reveal` it
  // verifies whole; its backup imports to the same copy; nothing it gave
  // holds a secret.
  CHECK(out["same_as_cli"] == true);
  CHECK(out["same_as_seal"] == true);
  CHECK(out["verify_export"] == 0);
  CHECK(out["verify_revealed"]["revealed"] == true);
  CHECK(out["verify_revealed"]["ok"] == true);
  CHECK(out["verify_revealed"]["not_yet_opened"] == 0);
  CHECK(out["backup_import"] == 0);
  CHECK(out["imported_same"] == true);
  CHECK(out["leaks"].empty());
}

// docs/play-in-browser.md and the README's "Play from a browser" run as
// written, and every control they name in bold is one of the page's.
TEST_CASE("docs/play-in-browser.md and the README's browser section run verbatim",
          "[web][player-page][readme]") {
  std::string build = fs::path(ADJUTANT_BINARY).parent_path().string();
  std::string tool = (source_dir() / "tests" / "tools" / "run_doc_blocks.py").string();
  auto doc = [&](const std::string& file, const std::string& section, bool controls) {
    auto r = adjutant::testing::run_command(
        "/usr/bin/python3 '" + tool + "' '" + (source_dir() / file).string() + "' '" + section +
        "' '" + source_dir().string() + "' '" + build + "'" + (controls ? " --controls" : ""));
    INFO(file << " " << section << "\n" << r.out);
    CHECK(r.exit == 0);
  };
  doc("README.md", "Play from a browser", false);
  doc("docs/play-in-browser.md", "*", false);
  for (const char* s : {"Join a game", "Each turn", "Host from the page"})
    doc("docs/play-in-browser.md", s, true);
}
