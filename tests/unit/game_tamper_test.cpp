// The tamper matrix: one change at a time to a clean archive; verify exits 3
// and names the first bad line. Where the change is re-signed and re-chained
// with the adjudicators' own keys, only the semantic checks can catch it.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <sstream>

#include "game/log.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;

namespace {

std::vector<Json> log_entries(const fs::path& game) {
  std::vector<Json> out;
  std::istringstream in(read_file(game / "log.jsonl"));
  for (std::string line; std::getline(in, line);) out.push_back(Json::parse(line));
  return out;
}

// Rewrites the log from line `from` on: each entry re-signed by the party
// that adjudicates it in the umpire-less sample (union signs lines 0-2,
// confederate lines 3-4) and re-chained.
void rewrite_log(const fs::path& game, std::vector<Json> entries, std::size_t from) {
  fs::path work = game.parent_path();
  auto union_key = adjutant::ledger::SigningKey::load_pem(work / "union.key");
  auto conf_key = adjutant::ledger::SigningKey::load_pem(work / "confederate.key");
  std::string text;
  std::string prev;
  std::istringstream in(read_file(game / "log.jsonl"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i >= from) {
      const auto& key = i <= 2 ? union_key : conf_key;
      lines[i] = adjutant::game::make_entry_line(int(i), i == 0 ? adjutant::game::kZeroHash : prev,
                                                 entries[i]["kind"], entries[i]["body"], key);
    }
    prev = adjutant::ledger::sha256_hex(lines[i]);
    text += lines[i] + "\n";
  }
  write_file_atomic(game / "log.jsonl", text);
}

struct Verdict {
  int exit;
  Json report;
};

Verdict verify(const fs::path& game) {
  auto r = run_adjutant("verify --json '" + game.string() + "'");
  INFO(r.out << r.err);
  return {r.exit, Json::parse(r.out)};
}

// The independent verifier (tests/tools/independent_verify.py) on one game:
// its exit code and what it printed.
std::pair<int, std::string> independent(const fs::path& game) {
  fs::path out = game.parent_path() / "independent.out";
  std::string cmd =
      "/usr/bin/python3 '" +
      (adjutant::testing::source_dir() / "tests/tools/independent_verify.py").string() +
      "' --no-vectors '" + game.string() + "' >'" + out.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out)};
}

}  // namespace

TEST_CASE("tamper matrix: verify catches each change and names the first bad line",
          "[game][tamper]") {
  TempDir tmp("tamper");
  fs::path clean = tmp.path() / "clean";
  make_sample_game(clean, false);
  REQUIRE(verify(clean).exit == 0);
  fs::path game = tmp.path() / "game";
  auto fresh = [&] {
    fs::remove_all(game);
    fs::copy(clean, game, fs::copy_options::recursive);
    return log_entries(game);
  };
  auto expect_bad = [&](int line, const std::string& id) {
    auto v = verify(game);
    INFO(v.report.dump());
    CHECK(v.exit == 3);
    CHECK(v.report["ok"] == false);
    CHECK(v.report["error"]["line"] == line);
    CHECK(v.report["error"]["id"] == id);
  };

  SECTION("forge a signature on an order file") {
    auto e = fresh();
    std::string sig = e[1]["body"]["signatures"][0]["sig"];
    sig[10] = sig[10] == 'A' ? 'B' : 'A';
    e[1]["body"]["signatures"][0]["sig"] = sig;
    rewrite_log(game, e, 1);
    expect_bad(1, "verify.orders");
  }
  SECTION("sign orders with another player's key") {
    auto e = fresh();
    auto conf_key = adjutant::ledger::SigningKey::load_pem(tmp.path() / "confederate.key");
    e[3]["body"] = adjutant::ledger::sign_envelope(adjutant::ledger::kOrdersType,
                                                   e[3]["body"]["body"], conf_key);
    rewrite_log(game, e, 3);
    expect_bad(3, "verify.orders");
  }
  SECTION("replay an old order file in a later phase") {
    auto e = fresh();
    e[3] = e[1];
    e[4] = e[2];
    rewrite_log(game, e, 3);
    expect_bad(3, "verify.orders");
  }
  SECTION("submit orders for the other side") {
    auto e = fresh();
    // The union's own orders, relabelled as the confederate's and re-signed by them.
    auto conf_key = adjutant::ledger::SigningKey::load_pem(tmp.path() / "confederate.key");
    Json body = e[3]["body"]["body"];
    body["side"] = "confederate";
    e[3]["body"] = adjutant::ledger::sign_envelope(adjutant::ledger::kOrdersType, body, conf_key);
    rewrite_log(game, e, 3);
    expect_bad(3, "verify.orders");
  }
  SECTION("a second signature on an order file") {
    auto e = fresh();
    e[1]["body"]["signatures"].push_back(e[1]["body"]["signatures"][0]);
    rewrite_log(game, e, 1);
    expect_bad(1, "verify.orders");
  }
  SECTION("an extra member in an adjudication entry") {
    auto e = fresh();
    e[2]["body"]["note"] = "harmless?";
    rewrite_log(game, e, 2);
    expect_bad(2, "verify.malformed");
  }
  SECTION("a seq beyond any int on the last line, re-signed") {
    for (long long seq : {4294967300LL, -4294967292LL}) {
      auto e = fresh();
      e[4]["seq"] = seq;
      std::string text = read_file(game / "log.jsonl");
      std::size_t last = text.rfind('\n', text.size() - 2) + 1;
      auto key = adjutant::ledger::SigningKey::load_pem(tmp.path() / "confederate.key");
      Json entry = {
          {"seq", seq}, {"prev", e[4]["prev"]}, {"kind", e[4]["kind"]}, {"body", e[4]["body"]}};
      std::string message = adjutant::ledger::pae(adjutant::ledger::kLogEntryType,
                                                  adjutant::ledger::canonical(entry));
      entry["sig"] = {{"keyid", adjutant::ledger::key_id(key.public_raw())},
                      {"sig", adjutant::ledger::base64url(key.sign(message))}};
      write_file_atomic(game / "log.jsonl",
                        text.substr(0, last) + adjutant::ledger::canonical(entry) + "\n");
      expect_bad(4, "verify.malformed");
    }
  }
  SECTION("a typed member of the wrong type, correctly signed") {
    auto e = fresh();
    e[2]["body"]["t"] = "1";
    rewrite_log(game, e, 2);
    auto v = verify(game);  // --json output even so: verify never throws
    CHECK(v.exit == 3);
    CHECK(v.report["error"]["id"] == "verify.malformed");
    CHECK(v.report["error"]["line"] == 2);
    CHECK(v.report["error"]["message"].get<std::string>().find("\"t\"") != std::string::npos);
  }
  SECTION("invented orders-as-applied text, re-signed by the adjudicator") {
    auto e = fresh();
    e[4]["body"]["echo"][0] = "1/I moves 0703-0704-0705, 3 of 6 MP";
    rewrite_log(game, e, 4);
    expect_bad(4, "verify.echo");
    // The independent verifier, without the rules, still sees the echo's
    // move differ from the move event.
    auto [exit, out] = independent(game);
    INFO(out);
    CHECK(exit == 1);
    CHECK(out.find("line 4: the echo's moves") != std::string::npos);
  }
  SECTION("a combat event quoting another die than the one rolled, re-signed") {
    auto e = fresh();
    bool changed = false;
    for (auto& ev : e[2]["body"]["events"])
      if (ev["type"] == "combat") {
        int v = ev["die"]["value"];
        ev["die"]["value"] = v == 6 ? 1 : v + 1;
        changed = true;
      }
    REQUIRE(changed);
    rewrite_log(game, e, 2);
    expect_bad(2, "verify.events");
    auto [exit, out] = independent(game);
    INFO(out);
    CHECK(exit == 1);
    CHECK(out.find("line 2: a combat event quotes die") != std::string::npos);
  }
  SECTION("an event of a type the ruleset never emits, re-signed") {
    auto e = fresh();
    e[2]["body"]["events"].push_back({{"type", "teleport"}, {"unit", "Jenkins"}});
    rewrite_log(game, e, 2);
    expect_bad(2, "verify.events");
  }
  SECTION("an order file whose turn is beyond any int (4294967298 would truncate to 2)") {
    auto e = fresh();
    auto conf_key = adjutant::ledger::SigningKey::load_pem(tmp.path() / "confederate.key");
    Json body = e[1]["body"]["body"];
    body["turn"] = 4294967297LL;
    e[1]["body"] = adjutant::ledger::sign_envelope(adjutant::ledger::kOrdersType, body, conf_key);
    rewrite_log(game, e, 1);
    expect_bad(1, "verify.orders");
  }
  SECTION("an uppercase hex reveal in an order file") {
    auto e = fresh();
    auto conf_key = adjutant::ledger::SigningKey::load_pem(tmp.path() / "confederate.key");
    Json body = e[1]["body"]["body"];
    std::string s = body["reveal"]["s"];
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    body["reveal"]["s"] = s;
    e[1]["body"] = adjutant::ledger::sign_envelope(adjutant::ledger::kOrdersType, body, conf_key);
    rewrite_log(game, e, 1);
    expect_bad(1, "verify.orders");
  }
  SECTION("an integer beyond 2^53 in a log line") {
    fresh();
    std::string text = read_file(game / "log.jsonl");
    std::size_t at = text.find("\"t\":1,");
    REQUIRE(at != std::string::npos);
    text.replace(at, 6, "\"t\":9007199254740993,");
    write_file_atomic(game / "log.jsonl", text);
    expect_bad(2, "verify.malformed");
  }
  SECTION("trailing NUL and junk after scenario.json or game.json") {
    for (const char* file : {"scenario.json", "game.json"}) {
      fresh();
      std::string text = read_file(game / file);
      write_file_atomic(game / file, text + std::string("\0junk", 5));
      auto v = verify(game);
      INFO(file << " " << v.report.dump());
      CHECK(v.exit == 3);
      CHECK(v.report["ok"] == false);
    }
  }
  SECTION("flip one byte in a log line") {
    fresh();
    std::string text = read_file(game / "log.jsonl");
    std::size_t at = text.find("\"at\":\"2026-11-02");
    REQUIRE(at != std::string::npos);
    text[at + 10] = '9';
    write_file_atomic(game / "log.jsonl", text);
    expect_bad(2, "verify.signature");
  }
  SECTION("change a die value") {
    auto e = fresh();
    REQUIRE(e[2]["body"]["rolls"].size() >= 1);
    int v = e[2]["body"]["rolls"][0]["v"];
    e[2]["body"]["rolls"][0]["v"] = v == 6 ? 1 : v + 1;
    rewrite_log(game, e, 2);
    expect_bad(2, "verify.dice");
  }
  SECTION("swap a revealed chain link") {
    auto e = fresh();
    // The adjudicator reveals its link 1 at line 2; put its link 2 there instead.
    auto chain = adjutant::ledger::load_chain(tmp.path() / "union.key.chain");
    e[2]["body"]["reveal"]["s"] = adjutant::ledger::to_hex(adjutant::ledger::link(chain, 2));
    rewrite_log(game, e, 2);
    expect_bad(2, "verify.reveal");
  }
  SECTION("edit state.json, or add junk after a NUL: a cache, named stale and rebuilt") {
    for (int way = 0; way < 2; ++way) {
      fresh();
      std::string original = read_file(game / "state.json");
      if (way == 0) {
        Json state = Json::parse(original);
        state["units"]["1/I"]["hex"] = "0101";
        write_file_atomic(game / "state.json", state.dump(2));
      } else {
        write_file_atomic(game / "state.json", original + std::string("\0junk", 5));
      }
      auto v = verify(game);
      CHECK(v.exit == 0);
      CHECK(v.report["caches"].dump().find("state.json was stale") != std::string::npos);
      CHECK(read_file(game / "state.json") == original);
      CHECK(verify(game).report["caches"].empty());
    }
  }
  SECTION("truncate the log mid-line") {
    fresh();
    std::string text = read_file(game / "log.jsonl");
    std::size_t last = text.rfind('\n', text.size() - 2);
    write_file_atomic(game / "log.jsonl", text.substr(0, last + 1 + (text.size() - last) / 2));
    expect_bad(4, "verify.malformed");
  }
}

TEST_CASE("refused orders change nothing on disk", "[game][badinput]") {
  TempDir tmp("refused");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  fs::path work = tmp.path();
  std::string before = folder_hash(game);
  auto attempt = [&](const std::string& file, const std::string& id, const std::string& signer) {
    auto r = run_adjutant("adjudicate '" + game.string() + "' " + file + " --key " + signer +
                              ".key --chain " + signer + ".key.chain",
                          work);
    INFO(r.out << r.err);
    CHECK(r.exit == 1);
    CHECK(r.err.find("[" + id + "]") != std::string::npos);
    CHECK(folder_hash(game) == before);
  };
  SECTION("an old order file again") {
    attempt("confederate-t1.signed.json", "orders.stale", "union");
  }
  SECTION("orders for the side not to move") {
    // Turn 2 is the confederate's: sign refuses the union's orders as check
    // would, unless forced.
    write_file_atomic(work / "u.json", "{\"moves\": []}");
    auto refused = run_adjutant(
        "sign u.json --game '" + game.string() + "' --key union.key --out u.signed.json", work);
    CHECK(refused.exit == 1);
    CHECK(refused.err.find("[orders.not_your_phase]") != std::string::npos);
    CHECK_FALSE(fs::exists(work / "u.signed.json"));
    auto forced = run_adjutant(
        "sign u.json --force --game '" + game.string() + "' --key union.key --out u.signed.json",
        work);
    REQUIRE(forced.exit == 0);
    CHECK(forced.err.find("warning: signing anyway (--force)") != std::string::npos);
    attempt("u.signed.json", "orders.not_your_phase", "confederate");
  }
  SECTION("malformed JSON") {
    write_file_atomic(work / "bad.json", "{\"payloadType\": ");
    attempt("bad.json", "json.syntax", "union");
  }
  SECTION("duplicate keys") {
    write_file_atomic(work / "dup.json", "{\"a\": 1, \"a\": 2}");
    attempt("dup.json", "json.duplicate_key", "union");
  }
  SECTION("junk after a NUL byte in a signed order file") {
    fs::path good =
        adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
    write_file_atomic(work / "nul.json", read_file(good) + std::string("\0junk", 5));
    attempt("nul.json", "json.syntax", "union");
  }
  SECTION("an uppercase hex reveal") {
    fs::path good =
        adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
    Json env = Json::parse(read_file(good));
    std::string s = env["body"]["reveal"]["s"];
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    env["body"]["reveal"]["s"] = s;
    auto key = adjutant::ledger::SigningKey::load_pem(work / "confederate.key");
    env = adjutant::ledger::sign_envelope(adjutant::ledger::kOrdersType, env["body"], key);
    write_file_atomic(work / "upper.json", env.dump(2));
    auto r = run_adjutant("check '" + game.string() + "' upper.json", work);
    CHECK(r.err.find("reveal") != std::string::npos);
    CHECK(r.err.find("upper.json") != std::string::npos);
    attempt("upper.json", "orders.wrong_type", "union");
  }
  SECTION("an order file over 1 MiB") {
    write_file_atomic(work / "big.json", "{\"x\": \"" + std::string(1100000, 'a') + "\"}");
    attempt("big.json", "orders.too_large", "union");
  }
  SECTION("unknown unit, unknown field, wrong type") {
    for (auto [text, id] : std::vector<std::pair<std::string, std::string>>{
             {"{\"moves\": [{\"unit\": \"NoSuch\", \"to\": \"0402\"}]}", "move.unknown_unit"},
             {"{\"moves\": [{\"unit\": \"1/Heth\", \"too\": \"0402\"}]}", "orders.unknown_field"},
             {"{\"moves\": [{\"unit\": 7, \"to\": \"0402\"}]}", "orders.wrong_type"},
             {"{\"moves\": [{\"unit\": \"1/Heth\", \"path\": [\"0402\", \"04x2\"]}]}",
              "move.bad_hex"},
             {"{\"moves\": [{\"unit\": \"1/Heth\", \"path\": [\"0402\", \"0401\", \"0400\"]}]}",
              "move.off_map"}}) {
      write_file_atomic(work / "o.json", text);
      fs::remove(work / "o.signed.json");
      // sign runs the check first: it refuses with the same id, signing nothing...
      auto refused = run_adjutant(
          "sign o.json --game '" + game.string() + "' --key confederate.key --out o.signed.json",
          work);
      CHECK(refused.exit == 1);
      CHECK(refused.err.find(id) != std::string::npos);
      CHECK_FALSE(fs::exists(work / "o.signed.json"));
      // ... unless forced, so that check and adjudicate can be shown refusing it.
      REQUIRE(run_adjutant("sign o.json --force --game '" + game.string() +
                               "' --key confederate.key --out o.signed.json",
                           work)
                  .exit == 0);
      auto r = run_adjutant("check --json '" + game.string() + "' o.signed.json", work);
      INFO(text << "\n" << r.out << r.err);
      CHECK(r.exit == 1);
      CHECK(r.out.find(id) != std::string::npos);
      attempt("o.signed.json", id, "union");
    }
  }
}

TEST_CASE("adjudicate and sign build only on a log that verifies", "[game][tamper]") {
  TempDir tmp("sound-log");
  fs::path clean = tmp.path() / "clean";
  make_sample_game(clean, false);
  fs::path work = tmp.path();
  fs::path orders =
      adjutant::testing::sign_sample_orders(clean, "03-t2-confederate.json", "confederate");
  fs::path game = tmp.path() / "game";
  auto attempt = [&](const std::string& what) {
    INFO(what);
    std::string before = folder_hash(game);
    auto a = run_adjutant("adjudicate '" + game.string() + "' '" + orders.string() +
                              "' --key union.key --chain union.key.chain --no-outputs",
                          work);
    INFO(a.out << a.err);
    CHECK(a.exit == 3);
    CHECK(a.err.find("[verify.") != std::string::npos);
    CHECK(folder_hash(game) == before);
    auto s = run_adjutant("sign '" +
                              (adjutant::testing::source_dir() / "samples" / "orders" / "skirmish" /
                               "03-t2-confederate.json")
                                  .string() +
                              "' --game '" + game.string() + "' --key confederate.key --out x.json",
                          work);
    CHECK(s.exit == 3);
    CHECK(!fs::exists(work / "x.json"));
  };
  auto fresh = [&] {
    fs::remove_all(game);
    fs::copy(clean, game, fs::copy_options::recursive);
  };
  SECTION("a duplicated last line") {
    fresh();
    std::string text = read_file(game / "log.jsonl");
    std::size_t last = text.rfind('\n', text.size() - 2) + 1;
    write_file_atomic(game / "log.jsonl", text + text.substr(last));
    attempt("duplicated last line");
  }
  SECTION("a forged events line, re-signed and re-chained") {
    auto e = [&] {
      fresh();
      return log_entries(game);
    }();
    e[4]["body"]["events"] = Json::array();
    rewrite_log(game, e, 4);
    attempt("forged events");
  }
  SECTION("an edited game.json") {
    fresh();
    Json g = Json::parse(read_file(game / "game.json"));
    g["deadline_hours"] = 1;
    write_file_atomic(game / "game.json", g.dump(2));
    attempt("edited game.json");
  }
}
