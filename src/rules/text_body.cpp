#include "rules/text_body.h"

#include <algorithm>

#include "rules/ruleset.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::rules::text {

void read_lines(std::string_view text, const std::string& source,
                const std::set<std::string>& keywords,
                const std::function<void(Reader&, const Line&)>& read) {
  std::vector<TextProblem> problems;
  auto lines = lex(text, problems);
  for (const auto& line : lines) {
    Reader r(line, keywords);
    try {
      read(r, line);
    } catch (const TextError& e) {
      problems.push_back(e.problem);
    }
  }
  if (!problems.empty()) {
    std::stable_sort(
        problems.begin(), problems.end(),
        [](const TextProblem& a, const TextProblem& b) { return a.pos.line < b.pos.line; });
    throw TextRefused(source, problems);
  }
}

bool is_envelope_field(const std::string& key) {
  return is_pipeline_field(key);
}

void unprintable(const std::string& what) {
  throw Error("text.unprintable", what + " cannot be written as text orders");
}

void only_fields(const Json& object, const std::set<std::string>& known, const std::string& what) {
  if (!object.is_object()) unprintable(what + " (not an object)");
  for (const auto& [k, v] : object.items())
    if (!known.count(k) && !is_envelope_field(k))
      unprintable(what + " with the member " + in_quotes(k));
}

const std::string& string_of(const Json& v, const std::string& what) {
  if (!v.is_string()) unprintable(what + " that is not a string");
  return v.get_ref<const std::string&>();
}

std::vector<std::string> strings_of(const Json& v, const std::string& what) {
  std::vector<std::string> out;
  for (const auto& s : array_of(v, what)) out.push_back(string_of(s, what));
  return out;
}

bool bool_of(const Json& v, const std::string& what) {
  if (!v.is_boolean()) unprintable(what + " that is not true or false");
  return v.get<bool>();
}

const Json& array_of(const Json& v, const std::string& what) {
  if (!v.is_array()) unprintable(what + " that is not a list");
  return v;
}

std::string names_text(const std::vector<std::string>& names,
                       const std::set<std::string>& keywords) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + name_text(n, keywords, true);
  return out;
}

std::string hexes_text(const std::vector<std::string>& hexes) {
  std::string out;
  for (const auto& h : hexes) {
    Token t{h, {}, false, false};
    if (!is_hex(t) || hex_text(t) != h) unprintable("the hex number " + in_quotes(h));
    out += (out.empty() ? "" : " ") + h;
  }
  return out;
}

}  // namespace adjutant::rules::text
