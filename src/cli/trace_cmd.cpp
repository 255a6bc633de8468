// `adjutant trace`: the tracing page, on which the owner of a printed game
// turns a scan of its map into the scenario's map (docs/scenarios.md
// "Tracing the printed map").
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/data_dir.h"
#include "cli/outputs.h"
#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"
#include "util/error.h"
#include "util/files.h"
#include "web/trace_page.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

// The scenario file SCENARIO names: a file, or a shipped scenario by name.
std::string scenario_file(const std::string& value) {
  std::string file = find_scenario(value);
  std::error_code ec;
  if (fs::exists(file, ec)) return file;
  std::string shipped;
  for (const auto& name : shipped_scenarios())
    shipped += (shipped.empty() ? "" : ", ") + fs::path(name).replace_extension().string();
  throw Error("trace.unknown_scenario",
              value + ": no such scenario file, and no shipped scenario of that name" +
                  (shipped.empty() ? std::string() : " (shipped: " + shipped + ")"));
}

}  // namespace

int cmd_trace(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant trace",
      "Write the tracing page, DIR/index.html: one self-contained HTML file (no network) on\n"
      "which the owner of a printed game lays the scenario's hex grid over a scan of the\n"
      "printed map by clicking three hex centres, paints terrain, hexside features, roads,\n"
      "trails and places with the scenario's terrain effects chart as the palette (starting\n"
      "from the scenario's own map or an empty one), sees the hexes the rules name, and\n"
      "exports the scenario with the traced map under a new id. The scan stays in the page:\n"
      "nothing of it is sent anywhere or written into the scenario. A map joined from\n"
      "sheets takes one scan of the whole map or one --image per sheet, in the order of\n"
      "its map.sheets.");
  options.add_options()("scenario", "a scenario file, or a shipped scenario by name",
                        cxxopts::value<std::string>())(
      "image", "the scan of the printed map, PNG or JPEG (once per sheet for a map of sheets)",
      cxxopts::value<std::vector<std::string>>())("out", "the folder to write index.html into",
                                                  cxxopts::value<std::string>());
  options.parse_positional({"scenario"});
  options.positional_help("SCENARIO --image SCAN.png|SCAN.jpg --out DIR");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  std::string value = required(*r, "scenario");
  fs::path out = required(*r, "out");
  if (!r->count("image")) throw Error("usage.missing", "missing --image", Exit::kUsage);
  refuse_inside_archive(out, "--out", OutputKind::kFolder);

  std::string file = scenario_file(value);
  std::string text = read_file(file, kMaxJsonFile);
  ledger::Json json = ledger::parse_strict(text, file);
  const rules::RulesetInfo* info = rules::ruleset_info(rules::scenario_ruleset_id(json));
  if (info && !info->hex)
    throw Error("trace.no_grid",
                file + ": a " + info->id + " table is measured in inches: it has no grid to trace");
  rules::hexmap::Scenario scenario = rules::hexmap::Scenario::from_json(json, file);
  // The full check, exclusive rules included, as `adjutant new` makes it.
  rules::make_ruleset(scenario, file);
  std::vector<web::ScanImage> scans;
  for (const auto& image : (*r)["image"].as<std::vector<std::string>>())
    scans.push_back(web::read_scan_image(image));
  std::string page = web::trace_page({scenario, text, scans});

  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec)
    throw Error("trace.write", out.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
  write_file_atomic(out / "index.html", page);
  std::cout << "wrote " << (out / "index.html").string() << " (tracing " << scenario.id << " on ";
  for (std::size_t i = 0; i < scans.size(); ++i)
    std::cout << (i ? ", " : "") << scans[i].name << " " << scans[i].width << "x"
              << scans[i].height;
  std::cout << "; " << page.size() / 1024 << " KiB)\n";
  return 0;
}

}  // namespace adjutant::cli
