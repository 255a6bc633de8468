// Protocol 2 (docs/protocol.md 2, 3b, 4, 5, 5a, 5b) in
// tests/tools/independent_verify.py, the verifier written from the protocol
// document alone: each refusal is shown on a sample archive tampered in one
// way and re-signed by the party whose key the line needs, and adjutant's own
// verify refuses the same archive at the same line, so the two
// implementations agree on it.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "game/log.h"
#include "game/verify.h"
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
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;
namespace game = adjutant::game;
namespace ledger = adjutant::ledger;

namespace {

ledger::SigningKey key_of(const std::string& party) {
  return ledger::SigningKey::load_pem(source_dir() / "samples" / "keys" / (party + ".key"));
}

std::string key_id_of(const std::string& party) {
  return ledger::key_id(key_of(party).public_raw());
}

std::string body_hash(const Json& body) {
  return ledger::sha256_hex(ledger::canonical(body));
}

// The next revision of an order body (docs/protocol.md 5b), replacing it.
Json next_revision(const Json& body) {
  Json next = body;
  next["revision"] = body["revision"].get<int>() + 1;
  next["replaces"] = body_hash(body);
  return next;
}

// An order file of `body`, signed by its side.
Json signed_file(const Json& body) {
  return ledger::sign_envelope(ledger::kOrdersType, body, key_of(body["side"]));
}

// A copy of samples/games/NAME whose log a test changes. Every sample used
// here has an umpire, who is its host and signs every line.
struct Sample {
  fs::path dir;
  std::vector<std::string> lines;

  Sample(const fs::path& scratch, const std::string& name) : dir(scratch / name) {
    fs::copy(source_dir() / "samples" / "games" / name, dir, fs::copy_options::recursive);
    std::string text = read_file(dir / "log.jsonl", 1u << 26);
    for (std::size_t at = 0, nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
      lines.push_back(text.substr(at, nl - at));
  }
  Json entry(std::size_t i) const { return ledger::parse_strict(lines[i], "line"); }
  std::string prev(std::size_t i) const {
    return i == 0 ? game::kZeroHash : ledger::sha256_hex(lines[i - 1]);
  }
  // Line i becomes `e`, signed by the umpire; the log ends with the phase
  // of line i (the next phase's order files name the hash of a line before
  // them, which has changed), its later lines re-chained.
  void put(std::size_t i, const Json& e) {
    put_raw(i, game::make_entry_line(int(i), prev(i), e["kind"], e["body"], key_of("umpire")));
  }
  // The same with line i exactly `line`, not re-signed.
  void put_raw(std::size_t i, const std::string& line) {
    lines[i] = line;
    for (std::size_t j = i; j < lines.size(); ++j)
      if (entry(j)["kind"] == "adjudication") {
        lines.resize(j + 1);
        break;
      }
    rechain(i + 1);
  }
  void rechain(std::size_t from) {
    for (std::size_t j = from; j < lines.size(); ++j) {
      Json e = entry(j);
      lines[j] = game::make_entry_line(int(j), prev(j), e["kind"], e["body"], key_of("umpire"));
    }
  }
  // Line i dated `at`, re-signed by the umpire.
  void date(std::size_t i, const std::string& at) {
    Json e = entry(i);
    e["body"]["at"] = at;
    put(i, e);
  }
  // The order file of line i with `change` made to its body, signed by its side.
  template <typename Change>
  void change_orders(std::size_t i, Change change) {
    Json e = entry(i);
    Json body = e["body"]["body"];
    change(body);
    e["body"] = signed_file(body);
    put(i, e);
  }
  void save() const {
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    write_file_atomic(dir / "log.jsonl", text);
  }
};

struct Verdicts {
  int exit;
  std::string out;              // the independent verifier's
  game::VerifyReport adjutant;  // adjutant's own verify
};

// tests/tools/independent_verify.py --no-vectors OPTIONS GAME.
adjutant::testing::Run independent(const fs::path& game, const std::string& options = "") {
  return adjutant::testing::run_command(
      "/usr/bin/python3 '" + (source_dir() / "tests/tools/independent_verify.py").string() +
      "' --no-vectors " + options + " '" + game.string() + "'");
}

Verdicts verify_both(const Sample& s) {
  s.save();
  auto r = independent(s.dir);
  return {r.exit, r.out, game::verify_archive(s.dir)};
}

// Both verifiers refuse the archive at `line`: the independent one saying
// `says`, adjutant with `id`.
void refused(const Sample& s, int line, const std::string& says, const std::string& id) {
  auto v = verify_both(s);
  INFO(v.out << "\nadjutant: " << v.adjutant.error_id << " " << v.adjutant.message);
  CHECK(v.exit == 1);
  CHECK(v.out.find("FAIL " + s.dir.string() + ": line " + std::to_string(line) + ": ") !=
        std::string::npos);
  CHECK(v.out.find(says) != std::string::npos);
  CHECK_FALSE(v.adjutant.ok);
  CHECK(v.adjutant.error_id == id);
  CHECK(v.adjutant.bad_line == line);
}

void accepted(const Sample& s) {
  auto v = verify_both(s);
  INFO(v.out << "\nadjutant: " << v.adjutant.error_id << " " << v.adjutant.message);
  CHECK(v.exit == 0);
  CHECK(v.out.find("OK " + s.dir.string() + ": ") != std::string::npos);
  CHECK(v.adjutant.ok);
}

struct Disputed {
  adjutant::testing::Run independent;  // the independent verifier --dispute
  adjutant::testing::Run adjutant;     // adjutant verify --dispute
};

// Both verifiers on the sample (unchanged, and verifying) with --dispute FILE.
Disputed dispute(const Sample& s, const Json& file) {
  s.save();
  fs::path path = s.dir.parent_path() / "disputed.json";
  write_file_atomic(path, file.dump(2));
  Disputed d{independent(s.dir, "--dispute '" + path.string() + "'"),
             adjutant::testing::run_adjutant("verify '" + s.dir.string() + "' --dispute '" +
                                             path.string() + "'")};
  INFO(d.independent.out << "\nadjutant: " << d.adjutant.out << d.adjutant.err);
  CHECK(game::verify_archive(s.dir).ok);  // the archive itself verifies
  return d;
}

// The dispute stands: both verifiers fail at `line`, the independent one
// saying `says`.
void stands(const Disputed& d, int line, const std::string& says) {
  INFO(d.independent.out << "\nadjutant: " << d.adjutant.out << d.adjutant.err);
  CHECK(d.independent.exit == 1);
  CHECK(d.independent.out.find(": line " + std::to_string(line) + ": " + says) !=
        std::string::npos);
  CHECK(d.adjutant.exit == 3);
  CHECK(d.adjutant.err.find("line " + std::to_string(line)) != std::string::npos);
  CHECK(d.adjutant.err.find("[verify.superseded]") != std::string::npos);
}

// The file proves nothing: both verifiers pass, naming why (adjutant with `id`).
void proves_nothing(const Disputed& d, const std::string& says, const std::string& id) {
  INFO(d.independent.out << "\nadjutant: " << d.adjutant.out << d.adjutant.err);
  CHECK(d.independent.exit == 0);
  CHECK(d.independent.out.find("proves no later orders than the log's: " + says) !=
        std::string::npos);
  CHECK(d.adjutant.exit == 0);
  CHECK(d.adjutant.out.find("[" + id + "]") != std::string::npos);
}

}  // namespace

TEST_CASE("the independent verifier takes the archives re-signed unchanged, of both protocols",
          "[independent][protocol2]") {
  // The harness itself: re-signing and re-chaining every line changes no
  // verdict, so each refusal below is the tampering's alone.
  TempDir tmp("indep-p2-control");
  for (const char* name : {"skirmish-bot-p2", "chaos-meeting-p2-bot", "skirmish-bot-umpire"}) {
    Sample s(tmp.path(), name);
    s.rechain(1);
    accepted(s);
  }
}

TEST_CASE("the independent verifier refuses a time that goes back under protocol 2",
          "[independent][protocol2]") {
  TempDir tmp("indep-p2-time");
  SECTION("an adjudication dated before the one before it, re-signed by the umpire") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    REQUIRE(s.entry(2)["body"]["at"] == "2026-11-02T18:00:00Z");
    s.date(4, "2026-11-02T17:59:59Z");
    refused(s, 4, "time 2026-11-02T17:59:59Z is before 2026-11-02T18:00:00Z, the time of line 2",
            "verify.time");
  }
  SECTION("an adjudication dated before genesis") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    s.date(2, "2026-11-01T08:59:59Z");
    refused(s, 2, "the time of genesis (created)", "verify.time");
  }
  SECTION("the same time as the line before is not earlier") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    s.date(4, s.entry(2)["body"]["at"]);
    accepted(s);
  }
  SECTION("protocol 1 keeps its times as they were made") {
    Sample s(tmp.path(), "skirmish-bot-umpire");
    s.date(4, "2026-11-01T08:00:00Z");
    accepted(s);
  }
}

TEST_CASE("the independent verifier refuses a keyid that is not the signer's",
          "[independent][protocol2]") {
  TempDir tmp("indep-p2-keyid");
  SECTION("in a log line (the keyid is not signed: the signature still verifies)") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    Json e = s.entry(2);
    e["sig"]["keyid"] = key_id_of("confederate");
    s.put_raw(2, ledger::canonical(e));
    refused(s, 2, "entry signature by adjudicator umpire keyid", "verify.keyid");
  }
  SECTION("in an order file, the entry re-signed by the umpire") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    Json e = s.entry(1);
    e["body"]["signatures"][0]["keyid"] = key_id_of("umpire");
    s.put(1, e);
    refused(s, 1, "order envelope of confederate keyid", "verify.orders");
  }
  SECTION("in a card of genesis, the log cut to genesis alone") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    Json e = s.entry(0);
    REQUIRE(e["body"]["cards"][0]["body"]["party"] == "union");
    e["body"]["cards"][0]["signatures"][0]["keyid"] = "0123456789abcdef";
    s.lines.resize(1);
    s.put(0, e);
    write_file_atomic(s.dir / "game.json", e["body"].dump(2));
    refused(s, 0, "card of union (self-signature) keyid '0123456789abcdef'", "verify.card");
  }
  SECTION("of protocol 1 too") {
    Sample s(tmp.path(), "skirmish-bot-umpire");
    Json e = s.entry(3);
    e["body"]["signatures"][0]["keyid"] = "0123456789abcdef";
    s.put(3, e);
    refused(s, 3, "keyid '0123456789abcdef' is not the signer's key id", "verify.orders");
  }
}

TEST_CASE("the independent verifier holds order files to their protocol's format",
          "[independent][protocol2]") {
  TempDir tmp("indep-p2-revision");
  SECTION("a protocol-2 order file without its revision") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    s.change_orders(1, [](Json& b) { b.erase("revision"); });
    refused(s, 1, "the order file has no revision (protocol 2)", "verify.orders");
  }
  SECTION("revision 2 without what it replaces") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    s.change_orders(1, [](Json& b) { b["revision"] = 2; });
    refused(s, 1, "revision 2 of an order file lacks 'replaces'", "verify.orders");
  }
  SECTION("revision 2 replacing revision 1 is accepted") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    s.change_orders(1, [](Json& b) { b = next_revision(b); });
    accepted(s);
  }
  SECTION("an order file of protocol 1's format in a protocol-2 game") {
    Sample s(tmp.path(), "skirmish-bot-p2");
    s.change_orders(1, [](Json& b) {
      b["format"] = "adjutant-orders/1";
      b.erase("revision");
    });
    refused(s, 1, "a game of protocol 2 takes 'adjutant-orders/2'", "verify.orders");
  }
  SECTION("a revision in a protocol-1 game") {
    Sample s(tmp.path(), "skirmish-bot-umpire");
    s.change_orders(1, [](Json& b) { b["revision"] = 1; });
    refused(s, 1, "an order file of protocol 1 carries no revision", "verify.orders");
  }
}

TEST_CASE("the independent verifier refuses a replacement that is not a later revision",
          "[independent][protocol2]") {
  // The first phase of the simultaneous fog-of-war sample: the union's file
  // at line 1, the confederate's at line 2. Line 2 becomes a second union
  // file (the same link again, as a replacement must reveal), and the log
  // ends there, waiting for the confederate.
  TempDir tmp("indep-p2-replacement");
  Sample s(tmp.path(), "chaos-meeting-p2-bot");
  REQUIRE(s.entry(1)["body"]["body"]["side"] == "union");
  REQUIRE(s.entry(1)["body"]["body"]["revision"] == 1);
  Json first = s.entry(1)["body"]["body"];
  Json second = next_revision(first);
  auto union_file = [](const Json& body) {
    return Json{{"kind", "orders"}, {"body", signed_file(body)}};
  };
  s.lines.resize(3);

  SECTION("revision 2, then revision 1 again") {
    s.put(1, union_file(second));
    s.put(2, union_file(first));
    refused(s, 2, "a second file for union of revision 1 replaces one of revision 2",
            "verify.orders");
  }
  SECTION("revision 1 twice") {
    s.put(2, union_file(first));
    refused(s, 2, "a second file for union of revision 1 replaces one of revision 1",
            "verify.orders");
  }
  SECTION("revision 1, then revision 2: the phase awaits the confederate") {
    s.put(2, union_file(second));
    auto v = verify_both(s);
    INFO(v.out);
    CHECK(v.exit == 0);
    CHECK(v.out.find("awaiting the others") != std::string::npos);
    CHECK(v.adjutant.ok);
  }
}

TEST_CASE("the independent verifier holds a disputed later revision to the log, as verify does",
          "[independent][protocol2]") {
  TempDir tmp("indep-p2-dispute");
  Sample s(tmp.path(), "skirmish-bot-p2");
  Json logged = s.entry(1)["body"];  // revision 1 of the confederate's first orders
  const Json& body = logged["body"];
  SECTION("a later revision of the file adjudicated: both fail at its line") {
    Json later = next_revision(body);
    later["moves"].erase(later["moves"].size() - 1);
    stands(dispute(s, signed_file(later)), 1,
           "line 1 logs revision 1 of confederate's orders for turn 1 phase confederate, "
           "and confederate signed revision 2");
  }
  SECTION("the proof adjutant dispute writes: both fail at the same line") {
    Json later = next_revision(next_revision(body));
    later["replaces"] = std::string(64, 'a');  // a revision 2 the log never saw
    write_file_atomic(tmp.path() / "later.json", signed_file(later).dump(2));
    auto w = adjutant::testing::run_adjutant("dispute '" + s.dir.string() + "' '" +
                                             (tmp.path() / "later.json").string() + "' --out '" +
                                             (tmp.path() / "proof.json").string() + "'");
    INFO(w.out << w.err);
    REQUIRE(w.exit == 0);
    Json proof = ledger::parse_strict(read_file(tmp.path() / "proof.json"), "proof");
    CHECK(proof["format"] == "adjutant-dispute/1");
    stands(dispute(s, proof), 1, "line 1 logs revision 1 of confederate's orders");
  }
  SECTION("the very file adjudicated proves nothing") {
    proves_nothing(dispute(s, logged), "the very file adjudicated at line 1",
                   "dispute.adjudicated");
  }
  SECTION("other orders of the same revision prove nothing") {
    Json same_revision = body;
    same_revision["moves"] = Json::array();
    proves_nothing(dispute(s, signed_file(same_revision)),
                   "revision 1, and revision 1 (line 1) was adjudicated", "dispute.earlier");
  }
  SECTION("a later revision for another phase proves nothing") {
    Json other = next_revision(body);
    other["after"] = ledger::sha256_hex(s.lines[2]);  // the union's phase follows line 2
    proves_nothing(dispute(s, signed_file(other)),
                   "turn 1 phase 'confederate' is not the phase adjudicated at line 4",
                   "dispute.no_phase");
  }
  SECTION("a later revision whose keyid is not the side's proves nothing") {
    Json file = signed_file(next_revision(body));
    file["signatures"][0]["keyid"] = key_id_of("union");
    proves_nothing(dispute(s, file), "not a signed order file of this game", "dispute.not_orders");
  }
}

TEST_CASE("the independent verifier finds a disputed file's phase by the line it was written after",
          "[independent][protocol2]") {
  // The simultaneous sample: both files of turn 1 name line 0, where the
  // phase opened. A later union revision naming line 0 stands; naming
  // line 1, it is of the same phase but was written after another line
  // than the file adjudicated, so it proves nothing.
  TempDir tmp("indep-p2-dispute-sim");
  Sample s(tmp.path(), "chaos-meeting-p2-bot");
  Json first = s.entry(1)["body"]["body"];
  REQUIRE(first["side"] == "union");
  REQUIRE(first["after"] == ledger::sha256_hex(s.lines[0]));
  Json later = next_revision(first);
  stands(dispute(s, signed_file(later)), 1, "line 1 logs revision 1 of union's orders");
  later["after"] = ledger::sha256_hex(s.lines[1]);
  proves_nothing(dispute(s, signed_file(later)),
                 "written after another line than the file adjudicated at line 1", "dispute.stale");
}
