#include "cli/outputs.h"

#include <iostream>

#include "render/map.h"
#include "render/ruleset_maps.h"
#include "report/turn_outputs.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

game::TurnWriter turn_writer() {
  return [](const game::Archive& archive, const game::Post& post,
            const std::filesystem::path& folder) {
    // One map per side and one for the umpire; each side sees only what its
    // ruleset lets it see. The reports show map-<side>.png, so maps come
    // first: the position after an adjudication (with its moves and
    // combats), at the start and at the end of the game.
    if (post.kind != "extend" && !archive.ruleset().draws_hex_map()) {
      // A ruleset that draws its own table (docs/rulesets.md): one map per
      // view, of what that side may see; the umpire's shows everything.
      std::vector<std::string> views = archive.ruleset().sides();
      views.push_back("umpire");
      render::write_ruleset_maps(folder, archive, post.state, post.seq, views);
    } else if (post.kind != "extend") {
      std::vector<std::string> views = archive.ruleset().sides();
      views.push_back("umpire");
      const auto& ruleset = archive.ruleset();
      ledger::Json none = ledger::Json::array();
      render::write_maps(folder, archive.scenario(), post.state,
                         post.adjudication ? post.adjudication->events : none, views,
                         [&ruleset](const model::State& s, const std::string& side) {
                           return ruleset.view(s, side);
                         });
    }
    report::write_post_outputs(archive, post, folder);
  };
}

void print_notes(const std::vector<std::string>& notes) {
  for (const auto& n : notes) std::cerr << "note: " << printable(n) << "\n";
}

}  // namespace adjutant::cli
