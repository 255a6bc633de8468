// Escaping text for XML and HTML (SVG attributes, report pages).
#pragma once

#include <string>
#include <string_view>

namespace adjutant {

// & < > " ' become entities (&#39; for the quote, valid in XML and HTML);
// other control characters than tab, newline and return are dropped, as XML
// cannot hold them.
std::string escape_markup(std::string_view text);

}  // namespace adjutant
