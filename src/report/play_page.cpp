#include "report/play_page.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

#include "game/fog.h"
#include "ledger/digest.h"
#include "render/map.h"
#include "render/map_overlay.h"
#include "render/ruleset_maps.h"
#include "report/inline_script.h"
#include "report/order_page_table.h"
#include "rules/hex_ruleset.h"
#include "rules/package.h"
#include "rules/ruleset.h"
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

// The map every turn of the game is drawn on, for each side (its banner
// names the side's view; a page writes the other side's next page), and
// what the page draws the units from: where each hex is, each side's
// counter colours and each unit's label (render/map_overlay.h). Lengths are
// whole tenths of a pixel: JSON's numbers read back alike in the page,
// which writes the next page's data (56.0 would be 56).
Json base_map(const rules::hexmap::Scenario& sc, const std::vector<std::string>& sides) {
  auto tenths = [](const Json& v) { return std::lround(v.get<double>() * 10); };
  Json bases = Json::object();
  Json info;
  for (const auto& side : sides) {
    render::MapBase b = render::hex_map_base(sc, side);
    // Gzipped (render.gzip: the same bytes for one zlib), as the replay page
    // carries its base: a large map's SVG is mostly repeated markup.
    bases[side] = ledger::base64(render::gzip(b.svg));
    if (info.is_null()) info = b.info;
  }
  Json hexes = Json::array();
  for (const auto& [id, at] : info["hexes"].items())
    hexes.push_back({id, tenths(at[0]), tenths(at[1])});
  Json colours = Json::object();
  for (const auto& [id, look] : info["sides"].items())
    colours[id] = {{"fill", look["fill"]}, {"ink", look["ink"]}};
  Json labels = Json::object();
  for (const auto& u : info["units"]) labels[u[0].get<std::string>()] = u[3];
  return {{"bases", bases},
          {"width", tenths(info["width"])},
          {"height", tenths(info["height"])},
          {"radius", tenths(info["size"])},
          {"hexes", hexes},
          {"sides", colours},
          {"labels", labels}};
}

// The base map of a game's scenario, kept for the next page of a game of
// the same scenario: a judge writes two pages for every adjudication, of
// a few scenarios.
Json cached_base_map(const game::Archive& archive) {
  static std::mutex guard;
  static std::map<std::string, Json> maps;
  std::lock_guard<std::mutex> lock(guard);
  auto it = maps.find(archive.scenario_sha256());
  if (it != maps.end()) return it->second;
  Json map = base_map(rules::hex_scenario(archive.ruleset(), archive.dir().string()),
                      archive.ruleset().sides());
  if (maps.size() >= 8) maps.clear();
  maps.emplace(archive.scenario_sha256(), map);
  return map;
}

// The page's module as base64, once a program: it never changes.
const std::string& wasm_text(const OrderWasm& wasm) {
  static std::mutex guard;
  static std::string module_seen, text;
  std::lock_guard<std::mutex> lock(guard);
  if (module_seen.size() != wasm.module.size() || module_seen != wasm.module) {
    module_seen = std::string(wasm.module);
    text = ledger::base64(wasm.module);
  }
  return text;
}

}  // namespace

namespace {
std::string& release_text() {
  static std::string release;
  return release;
}
}  // namespace

void set_play_release(const std::string& release) {
  release_text() = release;
}
const std::string& play_release() {
  return release_text();
}

std::string play_page_refusal(const game::Archive& archive) {
  if (archive.ruleset().fog_of_war())
    return "under fog of war the game's log holds what a side may not see: the page is made from "
           "the side's sealed copy (adjutant seal GAME --side SIDE --out COPY, then adjutant view "
           "COPY --play; docs/play-in-browser.md)";
  if (rules::board_of(archive.ruleset()) != rules::Board::kHex)
    return "the player page draws hex maps only";
  return "";
}

namespace {

// Makes `data` the page of `side`: its side and its title. Error view.bad_side.
void set_side(Json& data, const game::Archive& archive, const std::string& side) {
  auto sides = archive.ruleset().sides();
  if (std::find(sides.begin(), sides.end(), side) == sides.end())
    throw Error("view.bad_side", "no side " + in_quotes(side) + " in this game", Exit::kUsage);
  data["side"] = side;
  data["title"] = archive.name() + ": " + side_name(archive.scenario_json(), side);
}

}  // namespace

Json play_data(const game::Archive& archive, const std::string& side, const std::string& release,
               int last) {
  if (std::string why = play_page_refusal(archive); !why.empty())
    throw Error("view.no_player_page", "no player page for " + archive.name() + ": " + why,
                Exit::kUsage);
  Json data = {{"format", kPlayFormat}, {"mode", "turn"}, {"release", release}};
  set_side(data, archive, side);
  std::string log;
  for (const auto& e : archive.log()) {
    if (last >= 0 && e.seq > last) break;
    log += e.line + "\n";
  }
  data["name"] = archive.name();
  data["log"] = std::move(log);
  data["scenario"] = archive.scenario_json();
  data["map"] = cached_base_map(archive);
  return data;
}

Json play_data_for(const Json& data, const game::Archive& archive, const std::string& side) {
  Json out = data;
  set_side(out, archive, side);
  return out;
}

Json join_data(const JoinInvite& invite, const std::string& release) {
  auto fog_rules = rules::make_ruleset(invite.scenario, "scenario");
  if (fog_rules->fog_of_war()) {
    // The umpire hosts a fog-of-war game and the player joins from this
    // page: it carries the sides' names and nothing else of the scenario
    // (not even its title: docs/protocol.md 10a, item 7).
    Json sides = Json::array();
    for (const auto& s : invite.scenario.value("sides", Json::array()))
      sides.push_back({{"id", s.value("id", "")}, {"name", s.value("name", "")}});
    return {{"format", kPlayFormat},
            {"mode", "join"},
            {"fog", true},
            {"release", release},
            {"title", invite.game + ": join as " + invite.side},
            {"side", invite.side},
            {"name", invite.game},
            {"host", {{"name", invite.host_name}, {"email", invite.host_email}}},
            {"scenario_title", ""},
            {"scenario", {{"sides", sides}}},
            {"map", nullptr}};
  }
  auto ruleset = rules::make_ruleset(invite.scenario, "scenario");
  const rules::hexmap::Scenario& sc = rules::hex_scenario(*ruleset, "scenario");
  return {{"format", kPlayFormat},
          {"mode", "join"},
          {"release", release},
          {"title", invite.game + ": join as " + invite.side},
          {"side", invite.side},
          {"name", invite.game},
          {"host", {{"name", invite.host_name}, {"email", invite.host_email}}},
          {"scenario_title", invite.scenario_title},
          {"scenario", invite.scenario},
          {"map", base_map(sc, ruleset->sides())}};
}

bool sealed_page_rules(const rules::Ruleset& ruleset) {
  return rules::board_of(ruleset) == rules::Board::kTable;
}

Json sealed_play_data(const game::SealedCopy& copy, const game::SealedReport& report,
                      const std::string& release) {
  if (!report.ok)
    throw Error(report.error_id, "the sealed copy: " + report.where + ": " + report.message,
                Exit::kVerifyFailed);
  game::SealedOrdersGame g = game::sealed_orders_game(copy, report, "the sealed copy", false);
  Json sides = Json::array();
  std::string side_name = g.side;
  for (const auto& s : g.part.value("sides", Json::array())) {
    sides.push_back({{"id", s.value("id", "")}, {"name", s.value("name", "")}});
    if (s.value("id", "") == g.side) side_name = s.value("name", g.side);
  }
  if (!sealed_page_rules(*g.ruleset))
    throw Error("view.no_player_page",
                "no player page for a sealed copy of ruleset " + g.ruleset->id() +
                    ": write text orders with `adjutant orders` on the copy",
                Exit::kUsage);
  Json map = nullptr;
  {
    // The side's table as its latest view shows it, drawn from its part of
    // the scenario only, as the order page of the copy draws it.
    const render::TablePicture table = render::side_table_picture(*g.ruleset, g.view, g.side);
    map = {{"svg", ledger::base64(render::gzip(table.svg))},
           {"width", table.width * 10},
           {"height", table.height * 10}};
  }
  return {{"format", kPlayFormat},
          {"mode", "sealed"},
          {"release", release},
          {"side", g.side},
          {"title", g.name + ": " + side_name},
          {"name", g.name},
          {"scenario", {{"sides", sides}}},
          {"copy", game::sealed_copy_post(copy)},
          {"map", map}};
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
      {"wasm", wasm_text(wasm)},
      {"glue", script_text(wasm.glue)},
      {"crypto", script_text(web::asset("webcrypto.js"))},
      {"parts_script", script_text(web::asset("player_parts.js"))},
      {"map_script", script_text(web::asset("player_map.js"))},
      {"app", script_text(web::asset("player.js"))}};
  return fill(skeleton, parts);
}

}  // namespace adjutant::report
