// Protocol 2 (docs/protocol.md 3b) from the command line: order revisions
// and the player's proof of a later one (5b), times that never go back and
// a clock held where lines arrive (4), and keyids that are exactly the
// signer's (2). Each promise of the threat model (docs/protocol.md 10b)
// that these carry is checked here with the change that breaks it.
#include <catch2/catch.hpp>

#include <functional>

#include "game/log.h"
#include "game/revisions.h"
#include "ledger/digest.h"
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
namespace game = adjutant::game;
namespace ledger = adjutant::ledger;

namespace {

// A game of the training scenario without an umpire, of the latest
// protocol, made from the test-only keys; the confederate moves first and
// the union adjudicates its orders.
struct P2Game {
  fs::path work;
  fs::path dir;
  adjutant::testing::ScopedSecrets secrets;

  explicit P2Game(const fs::path& w, int protocol = 2)
      : work(w), dir(w / "game"), secrets(w / "secrets") {
    for (const char* side : {"union", "confederate"}) {
      std::string s = side;
      fs::copy_file(source_dir() / "samples" / "keys" / (s + ".key"), work / (s + ".key"));
      fs::permissions(work / (s + ".key"), fs::perms::owner_read | fs::perms::owner_write);
      fs::copy_file(
          source_dir() / "samples" / "keys" / "chains" / "skirmish-bot-p2" / (s + ".chain"),
          work / (s + ".key.chain"));
      must("join --chain " + s + ".key.chain --game skirmish-bot-p2 --side " + s + " --name " + s +
           " --email " + s + "@example.org --key " + s + ".key --out " + s + ".card.json");
    }
    must("new game --name skirmish-bot-p2 --scenario '" +
         (source_dir() / "scenarios" / "bluegray-skirmish.json").string() +
         "' --card union.card.json --card confederate.card.json --key union.key "
         "--created 2026-11-01T09:00:00Z --no-outputs --protocol " +
         std::to_string(protocol));
  }

  adjutant::testing::Run run(const std::string& args) const { return run_adjutant(args, work); }
  void must(const std::string& args) const {
    auto r = run(args);
    INFO("adjutant " << args << "\n" << r.out << r.err);
    REQUIRE(r.exit == 0);
  }
  // The confederate's first orders, less `drop` moves, signed as FILE.
  fs::path sign(const std::string& file, int drop = 0) const {
    Json body = ledger::parse_strict(
        read_file(source_dir() / "samples" / "orders" / "skirmish" / "01-t1-confederate.json"),
        "orders");
    for (int i = 0; i < drop; ++i) body["moves"].erase(body["moves"].size() - 1);
    write_file_atomic(work / (file + ".body.json"), body.dump(2));
    must("sign " + file + ".body.json --game game --key confederate.key --out " + file);
    return work / file;
  }
  Json body_of(const fs::path& file) const {
    return ledger::parse_strict(read_file(file), file.string())["body"];
  }
  std::vector<std::string> log_lines() const {
    std::vector<std::string> out;
    std::string text = read_file(dir / "log.jsonl", 1u << 26);
    for (std::size_t at = 0, nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
      out.push_back(text.substr(at, nl - at));
    return out;
  }
  void write_log(const std::vector<std::string>& lines) const {
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    write_file_atomic(dir / "log.jsonl", text);
  }
};

// `line` with its body changed by `edit` and signed again by `key`.
std::string resigned(const std::string& line, const ledger::SigningKey& key,
                     const std::function<void(Json&)>& edit) {
  Json e = ledger::parse_strict(line, "line");
  edit(e["body"]);
  return game::make_entry_line(e["seq"].get<int>(), e["prev"].get<std::string>(),
                               e["kind"].get<std::string>(), e["body"], key);
}

}  // namespace

TEST_CASE("protocol 2: a correction is the next revision, and a later one than the log's is proved",
          "[game][protocol2][dispute]") {
  TempDir tmp("p2-revisions");
  P2Game g(tmp.path());
  fs::path first = g.sign("rev1.json");
  Json b1 = g.body_of(first);
  CHECK(b1["format"] == "adjutant-orders/2");
  CHECK(b1["revision"] == 1);
  CHECK_FALSE(b1.contains("replaces"));
  // The same orders signed again are the same file.
  CHECK(read_file(g.sign("again.json")) == read_file(first));
  // Other orders for the same phase: revision 2, naming the body it replaces.
  fs::path second = g.sign("rev2.json", 1);
  Json b2 = g.body_of(second);
  CHECK(b2["revision"] == 2);
  CHECK(b2["replaces"] == game::body_hash(b1));
  CHECK(b2["reveal"] == b1["reveal"]);

  // The adjudicator holds both and adjudicates the older one.
  g.must(
      "adjudicate game rev1.json --key union.key --chain union.key.chain "
      "--at 2026-11-02T18:00:00Z --no-outputs");
  CHECK(g.run("verify game").exit == 0);
  // The very file adjudicated, and the earlier revision, prove nothing.
  auto same = g.run("dispute game rev1.json");
  CHECK(same.exit == 1);
  CHECK(same.err.find("[dispute.adjudicated]") != std::string::npos);
  CHECK(g.run("verify game --dispute rev1.json").exit == 0);
  // The later revision is a proof anyone checks against the archive.
  auto proof = g.run("dispute game rev2.json --out proof.json");
  INFO(proof.out << proof.err);
  REQUIRE(proof.exit == 0);
  Json p = ledger::parse_strict(read_file(g.work / "proof.json"), "proof");
  CHECK(p["format"] == "adjutant-dispute/1");
  CHECK(p["adjudicated"]["line"] == 1);
  CHECK(p["adjudicated"]["revision"] == 1);
  CHECK(p["later"]["body"]["revision"] == 2);
  for (const char* given : {"proof.json", "rev2.json"}) {
    auto v = g.run(std::string("verify game --dispute ") + given);
    INFO(v.out << v.err);
    CHECK(v.exit == 3);
    CHECK(v.err.find("[verify.superseded]") != std::string::npos);
    CHECK(v.err.find("line 1") != std::string::npos);
  }
  // Without a file, every order file the player signed for the game.
  auto recorded = g.run("dispute game --json");
  CHECK(recorded.exit == 0);
  CHECK(Json::parse(recorded.out)["proof"]["later"]["body"]["revision"] == 2);
  // A forged later revision (not signed by the confederate's key) is none.
  Json forged = ledger::parse_strict(read_file(second), "rev2");
  forged["body"]["revision"] = 3;
  write_file_atomic(g.work / "forged.json", forged.dump());
  auto bad = g.run("verify game --dispute forged.json");
  CHECK(bad.exit == 0);
  CHECK(bad.out.find("dispute.bad_signature") != std::string::npos);
}

TEST_CASE("protocol 2: sync warns a player whose later revision was not the one adjudicated",
          "[game][protocol2][dispute]") {
  TempDir tmp("p2-sync-warns");
  P2Game g(tmp.path());
  // The confederate's copy of the game, before anything is adjudicated.
  fs::copy(g.dir, g.work / "mine", fs::copy_options::recursive);
  g.sign("rev1.json");
  g.sign("rev2.json", 1);
  g.must(
      "adjudicate game rev1.json --key union.key --chain union.key.chain "
      "--at 2026-11-02T18:00:00Z --no-outputs");
  g.must("export game --from 1 --out result.jsonl");
  auto synced = g.run("sync mine result.jsonl --no-outputs");
  INFO(synced.out << synced.err);
  CHECK(synced.exit == 0);
  CHECK(synced.err.find("warning:") != std::string::npos);
  CHECK(synced.err.find("revision 1") != std::string::npos);
  CHECK(synced.err.find("adjutant dispute") != std::string::npos);
}

TEST_CASE("protocol 2: times never go back along the log, and the clock is held where lines arrive",
          "[game][protocol2][time]") {
  TempDir tmp("p2-times");
  P2Game g(tmp.path());
  g.sign("c1.json");
  std::string before = folder_hash(g.dir);
  // Dated before genesis, or in the future of this machine's clock.
  auto early = g.run(
      "adjudicate game c1.json --key union.key --chain union.key.chain "
      "--at 2026-10-01T00:00:00Z --no-outputs");
  CHECK(early.exit == 1);
  CHECK(early.err.find("[time.before_log]") != std::string::npos);
  auto future = g.run(
      "adjudicate game c1.json --key union.key --chain union.key.chain "
      "--at 2099-01-01T00:00:00Z --no-outputs");
  CHECK(future.exit == 1);
  CHECK(future.err.find("[time.future]") != std::string::npos);
  CHECK(folder_hash(g.dir) == before);

  g.must(
      "adjudicate game c1.json --key union.key --chain union.key.chain "
      "--at 2026-11-02T18:00:00Z --no-outputs");
  auto waiting_key = ledger::SigningKey::load_pem(g.work / "confederate.key");
  // A ruling signed by the party that may rule (the confederate waits for
  // the union), dated before the adjudication before it: verify refuses it.
  auto lines = g.log_lines();
  Json extend = {{"ruling", "extend"},
                 {"turn", 1},
                 {"phase", "union"},
                 {"side", "union"},
                 {"hours", 24},
                 {"reason", "late"},
                 {"at", "2026-11-02T17:00:00Z"}};
  std::string prev = ledger::sha256_hex(lines.back());
  auto forged = lines;
  forged.push_back(game::make_entry_line(int(lines.size()), prev, "ruling", extend, waiting_key));
  g.write_log(forged);
  auto v = g.run("verify game --read-only");
  INFO(v.out << v.err);
  CHECK(v.exit == 3);
  CHECK(v.err.find("[verify.time]") != std::string::npos);
  // The same line in a copy's sync: refused, the copy unchanged.
  g.write_log(lines);
  write_file_atomic(g.work / "back.jsonl", forged.back() + "\n");
  std::string copy_before = folder_hash(g.dir);
  auto back = g.run("sync game back.jsonl --no-outputs");
  CHECK(back.exit == 3);
  CHECK(back.err.find("[verify.time]") != std::string::npos);
  CHECK(folder_hash(g.dir) == copy_before);
  // A ruling dated days ahead of the clock (an opponent ruling "no moves
  // received" minutes after the phase opened): sync refuses it before any
  // replay, whatever the deadline.
  extend["at"] = "2099-01-01T00:00:00Z";
  write_file_atomic(
      g.work / "ahead.jsonl",
      game::make_entry_line(int(lines.size()), prev, "ruling", extend, waiting_key) + "\n");
  auto ahead = g.run("sync game ahead.jsonl --no-outputs");
  CHECK(ahead.exit == 1);
  CHECK(ahead.err.find("[sync.future]") != std::string::npos);
  CHECK(folder_hash(g.dir) == copy_before);
}

TEST_CASE("protocol 1 keeps its times as they were made", "[game][protocol2][time]") {
  TempDir tmp("p1-times");
  P2Game g(tmp.path(), 1);
  g.sign("c1.json");
  Json b = g.body_of(g.work / "c1.json");
  CHECK(b["format"] == "adjutant-orders/1");
  CHECK_FALSE(b.contains("revision"));
  // Protocol 1 never held times to the log: an adjudication dated before
  // genesis verifies, as it did when such archives were made.
  g.must(
      "adjudicate game c1.json --key union.key --chain union.key.chain "
      "--at 2026-10-01T00:00:00Z --no-outputs");
  CHECK(g.run("verify game").exit == 0);
}

TEST_CASE("a keyid that is not the signer's is refused in a log line and in an order file",
          "[game][protocol2][keyid]") {
  TempDir tmp("keyid");
  P2Game g(tmp.path());
  fs::path c1 = g.sign("c1.json");
  // An order file whose keyid a relay rewrote: the signature still holds.
  Json env = ledger::parse_strict(read_file(c1), "c1");
  env["signatures"][0]["keyid"] = "0123456789abcdef";
  write_file_atomic(g.work / "rekeyed.json", env.dump(2));
  std::string before = folder_hash(g.dir);
  auto checked = g.run("check game rekeyed.json");
  CHECK(checked.exit == 1);
  CHECK(checked.err.find("[envelope.keyid]") != std::string::npos);
  auto taken = g.run(
      "adjudicate game rekeyed.json --key union.key --chain union.key.chain "
      "--at 2026-11-02T18:00:00Z --no-outputs");
  CHECK(taken.exit == 1);
  CHECK(folder_hash(g.dir) == before);

  g.must(
      "adjudicate game c1.json --key union.key --chain union.key.chain "
      "--at 2026-11-02T18:00:00Z --no-outputs");
  // A log line whose keyid was rewritten, even to non-hex: its signature
  // still verifies, its hash changed; it is refused, never carried along.
  for (const std::string keyid : {"fedcba9876543210", "not hex at all"}) {
    auto lines = g.log_lines();
    Json e = ledger::parse_strict(lines.back(), "last");
    e["sig"]["keyid"] = keyid;
    auto edited = lines;
    edited.back() = ledger::canonical(e);
    g.write_log(edited);
    auto v = g.run("verify game --read-only");
    INFO(keyid << ": " << v.out << v.err);
    CHECK(v.exit == 3);
    CHECK(v.err.find("[verify.keyid]") != std::string::npos);
    g.write_log(lines);
  }
  // The order file inside an orders line, its keyid rewritten and the line
  // signed again by the adjudicator: the order file is refused.
  auto lines = g.log_lines();
  auto edited = lines;
  auto union_key = ledger::SigningKey::load_pem(g.work / "union.key");
  edited[1] = resigned(lines[1], union_key,
                       [](Json& b) { b["signatures"][0]["keyid"] = "0123456789abcdef"; });
  g.write_log(edited);
  auto v = g.run("verify game --read-only");
  CHECK(v.exit == 3);
  CHECK(v.err.find("[verify.orders]") != std::string::npos);
  CHECK(v.err.find("keyid") != std::string::npos);
  g.write_log(lines);
  CHECK(g.run("verify game").exit == 0);
}
