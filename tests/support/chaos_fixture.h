// What the Chaos of Battle unit tests set up alike: the meeting scenario's
// ruleset, a day turn with the tokens drawn and the table edited, both
// sides' bodies adjudicated as one phase, the events of one type, and (for
// the command-line tests) the three parties' keys and cards. Header only:
// the test support library does not link the rules.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ledger/dice.h"
#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/table_play.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace adjutant::testing {

inline ledger::Json chaos_meeting_json() {
  return ledger::Json::parse(
      read_file(std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/table/chaos-meeting.json"));
}

// The meeting scenario, read as the chaos ruleset reads it.
inline rules::chaos::Scenario chaos_meeting_scenario() {
  return rules::chaos::load_scenario(chaos_meeting_json(), "chaos-meeting.json");
}

// The meeting scenario's ruleset at `version` (0: the latest).
inline std::unique_ptr<rules::Ruleset> chaos_meeting(int version) {
  return rules::make_ruleset(chaos_meeting_json(), "chaos-meeting.json", version);
}

// The state at `turn` with the tokens drawn already (so no die goes to the
// tin), with `edit` made to the table.
inline model::State chaos_prepared_at(const rules::Ruleset& r, int turn,
                                      const std::function<void(rules::chaos::ChaosState&)>& edit) {
  model::State s = r.initial_state();
  s.extra["tokens_drawn"] = true;
  s.turn = turn;
  auto st = rules::chaos::table_state(s);
  st.turn = turn;
  edit(st);
  rules::chaos::set_chaos(s, st);
  return s;
}

// Stone's 149th Pennsylvania faces north at (15", y149), its commander 3"
// behind; Davis's 2nd Mississippi faces south at (15", 55"), its commander
// 3" behind; the other regiments of both brigades are off the table, and
// neither has a marker.
inline void stone_meets_davis(rules::chaos::ChaosState& st, rules::chaos::Coord y149) {
  using rules::chaos::Point;
  for (const char* b : {"stone", "davis"}) st.brigades.at(b).markers.clear();
  st.brigades.at("stone").commander = Point{1500, y149 - 300};
  st.brigades.at("davis").commander = Point{1500, 5800};
  for (auto& [id, reg] : st.regiments)
    if (reg.brigade == "stone" || reg.brigade == "davis") reg.at.reset();
  st.regiments.at("149pa").at = Point{1500, y149};
  st.regiments.at("149pa").facing = 0;
  st.regiments.at("2ms").at = Point{1500, 5500};
  st.regiments.at("2ms").facing = 180;
}

// One phase of both sides' bodies, each checked first, with `dice`.
inline ledger::Json chaos_phase(const rules::Ruleset& r, const model::State& s,
                                ledger::Json union_body, ledger::Json confederate_body,
                                ledger::Dice& dice) {
  union_body["side"] = "union";
  confederate_body["side"] = "confederate";
  return r.adjudicate_phase(s,
                            {{"union", r.check(s, union_body, "union")},
                             {"confederate", r.check(s, confederate_body, "confederate")}},
                            dice);
}

// The events of `type`, in order.
inline std::vector<ledger::Json> chaos_events_typed(const ledger::Json& events,
                                                    const std::string& type) {
  std::vector<ledger::Json> out;
  for (const auto& e : events)
    if (e.value("type", "") == type) out.push_back(e);
  return out;
}

// The union, confederate and umpire keys (samples/keys) copied into `work`,
// each joined to game "meet"; the --card arguments of `new`.
inline std::string chaos_party_cards(const std::filesystem::path& work) {
  namespace fs = std::filesystem;
  std::string cards;
  for (std::string party : {"union", "confederate", "umpire"}) {
    fs::copy_file(source_dir() / "samples" / "keys" / (party + ".key"), work / (party + ".key"));
    fs::permissions(work / (party + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    Run joined =
        run_adjutant("join --game meet --side " + party + " --name " + party + " --email " + party +
                         "@example.org --key " + party + ".key --out " + party + ".card.json",
                     work);
    INFO("join " << party << "\n" << joined.out << joined.err);
    REQUIRE(joined.exit == 0);
    cards += " --card " + party + ".card.json";
  }
  return cards;
}

}  // namespace adjutant::testing
