#include "report/play_page.h"

#include <algorithm>
#include <cmath>

#include "ledger/digest.h"
#include "render/map.h"
#include "report/inline_script.h"
#include "util/error.h"
#include "util/markup.h"
#include "util/printable.h"
#include "web/assets.h"
#include "web/page_json.h"

namespace adjutant::report {

using ledger::Json;

namespace {

constexpr const char* kPlayFormat = "adjutant-play/1";

// The skeleton's {{name}} places filled in one pass: nothing put in is read
// again (the page does the same, web/assets/player.js fill()).
std::string fill(std::string_view skeleton, const std::map<std::string, std::string>& parts) {
  std::string out;
  out.reserve(skeleton.size() + 4 * 1024 * 1024);
  std::size_t at = 0;
  while (true) {
    std::size_t open = skeleton.find("{{", at);
    std::size_t close = open == std::string_view::npos ? open : skeleton.find("}}", open);
    if (close == std::string_view::npos) break;
    std::string name(skeleton.substr(open + 2, close - open - 2));
    auto it = parts.find(name);
    out.append(skeleton.substr(at, open - at));
    if (it != parts.end())
      out += it->second;
    else
      out.append(skeleton.substr(open, close + 2 - open));
    at = close + 2;
  }
  out.append(skeleton.substr(at));
  return out;
}

std::string side_name(const Json& scenario, const std::string& side) {
  for (const auto& s : scenario.value("sides", Json::array()))
    if (s.value("id", "") == side) return s.value("name", side);
  return side;
}

// The map every turn of the game is drawn on, and where its hexes are:
// the page draws the units over it.
Json base_map(const game::Archive& archive) {
  if (!archive.hex_scenario()) return nullptr;
  const model::Scenario& sc = archive.scenario();
  model::State bare = archive.ruleset().initial_state();
  bare.units.clear();
  Json none = Json::array();
  // Drawn for no side: every side's page of the game carries the same map.
  std::string svg = render::render_svg({sc, bare, none, ""});
  const render::MapGeometry geo = render::map_geometry(sc);
  Json hexes = Json::array();
  for (int col = 1; col <= sc.columns; ++col)
    for (int row = 1; row <= sc.last_row(col); ++row) {
      hex::Hex h{col, row};
      if (!sc.on_map(h)) continue;
      hex::Point c = geo.centre(h);
      // Tenths of a pixel, as integers: JSON's numbers read back alike in
      // the page, which writes the next page's data (56.0 would be 56).
      hexes.push_back({hex::format(h), std::lround(c.x * 10), std::lround(c.y * 10)});
    }
  return {{"svg", svg},
          {"width", geo.width},
          {"height", geo.height},
          {"radius", std::lround(geo.hex_size * 10)},  // tenths, as the hexes
          {"hexes", hexes}};
}

}  // namespace

Json play_data(const game::Archive& archive, const std::string& side, const std::string& release) {
  auto sides = archive.ruleset().sides();
  if (std::find(sides.begin(), sides.end(), side) == sides.end())
    throw Error("view.bad_side", "no side " + in_quotes(side) + " in this game", Exit::kUsage);
  std::string log;
  for (const auto& e : archive.log()) log += e.line + "\n";
  return {{"format", kPlayFormat},
          {"mode", "turn"},
          {"release", release},
          {"title", archive.name() + ": " + side_name(archive.scenario_json(), side)},
          {"side", side},
          {"name", archive.name()},
          {"log", log},
          {"scenario", archive.scenario_json()},
          {"map", base_map(archive)}};
}

Json join_data(const JoinInvite& invite, const std::string& release) {
  return {{"format", kPlayFormat},
          {"mode", "join"},
          {"release", release},
          {"title", invite.game + ": join as " + invite.side},
          {"side", invite.side},
          {"name", invite.game},
          {"host", {{"name", invite.host_name}, {"email", invite.host_email}}},
          {"scenario_title", invite.scenario_title}};
}

std::string play_page(const Json& data, const OrderWasm& wasm) {
  require_order_wasm(wasm);
  std::string_view skeleton = web::asset("player.html");
  std::map<std::string, std::string> parts = {
      {"title", escape_markup(data.value("title", std::string("adjutant")))},
      {"style", std::string(web::asset("player.css"))},
      {"skeleton", script_text(skeleton)},
      {"markup", script_text(web::asset("player_markup.html"))},
      {"data", web::page_json(data)},
      {"wasm", ledger::base64(wasm.module)},
      {"glue", script_text(wasm.glue)},
      {"crypto", script_text(web::asset("webcrypto.js"))},
      {"app", script_text(web::asset("player.js"))}};
  return fill(skeleton, parts);
}

}  // namespace adjutant::report
