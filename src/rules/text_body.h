// Pieces both directions of every notation use: reading a text line by line
// with its problems collected, and taking an order body's values apart for
// printing, refusing (text.unprintable) what the notation cannot write.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "rules/text_lexer.h"

namespace adjutant::rules::text {

using ledger::Json;

// Lexes `text` and calls `read` on each line; a line's TextError is kept and
// the next line read. Throws TextRefused when any line had a problem.
void read_lines(std::string_view text, const std::string& source,
                const std::set<std::string>& keywords,
                const std::function<void(Reader&, const Line&)>& read);

// The envelope's fields, which a printer leaves out.
bool is_envelope_field(const std::string& key);

[[noreturn]] void unprintable(const std::string& what);
// Refuses a body member not in `known` (envelope fields aside).
void only_fields(const Json& object, const std::set<std::string>& known, const std::string& what);
const std::string& string_of(const Json& v, const std::string& what);
std::vector<std::string> strings_of(const Json& v, const std::string& what);
bool bool_of(const Json& v, const std::string& what);
const Json& array_of(const Json& v, const std::string& what);

// Names (or hex numbers) joined by spaces, each as name_text writes it.
std::string names_text(const std::vector<std::string>& names,
                       const std::set<std::string>& keywords);
std::string hexes_text(const std::vector<std::string>& hexes);

}  // namespace adjutant::rules::text
