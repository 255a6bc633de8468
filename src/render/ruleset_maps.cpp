#include "render/ruleset_maps.h"

#include "render/table_map.h"
#include "render/table_scene.h"
#include "rules/package.h"
#include "util/files.h"

namespace adjutant::render {

using Json = nlohmann::json;

namespace {

// True when render draws the ruleset's table itself (SVG and PNG).
bool draws_table(const rules::Ruleset& ruleset) {
  return rules::board_of(ruleset) == rules::Board::kTable;
}

}  // namespace

std::map<std::string, int> preferred_markers(const game::Archive& archive, int seq) {
  std::map<std::string, Json> last;  // side -> its last order body
  for (const auto& e : archive.log()) {
    if (seq >= 0 && e.seq > seq) break;
    if (e.kind != "orders" || !e.body.is_object() || !e.body.contains("body")) continue;
    const Json& body = e.body["body"];
    if (body.is_object() && body.contains("side") && body["side"].is_string())
      last[body["side"].get<std::string>()] = body;
  }
  std::map<std::string, int> out;
  for (const auto& [side, body] : last)
    for (const auto& [brigade, n] : archive.ruleset().table_preferences(body)) out[brigade] = n;
  return out;
}

std::string ruleset_map(const game::Archive& archive, const model::State& state, int seq,
                        const std::string& view, bool png) {
  const rules::Ruleset& ruleset = archive.ruleset();
  if (draws_table(ruleset)) {
    TableInput in{ruleset, state, view, preferred_markers(archive, seq)};
    return png ? render_table_png(in) : render_table_svg(in);
  }
  return png ? std::string() : ruleset.draw_svg(state, view);
}

std::string ruleset_state_map(const rules::Ruleset& ruleset, const model::State& state, bool png) {
  if (draws_table(ruleset)) {
    TableInput in{ruleset, state, "", {}};
    return png ? render_table_png(in) : render_table_svg(in);
  }
  return png ? std::string() : ruleset.draw_svg(state, "");
}

std::string sealed_table_map(const rules::Ruleset& ruleset, const model::State& view,
                             const std::string& side, const std::map<std::string, int>& preferred,
                             bool png) {
  return png ? render_table_view_png(ruleset, view, side, preferred)
             : render_table_view_svg(ruleset, view, side, preferred);
}

namespace {

// The size the root element of a picture gives (width="N" height="M"), or
// 640 x 480 where it gives none.
std::pair<int, int> svg_size(const std::string& svg) {
  const std::string root = svg.substr(0, svg.find('>'));
  auto number = [&](const std::string& name, int fallback) {
    auto at = root.find(" " + name + "=\"");
    if (at == std::string::npos) return fallback;
    int n = 0;
    for (at += name.size() + 3; at < root.size() && root[at] >= '0' && root[at] <= '9'; ++at)
      n = n * 10 + (root[at] - '0');
    return n > 0 && n <= 20000 ? n : fallback;
  };
  return {number("width", 640), number("height", 480)};
}

}  // namespace

std::optional<MapBase> ruleset_map_base(const game::Archive& archive, const std::string& view) {
  const rules::Ruleset& ruleset = archive.ruleset();
  if (draws_table(ruleset)) return table_map_base(ruleset, view);
  if (rules::board_of(ruleset) != rules::Board::kOwn) return std::nullopt;
  // A ruleset's own picture: every step is a whole picture of its own
  // (ruleset_map_step); the base is an empty one of its size.
  const std::string first = ruleset.draw_svg(archive.state_at(0), view);
  if (first.empty()) return std::nullopt;
  const auto [width, height] = svg_size(first);
  MapBase base;
  base.svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
             "\" height=\"" + std::to_string(height) + "\"/>\n";
  base.info = {{"kind", "own"}, {"width", width}, {"height", height}};
  return base;
}

Json ruleset_map_step(const game::Archive& archive, const model::State& state, int seq,
                      const std::string& view) {
  if (!draws_table(archive.ruleset())) return {{"svg", archive.ruleset().draw_svg(state, view)}};
  return table_map_step(archive.ruleset(), state, view, preferred_markers(archive, seq));
}

TablePicture side_table_picture(const rules::Ruleset& ruleset, const model::State& seen,
                                const std::string& side) {
  const std::map<std::string, int> preferred;
  const TableScene scene = make_table_scene(ruleset, seen, side, preferred);
  return {render_table_view_svg(ruleset, seen, side, preferred),
          scene.width,
          scene.height,
          scene.left,
          scene.top,
          scene.scale};
}

void write_ruleset_maps(const std::filesystem::path& folder, const game::Archive& archive,
                        const model::State& state, int seq, const std::vector<std::string>& views) {
  for (const auto& view : views) {
    std::string svg = ruleset_map(archive, state, seq, view, false);
    if (svg.empty()) continue;
    write_file_atomic(folder / ("map-" + view + ".svg"), svg);
    std::string png = ruleset_map(archive, state, seq, view, true);
    if (!png.empty()) write_file_atomic(folder / ("map-" + view + ".png"), png);
  }
}

}  // namespace adjutant::render
