// Player cards and the genesis entry: who plays which side with which key
// and dice chain, under which scenario and ruleset version.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/caches.h"
#include "ledger/chain.h"
#include "ledger/keys.h"

namespace adjutant::game {

inline constexpr const char* kCardFormat = "adjutant-card/1";

// The body of a signed player card (`adjutant join`).
Json card_body(const std::string& game_name, const std::string& party, const std::string& name,
               const std::string& email, const ledger::SigningKey& key,
               const ledger::ChainSecret& chain);
// The same from the raw public key and the chain's anchor s_0 and length.
Json card_body(const std::string& game_name, const std::string& party, const std::string& name,
               const std::string& email, const std::string& public_raw,
               const std::string& anchor_raw, std::uint32_t length);

// Names and addresses that go into reports and mail headers; Error ids
// card.bad_name and card.bad_email (control characters, CR LF, no '@').
void check_name(const std::string& name, const std::string& what, const std::string& source);
void check_email(const std::string& email, const std::string& source);

// Reads a card envelope: checks its format, its self-signature and its
// fields; Error ids card.*.
Party party_from_card(const Json& envelope, const std::string& source);

struct NewGame {
  std::string name;
  std::string created;  // RFC 3339 UTC
  int deadline_hours = 72;
  Json scenario;                   // the scenario file as parsed
  std::string scenario_text;       // its bytes, copied into the archive verbatim
  std::vector<Json> cards;         // signed card envelopes
  std::string host;                // party id whose key signs genesis
  int ruleset_version = 0;         // the version to pin; 0 for the latest
  int protocol = kLatestProtocol;  // the genesis format (docs/protocol.md 3b)
};

struct FogSalts;

// Builds the genesis body; checks that the cards name this game, that each
// scenario side has exactly one player, at most one umpire. Error ids new.*.
// A fog-of-war game (its umpire is the host, else new.fog_host) pins its
// scenario and each side's initial view by commitments salted from `salts`
// (docs/protocol.md 10a).
Json genesis_body(const NewGame& g, const rules::Ruleset& ruleset, FogSalts* salts = nullptr);

// Creates the archive folder with game.json, scenario.json, log.jsonl (the
// signed genesis entry), state.json, inbox/ and turns/000-genesis (the
// invitation of every party, drawn by `outputs`). Refuses an existing
// non-empty folder (Error "new.exists"); a failure leaves no archive.
void create_archive(const fs::path& dir, const NewGame& g, const ledger::SigningKey& host_key,
                    const TurnWriter& outputs);

// Parties named by a genesis body, players in ascending id order, then the umpire.
std::vector<Party> genesis_parties(const Json& genesis);

// The hours a genesis body gives each set of orders: its deadline_hours, or
// 72 when it gives none from 1 to 8760.
int deadline_hours_of(const Json& genesis);

// When the orders of a phase that began at `began` (RFC 3339) are due: the
// genesis hours plus `extension_hours`, as RFC 3339 UTC; "" when `began` is
// no time.
std::string phase_deadline(const Json& genesis, const std::string& began, int extension_hours);

}  // namespace adjutant::game
