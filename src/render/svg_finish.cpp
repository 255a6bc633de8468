#include "render/svg_finish.h"
#include "util/markup.h"

#include <cctype>
#include <map>
#include <string_view>

#include "render/canvas.h"
#include "util/error.h"

namespace adjutant::render {

namespace {

constexpr std::string_view kBeginMarker = "fill:rgb(100%,0%,100%);fill-opacity:0.01;";
constexpr std::string_view kEndMarker = "fill:rgb(0%,100%,100%);fill-opacity:0.01;";

// The ids cairo numbers from process-wide counters (surface5, glyph0-1,
// clip1, image7, pattern3, mask0, ...), as opposed to fixed ones ("alpha").
bool cairo_counted_id(std::string_view id) {
  std::size_t letters = 0;
  while (letters < id.size() && std::islower(static_cast<unsigned char>(id[letters]))) ++letters;
  if (letters == 0 || letters == id.size()) return false;
  for (std::size_t i = letters; i < id.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(id[i])) && id[i] != '-') return false;
  return std::isdigit(static_cast<unsigned char>(id[letters]));
}

// Calls f(start, length) for every id or id reference in the document:
// id="X", href="#X" and url(#X).
template <class F>
void for_each_id(const std::string& svg, F f) {
  static constexpr std::string_view kOpeners[] = {"id=\"", "href=\"#", "url(#"};
  // The next match of each opener, found again only once passed, so the
  // scan stays linear in the document's length.
  std::size_t next[3] = {0, 0, 0};
  bool stale[3] = {true, true, true};
  std::size_t pos = 0;
  while (pos < svg.size()) {
    std::size_t best = std::string::npos, opener_length = 0;
    for (int i = 0; i < 3; ++i) {
      if (stale[i] || (next[i] != std::string::npos && next[i] < pos)) {
        next[i] = svg.find(kOpeners[i], pos);
        stale[i] = false;
      }
      if (next[i] < best) best = next[i], opener_length = kOpeners[i].size();
    }
    if (best == std::string::npos) return;
    std::size_t start = best + opener_length;
    std::size_t stop = svg.find_first_of("\")", start);
    if (stop == std::string::npos) return;
    f(start, stop - start, opener_length == 4);
    pos = stop;
  }
}

}  // namespace

// Ids are renumbered in the order their definitions appear, per prefix, so
// "surface14" becomes "surface1" whatever cairo drew earlier in the process.
std::string renumber_svg_ids(const std::string& svg) {
  std::map<std::string, std::string, std::less<>> renamed;
  std::map<std::string, int, std::less<>> next;
  for_each_id(svg, [&](std::size_t start, std::size_t length, bool definition) {
    std::string_view id(svg.data() + start, length);
    if (!definition || !cairo_counted_id(id) || renamed.count(id)) return;
    std::size_t letters = 0;
    while (std::islower(static_cast<unsigned char>(id[letters]))) ++letters;
    std::string prefix(id.substr(0, letters));
    renamed.emplace(std::string(id), prefix + std::to_string(++next[prefix]));
  });
  std::string out;
  out.reserve(svg.size());
  std::size_t copied = 0;
  for_each_id(svg, [&](std::size_t start, std::size_t length, bool) {
    auto it = renamed.find(std::string_view(svg.data() + start, length));
    if (it == renamed.end()) return;
    out.append(svg, copied, start - copied);
    out += it->second;
    copied = start + length;
  });
  out.append(svg, copied, std::string::npos);
  return out;
}

// Cairo writes each path on a line of its own, so markers are whole lines.
std::string finish_svg(const std::string& svg, const std::vector<std::string>& groups,
                       const std::string& title) {
  std::string renumbered = renumber_svg_ids(svg);
  std::string out;
  out.reserve(renumbered.size() + groups.size() * 48);
  std::size_t next_group = 0, open = 0, pos = 0;
  bool titled = false;
  while (pos < renumbered.size()) {
    std::size_t eol = renumbered.find('\n', pos);
    if (eol == std::string::npos) eol = renumbered.size();
    std::string_view line(renumbered.data() + pos, eol - pos);
    bool is_path = line.substr(0, 5) == "<path";
    if (is_path && line.find(kBeginMarker) != std::string_view::npos) {
      if (next_group >= groups.size()) break;
      out += "<g " + groups[next_group++] + ">\n";
      ++open;
    } else if (is_path && line.find(kEndMarker) != std::string_view::npos) {
      if (open == 0) break;
      out += "</g>\n";
      --open;
    } else {
      out.append(line);
      out += '\n';
      if (!titled && line.substr(0, 4) == "<svg") {
        out += "<title>" + escape_markup(title) + "</title>\n";
        titled = true;
      }
    }
    pos = eol + 1;
  }
  if (next_group != groups.size() || open != 0 || pos < renumbered.size())
    throw Error("render.svg_markers",
                "cairo's SVG output did not keep the group markers (" + std::to_string(next_group) +
                    " of " + std::to_string(groups.size()) + ")",
                Exit::kEnvironment);
  return out;
}

}  // namespace adjutant::render
