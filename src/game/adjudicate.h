// The turn pipeline's write step: take a checked order file, roll the
// phase's dice from the revealed chain links, adjudicate, and append the
// orders and adjudication entries, state.json and the turn folder.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "game/archive.h"
#include "game/intake.h"
#include "ledger/chain.h"
#include "ledger/keys.h"

namespace adjutant::game {

// R_t from the adjudicator's link and every player's latest reveal
// (DESIGN "Dice" step 3; docs/protocol.md).
std::string adjudication_seed(const Archive& archive, int t, const std::string& adjudicator,
                              std::uint32_t i, const std::string& s_i,
                              const std::map<std::string, LatestReveal>& reveals);

// The players' reveals as logged in an adjudication entry ("reveals"), in
// ascending id order; the umpire is not a player.
Json reveals_json(const std::map<std::string, LatestReveal>& reveals);

struct AdjudicateOptions {
  fs::path key;    // the adjudicator's private key (default .secret/<party>.key)
  fs::path chain;  // its dice chain (default .secret/<party>.chain)
  std::string at;  // time to record (RFC 3339 UTC); default now
};

// A party that signs log entries, with its key (and dice chain when it
// adjudicates), checked against genesis: Error adjudicate.wrong_key /
// adjudicate.wrong_chain. `role` completes the message ("who adjudicates ...").
struct SigningParty {
  Party party;
  ledger::SigningKey key;
  ledger::ChainSecret chain;
};
SigningParty load_signing_party(const Archive& archive, const std::string& id,
                                const AdjudicateOptions& options, bool with_chain,
                                const std::string& role);

// The adjudication entry body for checked orders: reveals the adjudicator's
// next link, rolls from R_t, adjudicates; `events` and `after` are set.
Json adjudication_body(const Archive& archive, const model::State& state,
                       const rules::Checked& checked,
                       const std::map<std::string, LatestReveal>& reveals,
                       const SigningParty& adjudicator, int orders_seq, const std::string& at,
                       Json& events, model::State& after);

// Appends the entry lines, then writes state.json and the turn folder's
// events.json; returns the new adjudication as read back.
Adjudication commit_adjudication(const fs::path& dir, const std::vector<std::string>& lines,
                                 const model::State& after, const Json& events);

// Runs the whole step under the archive lock; nothing changes on disk when
// any check fails. Returns the new adjudication as read back.
Adjudication adjudicate_file(const fs::path& dir, const fs::path& orders_file,
                             const AdjudicateOptions& options);

// Current UTC time as RFC 3339 ("2026-11-29T12:00:00Z"), for recording only.
std::string now_utc();

}  // namespace adjutant::game
