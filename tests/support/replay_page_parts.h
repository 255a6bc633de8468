// The parts of a replay page (adjutant view) a test reads: the map's data
// (its base's info and each post's overlay) and the base picture itself,
// inflated, as the page's script does.
#pragma once

#include <regex>
#include <string>
#include <vector>

#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "render/map_overlay.h"
#include "util/markup.h"

namespace adjutant::testing {

struct ReplayPageParts {
  ledger::Json data;     // {"base": ..., "steps": [...]}; null when the page has no map
  std::string base_svg;  // "" when the page has no map
};

// The text of the <script> element with id `id`, or "".
inline std::string script_element(const std::string& page, const std::string& id) {
  auto at = page.find("id=\"" + id + "\">");
  if (at == std::string::npos) return "";
  at = page.find('>', at) + 1;
  return page.substr(at, page.find("</script>", at) - at);
}

inline ReplayPageParts replay_page_parts(const std::string& page) {
  ReplayPageParts parts;
  std::string data = script_element(page, "replay-data");
  if (data.empty()) return parts;
  parts.data = ledger::Json::parse(data);
  parts.base_svg = render::gunzip(ledger::from_base64(script_element(page, "replay-base")));
  return parts;
}

// The attributes of every group of an SVG map whose class (its first word)
// is one of `classes`, in document order.
inline std::vector<std::string> svg_groups(const std::string& svg,
                                           const std::vector<std::string>& classes) {
  std::vector<std::string> out;
  static const std::regex group("<g ((?:id=\"[^\"]*\" )?class=\"([a-z-]+)[^\"]*\"[^>]*)>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), group); it != std::sregex_iterator();
       ++it)
    for (const auto& c : classes)
      if ((*it)[2] == c) out.push_back((*it)[1]);
  return out;
}

// The marks of a position on a hex map, as classes of its groups.
inline const std::vector<std::string> kHexMarks = {"move",     "evade",   "retreat", "advance",
                                                   "displace", "enter",   "exit",    "eliminated",
                                                   "counter",  "arrival", "combat"};

// The groups of kHexMarks a hex map's overlay data stands for (`base` its
// base's info, `step` one position), written as render_svg writes them.
inline std::vector<std::string> hex_step_groups(const ledger::Json& base,
                                                const ledger::Json& step) {
  using ledger::Json;
  std::vector<std::string> out;
  auto attr = [](const std::string& name, const std::string& value) {
    return " " + name + "=\"" + escape_markup(value) + "\"";
  };
  auto unit = [&](const Json& index) { return base["units"][index.get<std::size_t>()]; };
  for (const auto& a : step.value("arrows", Json::array()))
    out.push_back("class=\"" + a[0].get<std::string>() + "\"" + attr("data-unit", a[1]));
  for (const auto& g : step.value("ghosts", Json::array()))
    out.push_back("class=\"eliminated\"" + attr("data-unit", unit(g[0])[0]) +
                  attr("data-hex", g[1]));
  for (const auto& u : step.value("units", Json::array()))
    out.push_back("class=\"counter\"" + attr("data-unit", unit(u[0])[0]) +
                  attr("data-side", unit(u[0])[1]) + attr("data-hex", u[1]));
  for (const auto& t : step.value("tags", Json::array()))
    out.push_back("class=\"arrival\"" + attr("data-hex", t[0]) + attr("data-side", t[1]) +
                  attr("data-turn", std::to_string(t[2].get<int>())) + attr("data-units", t[3]));
  for (const auto& c : step.value("combats", Json::array()))
    out.push_back("class=\"combat\"" + attr("data-n", c[0]) + attr("data-odds", c[1]) +
                  attr("data-result", c[3]));
  return out;
}

}  // namespace adjutant::testing
