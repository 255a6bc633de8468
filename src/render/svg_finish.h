// What turns cairo's SVG into the map's SVG: marker rectangles become named
// groups, and cairo's per-process ids become numbers counted from the start
// of this document, so the same map gives the same bytes on every run.
#pragma once

#include <string>
#include <vector>

namespace adjutant::render {

// `groups` are the attributes of each Canvas::begin in drawing order; `title`
// (unescaped) becomes the document's <title>. Error "render.svg_markers"
// if the markers do not match the groups (a cairo whose output we do not know).
std::string finish_svg(const std::string& svg, const std::vector<std::string>& groups,
                       const std::string& title);

// Only the id renumbering of finish_svg.
std::string renumber_svg_ids(const std::string& svg);

}  // namespace adjutant::render
