// Unit names in text orders: a name matches a unit id exactly, else (in
// either case) exactly or as the start of exactly one id of the side it must
// belong to. An unknown or ambiguous name is a problem listing the
// candidates (docs/orders.md "Unit names").
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rules/hexmap/scenario.h"
#include "rules/text_lexer.h"

namespace adjutant::rules::text {

// Whose units a name may be a prefix of.
enum class Whose { kOwn, kEnemy };

class UnitNames {
 public:
  UnitNames(const rules::hexmap::Scenario& scenario, std::string side);

  // The words of one name (joined by single spaces, or one quoted word).
  std::string one(const std::vector<Token>& words, Whose whose) const;
  // The words of several names: quoted words and commas part them; a run of
  // plain words is read as the longest names that match ids exactly, a word
  // that starts no such name as a prefix on its own. The whole run is first
  // tried as one name.
  std::vector<std::string> list(const std::vector<Token>& words, Whose whose) const;

 private:
  // The id `text` names, or "" when none matches exactly (any side, then
  // ignoring case); `prefix` also tries the start of one id of `whose`.
  std::string match(const std::string& text, Whose whose, bool prefix,
                    std::vector<std::string>* candidates) const;
  std::string resolve(const std::string& text, Pos pos, Whose whose) const;
  // Error text.hex at the first word from `from` on that was meant as a hex
  // number (name_hints.h near_hex); nothing when there is none.
  static void not_a_hex(const std::vector<Token>& words, std::size_t from);
  // The ids of `whose` that start with `low` (lower case), in id order.
  std::vector<std::string> starting(const std::string& low, Whose whose) const;

  std::vector<const rules::hexmap::UnitDef*> units_;
  std::string side_;
  // Indexes, so that a line of n names reads in time linear in n: every
  // id, the ids by their lower case, and each side's lower-case ids sorted
  // (the prefixes); a name is never longer than the longest id, nor has
  // more words.
  std::map<std::string, std::string> ids_;
  std::map<std::string, std::vector<std::string>> lower_ids_;
  std::vector<std::pair<std::string, std::string>> own_, enemy_;  // (lower id, id)
  std::size_t max_words_ = 1;
  std::size_t max_length_ = 0;
};

}  // namespace adjutant::rules::text
