#include "game/adjudicate.h"

#include <ctime>

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

Json adjudication_body(const Archive& archive, const model::State& state,
                       const rules::Checked& checked,
                       const std::map<std::string, LatestReveal>& reveals,
                       const SigningParty& adjudicator, int orders_seq, const std::string& at) {
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  return adjudication_body(archive, state, {{phase.side, checked}}, {orders_seq}, reveals,
                           adjudicator, at);
}

Json adjudication_body(const Archive& archive, const model::State& state,
                       const std::vector<rules::SideOrders>& orders,
                       const std::vector<int>& orders_lines,
                       const std::map<std::string, LatestReveal>& reveals,
                       const SigningParty& adjudicator, const std::string& at) {
  const std::string& id = adjudicator.party.id;
  std::uint32_t i = reveals.at(id).m + 1;
  if (i > adjudicator.party.chain_length)
    throw Error("chain.exhausted", id + "'s dice chain has no link left to reveal");
  std::string s_i = ledger::link(adjudicator.chain, i);
  int t = state.adjudications + 1;
  std::string seed = adjudication_seed(archive, t, id, i, s_i, reveals);
  ledger::SeededDice dice(seed);
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  auto [events, after] = resolve_phase(archive.ruleset(), state, orders, dice);
  Json rolls = Json::array();
  for (const auto& r : dice.rolls()) rolls.push_back(ledger::to_json(r));
  std::vector<std::string> echo;
  for (const auto& o : orders)
    echo.insert(echo.end(), o.checked.echo.begin(), o.checked.echo.end());
  Json lines = phase.simultaneous() ? Json(orders_lines) : Json(orders_lines.front());
  return {{"t", t},
          {"turn", phase.turn},
          {"phase", phase.name},
          {"orders", lines},
          {"adjudicator", id},
          {"reveal", {{"m", i}, {"s", ledger::to_hex(s_i)}}},
          {"reveals", reveals_json(reveals)},
          {"seed", ledger::to_hex(seed)},
          {"rolls", rolls},
          {"echo", echo},
          {"events", events},
          {"state", after.hash()},
          {"at", at}};
}

std::vector<std::string> phase_lines(const Archive& archive, const Replay& replay,
                                     const std::string& line, const SigningParty& adjudicator,
                                     const std::string& at) {
  Archive ext = archive.with_lines({line});
  Replay next = replay;
  next.step(ext.log().back());
  if (!next.awaiting_adjudication()) return {line};
  Json body = adjudication_body(archive, next.state(), next.pending_orders(), next.pending_lines(),
                                next.reveals(), adjudicator, at);
  return {line, make_entry_line(int(ext.log().size()), ext.head(), "adjudication", body,
                                adjudicator.key)};
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
  std::string at = record_time(options.at);
  OpenGame g(dir, options.outputs);
  Intake in = take_orders(g.archive, g.replay.state(), envelope, source, g.replay.expected_after(),
                          g.replay.intake_reveals());
  std::string id = g.archive.adjudicator_for(g.replay.phase().side);
  SigningParty adjudicator =
      load_signing_party(g.archive, id, options, true, "who adjudicates " + in.side + "'s orders");
  int orders_seq = int(g.archive.log().size());
  std::string orders_line =
      make_entry_line(orders_seq, g.archive.head(), "orders", in.envelope, adjudicator.key);
  std::vector<std::string> lines;
  if (g.replay.phase().simultaneous()) {
    lines = phase_lines(g.archive, g.replay, orders_line, adjudicator, at);
  } else {
    auto reveals = g.replay.reveals();
    reveals[in.side] = {in.m, in.s};
    Json body = adjudication_body(g.archive, g.replay.state(), in.checked, reveals, adjudicator,
                                  orders_seq, at);
    lines = {orders_line, make_entry_line(orders_seq + 1, ledger::sha256_hex(orders_line),
                                          "adjudication", body, adjudicator.key)};
  }
  std::string raw = ledger::canonical(envelope);
  CommitResult result =
      commit_lines(g.archive, g.replay, lines, options.outputs,
                   ledger::sha256_hex(raw).substr(0, 16) + ".orders.json", envelope.dump(2) + "\n");
  result.warnings.insert(result.warnings.begin(), g.notes.begin(), g.notes.end());
  return result;
}

}  // namespace adjutant::game
