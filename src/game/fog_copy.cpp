// A side's sealed copy of a fog-of-war game (docs/protocol.md 10a): what
// verify checks on it before and after the openings entry, and sync.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <set>

#include "game/adjudicate.h"
#include "game/fog.h"
#include "game/genesis.h"
#include "game/intake.h"
#include "game/log.h"
#include "game/secrets.h"
#include "game/verify.h"
#include "ledger/chain.h"
#include "ledger/crypto_oracle.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace {

[[noreturn]] void sealed_fail(const std::string& id, const std::string& message) {
  throw Error(id, message, Exit::kVerifyFailed);
}

bool is_hex64(const Json& j) {
  if (!j.is_string()) return false;
  const std::string& s = j.get_ref<const std::string&>();
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

const Json& member(const Json& body, const char* name) {
  if (!body.is_object() || !body.contains(name))
    sealed_fail("verify.sealed", std::string("the sealed line has no \"") + name + "\"");
  return body[name];
}

std::string hex_member(const Json& body, const char* name) {
  const Json& j = member(body, name);
  if (!is_hex64(j))
    sealed_fail("verify.sealed", std::string("\"") + name + "\" must be 64 lowercase hex digits");
  return j.get<std::string>();
}

int int_member(const Json& body, const char* name) {
  const Json& j = member(body, name);
  if (!j.is_number_integer() || j.get<long long>() < 0 || j.get<long long>() > kMaxCount)
    sealed_fail("verify.sealed", std::string("\"") + name + "\" must be a count");
  return int(j.get<long long>());
}

LinkReveal reveal_member(const Json& body, const char* name) {
  const Json& r = member(body, name);
  if (!r.is_object() || r.size() != 2 || !r.contains("m") || !r["m"].is_number_integer() ||
      r["m"].get<long long>() < 0 || r["m"].get<long long>() > kMaxCount || !is_hex64(r["s"]))
    sealed_fail("verify.sealed", std::string("\"") + name + "\" must be {\"m\", \"s\"}");
  return {std::uint32_t(r["m"].get<long long>()), ledger::from_hex(r["s"].get<std::string>())};
}

void check_members(const Json& body, const std::set<std::string>& names) {
  for (const auto& [key, value] : body.items())
    if (!names.count(key)) sealed_fail("verify.sealed", "unknown member \"" + key + "\"");
  for (const auto& n : names)
    if (!body.contains(n)) sealed_fail("verify.sealed", "the sealed line has no \"" + n + "\"");
}

// One opening, as it travels in a packet or in the openings entry.
struct Opening {
  std::string salt;
  Json content;
};
using Openings = std::map<std::pair<int, std::string>, Opening>;

Openings read_openings(const Json& list, const std::string& where) {
  Openings out;
  if (!list.is_array()) sealed_fail("verify.opening", where + ": the openings must be an array");
  for (const auto& o : list) {
    if (!o.is_object() || o.size() != 4 || !o.contains("line") || !o["line"].is_number_integer() ||
        !o.contains("kind") || !o["kind"].is_string() || !is_hex64(o.value("salt", Json())) ||
        !o.contains("content"))
      sealed_fail("verify.opening",
                  where + ": an opening must be {\"line\", \"kind\", \"salt\", \"content\"}");
    auto key = std::make_pair(int(o["line"].get<long long>()), o["kind"].get<std::string>());
    if (out.count(key))
      sealed_fail("verify.opening",
                  where + ": two openings of line " + std::to_string(key.first) + " " + key.second);
    out[key] = {ledger::from_hex(o["salt"].get<std::string>()), o["content"]};
  }
  return out;
}

// The walk of a sealed copy, line by line.
class SealedWalk {
 public:
  SealedWalk(const SealedCopy& copy, SealedReport& report) : c_(copy), r_(report) {}

  void run();

 private:
  void genesis();
  void sealed_orders(const LogEntry& e);
  void sealed_adjudication(const LogEntry& e);
  void ruling(const LogEntry& e);
  void end(const LogEntry& e);
  void openings(const LogEntry& e);
  void check_packet();
  void ask_ahead() const;
  void dated(const std::string& at);
  void read_signed_commitments(const Json& list);
  void by_umpire(const LogEntry& e) const;
  const std::string* commitment(int line, const std::string& kind) const;

  const SealedCopy& c_;
  SealedReport& r_;
  Json genesis_;
  int protocol_ = 1;
  std::string game_id_;
  std::string last_at_;  // protocol 2: the latest time of the log so far
  std::vector<Party> parties_;
  std::map<std::string, Party> by_id_;
  std::vector<std::string> sides_;
  std::map<std::string, LatestReveal> latest_;
  std::map<std::string, LinkReveal> pending_;  // sides whose file is in this phase
  std::map<std::string, int> pending_line_;    // and the line of each one's last file
  std::string prev_;                           // the umpire's hash of the line before
  std::string phase_open_;                     // the hash of the line the phase opened at
  std::map<int, std::string> originals_;       // seq -> the umpire's hash of that line
  // Every commitment of the copy: (line, kind) -> hex C.
  std::map<std::pair<int, std::string>, std::string> commitments_;
  Openings packet_;
  // Commitments the umpire signed outside the log, in the packet: (line,
  // kind) -> hex C (the side's part of the scenario, "scenario:SIDE").
  std::map<std::pair<int, std::string>, std::string> signed_;
  Json part_;                                   // the part opened, when held
  std::map<std::string, LatestReveal> before_;  // a side's link before its file of the phase
};

// Protocol 2: times never go back along the log (docs/protocol.md 4).
void SealedWalk::dated(const std::string& at) {
  if (protocol_ < 2) return;
  if (parse_rfc3339(at) < parse_rfc3339(last_at_))
    sealed_fail("verify.time", "dated " + at + ", before " + last_at_ +
                                   ", an earlier time of the log: times never go back along it");
  last_at_ = at;
}

void SealedWalk::by_umpire(const LogEntry& e) const {
  auto it = by_id_.find("umpire");
  if (it == by_id_.end()) sealed_fail("verify.signature", "the entry is not signed by the umpire");
  require_signed(e, it->second, "");
}

const std::string* SealedWalk::commitment(int line, const std::string& kind) const {
  auto it = commitments_.find({line, kind});
  if (it != commitments_.end()) return &it->second;
  auto s = signed_.find({line, kind});
  return s == signed_.end() ? nullptr : &s->second;
}

// The packet's "commitments": each a DSSE envelope signed by the umpire,
// {"format", "game", "side", "line", "kind", "commit"}, of this copy's game
// and side; the one kind is the side's part of the scenario at line 0.
void SealedWalk::read_signed_commitments(const Json& list) {
  std::string where = std::string(kPacketFile) + ": commitments";
  if (!list.is_array()) sealed_fail("verify.opening", where + " must be an array");
  for (const auto& j : list) {
    ledger::Envelope env;
    try {
      env = ledger::parse_envelope(j, where);
      if (!ledger::verify_envelope(env, kFogCommitmentType, by_id_.at("umpire").public_key))
        sealed_fail("verify.signature", where + ": a commitment is not signed by the umpire");
    } catch (const Error& err) {
      if (err.exit_code() == Exit::kVerifyFailed) throw;
      sealed_fail("verify.opening", err.what());
    }
    const Json& b = env.body;
    check_members(b, {"format", "game", "side", "line", "kind", "commit"});
    std::string kind = b["kind"].is_string() ? b["kind"].get<std::string>() : "";
    if (b["format"] != kFogCommitmentFormat || b["game"] != game_id_ || b["side"] != r_.side ||
        b["line"] != 0 || kind != "scenario:" + r_.side)
      sealed_fail("verify.opening", where + ": a commitment of " + kFogCommitmentFormat +
                                        " to this game's side " + r_.side +
                                        " is of its part of the scenario at line 0");
    if (signed_.count({0, kind})) sealed_fail("verify.opening", where + ": two of " + kind);
    signed_[{0, kind}] = hex_member(b, "commit");
  }
}

void SealedWalk::genesis() {
  const LogEntry& e = c_.log.at(0);
  if (e.kind != "genesis" || e.seq != 0 || e.prev != kZeroHash)
    sealed_fail("verify.genesis", "line 0 must be the genesis entry with seq 0 and a zero prev");
  genesis_ = e.body;
  protocol_ = protocol_of(genesis_);
  if (protocol_ == 0) sealed_fail("verify.genesis", "unknown genesis format");
  if (!is_fog_genesis(genesis_) || !genesis_["fog"].is_object())
    sealed_fail("verify.sealed", "genesis is not of a fog-of-war game");
  try {
    parties_ = genesis_parties(genesis_);
  } catch (const Error& err) {
    sealed_fail("verify.card", err.detail());
  }
  for (const auto& p : parties_) {
    by_id_[p.id] = p;
    if (p.id != "umpire") sides_.push_back(p.id);
    latest_[p.id] = {0, p.anchor};
  }
  auto host = by_id_.find(genesis_.value("host", ""));
  if (host == by_id_.end())
    sealed_fail("verify.signature", "the genesis entry is not signed by the host");
  require_signed(e, host->second, ", the host (genesis)");
  if (!by_id_.count("umpire")) sealed_fail("verify.sealed", "a fog-of-war game has an umpire");
  if (ledger::canonical(c_.game_json) != ledger::canonical(genesis_))
    sealed_fail("verify.game_json", "game.json differs from the genesis entry in the log");
  game_id_ = ledger::sha256_hex(ledger::canonical(genesis_));
  last_at_ = genesis_.value("created", "");
  if (protocol_ >= 2 && (!is_canonical_time(last_at_)))
    sealed_fail("verify.genesis", "genesis's created is not a time");
  for (const auto& [kind, value] : genesis_["fog"].items()) {
    if (!is_hex64(value)) sealed_fail("verify.sealed", "genesis's commitment of " + kind);
    commitments_[{0, kind}] = value.get<std::string>();
  }
  originals_[0] = e.hash;
  prev_ = e.hash;
  phase_open_ = e.hash;
}

void SealedWalk::sealed_orders(const LogEntry& e) {
  by_umpire(e);
  const Json& b = e.body;
  check_members(b, {"line", "side", "turn", "phase", "after", "reveal", "orders"});
  std::string line = hex_member(b, "line");
  std::string side = member(b, "side").is_string() ? b["side"].get<std::string>() : "";
  if (std::find(sides_.begin(), sides_.end(), side) == sides_.end())
    sealed_fail("verify.sealed", "\"side\" must be a side of the game");
  int_member(b, "turn");
  if (!member(b, "phase").is_string()) sealed_fail("verify.sealed", "\"phase\" must be a name");
  std::string after = hex_member(b, "after");
  if (after != prev_ && after != phase_open_)
    sealed_fail("verify.orders",
                "the order file's after names neither the log head nor the line "
                "its phase opened at");
  LinkReveal reveal = reveal_member(b, "reveal");
  auto known = pending_.find(side);
  if (known != pending_.end()) {
    // A corrected file of the same phase reveals the same link again.
    if (known->second.m != reveal.m || known->second.s != reveal.s)
      sealed_fail("verify.reveal", "a second file of " + side + " must reveal the same link");
  } else {
    const LatestReveal& last = latest_.at(side);
    before_[side] = last;
    if (reveal.m != last.m + 1 || reveal.m > by_id_.at(side).chain_length ||
        !ledger::check_link(reveal.m, reveal.s, last.m, last.s))
      sealed_fail("verify.reveal", "the revealed link is not link " + std::to_string(last.m + 1) +
                                       " of " + side + "'s dice chain");
    pending_[side] = reveal;
    latest_[side] = {reveal.m, reveal.s};
  }
  pending_line_[side] = e.seq;
  commitments_[{e.seq, "orders"}] = hex_member(b, "orders");
  originals_[e.seq] = line;
  prev_ = line;
}

void SealedWalk::sealed_adjudication(const LogEntry& e) {
  by_umpire(e);
  const Json& b = e.body;
  // From protocol 2 the umpire's link and the seed are committed, not in
  // clear: with them a side could roll the enemy's hidden draws (10a).
  if (protocol_ >= 2)
    check_members(b, {"line", "t", "turn", "phase", "orders", "adjudicator", "reveals", "at",
                      "side", "visible", "commit"});
  else
    check_members(b, {"line", "t", "turn", "phase", "orders", "adjudicator", "reveal", "reveals",
                      "seed", "at", "side", "visible", "commit"});
  std::string line = hex_member(b, "line");
  int t = int_member(b, "t");
  if (t != r_.adjudications + 1)
    sealed_fail("verify.adjudication", "t should be " + std::to_string(r_.adjudications + 1));
  r_.turn = int_member(b, "turn");
  r_.phase = member(b, "phase").is_string() ? b["phase"].get<std::string>() : "";
  if (b["adjudicator"] != "umpire")
    sealed_fail("verify.adjudication", "the umpire adjudicates a fog-of-war game");
  if (pending_.empty())
    sealed_fail("verify.sequence", "an adjudication without its order entry before it");
  if (b["side"] != r_.side)
    sealed_fail("verify.sealed", "the line is sealed for another side than this copy's");
  // The lines it adjudicates: the last file (or NMR) of each side in.
  std::set<int> want, named;
  for (const auto& [side, seq] : pending_line_) want.insert(seq);
  const Json& orders = b["orders"];
  if (orders.is_number_integer()) {
    named.insert(int(orders.get<long long>()));
  } else if (orders.is_array()) {
    for (const auto& n : orders)
      if (n.is_number_integer()) named.insert(int(n.get<long long>()));
    if (named.size() != orders.size()) named.clear();
  }
  if (named != want)
    sealed_fail("verify.adjudication", "orders must name the last order line of each side in");
  if (!b["visible"].is_array()) sealed_fail("verify.sealed", "\"visible\" must be an array");
  if (protocol_ >= 2) {
    if (!member(b, "at").is_string() || !is_canonical_time(b["at"].get<std::string>()))
      sealed_fail("verify.sealed", "\"at\" must be a time of the form 2024-05-01T12:00:00Z");
    dated(b["at"].get<std::string>());
  }
  if (!ledger::same_canonical(reveals_json(latest_), b["reveals"]))
    sealed_fail("verify.reveal", "the player reveals listed are not the latest ones");
  std::set<std::string> kinds = {"rolls", "echo", "events", "state"};
  if (protocol_ >= 2) {
    kinds.insert("seed");
  } else {
    LinkReveal reveal = reveal_member(b, "reveal");
    const LatestReveal& last = latest_.at("umpire");
    if (reveal.m != last.m + 1 || reveal.m > by_id_.at("umpire").chain_length ||
        !ledger::check_link(reveal.m, reveal.s, last.m, last.s))
      sealed_fail("verify.reveal", "the revealed link is not link " + std::to_string(last.m + 1) +
                                       " of the umpire's dice chain");
    std::vector<ledger::Reveal> players;
    for (const auto& [id, rv] : latest_)
      if (id != "umpire") players.push_back({id, rv.m, rv.s});
    std::string seed = ledger::seed(ledger::from_hex(game_id_), std::uint32_t(t),
                                    {"umpire", reveal.m, reveal.s}, players);
    if (hex_member(b, "seed") != ledger::to_hex(seed))
      sealed_fail("verify.seed",
                  "the seed R_" + std::to_string(t) + " recomputes as " + ledger::to_hex(seed));
    latest_["umpire"] = {reveal.m, reveal.s};
  }
  const Json& commit = b["commit"];
  for (const auto& s : sides_) {
    kinds.insert("view:" + s);
    kinds.insert("events:" + s);
  }
  if (!commit.is_object()) sealed_fail("verify.sealed", "\"commit\" must be an object");
  check_members(commit, kinds);
  for (const auto& kind : kinds) {
    if (!is_hex64(commit[kind])) sealed_fail("verify.sealed", "the commitment of " + kind);
    commitments_[{e.seq, kind}] = commit[kind].get<std::string>();
  }
  pending_.clear();
  pending_line_.clear();
  ++r_.adjudications;
  originals_[e.seq] = line;
  prev_ = line;
  phase_open_ = line;
}

void SealedWalk::ruling(const LogEntry& e) {
  by_umpire(e);
  RulingBody b = read_ruling(e.body, "ruling");
  dated(b.at);
  // An NMR stands in the place of the side's order file: no new link.
  if (b.ruling == "nmr") {
    if (!latest_.count(b.side) || b.side == "umpire")
      sealed_fail("verify.ruling", in_quotes(b.side) + " is not a side");
    pending_[b.side] = {latest_.at(b.side).m, latest_.at(b.side).s};
    pending_line_[b.side] = e.seq;
  }
  originals_[e.seq] = e.hash;
  prev_ = e.hash;
}

void SealedWalk::end(const LogEntry& e) {
  EndBody b = read_end(e.body, "end");
  auto party = by_id_.find(b.side);
  if (party == by_id_.end() || b.side == "umpire")
    sealed_fail("verify.end", in_quotes(b.side) + " is not a side");
  require_signed(e, party->second, " (a concession is signed by the side conceding)");
  dated(b.at);
  originals_[e.seq] = e.hash;
  prev_ = e.hash;
}

// The packet's openings: each opens its commitment; the side's own order
// files are its own signed files, and its own events are the ones in clear.
void SealedWalk::check_packet() {
  const Json& p = c_.packet;
  if (!p.is_object() || p.value("format", "") != kPacketFormat || p.value("game", "") != game_id_ ||
      p.value("side", "") != r_.side || !p.contains("openings"))
    sealed_fail("verify.opening", std::string(kPacketFile) + " is not this side's packet of " +
                                      kPacketFormat + " for this game");
  signed_.clear();
  if (p.contains("commitments")) read_signed_commitments(p["commitments"]);
  packet_ = read_openings(p["openings"], kPacketFile);
  for (const auto& [key, o] : packet_) {
    std::string where = "the opening of line " + std::to_string(key.first) + " " + key.second;
    const std::string* c = commitment(key.first, key.second);
    if (!c) sealed_fail("verify.opening", where + " opens nothing in this copy");
    if (commit_hex(key.second, o.salt, o.content) != *c)
      sealed_fail("verify.opening", where + " does not hash to its commitment");
    const LogEntry& e = c_.log.at(std::size_t(key.first));
    if (signed_.count(key)) {
      // The side's part of the scenario: held to the opened scenario at the end.
      part_ = o.content;
      r_.part = true;
      continue;
    }
    if (key.second == "orders") {
      // The side's own file: signed by its key, and the fields in clear.
      const Json& b = e.body;
      try {
        auto env = ledger::parse_envelope(o.content, where);
        const Party& side = by_id_.at(b["side"].get<std::string>());
        if (!ledger::verify_envelope(env, ledger::kOrdersType, side.public_key))
          sealed_fail("verify.opening", where + ": the order file is not signed by " + side.id);
        for (const char* f : {"side", "turn", "phase", "after", "reveal"})
          if (!env.body.contains(f) || env.body[f] != b[f])
            sealed_fail("verify.opening",
                        where + ": the order file's " + f + " is not the one in clear");
        if (env.body.value("game", "") != game_id_)
          sealed_fail("verify.opening", where + ": the order file is of another game");
      } catch (const Error& err) {
        if (err.exit_code() == Exit::kVerifyFailed) throw;
        sealed_fail("verify.opening", err.what());
      }
    }
    if (key.second == "events:" + r_.side && !ledger::same_canonical(o.content, e.body["visible"]))
      sealed_fail("verify.view", where + ": the events opened are not the events in clear");
  }
}

// Everything opened: rebuild the umpire's archive, verify it as any
// archive, and hold every view and visible event to the ruleset's.
void SealedWalk::openings(const LogEntry& e) {
  by_umpire(e);
  check_members(e.body, {"openings", "signatures"});
  Openings all = read_openings(e.body["openings"], "the openings entry");
  for (const auto& [key, c] : commitments_) {
    auto it = all.find(key);
    std::string where = "line " + std::to_string(key.first) + " " + key.second;
    if (it == all.end()) sealed_fail("verify.opening", "the openings entry does not open " + where);
    if (commit_hex(key.second, it->second.salt, it->second.content) != c)
      sealed_fail("verify.opening", "the opening of " + where + " does not hash to its commitment");
  }
  if (all.size() != commitments_.size())
    sealed_fail("verify.opening", "the openings entry opens something never committed");
  std::map<int, Json> sigs;
  if (!e.body["signatures"].is_array()) sealed_fail("verify.opening", "\"signatures\"");
  for (const auto& s : e.body["signatures"]) {
    if (!s.is_object() || !s.contains("line") || !s["line"].is_number_integer() ||
        !s.contains("sig") || !s["sig"].is_object())
      sealed_fail("verify.opening", "a signature must be {\"line\", \"sig\"}");
    sigs[int(s["line"].get<long long>())] = s["sig"];
  }
  auto content = [&](int line, const std::string& kind) -> const Json& {
    return all.at({line, kind}).content;
  };
  // The umpire's lines, rebuilt from the openings.
  std::string text;
  for (std::size_t n = 0; n + 1 < c_.log.size(); ++n) {
    const LogEntry& s = c_.log[n];
    int seq = int(n);
    if (s.kind != "sealed-orders" && s.kind != "sealed-adjudication") {
      text += s.line + "\n";
      continue;
    }
    if (!sigs.count(seq))
      sealed_fail("verify.opening", "no signature of line " + std::to_string(seq) + " opened");
    Json body;
    if (s.kind == "sealed-orders") {
      body = content(seq, "orders");
    } else {
      const Json& b = s.body;
      // Protocol 2 opens the umpire's link and the seed with the rest.
      const Json& dice = protocol_ >= 2 ? content(seq, "seed") : b;
      if (!dice.is_object() || !dice.contains("reveal") || !dice.contains("seed"))
        sealed_fail("verify.opening", "the opening of line " + std::to_string(seq) +
                                          " seed is not {\"reveal\", \"seed\"}");
      body = {{"t", b["t"]},
              {"turn", b["turn"]},
              {"phase", b["phase"]},
              {"orders", b["orders"]},
              {"adjudicator", b["adjudicator"]},
              {"reveal", dice["reveal"]},
              {"reveals", b["reveals"]},
              {"seed", dice["seed"]},
              {"rolls", content(seq, "rolls")},
              {"echo", content(seq, "echo")},
              {"events", content(seq, "events")},
              {"state", ledger::sha256_hex(ledger::canonical(content(seq, "state")))},
              {"at", b["at"]}};
    }
    Json entry = {{"seq", seq},
                  {"prev", s.prev},
                  {"kind", s.kind == "sealed-orders" ? "orders" : "adjudication"},
                  {"body", body},
                  {"sig", sigs.at(seq)}};
    std::string line = ledger::canonical(entry);
    if (ledger::sha256_hex(line) != originals_.at(seq))
      sealed_fail("verify.opening", "line " + std::to_string(seq) +
                                        " opened is not the umpire's line its sealed line names");
    text += line + "\n";
  }
  // A folder of its own, outside the copy, holding the opened archive.
  // One folder per check: two copies of one game may be verified at once.
  static std::atomic<int> checks{0};
  fs::path dir =
      fs::temp_directory_path() / ("adjutant-opened-" + game_id_.substr(0, 16) + "-" +
                                   std::to_string(::getpid()) + "-" + std::to_string(++checks));
  std::error_code ec;
  fs::remove_all(dir, ec);
  struct Remove {
    fs::path d;
    ~Remove() {
      std::error_code ec;
      fs::remove_all(d, ec);
    }
  } remove{dir};
  fs::create_directories(dir);
  FogSalts salts;
  for (const auto& [key, o] : all)
    if (key.first == 0) salts.salts[std::to_string(key.first) + "/" + key.second] = o.salt;
  salts.save(dir);
  write_file_atomic(dir / "game.json", genesis_.dump(2) + "\n");
  write_file_atomic(dir / "scenario.json", content(0, "scenario").dump(2) + "\n");
  write_file_atomic(dir / "log.jsonl", text);
  VerifyOptions vo;
  vo.repair_caches = false;
  VerifyReport v = verify_archive(dir, vo);
  if (!v.ok)
    sealed_fail(v.error_id, "the opened game does not verify: " + v.where + ": " + v.message);
  r_.dice = v.dice;
  Archive a = Archive::open(dir);
  const rules::Ruleset& rs = a.ruleset();
  model::State initial = rs.initial_state();
  for (const auto& side : sides_)
    if (!ledger::same_canonical(content(0, "view:" + side),
                                side_view(rs, initial, side, protocol_)))
      sealed_fail("verify.view", "the initial view of " + side + " is not the ruleset's");
  for (const auto& adj : a.adjudications()) {
    std::string at = "line " + std::to_string(adj.seq) + ": ";
    for (const auto& side : sides_) {
      if (!ledger::same_canonical(content(adj.seq, "view:" + side),
                                  side_view(rs, adj.after, side, protocol_)))
        sealed_fail("verify.view", at + "the view of " + side +
                                       " is not the ruleset's view of the replayed state");
      if (!ledger::same_canonical(content(adj.seq, "events:" + side),
                                  rs.visible_events(adj.events, side)))
        sealed_fail("verify.view",
                    at + "the events shown to " + side + " are not the ruleset's visible events");
    }
    if (!ledger::same_canonical(c_.log.at(std::size_t(adj.seq)).body["visible"],
                                rs.visible_events(adj.events, r_.side)))
      sealed_fail("verify.view", at + "the events in clear are not the ruleset's visible events");
  }
  if (!part_.is_null() &&
      !ledger::same_canonical(part_, side_part(rs, content(0, "scenario"), r_.side, protocol_)))
    sealed_fail("verify.view", "the part of the scenario shown to " + r_.side +
                                   " is not the ruleset's part of the opened scenario");
  r_.revealed = true;
}

// Under the player page's oracle (ledger/crypto_oracle.h) the walk asks
// first, all at once, the hashes it will compare: each dice link revealed,
// one step down its chain, and each opening's commitment. The walk stops
// at its first mismatch, which a provisional answer is, so without this a
// page would ask the browser again for every line and every opening.
// Nothing here decides anything: the walk checks each of them in its place.
void SealedWalk::ask_ahead() const {
  if (!ledger::CryptoOracle::current()) return;
  auto step = [](const Json& r) {
    if (r.is_object() && r.contains("m") && r["m"].is_number_integer() && r["m"] > 0 &&
        is_hex64(r.value("s", Json()))) {
      std::string s = ledger::from_hex(r["s"].get<std::string>());
      ledger::check_link(std::uint32_t(r["m"].get<long long>()), s,
                         std::uint32_t(r["m"].get<long long>()) - 1, s);
    }
  };
  for (const auto& e : c_.log)
    if (e.body.is_object()) {
      if (e.body.contains("reveal")) step(e.body["reveal"]);
    }
  const Json& list = c_.packet.is_object() ? c_.packet.value("openings", Json()) : Json();
  if (list.is_array())
    for (const auto& o : list)
      if (o.is_object() && o.contains("kind") && o["kind"].is_string() &&
          is_hex64(o.value("salt", Json())) && o.contains("content"))
        commit_hex(o["kind"].get<std::string>(), ledger::from_hex(o["salt"].get<std::string>()),
                   o["content"]);
}

void SealedWalk::run() {
  ask_ahead();
  genesis();
  for (std::size_t n = 1; n < c_.log.size(); ++n) {
    const LogEntry& e = c_.log[n];
    r_.where = "log.jsonl line " + std::to_string(n) + " (" + printable(e.kind) + ")";
    if (e.seq != int(n))
      sealed_fail("verify.seq",
                  "seq is " + std::to_string(e.seq) + ", expected " + std::to_string(n));
    if (e.prev != prev_)
      sealed_fail("verify.chain",
                  "prev is not the hash of the umpire's line " + std::to_string(n - 1));
    if (e.kind == "sealed-orders")
      sealed_orders(e);
    else if (e.kind == "sealed-adjudication")
      sealed_adjudication(e);
    else if (e.kind == "ruling")
      ruling(e);
    else if (e.kind == "end")
      end(e);
    else if (e.kind == "openings") {
      if (n + 1 != c_.log.size()) sealed_fail("verify.sequence", "lines after the openings entry");
      r_.where = std::string(kPacketFile);
      check_packet();
      r_.where = "log.jsonl line " + std::to_string(n) + " (openings)";
      openings(e);
    } else
      sealed_fail("verify.kind", "unknown entry kind " + in_quotes(e.kind));
  }
  if (!r_.revealed) {
    r_.where = kPacketFile;
    check_packet();
  }
  auto own = pending_.find(r_.side);
  if (own != pending_.end()) {
    r_.next_link = own->second.m;  // a corrected file reveals the same link again
    auto b = before_.find(r_.side);
    const LatestReveal& base = b != before_.end() ? b->second : latest_.at(r_.side);
    r_.link_m = base.m;
    r_.link_s = base.s;
  } else if (latest_.count(r_.side)) {
    r_.next_link = latest_.at(r_.side).m + 1;
    r_.link_m = latest_.at(r_.side).m;
    r_.link_s = latest_.at(r_.side).s;
  }
  // The counts are of the log's commitments (a signed one in the packet
  // is opened with it).
  int held = 0;
  for (const auto& [key, o] : packet_) held += commitments_.count(key) ? 1 : 0;
  r_.commitments = int(commitments_.size());
  r_.opened = r_.revealed ? r_.commitments : held;
  r_.head = prev_;
  r_.lines = int(c_.log.size());
  r_.protocol = protocol_;
}

SealedCopy read_copy(const fs::path& dir) {
  SealedCopy c;
  c.game_json = ledger::parse_strict(read_file(dir / "game.json"), (dir / "game.json").string());
  int bad = -1;
  std::string problem;
  c.log = read_log_partial(dir / "log.jsonl", bad, problem);
  if (bad >= 0)
    throw Error("verify.malformed", "log.jsonl line " + std::to_string(bad) + ": " + problem,
                Exit::kVerifyFailed);
  if (c.log.empty()) throw Error("verify.malformed", "log.jsonl is empty", Exit::kVerifyFailed);
  c.packet = ledger::parse_strict(read_file(dir / kPacketFile), (dir / kPacketFile).string());
  return c;
}

}  // namespace

SealedReport check_sealed_copy(const SealedCopy& c) {
  SealedReport r;
  r.side = c.packet.is_object() ? c.packet.value("side", "") : "";
  r.where = "log.jsonl line 0 (genesis)";
  try {
    SealedWalk(c, r).run();
    r.ok = true;
    r.where.clear();
  } catch (const Error& e) {
    r.ok = false;
    r.error_id = e.id().rfind("verify.", 0) == 0 ? e.id() : "verify.malformed";
    r.message = e.detail();
    r.exit_code = int(Exit::kVerifyFailed);
  } catch (const std::exception& e) {
    r.ok = false;
    r.error_id = "verify.malformed";
    r.message = e.what();
    r.exit_code = int(Exit::kVerifyFailed);
  }
  return r;
}

Json SealedReport::to_json() const {
  Json j = {{"ok", ok},
            {"sealed", true},
            {"side", side},
            {"lines", lines},
            {"adjudications", adjudications},
            {"commitments", commitments},
            {"opened", opened},
            {"not_yet_opened", commitments - opened},
            {"revealed", revealed},
            {"head", head},
            {"exit", exit_code}};
  if (revealed) j["dice"] = dice;
  if (!ok) j["error"] = {{"id", error_id}, {"where", where}, {"message", message}};
  return j;
}

std::string SealedReport::text() const {
  if (!ok)
    return "VERIFICATION FAILED at " + printable(where) + ": [" + error_id + "] " +
           printable(message) + "\n";
  std::string out = "verified " + side + "'s sealed copy: " + std::to_string(lines) +
                    " log lines, " + std::to_string(adjudications) + " adjudication" +
                    (adjudications == 1 ? "" : "s") + "; head " + head + "\n";
  if (revealed)
    return out + "every commitment opened (" + std::to_string(commitments) +
           "): the opened game replays, " + std::to_string(dice) +
           " dice, and every side's view and events are the ruleset's\n";
  return out +
         (protocol >= 2 ? "checked every signature, the chain, every player's reveal, and the "
                        : "checked every signature, the chain, every reveal and seed, and the ") +
         std::to_string(opened) +
         " openings held; not yet opened: " + std::to_string(commitments - opened) + " of " +
         std::to_string(commitments) +
         " commitments (checked when the umpire publishes the openings at the end)\n";
}

bool is_sealed_copy(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / kPacketFile, ec);
}

SealedReport verify_sealed(const fs::path& dir) {
  try {
    return check_sealed_copy(read_copy(dir));
  } catch (const Error& e) {
    SealedReport r;
    r.where = dir.string();
    r.error_id = e.id().rfind("verify.", 0) == 0 ? e.id() : "verify.malformed";
    r.message = e.detail();
    r.exit_code = int(Exit::kVerifyFailed);
    return r;
  }
}

MergedCopy merge_sealed_copy(const SealedCopy* held, const SealedCopy& offered,
                             const std::string& source) {
  bool fresh = held == nullptr;
  if (fresh && (offered.log.empty() || offered.log.front().seq != 0))
    throw Error("sync.gap",
                source + ": a new sealed copy starts at line 0: sync the invitation's mail first",
                Exit::kBadInput);
  MergedCopy out;
  SealedCopy& merged = out.copy;
  merged = fresh ? SealedCopy{offered.game_json, {offered.log.front()}, offered.packet} : *held;
  if (!fresh) {
    SealedReport before = check_sealed_copy(merged);
    if (!before.ok)
      throw Error(before.error_id, "this copy: " + before.where + ": " + before.message,
                  Exit::kVerifyFailed);
  }
  SyncResult& result = out.result;
  result.made = fresh;
  int ours = int(merged.log.size());
  for (const auto& e : offered.log) {
    if (e.seq < ours) {
      if (merged.log[std::size_t(e.seq)].line != e.line)
        throw Error("sync.fork",
                    "line " + std::to_string(e.seq) +
                        " differs from this copy's: the two copies "
                        "went different ways (this copy's head is line " +
                        std::to_string(ours - 1) + ")",
                    Exit::kVerifyFailed);
      ++result.already;
      continue;
    }
    if (e.seq != int(merged.log.size()))
      throw Error("sync.gap", "the lines offered skip line " + std::to_string(merged.log.size()),
                  Exit::kBadInput);
    std::string at = entry_time(e.kind, e.body);
    if (!at.empty() && is_canonical_time(at))
      refuse_future(at, "log line " + std::to_string(e.seq) + " (from " + source + ")",
                    "sync.future");
    merged.log.push_back(e);
    ++result.added;
  }
  // The packet: this side's, for this game; the openings held grow.
  const Json& p = offered.packet;
  if (!p.is_object() || p.value("side", "") != merged.packet.value("side", "") ||
      p.value("game", "") != merged.packet.value("game", "") || !p.contains("openings") ||
      !p["openings"].is_array())
    throw Error("sync.packet", "the packet offered is not of this copy's side and game",
                Exit::kBadInput);
  std::map<std::pair<long long, std::string>, Json> openings;
  const Json* lists[] = {&merged.packet["openings"], &p["openings"]};
  for (const Json* list : lists)
    for (const auto& o : *list)
      if (o.is_object() && o.contains("line") && o["line"].is_number_integer() &&
          o.contains("kind") && o["kind"].is_string())
        openings[std::make_pair(o["line"].get<long long>(), o["kind"].get<std::string>())] = o;
  // The phase due is the one after the last line offered: an older copy's
  // (lines the copy already passed) says nothing of it.
  bool behind = !offered.log.empty() && offered.log.back().seq < ours - 1;
  if (behind) {
  } else if (p.contains("due")) {
    merged.packet["due"] = p["due"];
  } else {
    merged.packet.erase("due");
  }
  // The commitments the umpire signs outside the log (the side's part of
  // the scenario): a packet sealed before them offers none, and the copy
  // keeps its own.
  if (p.contains("commitments")) merged.packet["commitments"] = p["commitments"];
  int held_openings = int(merged.packet["openings"].size());
  merged.packet["openings"] = Json::array();
  for (const auto& [key, o] : openings) merged.packet["openings"].push_back(o);
  out.check = check_sealed_copy(merged);
  if (!out.check.ok)
    throw Error(out.check.error_id, out.check.where + ": " + out.check.message,
                Exit::kVerifyFailed);
  out.new_openings = int(merged.packet["openings"].size()) - held_openings;
  if (out.new_openings > 0)
    result.notes.push_back(std::to_string(out.new_openings) + " new opening" +
                           (out.new_openings == 1 ? "" : "s") + " taken into " + kPacketFile);
  result.head = out.check.head;
  result.lines = out.check.lines;
  return out;
}

SealedCopy sealed_post_copy(const Json& post, const std::string& source) {
  auto refuse = [&](const std::string& why) {
    throw Error("sync.packet", source + ": " + why, Exit::kBadInput);
  };
  if (!post.is_object() || post.value("format", "") != kSealedPostFormat)
    refuse(std::string("not a sealed post of ") + kSealedPostFormat);
  for (const char* key : {"game", "side"})
    if (!post.contains(key) || !post[key].is_string()) refuse(std::string("no \"") + key + "\"");
  if (!post.contains("lines") || !post["lines"].is_array() || post["lines"].empty() ||
      !post.contains("openings") || !post["openings"].is_array())
    refuse("no \"lines\" or \"openings\"");
  SealedCopy c;
  std::string text;
  for (const Json& l : post["lines"]) {
    if (!l.is_string()) refuse("a line is not a string");
    text += l.get<std::string>() + "\n";
  }
  int bad = -1;
  std::string problem;
  c.log = parse_log_text(text, source, bad, problem);
  if (bad >= 0) refuse("line " + std::to_string(bad) + " of the post: " + problem);
  if (c.log.front().seq == 0) c.game_json = c.log.front().body;
  c.packet = {{"format", kPacketFormat},
              {"game", post["game"]},
              {"side", post["side"]},
              {"openings", post["openings"]}};
  for (const char* key : {"commitments", "due"})
    if (post.contains(key)) c.packet[key] = post[key];
  return c;
}

Json sealed_copy_post(const SealedCopy& c) {
  Json post = {{"format", kSealedPostFormat},
               {"game", c.packet.value("game", "")},
               {"side", c.packet.value("side", "")},
               {"first", 0},
               {"last", c.log.empty() ? 0 : c.log.back().seq},
               {"lines", Json::array()},
               {"openings", c.packet.value("openings", Json::array())}};
  for (const auto& e : c.log) post["lines"].push_back(e.line);
  for (const char* key : {"commitments", "due"})
    if (c.packet.contains(key)) post[key] = c.packet[key];
  return post;
}

SealedCopy read_sealed_copy(const fs::path& dir) {
  return read_copy(dir);
}

namespace {

// Merges `offered` into the copy folder `copy` (made when missing), as
// merge_sealed_copy merges it, and writes what changed (`source` names it
// in errors).
SyncResult merge_sealed(const fs::path& copy, const SealedCopy& offered,
                        const std::string& source) {
  bool fresh = !is_sealed_copy(copy);
  if (fresh && fs::exists(copy) && !fs::is_empty(copy))
    throw Error("new.exists", copy.string() + ": exists and is not a sealed copy", Exit::kUsage);
  std::unique_ptr<FolderLock> lock;
  std::optional<SealedCopy> held;
  if (!fresh) {
    lock = std::make_unique<FolderLock>(copy);
    held = read_copy(copy);
  }
  MergedCopy m = merge_sealed_copy(held ? &*held : nullptr, offered, source);
  const SealedCopy& merged = m.copy;
  bool due_changed = fresh || read_file(copy / kPacketFile) != merged.packet.dump(2) + "\n";
  if (m.result.added > 0 || m.new_openings > 0 || due_changed) {
    if (fresh) {
      fs::create_directories(copy);
      lock = std::make_unique<FolderLock>(copy);
    }
    std::string text;
    for (const auto& e : merged.log) text += e.line + "\n";
    write_file_atomic(copy / "game.json", merged.game_json.dump(2) + "\n");
    write_file_atomic(copy / kPacketFile, merged.packet.dump(2) + "\n");
    std::string warning = commit_file_atomic(copy / "log.jsonl", text);
    if (!warning.empty()) m.result.notes.insert(m.result.notes.begin(), warning);
  }
  return m.result;
}

}  // namespace

SyncResult sync_sealed(const fs::path& copy, const fs::path& from) {
  return merge_sealed(copy, read_copy(from), from.string());
}

SyncResult sync_sealed_posts(const fs::path& copy, std::vector<Json> posts,
                             const std::string& source) {
  std::stable_sort(posts.begin(), posts.end(), [](const Json& a, const Json& b) {
    return a.value("first", 0LL) < b.value("first", 0LL);
  });
  SyncResult total;
  // The posts of this copy's game and side (a maildir holds others' too);
  // a new copy takes those of the one game and side the posts are of.
  auto of = [](const Json& p, const char* key) {
    return p.is_object() && p.contains(key) && p[key].is_string() ? p[key].get<std::string>() : "";
  };
  std::string game, side;
  if (is_sealed_copy(copy)) {
    Json packet =
        ledger::parse_strict(read_file(copy / kPacketFile), (copy / kPacketFile).string());
    game = of(packet, "game");
    side = of(packet, "side");
  } else if (!posts.empty()) {
    game = of(posts.front(), "game");
    side = of(posts.front(), "side");
  }
  std::vector<Json> ours;
  for (Json& p : posts) {
    if (of(p, "game") == game && of(p, "side") == side)
      ours.push_back(std::move(p));
    else
      total.notes.push_back(source + ": a sealed post of " +
                            (of(p, "game") == game ? "side " + of(p, "side") : "another game") +
                            ", not this copy's: skipped");
  }
  if (ours.empty())
    throw Error("sync.packet",
                source + ": no sealed post of this copy's game and side (" + side + ")",
                Exit::kBadInput);
  posts = std::move(ours);
  for (const Json& post : posts) {
    SyncResult r = merge_sealed(copy, sealed_post_copy(post, source), source);
    total.made = total.made || r.made;
    total.added += r.added;
    total.already += r.already;
    total.head = r.head;
    total.lines = r.lines;
    total.notes.insert(total.notes.end(), r.notes.begin(), r.notes.end());
  }
  return total;
}

}  // namespace adjutant::game

namespace adjutant::game {

namespace {

// The copy's phase due (the packet's `due`), or null when none of its
// side is.
const Json* phase_due(const SealedCopy& c, const SealedReport& r) {
  const Json* due = c.packet.contains("due") ? &c.packet["due"] : nullptr;
  if (r.revealed || !due || !due->is_object() || !due->contains("turn") ||
      !(*due)["turn"].is_number_integer() || !due->contains("phase") ||
      !(*due)["phase"].is_string() || !due->contains("after"))
    return nullptr;
  return due;
}

[[noreturn]] void not_due(const SealedReport& r) {
  throw Error("sign.not_due", "no phase of " + r.side +
                                  " is due in this copy: sync the umpire's latest sealed copy");
}

void require_checked(const SealedReport& r) {
  if (!r.ok)
    throw Error(r.error_id, "this copy: " + r.where + ": " + r.message, Exit::kVerifyFailed);
}

}  // namespace

Json sealed_order_body(const SealedCopy& c, const SealedReport& r, Json body,
                       const std::string& link) {
  require_checked(r);
  const Json* due = phase_due(c, r);
  if (!due) not_due(r);
  Party party;
  for (const auto& p : genesis_parties(c.log.front().body))
    if (p.id == r.side) party = p;
  if (r.next_link > party.chain_length)
    throw Error("chain.exhausted", r.side + "'s dice chain has no link left");
  if (!body.is_object()) throw Error("orders.format", "the order body must be a JSON object");
  int protocol = protocol_of(c.log.front().body);
  body["format"] = orders_format(protocol);
  body["game"] = ledger::sha256_hex(ledger::canonical(c.log.front().body));
  body["side"] = r.side;
  body["turn"] = (*due)["turn"];
  body["phase"] = (*due)["phase"];
  body["after"] = (*due)["after"];
  body["reveal"] = {{"m", r.next_link}, {"s", ledger::to_hex(link)}};
  body.erase("revision");
  body.erase("replaces");
  return body;
}

Json sign_sealed(const fs::path& copy, Json body, const fs::path& key, const fs::path& chain,
                 const fs::path& secrets) {
  SealedCopy c = read_copy(copy);
  SealedReport r = check_sealed_copy(c);
  require_checked(r);
  if (!phase_due(c, r)) not_due(r);
  Party party;
  for (const auto& p : genesis_parties(c.log.front().body))
    if (p.id == r.side) party = p;
  ledger::SigningKey k = key_for(party, secrets, key, "of " + r.side);
  ledger::ChainSecret ch = chain_for(party, secrets, chain);
  if (r.next_link > party.chain_length)
    throw Error("chain.exhausted", r.side + "'s dice chain has no link left");
  body = sealed_order_body(c, r, std::move(body), ledger::link(ch, r.next_link));
  if (protocol_of(c.log.front().body) >= 2) set_revision(body, secrets);
  return ledger::sign_envelope(ledger::kOrdersType, body, k);
}

SealedOrdersGame sealed_orders_game(const SealedCopy& c, const SealedReport& r,
                                    const std::string& where, bool due_only) {
  require_checked(r);
  const Json* due = phase_due(c, r);
  if (!due && due_only) not_due(r);
  // The side's part (checked by check_sealed_copy against its signed
  // commitment) and its latest view.
  const Json* part = nullptr;
  const Json* view = nullptr;
  long long view_line = -1;
  for (const auto& o : c.packet["openings"]) {
    if (o["kind"] == "scenario:" + r.side) part = &o["content"];
    if (o["kind"] == "view:" + r.side && o["line"].get<long long>() > view_line) {
      view = &o["content"];
      view_line = o["line"].get<long long>();
    }
  }
  if (!part)
    throw Error("sign.sealed_text",
                "this sealed copy holds no part of the scenario to read text orders with (a copy "
                "sealed before sealed copies carried one, or rules that give none): sync the "
                "umpire's latest sealed copy, or give a JSON body",
                Exit::kUsage);
  if (!view) throw Error("verify.opening", "this copy holds no view of " + r.side);
  const Json& genesis = c.log.front().body;
  int version = genesis.contains("ruleset") && genesis["ruleset"].is_object()
                    ? genesis["ruleset"].value("version", 0)
                    : 0;
  SealedOrdersGame g;
  g.side = r.side;
  g.turn = due ? (*due)["turn"].get<int>() : r.turn;
  g.phase = due ? (*due)["phase"].get<std::string>() : r.phase;
  g.ruleset = rules::make_ruleset(*part, "the part of the scenario in " + where, version);
  g.view = model::State::from_json(*view, "the view of " + r.side + " in " + where);
  g.part = *part;
  g.version = version;
  g.name = genesis.value("name", "");
  g.game_id = ledger::sha256_hex(ledger::canonical(genesis));
  g.after = due ? due->value("after", "") : std::string();
  g.due = due != nullptr;
  return g;
}

SealedOrdersGame open_sealed_orders(const fs::path& copy) {
  SealedCopy c = read_copy(copy);
  return sealed_orders_game(c, check_sealed_copy(c), copy.string());
}

rules::Checked check_sealed_envelope(const SealedCopy& c, const SealedReport& r,
                                     const Json& envelope, const std::string& source) {
  SealedOrdersGame g = sealed_orders_game(c, r, source);
  ledger::Envelope env = ledger::parse_envelope(envelope, source);
  if (env.payload_type != ledger::kOrdersType)
    throw Error("orders.type",
                source + ": not an order file (payloadType " + env.payload_type + ")");
  if (env.signatures.size() != 1)
    throw Error("orders.signatures", source + ": an order file carries exactly one signature");
  const Json& b = env.body;
  int protocol = protocol_of(c.log.front().body);
  const char* format = orders_format(protocol);
  if (!b.is_object() || b.value("format", "") != format)
    throw Error("orders.format",
                source + ": the body must be an object of format " + std::string(format));
  read_revision(b, protocol, source);
  if (b.value("side", "") != r.side)
    throw Error("orders.unknown_side", source + ": orders for " + in_quotes(b.value("side", "")) +
                                           ", and this is " + r.side + "'s sealed copy");
  Party party;
  for (const auto& p : genesis_parties(c.log.front().body))
    if (p.id == r.side) party = p;
  if (!ledger::verify_envelope(env, ledger::kOrdersType, party.public_key))
    throw Error("orders.bad_signature",
                source + ": the signature does not verify with " + r.side + "'s key from genesis");
  if (b.value("game", "") != ledger::sha256_hex(ledger::canonical(c.log.front().body)))
    throw Error("orders.wrong_game", source + ": written for another game");
  const Json& due = c.packet["due"];
  if (b.value("after", "") != due.value("after", ""))
    throw Error("orders.stale", source +
                                    ": written after another log entry than the one the "
                                    "phase due names; sync and write the orders again");
  if (b.value("turn", -1) != g.turn || b.value("phase", "") != g.phase)
    throw Error("orders.wrong_phase", source + ": orders for another phase than turn " +
                                          std::to_string(g.turn) + " phase " + g.phase);
  const Json& rv = b.contains("reveal") ? b["reveal"] : Json();
  long long m = rv.is_object() ? rv.value("m", -1LL) : -1;
  std::string s = rv.is_object() && rv.contains("s") && rv["s"].is_string()
                      ? ledger::from_hex(rv["s"].get<std::string>())
                      : "";
  if (m != (long long)(r.link_m) + 1 || s.size() != 32 ||
      !ledger::check_link(std::uint32_t(m), s, r.link_m, r.link_s))
    throw Error("orders.bad_reveal",
                source + ": reveal is not the next link of " + r.side +
                    "'s dice chain (expected m=" + std::to_string(r.link_m + 1) + ")");
  return g.ruleset->check(g.view, b, source);
}

rules::Checked check_sealed(const fs::path& copy, const Json& envelope, const std::string& source) {
  SealedCopy c = read_copy(copy);
  return check_sealed_envelope(c, check_sealed_copy(c), envelope, source);
}

}  // namespace adjutant::game
