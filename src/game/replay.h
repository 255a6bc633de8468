// The verified walk of a game log. Each entry is checked exactly as
// docs/protocol.md says (seq, prev, signer, members, orders, reveals, seed,
// dice, echo, events, state hash) and the state, the players' latest
// reveals and the phase's deadline advance with it. verify walks the whole
// log with it; adjudicate, ruling, sign, check and sync walk the log first,
// so nothing is ever appended onto a log that does not verify.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/entries.h"
#include "game/intake.h"

namespace adjutant::game {

// Line 0: the genesis entry, its host signature, the pinned scenario and
// game.json. Throws Error verify.* (exit 3).
void check_genesis(const Archive& archive);

class Replay {
 public:
  // Starts after genesis (call check_genesis first), from the initial state.
  // With `collect`, every adjudication is kept with its states for reports.
  explicit Replay(const Archive& archive, bool collect = false);

  // Checks `entry` as the next line and advances; throws Error verify.*
  // (exit 3) naming what is wrong. The state is unchanged when it throws.
  void step(const LogEntry& entry);
  // Steps through every line of the archive after genesis; the error names
  // the line ("log.jsonl line 4 (adjudication): ...").
  void run();

  const model::State& state() const { return state_; }
  rules::PhaseInfo phase() const;
  // Each party's latest revealed link (the anchor, m = 0, before any).
  const std::map<std::string, LatestReveal>& reveals() const { return reveals_; }
  int lines() const { return lines_; }  // entries stepped, genesis included
  std::string head() const { return head_; }
  int adjudications() const { return state_.adjudications; }
  int dice() const { return dice_; }
  bool awaiting_adjudication() const { return pending_.has_value(); }
  const std::vector<Adjudication>& collected() const { return collected_; }
  // Keep (or stop keeping) the adjudications stepped from now on.
  void collect(bool on) { collect_ = on; }

  // When the orders of the current phase are due (RFC 3339 UTC): the time
  // the phase began (the last adjudication, or genesis's "created"), plus
  // the game's deadline hours, plus every extension ruled since.
  std::string deadline() const;
  int extension_hours() const { return extension_hours_; }
  std::string phase_began() const { return phase_began_; }

 private:
  void orders(const LogEntry& e);
  void adjudication(const LogEntry& e);
  void ruling(const LogEntry& e);
  void end(const LogEntry& e);
  void signed_by(const LogEntry& e, const std::string& party, const std::string& role) const;

  const Archive& a_;
  bool collect_;
  model::State state_;
  std::map<std::string, LatestReveal> reveals_;
  std::optional<Intake> pending_;
  int pending_seq_ = -1;
  int lines_ = 1;
  int dice_ = 0;
  std::string head_;
  std::string phase_began_;
  int extension_hours_ = 0;
  Json pending_orders_body_;
  std::vector<Adjudication> collected_;
};

// The canonical echo line that opens an NMR adjudication.
std::string nmr_echo_line(const std::string& side);

}  // namespace adjutant::game
