// `adjutant render`: one map of a game, as SVG or PNG, for any side's view and
// any point of its log.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "cli/render_scenario.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/fog.h"
#include "game/sealed_view.h"
#include "render/map.h"
#include "render/ruleset_maps.h"
#include "rules/hex_ruleset.h"
#include "rules/package.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

int render_sealed(const fs::path& copy, const fs::path& out, bool png,
                  const cxxopts::ParseResult& r) {
  game::SealedView v = game::open_sealed_view(copy);
  std::string side = r.count("side") ? r["side"].as<std::string>() : v.side;
  if (side != v.side)
    throw Error("render.bad_side",
                "--side " + side + ": this is " + v.side + "'s sealed copy; it shows " + v.side +
                    "'s view only",
                Exit::kUsage);
  if (r.count("at"))
    throw Error("render.bad_at", "--at: a sealed copy holds its side's latest view only",
                Exit::kUsage);
  if (!v.ruleset || rules::board_of(*v.ruleset) != rules::Board::kTable)
    throw Error("render.no_map",
                "this sealed copy holds no part of the scenario to draw its table with (sync the "
                "umpire's latest sealed copy)",
                Exit::kUsage);
  write_file_atomic(out, render::sealed_table_map(*v.ruleset, v.view, side, v.preferred, png));
  if (r.count("json"))
    print_json({{"file", out.string()}, {"side", side}, {"turn", v.view.turn}, {"sealed", true}});
  else
    std::cout << "wrote " << out.string() << " (" << side << "'s view from the sealed copy, turn "
              << v.view.turn << ")\n";
  return 0;
}

}  // namespace

int cmd_render(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant render",
      "Draw a game's map as SVG or PNG (chosen by the --out file's extension): terrain, units,\n"
      "and the moves and combats of the last adjudication at or before the chosen log line.\n"
      "GAME may be a side's sealed copy of a fog-of-war game: its side's latest view, drawn\n"
      "with the side's part of the scenario. With --scenario instead of a game, a scenario's\n"
      "map at its set-up (as `adjutant new` would start it).");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "side",
      "whose view: a side id, or umpire (sees everything; the default, but on a side's sealed "
      "copy its side)",
      cxxopts::value<std::string>())("at", "the position after log line N (default: the latest)",
                                     cxxopts::value<int>())(
      "o,out", "FILE.svg or FILE.png", cxxopts::value<std::string>())("json",
                                                                      "machine-readable output")(
      "scenario", "draw this scenario (a file, or a shipped scenario by name) instead of a game",
      cxxopts::value<std::string>());
  options.parse_positional({"game"});
  options.positional_help("GAME --out FILE.svg|FILE.png");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (r->count("scenario") && r->count("game"))
    throw Error("usage.options", "give a game or --scenario, not both", Exit::kUsage);
  std::string game = r->count("scenario") ? "" : required(*r, "game");
  fs::path out = required(*r, "out");
  refuse_inside_archive(out, "--out");

  std::string ext = out.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (ext != ".svg" && ext != ".png")
    throw Error("render.bad_format", out.string() + ": the output must end in .svg or .png",
                Exit::kUsage);
  if (r->count("scenario"))
    return render_scenario((*r)["scenario"].as<std::string>(), out, ext == ".png",
                           r->count("json") > 0);

  // A side's sealed copy of a fog-of-war game: its own latest view, drawn
  // with its part of the scenario (docs/protocol.md 10a).
  if (game::is_sealed_copy(game)) return render_sealed(game, out, ext == ".png", *r);
  game::ReadGame g(game);
  const game::Archive& archive = g.archive;
  std::string side = r->count("side") ? (*r)["side"].as<std::string>() : "umpire";
  std::vector<std::string> sides = archive.ruleset().sides();
  if (side != "umpire" && std::find(sides.begin(), sides.end(), side) == sides.end()) {
    std::string known;
    for (const auto& s : sides) known += s + ", ";
    throw Error("render.bad_side",
                "no side \"" + side + "\" in " +
                    archive.scenario_json().value("id", archive.name()) + " (one of: " + known +
                    "umpire)",
                Exit::kUsage);
  }
  int at = -1;
  if (r->count("at")) {
    at = (*r)["at"].as<int>();
    if (at < 0 || at >= int(archive.log().size()))
      throw Error("render.bad_at",
                  "--at " + std::to_string(at) + ": the log has lines 0 to " +
                      std::to_string(int(archive.log().size()) - 1),
                  Exit::kUsage);
  }

  model::State state = archive.state_at(at);
  if (rules::board_of(archive.ruleset()) != rules::Board::kHex) {
    // A ruleset that draws its own table (render/ruleset_maps.h): the map
    // of what that side may see, the umpire's showing everything.
    std::string picture = render::ruleset_map(archive, state, at, side, ext == ".png");
    if (picture.empty())
      throw Error("render.no_map",
                  "the " + archive.ruleset().id() + " ruleset draws no " + ext.substr(1) + " map",
                  Exit::kUsage);
    write_file_atomic(out, picture);
    if (r->count("json"))
      print_json({{"file", out.string()}, {"side", side}, {"turn", state.turn}});
    else
      std::cout << "wrote " << out.string() << " (" << side << " view, turn " << state.turn
                << ")\n";
    return 0;
  }
  const auto& scenario = rules::hex_scenario(archive.ruleset(), archive.dir().string());
  ledger::Json events = ledger::Json::array();
  for (const auto& adjudication : archive.adjudications())
    if (at < 0 || adjudication.seq <= at) events = adjudication.events;
  std::string viewer = side == "umpire" ? "" : side;
  model::State seen = archive.ruleset().view(state, viewer);
  render::MapInput in{scenario, seen, events, viewer};
  write_file_atomic(out, ext == ".svg" ? render::render_svg(in) : render::render_png(in));
  auto geometry = render::map_geometry(scenario);
  if (r->count("json")) {
    print_json({{"file", out.string()},
                {"side", side},
                {"turn", state.turn},
                {"width", geometry.width},
                {"height", geometry.height}});
    return 0;
  }
  std::cout << "wrote " << out.string() << " (" << geometry.width << "x" << geometry.height << ", "
            << side << " view, turn " << state.turn << ")\n";
  return 0;
}

}  // namespace adjutant::cli
