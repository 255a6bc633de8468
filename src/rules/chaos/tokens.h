// The seventeen combat tokens, the tin they are drawn from, and how many
// each side draws at the start (Force Building).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace adjutant::rules::chaos {

enum class Token {
  kOutflank,
  kRefuseFlank,
  kHeroicInspiration,
  kReinforceTheLine,
  kSniper,
  kTacticalBrilliance,
  kCavalrySupport,
  kCounterCharge,
  kRebelYell,
  kSeizeTheStandard,
  kBreakThrough,
  kDoubleShot,
  kHotPursuit,
  kToothAndNail,
  kLikeAStoneWall,
  kRallyToTheStandard,
  kWeightOfNumbers,
};

// Every token, in the text's order.
const std::vector<Token>& all_tokens();
// "outflank", "refuse_flank", ... "weight_of_numbers".
const char* token_name(Token token);
std::optional<Token> token_from_name(const std::string& name);

// The tin: how many of each token it holds. The text gives no counts
// ("exact token counts" are not in it); the default is two of each, 34 in
// all (docs/rules/chaos.md), and a scenario may give its own.
using Tin = std::map<Token, int>;
Tin default_tin();
int tin_size(const Tin& tin);

// The tin as a list, each token repeated by its count, in the text's order:
// the sequence a draw without replacement indexes into.
std::vector<Token> tin_contents(const Tin& tin);

}  // namespace adjutant::rules::chaos
