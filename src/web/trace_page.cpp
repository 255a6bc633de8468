#include "web/trace_page.h"

#include "hex/sheets.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/markup.h"
#include "web/assets.h"
#include "web/page_json.h"
#include "web/trace_fixed.h"

namespace adjutant::web {

namespace {

constexpr const char* kTraceFormat = "adjutant-trace/1";

Json cell(hex::Hex h) {
  return Json::array({h.col, h.row});
}

std::string cell_key(int col, int row) {
  return std::to_string(col) + "," + std::to_string(row);
}

// The number of every hex of the map and of the ring around it (hexsides
// along the map's edge are named with a hex beyond it), as the scenario
// writes them; on a map of sheets only hexes of a sheet have one.
Json labels(const rules::hexmap::Scenario& s) {
  Json out = Json::object();
  for (int c = 0; c <= s.columns + 1; ++c)
    for (int r = 0; r <= s.rows + 1; ++r) {
      hex::Hex h{c, r};
      if (c > 99 || r > 99 || (s.sheets && !s.on_map(h))) continue;
      out[cell_key(c, r)] = s.numbers().format(h);
    }
  return out;
}

Json map_as_read(const rules::hexmap::Scenario& s) {
  Json terrain = Json::array(), hexsides = Json::array(), routes = Json::array(),
       places = Json::array();
  for (const auto& [h, type] : s.terrain)
    if (type != s.default_terrain) terrain.push_back({h.col, h.row, type});
  for (const auto& [side, type] : s.hexsides)
    hexsides.push_back({side.a.col, side.a.row, side.b.col, side.b.row, type});
  for (std::size_t i = 0; i < s.routes.size(); ++i) {
    Json hexes = Json::array();
    for (hex::Hex h : s.routes[i].hexes) hexes.push_back(cell(h));
    routes.push_back(
        {{"index", i}, {"kind", s.routes[i].kind}, {"name", s.routes[i].name}, {"hexes", hexes}});
  }
  for (const auto& [h, name] : s.places) places.push_back({h.col, h.row, name});
  return {{"terrain", terrain}, {"hexsides", hexsides}, {"routes", routes}, {"places", places}};
}

// The three hexes whose centres the owner clicks: three corners of the map
// (or of a sheet), as far apart as the grid allows.
Json corners(int col0, int row0, int columns, int last_row_first) {
  return Json::array({Json::array({col0 + 1, row0 + 1}), Json::array({col0 + columns, row0 + 1}),
                      Json::array({col0 + 1, row0 + last_row_first})});
}

Json views(const TraceInput& in) {
  const rules::hexmap::Scenario& s = in.scenario;
  const std::size_t sheets = s.sheets ? s.sheets->list().size() : 1;
  Json out = Json::array();
  if (in.scans.size() == 1) {
    out.push_back({{"name", "the map"},
                   {"image", 0},
                   {"sheet", nullptr},
                   {"align", corners(0, 0, s.columns, s.last_row(1))}});
    return out;
  }
  if (in.scans.size() != sheets || sheets < 2)
    throw Error("trace.images",
                s.id + " is traced on " +
                    (sheets < 2 ? std::string("one scan of its map")
                                : "one scan of its whole map or one scan of each of its " +
                                      std::to_string(sheets) + " sheets (" + s.sheets->letters() +
                                      ", in that order)") +
                    "; " + std::to_string(in.scans.size()) + " --image given",
                Exit::kUsage);
  for (std::size_t i = 0; i < sheets; ++i) {
    const hex::Sheet& sh = s.sheets->list()[i];
    out.push_back({{"name", sh.name},
                   {"image", i},
                   {"sheet", std::string(1, sh.prefix)},
                   {"bounds", {sh.col_offset, sh.row_offset, sh.columns, sh.rows}},
                   {"short_columns", sh.short_columns},
                   {"align", corners(sh.col_offset, sh.row_offset, sh.columns, sh.last_row(1))}});
  }
  return out;
}

// Tells one tracing from another in the browser's storage: the scenario
// and the scans (nothing of either is kept there but the work on them).
std::string tracing_key(const TraceInput& in) {
  std::string all = in.scenario.sha256;
  for (const auto& scan : in.scans) all += ledger::sha256_hex(scan.bytes);
  return ledger::sha256_hex(all).substr(0, 16);
}

std::string script(std::string_view js) {
  std::string out(js);
  for (std::size_t at = out.find("</"); at != std::string::npos; at = out.find("</", at + 3))
    out.insert(at + 1, "\\");
  return "<script>" + out + "</script>\n";
}

}  // namespace

Json trace_data(const TraceInput& in) {
  const rules::hexmap::Scenario& s = in.scenario;
  Json images = Json::array();
  for (const auto& scan : in.scans)
    images.push_back(
        {{"name", scan.name}, {"type", scan.type}, {"width", scan.width}, {"height", scan.height}});
  return {{"format", kTraceFormat},
          {"key", tracing_key(in)},
          {"scenario",
           {{"id", s.id},
            {"title", s.title},
            {"ruleset", s.ruleset},
            {"format", s.format},
            {"text", in.scenario_text}}},
          {"grid",
           {{"columns", s.columns},
            {"rows", s.rows},
            {"short_columns", s.short_columns},
            {"north", s.north},
            {"sheets", s.sheets != nullptr},
            {"default_terrain", s.default_terrain}}},
          {"labels", labels(s)},
          {"map", map_as_read(s)},
          {"fixed", fixed_hexes(s)},
          {"images", images},
          {"views", views(in)}};
}

std::string trace_page(const TraceInput& in) {
  const Json data = trace_data(in);
  const std::string title = "Tracing the map of " + in.scenario.title;
  std::string scans;
  for (std::size_t i = 0; i < in.scans.size(); ++i)
    scans += "<img class=\"scan\" id=\"scan-" + std::to_string(i) + "\" alt=\"" +
             escape_markup(in.scans[i].name) + "\" width=\"" + std::to_string(in.scans[i].width) +
             "\" height=\"" + std::to_string(in.scans[i].height) + "\"" +
             (i == 0 ? "" : " hidden") + " src=\"" + data_url(in.scans[i]) + "\">";
  std::string markup(asset("trace_markup.html"));
  std::size_t at = markup.find("{{scans}}");
  if (at != std::string::npos) markup.replace(at, 9, scans);
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n<title>" +
      escape_markup(title) + "</title>\n<style>" + std::string(asset("trace.css")) +
      "</style>\n</head>\n<body data-fit=\"none\">\n<header>\n<h1>" + escape_markup(title) +
      "</h1>\n<p>" +
      escape_markup(in.scenario.id + ", ruleset " + in.scenario.ruleset +
                    ": the scan stays in this page; nothing is sent anywhere, and the exported "
                    "scenario holds nothing of it") +
      "</p>\n</header>\n" + markup;
  out += "<script type=\"application/json\" id=\"trace-data\">" + page_json(data) + "</script>\n";
  out += script(asset("adjutant_map.js"));
  for (const char* part : {"trace_grid.js", "trace_fit.js", "trace_model.js", "trace_draw.js",
                           "trace_panels.js", "trace_page.js"})
    out += script(asset(part));
  return out + "</body>\n</html>\n";
}

}  // namespace adjutant::web
