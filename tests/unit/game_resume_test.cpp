// The order check's player-turn taken up by the adjudication (rules/bluegray/
// resume.h): for every adjudication of the Blue & Gray samples, the turn
// resumed where the check left it resolves to the very events and state the
// whole player-turn does, and to the logged ones; and it is taken up only
// for the state and plan it was checked with, and once.
#include <catch2/catch.hpp>

#include "game/archive.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "rules/bluegray/resume.h"
#include "support/cli_harness.h"

namespace fs = std::filesystem;
using adjutant::game::Archive;
using adjutant::ledger::same_canonical;
using adjutant::ledger::SeededDice;
using adjutant::rules::Checked;
using adjutant::rules::bluegray::Resume;
using adjutant::testing::source_dir;

namespace {

bool taken(const Checked& c) {
  auto* r = dynamic_cast<Resume*>(c.resume.get());
  return r && r->taken.load();
}

std::string seed_of(const Archive& a, int seq) {
  return adjutant::ledger::from_hex(
      a.log().at(std::size_t(seq)).body.at("seed").get<std::string>());
}

}  // namespace

TEST_CASE("a player-turn resumed from its order check resolves as the whole turn does",
          "[game][rules][resume]") {
  int resumed = 0;
  for (const char* name :
       {"skirmish-bot-umpire", "skirmish-bot-noumpire", "cemetery-hill-bot", "hooker-lee-1975-bot",
        "hooker-lee-2006-bot", "grand-chancellorsville-bot"}) {
    Archive a = Archive::open(source_dir() / "samples" / "games" / name);
    REQUIRE(a.ruleset().id() == "bluegray");
    for (const auto& c : a.adjudications()) {
      INFO(name << " adjudication " << c.t);
      Checked checked = a.ruleset().check(c.before, c.orders, "test");
      REQUIRE(checked.resume);
      Checked whole = checked;
      whole.resume.reset();
      SeededDice d1(seed_of(a, c.seq)), d2(seed_of(a, c.seq));
      auto turn = a.ruleset().adjudicate_to(c.before, checked, d1);
      CHECK(taken(checked));
      auto full = a.ruleset().adjudicate_to(c.before, whole, d2);
      CHECK(same_canonical(turn.events, full.events));
      CHECK(same_canonical(turn.events, c.events));
      CHECK(turn.after.hash() == full.after.hash());
      CHECK(turn.after.hash() == a.ruleset().apply(c.before, c.events).hash());
      CHECK(d1.rolls().size() == d2.rolls().size());
      // Taken up once: the same checked orders again are worked out whole.
      SeededDice d3(seed_of(a, c.seq));
      CHECK(same_canonical(a.ruleset().adjudicate(c.before, checked, d3), c.events));
      ++resumed;
    }
  }
  CHECK(resumed > 100);
}

TEST_CASE("a checked player-turn is taken up only for its own state and plan",
          "[game][rules][resume]") {
  Archive a = Archive::open(source_dir() / "samples" / "games" / "hooker-lee-2006-bot");
  auto all = a.adjudications();
  REQUIRE(all.size() > 4);
  const auto& c = all[3];
  std::string seed = seed_of(a, c.seq);

  // Another state (a unit moved since the check): the turn is worked out
  // whole from the state given, never from the one checked.
  Checked checked = a.ruleset().check(c.before, c.orders, "test");
  auto moved = c.before;
  for (auto& [id, u] : moved.units)
    if (u.status == adjutant::model::UnitStatus::kActive) {
      u.mark("ineffective", !u.marked("ineffective"));
      break;
    }
  SeededDice d1(seed), d2(seed);
  auto other = a.ruleset().adjudicate_to(moved, checked, d1);
  CHECK_FALSE(taken(checked));
  Checked whole = checked;
  whole.resume.reset();
  auto expected = a.ruleset().adjudicate_to(moved, whole, d2);
  CHECK(same_canonical(other.events, expected.events));
  CHECK(other.after.hash() == expected.after.hash());

  // Another plan (a move dropped after the check): not taken up either.
  Checked edited = a.ruleset().check(c.before, c.orders, "test");
  REQUIRE(edited.plan["moves"].size() > 1);
  edited.plan["moves"].erase(edited.plan["moves"].size() - 1);
  SeededDice d3(seed);
  a.ruleset().adjudicate_to(c.before, edited, d3);
  CHECK_FALSE(taken(edited));
}
