#include "rules/unit_names.h"

#include <algorithm>

#include "rules/name_hints.h"
#include "util/printable.h"

namespace adjutant::rules::text {

namespace {

constexpr std::size_t kShown = 12;

std::string joined(const std::vector<Token>& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += (i > from ? " " : "") + words[i].text;
  return out;
}

std::string listing(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kShown; ++i)
    out += (i ? ", " : "") + printable(names[i]);
  if (names.size() > kShown) out += " and " + std::to_string(names.size() - kShown) + " more";
  return out;
}

}  // namespace

UnitNames::UnitNames(const rules::hexmap::Scenario& scenario, std::string side)
    : side_(std::move(side)) {
  for (const auto& u : scenario.units) {
    units_.push_back(&u);
    ids_.emplace(u.id, u.id);
    std::string low = lower(u.id);
    lower_ids_[low].push_back(u.id);
    (u.side == side_ ? own_ : enemy_).push_back({low, u.id});
    max_words_ = std::max(max_words_, std::size_t(std::count(u.id.begin(), u.id.end(), ' ')) + 1);
    max_length_ = std::max(max_length_, u.id.size());
  }
  std::sort(own_.begin(), own_.end());
  std::sort(enemy_.begin(), enemy_.end());
}

std::vector<std::string> UnitNames::starting(const std::string& low, Whose whose) const {
  std::vector<std::string> out;
  for (const auto* u : units_) {
    bool theirs = (u->side == side_) == (whose == Whose::kOwn);
    if (theirs && lower(u->id).compare(0, low.size(), low) == 0) out.push_back(u->id);
  }
  return out;
}

std::string UnitNames::match(const std::string& text, Whose whose, bool prefix,
                             std::vector<std::string>* candidates) const {
  // Longer than every id: it names none, nor starts one.
  if (text.size() > max_length_) return "";
  if (ids_.count(text)) return text;
  std::string low = lower(text);
  auto exact = lower_ids_.find(low);
  if (exact != lower_ids_.end() && exact->second.size() == 1) return exact->second.front();
  if (!prefix) return "";
  const auto& index = whose == Whose::kOwn ? own_ : enemy_;
  std::size_t found = 0;
  std::string only;
  for (auto it = std::lower_bound(index.begin(), index.end(), std::make_pair(low, std::string()));
       it != index.end() && it->first.compare(0, low.size(), low) == 0 && found < 2; ++it) {
    only = it->second;
    ++found;
  }
  if (found == 1) return only;
  // The candidates in the scenario's order, for the problem that lists them.
  if (candidates) *candidates = starting(low, whose);
  return "";
}

std::string UnitNames::resolve(const std::string& text, Pos pos, Whose whose) const {
  std::vector<std::string> candidates;
  std::string id = match(text, whose, true, &candidates);
  if (!id.empty()) return id;
  std::string whom = whose == Whose::kOwn ? "of " + side_ : "of the enemy of " + side_;
  if (candidates.size() > 1)
    fail("text.ambiguous_unit", pos,
         in_quotes(text) + " could be any of " + std::to_string(candidates.size()) +
             " units: " + listing(candidates) + "; write more of the name");
  // Ids that differ only by look-alike characters (2/Ill, 2/III): the one
  // that does, when only one does.
  std::vector<std::string> theirs;
  for (const auto* u : units_)
    if ((u->side == side_) == (whose == Whose::kOwn)) theirs.push_back(u->id);
  std::string key = lookalike_key(text);
  std::vector<std::string> alike;
  for (const auto& id : theirs)
    if (lookalike_key(id) == key) alike.push_back(id);
  if (alike.size() == 1) return alike.front();
  // Unknown: the nearest names, else the units whose id holds the text,
  // else every unit of the side.
  std::string hint = did_you_mean(nearest_names(text, theirs));
  if (hint.empty()) {
    std::string low = lower(text);
    for (const auto& id : theirs)
      if (lower(id).find(low) != std::string::npos) candidates.push_back(id);
    hint = candidates.empty() ? "the units " + whom + " are " + listing(theirs)
                              : "did you mean " + listing(candidates) + "?";
  }
  fail("text.unknown_unit", pos, "no unit " + whom + " is called " + in_quotes(text) + "; " + hint);
}

std::string UnitNames::one(const std::vector<Token>& words, Whose whose) const {
  try {
    return resolve(joined(words, 0, words.size()), words.front().pos, whose);
  } catch (const TextError&) {
    not_a_hex(words, 1);
    throw;
  }
}

void UnitNames::not_a_hex(const std::vector<Token>& words, std::size_t from) {
  // A name that does not resolve and ends in a word meant as a hex number
  // ("1 Heth 05O6"): the word is the problem, not the name.
  for (std::size_t i = from; i < words.size(); ++i)
    if (!words[i].quoted && near_hex(words[i].text))
      fail("text.hex", words[i].pos, near_hex_message(words[i].text));
}

std::vector<std::string> UnitNames::list(const std::vector<Token>& words, Whose whose) const {
  std::vector<std::string> out;
  // Runs of plain words between quoted words and commas.
  std::size_t i = 0;
  bool whole = words.size() > 1;
  std::size_t length = words.empty() ? 0 : words.size() - 1;
  for (const auto& w : words) {
    whole = whole && !w.quoted && !(&w != &words.front() && w.after_comma);
    length += w.text.size();
  }
  if (whole && length <= max_length_) {
    std::string id = match(joined(words, 0, words.size()), whose, true, nullptr);
    if (!id.empty()) return {id};
  }
  std::size_t end = 0;
  while (i < words.size()) {
    if (words[i].quoted) {
      out.push_back(resolve(words[i].text, words[i].pos, whose));
      ++i;
      continue;
    }
    if (end <= i) {
      end = i + 1;
      while (end < words.size() && !words[end].quoted && !words[end].after_comma) ++end;
    }
    // The longest run from i that names an id exactly: no longer than the
    // id with the most words.
    std::size_t taken = 0;
    for (std::size_t j = std::min(end, i + max_words_); j > i + 1 && !taken; --j) {
      std::string id = match(joined(words, i, j), whose, false, nullptr);
      if (!id.empty()) {
        out.push_back(id);
        taken = j - i;
      }
    }
    if (!taken) {
      try {
        out.push_back(resolve(words[i].text, words[i].pos, whose));
      } catch (const TextError&) {
        not_a_hex(words, i);
        throw;
      }
      taken = 1;
    }
    i += taken;
  }
  return out;
}

}  // namespace adjutant::rules::text
