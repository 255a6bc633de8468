#include "rules/chaos/text_names.h"

#include <algorithm>

#include "rules/name_hints.h"
#include "util/printable.h"

namespace adjutant::rules::chaos::text_orders {

namespace {

constexpr std::size_t kShown = 12;

std::string joined(const std::vector<text::Token>& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += (i > from ? " " : "") + words[i].text;
  return out;
}

std::string listing(const std::vector<const Named*>& pieces) {
  std::string out;
  for (std::size_t i = 0; i < pieces.size() && i < kShown; ++i)
    out += (i ? ", " : "") + printable(pieces[i]->id) + " (" + printable(pieces[i]->name) + ")";
  if (pieces.size() > kShown) out += " and " + std::to_string(pieces.size() - kShown) + " more";
  return out;
}

bool starts(const std::string& whole, const std::string& start) {
  return whole.compare(0, start.size(), start) == 0;
}

// The start of the name or of a later word of it ("reynolds" of "Maj. Gen.
// J. Reynolds").
bool starts_a_word(const std::string& name, const std::string& start) {
  if (starts(name, start)) return true;
  for (std::size_t i = name.find(' '); i != std::string::npos; i = name.find(' ', i + 1))
    if (name.compare(i + 1, start.size(), start) == 0) return true;
  return false;
}

std::size_t words_in(const std::string& s) {
  return std::size_t(std::count(s.begin(), s.end(), ' ')) + 1;
}

// The length of words[from, to) joined by single spaces.
std::size_t joined_length(const std::vector<text::Token>& words, std::size_t from, std::size_t to) {
  std::size_t n = to > from ? to - from - 1 : 0;
  for (std::size_t i = from; i < to; ++i) n += words[i].text.size();
  return n;
}

}  // namespace

OwnNames::OwnNames(std::vector<Named> pieces, std::string what)
    : pieces_(std::move(pieces)), what_(std::move(what)) {
  for (const auto& p : pieces_) {
    lower_.push_back({text::lower(p.id), text::lower(p.name)});
    max_words_ = std::max({max_words_, words_in(p.id), words_in(p.name)});
    max_length_ = std::max({max_length_, p.id.size(), p.name.size()});
  }
}

OwnNames OwnNames::brigades(const Scenario& scenario, const std::string& side) {
  std::vector<Named> out;
  for (const auto& b : scenario.side(side).brigades) out.push_back({b.id, b.name, "brigade"});
  return OwnNames(std::move(out), "brigade of " + side);
}

OwnNames OwnNames::commanders(const Scenario& scenario, const std::string& side) {
  std::vector<Named> out;
  for (const auto& c : scenario.side(side).commanders) out.push_back({c.id, c.name, "commander"});
  return OwnNames(std::move(out), "player commander of " + side);
}

OwnNames OwnNames::brigades_and_commanders(const Scenario& scenario, const std::string& side) {
  std::vector<Named> out = brigades(scenario, side).pieces_;
  for (const auto& c : commanders(scenario, side).pieces_) out.push_back(c);
  return OwnNames(std::move(out), "brigade or player commander of " + side);
}

OwnNames OwnNames::regiments(const Brigade& brigade) {
  std::vector<Named> out;
  for (const auto& r : brigade.regiments)
    out.push_back({r.id, r.name, r.arm == Arm::kArtillery ? "battery" : "regiment"});
  return OwnNames(std::move(out), "regiment of " + brigade.id);
}

OwnNames OwnNames::batteries(const Brigade& brigade) {
  std::vector<Named> out;
  for (const auto& r : brigade.regiments)
    if (r.arm == Arm::kArtillery) out.push_back({r.id, r.name, "battery"});
  return OwnNames(std::move(out), "battery of " + brigade.id);
}

const Named* OwnNames::match(const std::string& text, bool prefix,
                             std::vector<const Named*>* candidates) const {
  // Longer than every id and name: it names none, nor starts one.
  if (text.size() > max_length_) return nullptr;
  for (const auto& p : pieces_)
    if (p.id == text) return &p;
  std::string low = text::lower(text);
  std::vector<const Named*> exact, begun;
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const auto& [id, name] = lower_[i];
    if (id == low || name == low) exact.push_back(&pieces_[i]);
    if (starts(id, low) || starts_a_word(name, low)) begun.push_back(&pieces_[i]);
  }
  if (exact.size() == 1) return exact.front();
  if (!prefix) return nullptr;
  if (begun.size() == 1) return begun.front();
  if (candidates) *candidates = begun;
  return nullptr;
}

const Named& OwnNames::resolve(const std::string& text, text::Pos pos) const {
  std::vector<const Named*> candidates;
  if (const Named* p = match(text, true, &candidates)) return *p;
  if (candidates.size() > 1)
    text::fail("text.ambiguous_unit", pos,
               in_quotes(text) + " could be any of " + std::to_string(candidates.size()) +
                   " pieces: " + listing(candidates) + "; write more of the name");
  // Unknown: the pieces whose id or name is nearest the text (a typo),
  // else those whose id or name holds it, else every one.
  std::vector<std::string> spellings;
  for (const auto& p : pieces_) {
    spellings.push_back(p.id);
    spellings.push_back(p.name);
  }
  std::vector<std::string> near = text::nearest_names(text, spellings);
  for (const auto& p : pieces_)
    if (std::count(near.begin(), near.end(), p.id) || std::count(near.begin(), near.end(), p.name))
      candidates.push_back(&p);
  std::string low = text::lower(text);
  if (candidates.empty())
    for (const auto& p : pieces_)
      if (text::lower(p.id).find(low) != std::string::npos ||
          text::lower(p.name).find(low) != std::string::npos)
        candidates.push_back(&p);
  std::string hint = "did you mean " + listing(candidates) + "?";
  if (candidates.empty()) {
    for (const auto& p : pieces_) candidates.push_back(&p);
    hint = candidates.empty() ? "there is none" : "they are " + listing(candidates);
  }
  text::fail("text.unknown_unit", pos,
             "no " + what_ + " is called " + in_quotes(text) + "; " + hint);
}

const Named& OwnNames::leading(const std::vector<text::Token>& words, std::size_t& used) const {
  // The longest run that can still name a piece, then shorter ones.
  std::size_t k = 0;
  for (std::size_t length = 0; k < words.size(); ++k) {
    length += words[k].text.size() + (k ? 1 : 0);
    if (length > max_length_) break;
  }
  for (; k > 0; --k)
    if (const Named* p = match(joined(words, 0, k), true, nullptr)) {
      used = k;
      return *p;
    }
  used = words.size();
  return resolve(joined(words, 0, words.size()), words.front().pos);
}

const Named& OwnNames::one(const std::vector<text::Token>& words) const {
  return resolve(joined(words, 0, words.size()), words.front().pos);
}

std::vector<std::pair<const Named*, text::Pos>> OwnNames::list(
    const std::vector<text::Token>& words) const {
  std::vector<std::pair<const Named*, text::Pos>> out;
  std::size_t i = 0, end = 0;
  while (i < words.size()) {
    if (words[i].quoted) {
      out.push_back({&resolve(words[i].text, words[i].pos), words[i].pos});
      ++i;
      continue;
    }
    if (end <= i) {
      end = i + 1;
      while (end < words.size() && !words[end].quoted && !words[end].after_comma) ++end;
    }
    // The longest run from i that names a piece exactly (no longer than
    // the name with the most words), else one word as a prefix; the whole
    // run as a prefix when it is one name ("iron brig").
    std::size_t taken = 0;
    for (std::size_t j = std::min(end, i + max_words_); j > i && !taken; --j)
      if (const Named* p = match(joined(words, i, j), false, nullptr)) {
        out.push_back({p, words[i].pos});
        taken = j - i;
      }
    if (!taken && end - i > 1 && end - i <= max_words_ &&
        joined_length(words, i, end) <= max_length_)
      if (const Named* p = match(joined(words, i, end), true, nullptr)) {
        out.push_back({p, words[i].pos});
        taken = end - i;
      }
    if (!taken) {
      out.push_back({&resolve(words[i].text, words[i].pos), words[i].pos});
      taken = 1;
    }
    i += taken;
  }
  return out;
}

}  // namespace adjutant::rules::chaos::text_orders
