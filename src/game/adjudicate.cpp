#include "game/adjudicate.h"

#include <ctime>

#include "game/compose.h"
#include "game/log.h"
#include "game/secrets.h"
#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::game {

std::string adjudication_seed(const Archive& archive, int t, const std::string& adjudicator,
                              std::uint32_t i, const std::string& s_i,
                              const std::map<std::string, LatestReveal>& reveals) {
  std::vector<ledger::Reveal> players;
  for (const auto& [id, r] : reveals)
    if (id != "umpire") players.push_back({id, r.m, r.s});
  return ledger::seed(ledger::from_hex(archive.game_id()), std::uint32_t(t), {adjudicator, i, s_i},
                      players);
}

std::string now_utc() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string record_time(const std::string& at) {
  return at.empty() ? now_utc() : canonical_time(at);
}

void refuse_future(const std::string& at, const std::string& what, const std::string& id) {
  std::int64_t now = parse_rfc3339(now_utc());
  if (parse_rfc3339(at) > now + kClockTolerance)
    throw Error(id,
                what + " is dated " + at + ", in the future of this machine's clock (" + now_utc() +
                    "; " + std::to_string(kClockTolerance / 60) +
                    " minutes' difference is allowed): check the clock, or the date given",
                Exit::kBadInput);
}

std::string checked_record_time(const std::string& at, const Archive& archive, const Replay& replay,
                                bool against_clock) {
  std::string when = record_time(at);
  if (!at.empty() && against_clock) refuse_future(when, "--at", "time.future");
  if (archive.protocol() >= 2 && parse_rfc3339(when) < parse_rfc3339(replay.latest_time()))
    throw Error("time.before_log",
                "the time to record, " + when + ", is before " + replay.latest_time() +
                    ", the latest time in the log: times never go back along the log",
                Exit::kBadInput);
  return when;
}

Json reveals_json(const std::map<std::string, LatestReveal>& reveals) {
  Json out = Json::array();
  for (const auto& [party, r] : reveals)
    if (party != "umpire")
      out.push_back({{"party", party}, {"m", r.m}, {"s", ledger::to_hex(r.s)}});
  return out;
}

SigningParty load_signing_party(const Archive& archive, const std::string& id,
                                const AdjudicateOptions& options, bool with_chain,
                                const std::string& role) {
  fs::path secrets = options.secrets.empty() ? secrets_dir() : options.secrets;
  Party party = *archive.party(id);
  SigningParty p{party, key_for(party, secrets, options.key, role), {}};
  if (with_chain) p.chain = chain_for(party, secrets, options.chain);
  return p;
}

namespace {

Archive open_checked(const fs::path& dir) {
  Archive a = Archive::open(dir);
  check_genesis(a);
  return a;
}

Replay verified(const Archive& a, bool collect) {
  Replay r(a, collect);
  r.run();
  if (r.awaiting_adjudication())
    throw Error("verify.sequence",
                "log.jsonl line " + std::to_string(r.lines() - 1) +
                    ": the last order entry has no adjudication",
                Exit::kVerifyFailed);
  return r;
}

}  // namespace

OpenGame::OpenGame(const fs::path& dir, const TurnWriter& outputs)
    : lock(dir),
      archive((remove_stale_temporaries(dir), open_checked(dir))),
      replay(verified(archive, false)) {
  notes = repair_caches(archive, replay.state(), outputs);
}

ReadGame::ReadGame(const fs::path& dir, bool collect)
    : archive(open_checked(dir)), replay(verified(archive, collect)) {}

CommitResult adjudicate_file(const fs::path& dir, const fs::path& orders_file,
                             const AdjudicateOptions& options) {
  return adjudicate_envelope(dir, read_order_file(orders_file), orders_file.string(), options);
}

CommitResult adjudicate_envelope(const fs::path& dir, const Json& envelope,
                                 const std::string& source, const AdjudicateOptions& options) {
  OpenGame g(dir, options.outputs);
  std::string at = checked_record_time(options.at, g.archive, g.replay, !options.simulated_time);
  Intake in = take_orders(g.archive, g.replay.state(), envelope, source, g.replay.expected_after(),
                          g.replay.intake_reveals());
  std::string id = g.archive.adjudicator_for(g.replay.phase().side);
  SigningParty adjudicator =
      load_signing_party(g.archive, id, options, true, "who adjudicates " + in.side + "'s orders");
  Writer w{g.archive,
           g.replay,
           id,
           adjudicator.key,
           [&](std::uint32_t i) { return ledger::link(adjudicator.chain, i); },
           at};
  std::vector<std::string> lines;
  try {
    lines = orders_lines(w, in);
  } catch (const Error& e) {
    if (e.id() != "orders.superseded") throw;
    throw Error(e.id(), source + ": " + e.detail(), e.exit_code());
  }
  std::string raw = ledger::canonical(envelope);
  CommitResult result =
      commit_lines(g.archive, g.replay, lines, options.outputs,
                   ledger::sha256_hex(raw).substr(0, 16) + ".orders.json", envelope.dump(2) + "\n");
  result.warnings.insert(result.warnings.begin(), g.notes.begin(), g.notes.end());
  return result;
}

}  // namespace adjutant::game
