// Drawing tokens from a tin (docs/protocol.md 8a) and the commitments of
// fog-of-war games (10a).
#include <catch2/catch.hpp>

#include <set>

#include "ledger/dice.h"
#include "ledger/dice_draw.h"
#include "ledger/digest.h"
#include "util/error.h"

using adjutant::ledger::draw;
using adjutant::ledger::FixedDice;
using adjutant::ledger::SeededDice;

TEST_CASE("a draw takes k distinct items, one die of n - j sides each", "[ledger][draw]") {
  SeededDice dice(adjutant::ledger::sha256("draw test"));
  auto drawn = draw(dice, 17, 5, "tin");
  REQUIRE(drawn.size() == 5);
  CHECK(std::set<int>(drawn.begin(), drawn.end()).size() == 5);
  for (int v : drawn) CHECK((v >= 0 && v < 17));
  REQUIRE(dice.rolls().size() == 5);
  for (std::size_t j = 0; j < 5; ++j) CHECK(dice.rolls()[j].n == 17 - int(j));
  // All of a tin: the last item comes without a die.
  SeededDice all(adjutant::ledger::sha256("draw test"));
  auto every = draw(all, 6, 6, "tin");
  CHECK(std::set<int>(every.begin(), every.end()).size() == 6);
  CHECK(all.rolls().size() == 5);
  SeededDice none(adjutant::ledger::sha256("x"));
  CHECK(draw(none, 9, 0, "tin").empty());
  CHECK(none.rolls().empty());
}

TEST_CASE("every sequence of dice gives another ordered draw: none is favoured", "[ledger][draw]") {
  // 4 of 4: dice of 4, 3 and 2 sides, 24 sequences, 24 permutations.
  std::set<std::vector<int>> seen;
  for (int a = 1; a <= 4; ++a)
    for (int b = 1; b <= 3; ++b)
      for (int c = 1; c <= 2; ++c) {
        FixedDice dice({a, b, c});
        seen.insert(draw(dice, 4, 4, "tin"));
      }
  CHECK(seen.size() == 24);
  // 2 of 5: 5 * 4 sequences, 20 ordered pairs.
  std::set<std::vector<int>> pairs;
  for (int a = 1; a <= 5; ++a)
    for (int b = 1; b <= 4; ++b) {
      FixedDice dice({a, b});
      pairs.insert(draw(dice, 5, 2, "tin"));
    }
  CHECK(pairs.size() == 20);
}

TEST_CASE("a draw out of range is refused", "[ledger][draw]") {
  SeededDice dice(adjutant::ledger::sha256("x"));
  for (auto [n, k] : {std::pair{0, 0}, std::pair{257, 1}, std::pair{5, 6}, std::pair{5, -1}}) {
    std::string id;
    try {
      draw(dice, n, k, "tin");
    } catch (const adjutant::Error& e) {
      id = e.id();
    }
    CHECK(id == "dice.draw");
  }
}

TEST_CASE("a commitment binds the kind, the salt and the content", "[ledger][fog]") {
  using adjutant::ledger::commitment;
  const std::string salt(32, '\x11');
  const adjutant::ledger::Json content = {{"at", 3}};
  std::string c = commitment("state", salt, content);
  CHECK(c.size() == 32);
  CHECK(c == commitment("state", salt, {{"at", 3}}));
  CHECK(c != commitment("state", salt, {{"at", 4}}));
  CHECK(c != commitment("view:north", salt, content));
  CHECK(c != commitment("state", std::string(32, '\x12'), content));
  std::string id;
  try {
    commitment("state", "short", content);
  } catch (const adjutant::Error& e) {
    id = e.id();
  }
  CHECK(id == "dice.input");
}
