#include "report/order_page_table.h"

#include "game/fog.h"

#include "render/ruleset_maps.h"
#include "report/inline_script.h"
#include "report/order_page_frame.h"
#include "rules/package.h"
#include "util/error.h"

namespace adjutant::report {

using ledger::Json;

namespace {

// The page's data: the ruleset's own (rules/package.h table_page), where
// the table lies in the picture, and what the page's checker starts from.
Json table_page_data(const TablePageInput& in, const render::TablePicture& picture) {
  const rules::Package* package = rules::package_of(in.ruleset);
  if (!package || !package->table_page)
    throw Error("view.orders_ruleset", "ruleset " + in.ruleset + " has no table order page",
                Exit::kUsage);
  Json data = package->table_page(in.scenario, in.seen, in.side);
  data["setup"] = {{"scenario", in.scenario},
                   {"version", in.version},
                   {"state", in.seen.to_json()},
                   {"side", in.side}};
  data["table"]["left"] = picture.left;
  data["table"]["top"] = picture.top;
  data["table"]["scale"] = picture.scale;
  return data;
}

}  // namespace

std::string table_order_page(const TablePageInput& in, const OrderWasm& wasm) {
  const auto ruleset = rules::make_ruleset(in.scenario, "scenario.json", in.version);
  const render::TablePicture picture = render::side_table_picture(*ruleset, in.seen, in.side);
  OrderPageFrame page;
  page.title = in.title;
  page.style = "order_page_table.css";
  page.about = in.about;
  page.alt = "table, turn " + std::to_string(in.seen.turn) + ", " + in.side_name + " view";
  page.picture_type = "image/svg+xml";
  page.picture = picture.svg;
  page.width = picture.width;
  page.height = picture.height;
  page.panel = "order_page_table_panel.html";
  page.data = script_json(table_page_data(in, picture));
  page.script = {"order_page_table.js", "order_page_placing.js", "order_page_table_start.js"};
  return order_page_html(page, wasm);
}

std::string table_order_page(const game::Archive& archive, const model::State& state,
                             const std::string& side, const OrderWasm& wasm) {
  const rules::Ruleset& ruleset = archive.ruleset();
  // The page goes to the side: what its sealed copy would show, no more
  // (from protocol 2 not the scenario's id or title, docs/protocol.md 10a).
  int protocol = game::is_fog_genesis(archive.genesis()) ? archive.protocol() : 1;
  TablePageInput in;
  in.scenario = game::side_part(ruleset, archive.scenario_json(), side, protocol);
  in.version = ruleset.version();
  in.seen = ruleset.view(state, side);
  if (protocol >= 2) in.seen.scenario = game::kSealedScenario;
  in.ruleset = ruleset.id();
  in.side = side;
  in.side_name = ruleset.side_name(side);
  in.title =
      archive.name() + ": orders of " + in.side_name + ", turn " + std::to_string(state.turn);
  in.about = in.scenario.value("title", "") + " (" + in.scenario.value("id", "") + "), ruleset " +
             ruleset.id() + " version " + std::to_string(ruleset.version()) + ", game " +
             archive.game_id().substr(0, 16) + ", after log entry " + archive.head().substr(0, 16);
  return table_order_page(in, wasm);
}

}  // namespace adjutant::report
