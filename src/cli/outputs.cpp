#include "cli/outputs.h"

#include "game/archive.h"
#include "util/error.h"

namespace adjutant::cli {

void write_turn_outputs(const std::filesystem::path& dir, int t) {
  auto archive = game::Archive::open(dir);
  auto adjudications = archive.adjudications();
  if (t < 1 || t > int(adjudications.size()))
    throw Error("report.bad_t", "no adjudication t=" + std::to_string(t), Exit::kUsage);
  const auto& adj = adjudications[std::size_t(t - 1)];
  std::filesystem::create_directories(dir / "turns" / adj.folder_name());
}

}  // namespace adjutant::cli
