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

// Throws Error verify.signature unless `e` is signed by `signer`, or
// verify.keyid when it is but its keyid names another key; `role` ends the
// message (", who adjudicates ...").
void require_signed(const LogEntry& e, const Party& signer, const std::string& role);

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
  // True when every order file the phase waits on is in (orders or NMR
  // ruling) and the adjudication is the next line due.
  bool awaiting_adjudication() const;
  // The sides of the current phase whose order file is in, and those still
  // awaited (a simultaneous phase fills in one side at a time).
  std::vector<std::string> sides_in() const;
  std::vector<std::string> sides_awaited() const;
  // The side whose order file is due next: the phase's mover, or in a
  // simultaneous phase the first side still awaited (docs/protocol.md 5a);
  // "" when the game is over.
  std::string side_due() const;
  // The `after` an order file of the current phase must name: the log head
  // for a phase of one mover, the line the phase opened at (the last
  // adjudication, or genesis) for a simultaneous one (protocol 5a).
  std::string expected_after() const;
  // The reveals an order file of the current phase is checked against: the
  // latest ones, except that a side whose file is already in is taken at
  // its link before it, so a corrected file reveals the same link again.
  std::map<std::string, LatestReveal> intake_reveals() const;
  // The checked orders and log lines of the files in, in the order of the
  // sides the phase waits on (what its adjudication resolves).
  std::vector<rules::SideOrders> pending_orders() const;
  // The revision of `side`'s file in for the current phase (0: none, or
  // an NMR, or a protocol-1 file).
  long long pending_revision(const std::string& side) const;
  std::vector<int> pending_lines() const;
  const std::vector<Adjudication>& collected() const { return collected_; }
  // Keep (or stop keeping) the adjudications stepped from now on.
  void collect(bool on) { collect_ = on; }

  // When the orders of the current phase are due (RFC 3339 UTC): the time
  // the phase began (the last adjudication, or genesis's "created"), plus
  // the game's deadline hours, plus every extension ruled since.
  std::string deadline() const;
  int extension_hours() const { return extension_hours_; }
  std::string phase_began() const { return phase_began_; }
  // The latest time of the log (genesis's created before any entry with one).
  const std::string& latest_time() const { return last_at_; }

 private:
  void orders(const LogEntry& e);
  void adjudication(const LogEntry& e);
  void ruling(const LogEntry& e);
  void end(const LogEntry& e);
  void signed_by(const LogEntry& e, const std::string& party, const std::string& role) const;
  // Protocol 2: an entry's time never goes back along the log, nor before
  // genesis was created (docs/protocol.md 4); kept once the line verifies.
  void dated(const std::string& at);

  const Archive& a_;
  bool collect_;
  model::State state_;
  std::map<std::string, LatestReveal> reveals_;
  // An order file (or NMR ruling) of the current phase, not yet adjudicated.
  struct Pending {
    Intake in;
    int seq = -1;
    Json body;           // the order body adjudicated
    LatestReveal prior;  // the side's reveal before this phase's file
    bool nmr = false;
  };
  std::map<std::string, Pending> pending_;
  std::string phase_head_;  // hash of the line the current phase opened at
  int lines_ = 1;
  int dice_ = 0;
  std::string head_;
  std::string phase_began_;
  int extension_hours_ = 0;
  std::string last_at_;  // the latest time of the log so far (genesis's created at first)
  int seq_of_last_at_ = 0;
  std::string dated_at_;  // the time of the line being stepped, kept once it verifies
  std::vector<Adjudication> collected_;
};

// The canonical echo line that opens an NMR adjudication.
std::string nmr_echo_line(const std::string& side);

}  // namespace adjutant::game
