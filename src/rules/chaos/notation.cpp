#include "rules/chaos/notation.h"

namespace adjutant::rules::chaos {

namespace text_orders {

const std::set<std::string> kOrderWords = {
    "shake", "shakeout", "withdraw",  "withdraws", "form",       "forms",
    "rest",  "rests",    "prefer",    "prefers",   "preferred",  "move",
    "moves", "maneuver", "maneuvers", "manoeuvre", "manoeuvres", "fire",
    "fires", "remarker", "remarkers", "fight",     "fights"};

const std::set<std::string> kWords = [] {
  std::set<std::string> w = kOrderWords;
  for (const char* more :
       {"out",      "up",        "marker",   "facing",   "at",        "to",     "engage",
        "engaging", "commander", "closest",  "hold",     "no",        "yes",    "true",
        "false",    "on",        "off",      "sequence", "fight",     "fights", "toward",
        "towards",  "policy",    "policies", "token",    "tokens",    "with",   "when",
        "limber",   "unlimber",  "mount",    "dismount", "dismounted"})
    w.insert(more);
  return w;
}();

class ChaosNotation : public Notation {
 public:
  ParsedText parse(std::string_view text, const std::string& source, const TextGame& game,
                   const std::string& side) const override {
    return read_orders(text, source, game, side);
  }
  std::string print(const Json& body) const override { return write_orders(body); }
};

}  // namespace text_orders

std::unique_ptr<Notation> make_notation() {
  return std::make_unique<text_orders::ChaosNotation>();
}

}  // namespace adjutant::rules::chaos
