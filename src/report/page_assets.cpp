#include "report/page_assets.h"

#include <stdexcept>
#include <string>

#include "web/assets.h"

namespace adjutant::report {

std::string_view page_asset(std::string_view name) {
  std::string_view text = web::asset(name);
  if (text.empty()) throw std::logic_error("no web asset " + std::string(name));
  // A comment in the file's language: CSS, JavaScript or HTML.
  for (std::string_view open : {"/*", "//", "<!--"}) {
    if (text.substr(0, open.size()) != open) continue;
    std::size_t end = text.find("\n\n");
    if (end != std::string_view::npos) text.remove_prefix(end + 2);
    break;
  }
  return text;
}

}  // namespace adjutant::report
