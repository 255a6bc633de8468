#include "cli/render_scenario.h"

#include <iostream>

#include "cli/common.h"
#include "cli/data_dir.h"
#include "ledger/jcs.h"
#include "render/map.h"
#include "render/ruleset_maps.h"
#include "rules/hexmap/scenario.h"
#include "rules/package.h"
#include "rules/ruleset.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace {

void say_written(const std::filesystem::path& out, const std::string& id, const std::string& size,
                 int turn, bool json) {
  if (json)
    print_json({{"file", out.string()}, {"scenario", id}, {"side", "umpire"}, {"turn", turn}});
  else
    std::cout << "wrote " << out.string() << " (" << size << id << " at set-up)\n";
}

}  // namespace

int render_scenario(const std::string& value, const std::filesystem::path& out, bool png,
                    bool json) {
  std::string file = find_scenario(value);
  ledger::Json scenario_json = ledger::parse_strict(read_file(file, kMaxJsonFile), file);
  const rules::RulesetInfo* info = rules::ruleset_info(rules::scenario_ruleset_id(scenario_json));
  if (!info || info->hex) {
    rules::hexmap::Scenario scenario = rules::hexmap::Scenario::from_json(scenario_json, file);
    auto ruleset = rules::make_ruleset(scenario, file);
    model::State state = ruleset->initial_state();
    ledger::Json none = ledger::Json::array();
    render::MapInput in{scenario, state, none, ""};
    write_file_atomic(out, png ? render::render_png(in) : render::render_svg(in));
    auto geometry = render::map_geometry(scenario);
    say_written(out, scenario.id,
                std::to_string(geometry.width) + "x" + std::to_string(geometry.height) + ", ",
                state.turn, json);
    return 0;
  }
  auto ruleset = rules::make_ruleset(scenario_json, file);
  model::State state = ruleset->initial_state();
  std::string picture = render::ruleset_state_map(*ruleset, state, png);
  if (picture.empty())
    throw Error("render.no_map",
                "the " + ruleset->id() + " ruleset draws no " + (png ? "png" : "svg") + " map",
                Exit::kUsage);
  write_file_atomic(out, picture);
  say_written(out, scenario_json.value("id", file), "", state.turn, json);
  return 0;
}

}  // namespace adjutant::cli
