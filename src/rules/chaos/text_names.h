// Names in Chaos of Battle text orders: a brigade, a player commander, a
// regiment or battery of one side, written as its id or its name ("Iron
// Brigade", "meredith"), exactly or (in either case) as the start of exactly
// one. Only the writing side's own pieces are named: the enemy is written
// by position, as the side sees it (fog of war), so an unknown or ambiguous
// name lists candidates of the side's own only (text.unknown_unit,
// text.ambiguous_unit). A name may also be the start of a later word of a
// name ("Reynolds" for "Maj. Gen. J. Reynolds").
#pragma once

#include <string>
#include <vector>

#include "rules/chaos/scenario.h"
#include "rules/text_lexer.h"

namespace adjutant::rules::chaos::text_orders {

struct Named {
  std::string id;
  std::string name;
  std::string kind;  // "brigade", "commander", "regiment", "battery"
};

class OwnNames {
 public:
  // What `what` may name ("a brigade or player commander of union").
  OwnNames(std::vector<Named> pieces, std::string what);

  // The side's brigades and player commanders; a brigade's regiments; its
  // batteries.
  static OwnNames brigades_and_commanders(const Scenario& scenario, const std::string& side);
  static OwnNames brigades(const Scenario& scenario, const std::string& side);
  static OwnNames commanders(const Scenario& scenario, const std::string& side);
  static OwnNames regiments(const Brigade& brigade);
  static OwnNames batteries(const Brigade& brigade);

  // The piece the words name (joined by single spaces, or one quoted word).
  const Named& one(const std::vector<text::Token>& words) const;
  // The piece the longest leading run of the words names; `used` is how many
  // words it took (the rest is the caller's to read). When no run names one,
  // the problem of the whole.
  const Named& leading(const std::vector<text::Token>& words, std::size_t& used) const;
  // Several names: quoted words and commas part them; a run of plain words
  // is read as the longest names that match exactly, a word that starts no
  // such name as a prefix on its own.
  // Each with where its name starts.
  std::vector<std::pair<const Named*, text::Pos>> list(const std::vector<text::Token>& words) const;
  const std::vector<Named>& pieces() const { return pieces_; }

 private:
  const Named* match(const std::string& text, bool prefix,
                     std::vector<const Named*>* candidates) const;
  const Named& resolve(const std::string& text, text::Pos pos) const;

  std::vector<Named> pieces_;
  std::string what_;
  // Each piece's id and name in lower case, and the most words and
  // characters a name of one can have: a run of words longer than that
  // names none, so a line of n names reads in time linear in n.
  std::vector<std::pair<std::string, std::string>> lower_;
  std::size_t max_words_ = 1;
  std::size_t max_length_ = 0;
};

}  // namespace adjutant::rules::chaos::text_orders
