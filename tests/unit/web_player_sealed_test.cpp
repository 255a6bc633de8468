// The player page of a side's sealed copy (web/player_sealed.h,
// docs/play-in-browser.md "Fog of war") as the page drives it, every hash,
// verdict and signature answered from outside the engine
// (tests/support/page_engine.h): it verifies the copy as `adjutant verify`
// does, reads and checks text orders as `adjutant orders` does on the copy,
// signs the bytes `adjutant sign --game COPY` signs, takes the umpire's
// sealed posts as `adjutant sync` takes them and refuses a tampered one with
// the same id, and holds nothing the copy does not.
#include <catch2/catch.hpp>

#include "game/fog.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
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
namespace game = adjutant::game;

namespace {

struct FogGame {
  TempDir tmp{"page-sealed"};
  fs::path work = tmp.path();
  adjutant::testing::ScopedSecrets secrets{work / "secrets"};

  void must(const std::string& args) {
    auto r = run_adjutant(args, work);
    INFO("adjutant " << args << "\n" << r.out << r.err);
    REQUIRE(r.exit == 0);
  }

  // A Chaos of Battle game under fog of war, its umpire's copy played by
  // the bot for `phases` phases, and the confederate's sealed copy of it.
  explicit FogGame(int phases) {
    std::string cards;
    for (std::string party : {"union", "confederate", "umpire"}) {
      fs::copy_file(source_dir() / "samples" / "keys" / (party + ".key"), work / (party + ".key"));
      fs::permissions(work / (party + ".key"), fs::perms::owner_read | fs::perms::owner_write);
      must("join --game meet --side " + party + " --name " + party + " --email " + party +
           "@example.org --key " + party + ".key --chain " + party + ".key.chain --out " + party +
           ".card.json");
      cards += " --card " + party + ".card.json";
    }
    must("new game --name meet --scenario '" +
         (source_dir() / "scenarios" / "table" / "chaos-meeting.json").string() + "'" + cards +
         " --key umpire.key --created 2026-11-01T09:00:00Z --no-outputs");
    if (phases > 0)
      must(
          "bot game --play --key union.key --key confederate.key --key umpire.key "
          "--at 2026-11-01T18:00:00Z --no-outputs --seed 3 --max-phases " +
          std::to_string(phases));
    seal("ccopy");
  }

  void seal(const std::string& copy) {
    fs::remove_all(work / "sealed");
    must("seal game --side confederate --out sealed --key umpire.key");
    must("sync " + copy + " sealed");
  }

  Json post(const std::string& copy) const {
    return game::sealed_copy_post(game::read_sealed_copy(work / copy));
  }
};

Json open_copy(PageEngine& page, const Json& post) {
  Json opened = page.ask({{"op", "sealed.open"}, {"post", post}});
  INFO(opened.dump());
  REQUIRE(opened["ok"] == true);
  return page.ask({{"op", "sealed.verify"}});
}

}  // namespace

TEST_CASE("the sealed page's engine verifies a side's copy as verify does, asking every hash",
          "[web][player][fog]") {
  FogGame g(2);
  PageEngine page;
  Json v = open_copy(page, g.post("ccopy"));
  INFO(v.dump());
  CHECK(v["ok"] == true);
  CHECK(page.rounds() > 0);  // no cryptography of its own
  auto cli = run_adjutant("verify ccopy --json", g.work);
  Json expected = Json::parse(cli.out);
  CHECK(v["head"] == expected["head"]);
  CHECK(v["lines"] == expected["lines"]);
  CHECK(v["opened"] == expected["opened"]);
  CHECK(v["commitments"] == expected["commitments"]);
  Json status = page.ask({{"op", "sealed.status"}});
  CHECK(status["side"] == "confederate");
  CHECK(status["due"] == true);
  // What it may see of the latest adjudication, in the rules' words.
  CHECK(status["visible_text"].size() == status["visible"].size());
  CHECK_FALSE(status["visible"].empty());
  // The files it exports are the copy's, byte for byte.
  Json files = page.ask({{"op", "sealed.files"}});
  for (const char* f : {"game.json", "log.jsonl", "packet.json"})
    CHECK(files["files"][f] == read_file(g.work / "ccopy" / f, 1u << 26));
}

TEST_CASE("the sealed page reads, checks and signs text orders as the command line does",
          "[web][player][fog]") {
  FogGame g(2);
  auto printed = run_adjutant("bot game --side confederate --print --seed 5", g.work);
  REQUIRE(printed.exit == 0);
  write_file_atomic(g.work / "bot.json", printed.out);
  g.must("orders ccopy bot.json --to-text --out orders.txt");
  g.must("orders ccopy orders.txt --out body.json");
  std::string text = read_file(g.work / "orders.txt");

  PageEngine page;
  page.hold(g.work / "confederate.key");
  REQUIRE(open_copy(page, g.post("ccopy"))["ok"] == true);
  Json read = page.ask({{"op", "sealed.read"}, {"text", text}});
  INFO(read.dump());
  REQUIRE(read["ok"] == true);
  CHECK(read["body"] == ledger::parse_strict(read_file(g.work / "body.json"), "body"));

  Json status = page.ask({{"op", "sealed.status"}});
  std::uint32_t m = status["next_link"].get<std::uint32_t>();
  ledger::ChainSecret chain = ledger::load_chain(g.work / "confederate.key.chain");
  Json link = {{"m", m}, {"s", ledger::to_hex(ledger::link(chain, m))}};
  Json signed_file = page.ask(
      {{"op", "sealed.sign"}, {"body", read["body"]}, {"link", link}, {"previous", nullptr}});
  INFO(signed_file.dump());
  REQUIRE(signed_file["ok"] == true);
  g.must(
      "sign orders.txt --game ccopy --key confederate.key --chain confederate.key.chain --out "
      "c.json");
  CHECK(signed_file["text"] == read_file(g.work / "c.json"));
  // The same orders signed again are the same file; other orders the next revision.
  Json again = page.ask({{"op", "sealed.sign"},
                         {"body", read["body"]},
                         {"link", link},
                         {"previous", signed_file["envelope"]}});
  CHECK(again["text"] == signed_file["text"]);
  Json other_body = read["body"];
  other_body.erase("sequence");
  other_body["policies"] = Json::object();
  Json next = page.ask({{"op", "sealed.sign"},
                        {"body", other_body},
                        {"link", link},
                        {"previous", signed_file["envelope"]}});
  INFO(next.dump());
  REQUIRE(next["ok"] == true);
  CHECK(next["envelope"]["body"]["revision"] == 2);

  // A refused order carries the id `orders` gives it on the copy, on its line.
  std::string far;
  for (const auto& [id, b] : read["body"]["brigades"].items()) {
    (void)b;
    far = id;
    break;
  }
  std::string bad = "# too far\n" + far + " move 5,5 55,5\n";
  write_file_atomic(g.work / "far.txt", bad);
  auto cli = run_adjutant("orders ccopy far.txt --json", g.work);
  Json refused = page.ask({{"op", "sealed.read"}, {"text", bad}});
  INFO(refused.dump() << "\n" << cli.out << cli.err);
  CHECK(refused["ok"] == false);
  REQUIRE_FALSE(refused["problems"].empty());
  std::string id = refused["problems"][0]["id"].get<std::string>();
  CHECK((cli.out + cli.err).find(id) != std::string::npos);
  // The signature is refused for orders the check refuses, unless forced.
  Json unsigned_ = page.ask({{"op", "sealed.sign"},
                             {"body", {{"brigades", {{far, {{"move", {{"marker", 1}}}}}}}}},
                             {"link", link},
                             {"previous", nullptr}});
  CHECK(unsigned_["ok"] == false);
}

TEST_CASE("the sealed page takes the umpire's next post and refuses a tampered one as sync does",
          "[web][player][fog]") {
  FogGame g(2);
  Json before = g.post("ccopy");
  // Two more phases, and the copy sealed again.
  g.must(
      "bot game --play --key union.key --key confederate.key --key umpire.key "
      "--at 2026-11-04T18:00:00Z --no-outputs --seed 4 --max-phases 2");
  g.seal("ccopy");
  Json after = g.post("ccopy");
  REQUIRE(after["lines"].size() > before["lines"].size());

  // The later lines, as a post of them alone, with one sealed line changed.
  Json tail = after;
  int first = int(before["lines"].size());
  tail["first"] = first;
  tail["lines"] = Json::array();
  for (std::size_t i = std::size_t(first); i < after["lines"].size(); ++i)
    tail["lines"].push_back(after["lines"][i]);
  Json forged = tail;
  std::string line = forged["lines"].back().get<std::string>();
  std::size_t at = line.find("\"turn\":");
  REQUIRE(at != std::string::npos);
  line.replace(at, 8, "\"turn\":9");
  forged["lines"].back() = line;

  PageEngine page;
  REQUIRE(open_copy(page, before)["ok"] == true);
  Json refused = page.ask({{"op", "sealed.offer"}, {"posts", Json::array({forged})}});
  // The command line's sync of the same post, on the same copy.
  Json files = page.ask({{"op", "sealed.files"}});
  fs::create_directories(g.work / "behind");
  for (const auto& [name, content] : files["files"].items())
    write_file_atomic(g.work / "behind" / name, content.get<std::string>());
  write_file_atomic(g.work / "forged.eml",
                    "From: umpire@example.org\r\nTo: confederate@example.org\r\nSubject: post\r\n"
                    "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
                    "--b\r\nContent-Type: text/plain\r\n\r\nthe post\r\n--b\r\nContent-Type: "
                    "application/vnd.adjutant.sealed-post+json\r\nContent-Disposition: attachment; "
                    "filename=\"sealed-forged.json\"\r\n\r\n" +
                        forged.dump() + "\r\n--b--\r\n");
  std::string kept = read_file(g.work / "behind" / "log.jsonl");
  auto cli = run_adjutant("sync behind forged.eml", g.work);
  INFO(refused.dump() << "\n" << cli.out << cli.err);
  CHECK(refused["ok"] == false);
  CHECK(cli.exit != 0);
  CHECK(cli.err.find("[" + refused["error"].get<std::string>() + "]") != std::string::npos);
  CHECK(read_file(g.work / "behind" / "log.jsonl") == kept);
  // Nothing was kept on the page either: the true post is taken after it.
  Json taken = page.ask({{"op", "sealed.offer"}, {"posts", Json::array({tail})}});
  INFO(taken.dump());
  CHECK(taken["ok"] == true);
  CHECK(taken["lines"] == after["lines"].size());
  Json now = page.ask({{"op", "sealed.files"}});
  CHECK(now["files"]["log.jsonl"] == read_file(g.work / "ccopy" / "log.jsonl", 1u << 26));
  CHECK(now["files"]["packet.json"] == read_file(g.work / "ccopy" / "packet.json", 1u << 26));
}

TEST_CASE("a sealed copy's player page holds nothing the copy does not",
          "[web][player-page][fog]") {
  FogGame g(2);
  g.must("view ccopy --play --out page");
  std::string page = read_file(g.work / "page" / "index.html", 1u << 26);
  CHECK(page.find("\"mode\":\"sealed\"") != std::string::npos);
  // The enemy's names, and the scenario's own id and title, are not in it
  // (the union's brigades: the part of the scenario names only the
  // confederate's own).
  Json scenario = ledger::parse_strict(
      read_file(source_dir() / "scenarios" / "table" / "chaos-meeting.json"), "scenario");
  int enemy_names = 0;
  for (const auto& s : scenario["sides"])
    if (s["id"] == "union")
      for (const auto& b : s["brigades"]) {
        ++enemy_names;
        INFO(b["name"]);
        CHECK(page.find(b["name"].get<std::string>()) == std::string::npos);
      }
  CHECK(enemy_names > 0);
  CHECK(page.find(scenario["title"].get<std::string>()) == std::string::npos);
  // No line of the umpire's log: its first line after genesis differs from the copy's.
  std::string umpire_log = read_file(g.work / "game" / "log.jsonl", 1u << 26);
  std::string second = umpire_log.substr(umpire_log.find('\n') + 1);
  second = second.substr(0, second.find('\n'));
  CHECK(page.find(second.substr(0, 200)) == std::string::npos);
  // The umpire's archive itself gives no page (its log holds everything).
  auto refused = run_adjutant("view game --play --side confederate --out page2", g.work);
  CHECK(refused.exit == 2);
  CHECK(refused.err.find("[view.no_player_page]") != std::string::npos);
  CHECK(refused.err.find("view COPY --play") != std::string::npos);
}
