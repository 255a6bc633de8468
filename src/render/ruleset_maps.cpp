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
  for (const auto& [side, body] : last) {
    if (!body.contains("preferred") || !body["preferred"].is_object()) continue;
    for (const auto& [brigade, n] : body["preferred"].items())
      if (n.is_number_integer() && (n == 1 || n == 2)) out[brigade] = n.get<int>();
  }
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

std::optional<MapBase> ruleset_map_base(const game::Archive& archive, const std::string& view) {
  if (!draws_table(archive.ruleset())) return std::nullopt;
  return table_map_base(archive.ruleset(), view);
}

Json ruleset_map_step(const game::Archive& archive, const model::State& state, int seq,
                      const std::string& view) {
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
