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

SealedCopy read_sealed_copy(const fs::path& dir) {
  return read_copy(dir);
}

}  // namespace adjutant::game
