#include "rules/chaos/tokens.h"

#include <array>
#include <utility>

namespace adjutant::rules::chaos {

namespace {

constexpr std::array<std::pair<Token, const char*>, 17> kTokens = {{
    {Token::kOutflank, "outflank"},
    {Token::kRefuseFlank, "refuse_flank"},
    {Token::kHeroicInspiration, "heroic_inspiration"},
    {Token::kReinforceTheLine, "reinforce_the_line"},
    {Token::kSniper, "sniper"},
    {Token::kTacticalBrilliance, "tactical_brilliance"},
    {Token::kCavalrySupport, "cavalry_support"},
    {Token::kCounterCharge, "counter_charge"},
    {Token::kRebelYell, "rebel_yell"},
    {Token::kSeizeTheStandard, "seize_the_standard"},
    {Token::kBreakThrough, "break_through"},
    {Token::kDoubleShot, "double_shot"},
    {Token::kHotPursuit, "hot_pursuit"},
    {Token::kToothAndNail, "tooth_and_nail"},
    {Token::kLikeAStoneWall, "like_a_stone_wall"},
    {Token::kRallyToTheStandard, "rally_to_the_standard"},
    {Token::kWeightOfNumbers, "weight_of_numbers"},
}};

}  // namespace

const std::vector<Token>& all_tokens() {
  static const std::vector<Token> kAll = [] {
    std::vector<Token> v;
    for (const auto& [t, n] : kTokens) v.push_back(t);
    return v;
  }();
  return kAll;
}

const char* token_name(Token token) {
  for (const auto& [t, n] : kTokens)
    if (t == token) return n;
  return "";
}

std::optional<Token> token_from_name(const std::string& name) {
  for (const auto& [t, n] : kTokens)
    if (name == n) return t;
  return std::nullopt;
}

Tin default_tin() {
  Tin tin;
  for (Token t : all_tokens()) tin[t] = 2;
  return tin;
}

int tin_size(const Tin& tin) {
  int n = 0;
  for (const auto& [t, count] : tin) n += count;
  return n;
}

std::vector<Token> tin_contents(const Tin& tin) {
  std::vector<Token> out;
  for (Token t : all_tokens()) {
    auto it = tin.find(t);
    if (it == tin.end()) continue;
    for (int i = 0; i < it->second; ++i) out.push_back(t);
  }
  return out;
}

}  // namespace adjutant::rules::chaos
