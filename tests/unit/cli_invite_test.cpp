// The way in from a browser (docs/play-in-browser.md) on the command line's
// side: `adjutant invite` writes a join page and its mail; every side's
// result mail carries that side's game page of the game as of the post (the
// umpire's none); and no page is made of a fog-of-war game, whose log holds
// what a side may not see.
#include <catch2/catch.hpp>

#include <string>

#include "ledger/jcs.h"
#include "mail/mime_parse.h"
#include "support/cli_game.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;
namespace mail = adjutant::mail;

namespace {

// The page's data (the JSON in its play-data script, not the skeleton's
// {{data}} place for it).
Json page_data(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"play-data\">{\"";
  std::size_t at = page.find(open);
  REQUIRE(at != std::string::npos);
  at += open.size() - 2;
  return Json::parse(page.substr(at, page.find("</script>", at) - at));
}

// The attachment of a mail file named `name` ("" when there is none).
std::string attached(const fs::path& eml, const std::string& name) {
  mail::MimePart message = mail::parse_message(read_file(eml, 1u << 26));
  for (const mail::MimePart* p : mail::leaves(message))
    if (p->filename == name) return p->body;
  return "";
}

}  // namespace

TEST_CASE("adjutant invite writes a join page and the mail that carries it", "[cli][player-page]") {
  TempDir tmp("invite");
  auto r = run_adjutant(
      "invite ely --scenario bluegray-skirmish --side confederate --email rebel@example.org "
      "--player 'Rebecca Lee' --host-name 'Ann Host' --host-email host@example.org --out inv",
      tmp.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  std::string page = read_file(tmp.path() / "inv" / "join-confederate.html", 1u << 26);
  Json data = page_data(page);
  CHECK(data["mode"] == "join");
  CHECK(data["side"] == "confederate");
  CHECK(data["name"] == "ely");
  CHECK(data["host"]["email"] == "host@example.org");
  CHECK(data["scenario"] ==
        adjutant::ledger::parse_strict(
            read_file(source_dir() / "scenarios" / "bluegray-skirmish.json"), "scenario"));
  CHECK(data["map"]["hexes"].size() > 100);
  fs::path eml = tmp.path() / "inv" / "invite-confederate.eml";
  CHECK(attached(eml, "join-confederate.html") == page);
  mail::MimePart message = mail::parse_message(read_file(eml, 1u << 26));
  CHECK(message.header("to").find("rebel@example.org") != std::string::npos);
  CHECK(message.header("from").find("host@example.org") != std::string::npos);
  // The same invitation twice is the same bytes.
  REQUIRE(run_adjutant("invite ely --scenario bluegray-skirmish --side confederate --email "
                       "rebel@example.org --player 'Rebecca Lee' --host-name 'Ann Host' "
                       "--host-email host@example.org --out again",
                       tmp.path())
              .exit == 0);
  CHECK(read_file(tmp.path() / "again" / "invite-confederate.eml", 1u << 26) ==
        read_file(eml, 1u << 26));

  SECTION("a side the scenario lacks, an address that injects: refused; fog of war: sides only") {
    std::string before = folder_hash(tmp.path());
    auto side = run_adjutant(
        "invite ely --scenario bluegray-skirmish --side rebels --email a@example.org "
        "--host-name H --host-email h@example.org --out x",
        tmp.path());
    CHECK(side.exit == 2);
    CHECK(side.err.find("[invite.side]") != std::string::npos);
    auto fog =
        run_adjutant("invite m --scenario '" +
                         (source_dir() / "scenarios" / "table" / "chaos-meeting.json").string() +
                         "' --side union --email a@example.org --host-name H "
                         "--host-email h@example.org --out x",
                     tmp.path());
    // A fog-of-war game's join page: made, and naming nothing of the
    // scenario but its sides (docs/play-in-browser.md "Fog of war").
    INFO(fog.out << fog.err);
    CHECK(fog.exit == 0);
    std::string join = read_file(tmp.path() / "x" / "join-union.html", 1u << 26);
    CHECK(join.find("Willow Run") == std::string::npos);
    CHECK(join.find("Iron Brigade") == std::string::npos);
    CHECK(join.find("\"fog\":true") != std::string::npos);
    fs::remove_all(tmp.path() / "x");
    auto bad = run_adjutant(
        "invite ely --scenario bluegray-skirmish --side union --email 'a@example.org>\nBcc: x' "
        "--host-name H --host-email h@example.org --out x",
        tmp.path());
    CHECK(bad.exit != 0);
    CHECK(bad.err.find("[report.bad_address]") != std::string::npos);
    CHECK(folder_hash(tmp.path()) == before);
  }
}

TEST_CASE("each side's result mail carries its game page of the game as of the post",
          "[cli][player-page]") {
  TempDir tmp("mail-pages");
  adjutant::testing::CliGame g(tmp.path(), "ely", "bluegray-skirmish.json");
  g.play("confederate",
         adjutant::ledger::parse_strict(
             read_file(source_dir() / "samples" / "orders" / "skirmish" / "01-t1-confederate.json"),
             "orders"));
  fs::path turns = g.dir() / "turns";
  fs::path first;
  for (const auto& d : fs::directory_iterator(turns))
    if (d.path().filename().string().rfind("001", 0) == 0) first = d.path();
  REQUIRE(!first.empty());
  for (const std::string side : {"union", "confederate"}) {
    std::string page = attached(first / ("mail-" + side + ".eml"), "ely-" + side + ".html");
    REQUIRE_FALSE(page.empty());
    Json data = page_data(page);
    CHECK(data["side"] == side);
    CHECK(data["mode"] == "turn");
    // The game as of the post: genesis, the orders and their adjudication.
    std::string log = read_file(g.dir() / "log.jsonl", 1u << 26);
    CHECK(data["log"] == log);
    // The page `adjutant view --play` writes of the same game, but for the
    // release the program names (the same program: the same bytes).
    auto v = run_adjutant("view game --play --side " + side + " --out page-" + side, tmp.path());
    REQUIRE(v.exit == 0);
    CHECK(read_file(tmp.path() / ("page-" + side) / "index.html", 1u << 26) == page);
  }
  // The invitation (genesis) carries the first page too.
  fs::path genesis = turns / "000-genesis";
  Json first_page = page_data(attached(genesis / "mail-union.eml", "ely-union.html"));
  CHECK(first_page["log"].get<std::string>().find('\n') + 1 ==
        first_page["log"].get<std::string>().size());
}

TEST_CASE("no game page of a fog-of-war game: its log holds what a side may not see",
          "[cli][player-page][fog]") {
  TempDir tmp("fog-page");
  fs::path game = tmp.path() / "game";
  fs::copy(source_dir() / "samples" / "games" / "chaos-meeting-p2-bot", game,
           fs::copy_options::recursive);
  std::string before = folder_hash(tmp.path());
  auto r = run_adjutant("view game --play --side union --out page", tmp.path());
  CHECK(r.exit == 2);
  CHECK(r.err.find("[view.no_player_page]") != std::string::npos);
  CHECK_FALSE(fs::exists(tmp.path() / "page"));
  CHECK(folder_hash(tmp.path()) == before);
  // Nor does any of its mails carry one.
  for (const auto& f : fs::recursive_directory_iterator(game))
    if (f.path().extension() == ".eml")
      CHECK(read_file(f.path(), 1u << 26).find("id=\"play-data\"") == std::string::npos);
}

TEST_CASE("adjutant import takes the player page's backup: key, chain and the page's copy",
          "[cli][player-page]") {
  TempDir tmp("import-backup");
  fs::path backup = source_dir() / "samples" / "player-page" / "skirmish-confederate.backup.json";
  auto r =
      run_adjutant("import '" + backup.string() + "' --game copy --secrets secrets", tmp.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  CHECK(run_adjutant("verify copy", tmp.path()).exit == 0);
  CHECK(read_file(tmp.path() / "copy" / "log.jsonl", 1u << 26) ==
        read_file(source_dir() / "samples" / "games" / "skirmish-bot-p2" / "log.jsonl", 1u << 26));
  // The key and chain are the sample's, kept private in the secrets folder.
  int keys = 0;
  for (const auto& f : fs::directory_iterator(tmp.path() / "secrets" / "keys")) {
    ++keys;
    CHECK(read_file(f.path()) == read_file(source_dir() / "samples" / "keys" / "confederate.key"));
    CHECK((fs::status(f.path()).permissions() & fs::perms::group_all) == fs::perms::none);
    CHECK((fs::status(f.path()).permissions() & fs::perms::others_all) == fs::perms::none);
  }
  CHECK(keys == 1);
  // A backup of the key and chain alone, taken again, keeps both files as
  // they are and makes no game.
  std::string keys_before = folder_hash(tmp.path() / "secrets" / "keys");
  std::string chains_before = folder_hash(tmp.path() / "secrets" / "chains");
  Json keys_only = adjutant::ledger::parse_strict(read_file(backup, 1u << 26), "backup");
  keys_only.erase("log");
  keys_only.erase("scenario");
  adjutant::write_file_atomic(tmp.path() / "keys-only.json", keys_only.dump());
  REQUIRE(run_adjutant("import keys-only.json --secrets secrets", tmp.path()).exit == 0);
  CHECK_FALSE(fs::exists(tmp.path() / "skirmish-bot-p2"));
  CHECK(folder_hash(tmp.path() / "secrets" / "keys") == keys_before);
  CHECK(folder_hash(tmp.path() / "secrets" / "chains") == chains_before);

  SECTION("a backup without its key is refused, and nothing is written") {
    Json b = adjutant::ledger::parse_strict(read_file(backup, 1u << 26), "backup");
    b.erase("key_pem");
    adjutant::write_file_atomic(tmp.path() / "bad.json", b.dump());
    std::string before = folder_hash(tmp.path());
    auto bad = run_adjutant("import bad.json --game copy3 --secrets secrets", tmp.path());
    CHECK(bad.exit == 1);
    CHECK(bad.err.find("[import.backup]") != std::string::npos);
    CHECK(folder_hash(tmp.path()) == before);
  }
}
