// What a report is made from: plain facts about the game (taken from the
// archive once, see turn_outputs.h), one adjudication, and the reader.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "game/archive.h"
#include "rules/ruleset.h"

namespace adjutant::report {

inline constexpr const char* kUmpire = "umpire";

struct Section;  // report/report_doc.h

struct GameFacts {
  std::string game_id;  // hex H(JCS(genesis body))
  std::string name;
  std::string folder;  // the archive's folder name, as given to `adjutant verify`
  const rules::Ruleset* ruleset = nullptr;  // the ruleset the game is played under
  std::vector<game::Party> parties;
  // The sender of every mail: the host named in genesis, or else the
  // adjudicating party of each adjudication.
  std::string host_name;
  std::string host_email;
  int deadline_hours = 0;  // 0: no deadline
  // Fog of war: the mail carries no log lines; each side's copy is sealed
  // by the umpire and travels apart (docs/protocol.md 10a).
  bool fog = false;
  // ... unless each side's mail carries its sealed post (report/turn_outputs.h
  // SealedPosts): the new lines of its sealed copy.
  bool sealed_by_mail = false;
  std::map<int, std::string> line_hashes;  // log seq -> hex SHA-256 of the line

  const game::Party* party(const std::string& id) const;
  bool has_umpire() const { return party(kUmpire) != nullptr; }
  // "Union" for "union", "Umpire" for the umpire, else the id.
  std::string side_name(const std::string& id) const;
  // "turn 3, Union player-turn" for a phase named after its side, "turn 3"
  // for a phase of the whole turn (Chaos of Battle), else "turn 3, PHASE".
  std::string phase_text(int turn, const std::string& phase) const;
  // The "Scenario" line of a report's head, when the ruleset names one.
  void scenario_fact(Section& s) const;
  // Who adjudicates the orders of `side` (the umpire, else the other side).
  std::string adjudicator_of(const std::string& side) const;
  // Where the reader's deadlines are also shown (`adjutant report --format`
  // on the player's own machine); "" in everything written into turns/.
  std::string local_zone;
};

struct ReportInput {
  const GameFacts& game;
  const game::Adjudication& adj;
  std::string side;  // a side id, or kUmpire
};

}  // namespace adjutant::report
