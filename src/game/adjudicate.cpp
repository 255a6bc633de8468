#include "game/adjudicate.h"

#include <ctime>

#include "game/log.h"
#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"

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
  const fs::path& dir = archive.dir();
  fs::path key_file = options.key.empty() ? dir / ".secret" / (id + ".key") : options.key;
  SigningParty p{*archive.party(id), ledger::SigningKey::load_pem(key_file), {}};
  if (p.key.public_raw() != p.party.public_key)
    throw Error("adjudicate.wrong_key", key_file.string() + ": not the key of " + id + ", " + role,
                Exit::kUsage);
  if (!with_chain) return p;
  fs::path chain_file = options.chain.empty() ? dir / ".secret" / (id + ".chain") : options.chain;
  p.chain = ledger::load_chain(chain_file);
  if (ledger::anchor(p.chain) != p.party.anchor)
    throw Error("adjudicate.wrong_chain",
                chain_file.string() + ": not the dice chain " + id + " published", Exit::kUsage);
  return p;
}

Json adjudication_body(const Archive& archive, const model::State& state,
                       const rules::Checked& checked,
                       const std::map<std::string, LatestReveal>& reveals,
                       const SigningParty& adjudicator, int orders_seq, const std::string& at,
                       Json& events, model::State& after) {
  const std::string& id = adjudicator.party.id;
  std::uint32_t i = reveals.at(id).m + 1;
  std::string s_i = ledger::link(adjudicator.chain, i);
  int t = state.adjudications + 1;
  std::string seed = adjudication_seed(archive, t, id, i, s_i, reveals);
  ledger::SeededDice dice(seed);
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  events = archive.ruleset().adjudicate(state, checked, dice);
  after = apply_adjudication(archive.ruleset(), state, events);
  Json rolls = Json::array();
  for (const auto& r : dice.rolls()) rolls.push_back(ledger::to_json(r));
  return {{"t", t},
          {"turn", phase.turn},
          {"phase", phase.name},
          {"orders", orders_seq},
          {"adjudicator", id},
          {"reveal", {{"m", i}, {"s", ledger::to_hex(s_i)}}},
          {"reveals", reveals_json(reveals)},
          {"seed", ledger::to_hex(seed)},
          {"rolls", rolls},
          {"echo", checked.echo},
          {"events", events},
          {"state", after.hash()},
          {"at", at.empty() ? now_utc() : at}};
}

Adjudication commit_adjudication(const fs::path& dir, const std::vector<std::string>& lines,
                                 const model::State& after, const Json& events) {
  // The log is the authority and is written first; state.json and the turn
  // folder are caches that replay can always rebuild.
  append_log(dir / "log.jsonl", lines);
  write_file_atomic(dir / "state.json", after.to_json().dump(2) + "\n");
  Archive reread = Archive::open(dir);
  Adjudication adj = reread.adjudications().back();
  fs::path folder = dir / "turns" / adj.folder_name();
  fs::create_directories(folder);
  write_file_atomic(folder / "events.json", events.dump(2) + "\n");
  return adj;
}

Adjudication adjudicate_file(const fs::path& dir, const fs::path& orders_file,
                             const AdjudicateOptions& options) {
  FolderLock lock(dir);
  Archive archive = Archive::open(dir);
  model::State state = archive.state_at();
  Intake in = take_order_file(archive, state, orders_file);
  std::string id = archive.adjudicator_for(in.side);
  SigningParty adjudicator =
      load_signing_party(archive, id, options, true, "who adjudicates " + in.side + "'s orders");

  int orders_seq = int(archive.log().size());
  auto reveals = reveals_before(archive, orders_seq);
  reveals[in.side] = {in.m, in.s};
  Json events;
  model::State after;
  Json body = adjudication_body(archive, state, in.checked, reveals, adjudicator, orders_seq,
                                options.at, events, after);
  std::string orders_line =
      make_entry_line(orders_seq, archive.head(), "orders", in.envelope, adjudicator.key);
  std::string adj_line = make_entry_line(orders_seq + 1, ledger::sha256_hex(orders_line),
                                         "adjudication", body, adjudicator.key);
  fs::create_directories(dir / "inbox");
  std::string raw = read_file(orders_file);
  fs::path kept = dir / "inbox" / (ledger::sha256_hex(raw).substr(0, 16) + ".orders.json");
  if (!fs::exists(kept)) write_file_atomic(kept, raw);
  return commit_adjudication(dir, {orders_line, adj_line}, after, events);
}

}  // namespace adjutant::game
