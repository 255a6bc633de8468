#include "cli/outputs.h"

#include "game/archive.h"
#include "render/map.h"
#include "report/turn_outputs.h"
#include "util/error.h"

namespace adjutant::cli {

void write_turn_outputs(const std::filesystem::path& dir, int t) {
  auto archive = game::Archive::open(dir);
  auto adjudications = archive.adjudications();
  if (t < 1 || t > int(adjudications.size()))
    throw Error("report.bad_t", "no adjudication t=" + std::to_string(t), Exit::kUsage);
  const auto& adj = adjudications[std::size_t(t - 1)];
  auto folder = dir / "turns" / adj.folder_name();
  std::filesystem::create_directories(folder);
  // One map per side and one for the umpire; each side sees only what its
  // ruleset lets it see. The reports attach map-<side>.png, so maps come first.
  std::vector<std::string> views = archive.ruleset().sides();
  views.push_back("umpire");
  const auto& ruleset = archive.ruleset();
  render::write_maps(
      folder, archive.scenario(), adj.after, adj.events, views,
      [&ruleset](const model::State& s, const std::string& side) { return ruleset.view(s, side); });
  report::write_turn_outputs(archive, adj, folder);
}

}  // namespace adjutant::cli
