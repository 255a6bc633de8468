#include "report/replay_page.h"

#include <optional>

#include "game/posts.h"
#include "hex/sheets.h"
#include "ledger/digest.h"
#include "render/map_overlay.h"
#include "render/ruleset_maps.h"
#include "report/inline_script.h"
#include "report/report.h"
#include "report/report_doc.h"
#include "report/turn_outputs.h"
#include "report/visibility.h"
#include "rules/hex_ruleset.h"
#include "rules/package.h"
#include "util/markup.h"
#include "web/assets.h"

namespace adjutant::report {

namespace {

std::string esc(const std::string& text) {
  return escape_markup(text);
}

std::string frame_label(const GameFacts& g, const game::Post& p) {
  if (p.kind == "genesis") return "set-up, turn " + std::to_string(p.turn) + " before any orders";
  if (p.kind == "adjudication")
    return g.phase_text(p.turn, p.phase) + " (adjudication " + std::to_string(p.t) + ")";
  if (p.kind == "extend") return "turn " + std::to_string(p.turn) + ": deadline extended";
  return "end of the game" + (p.state.result.empty() ? std::string() : ": " + p.state.result);
}

// The reader's report of a post, without the lists of units (the map
// shows them).
ReportDoc post_doc(const GameFacts& g, const game::Post& p, const std::string& reader) {
  ReportDoc doc =
      p.adjudication ? build_report({g, *p.adjudication, reader}) : build_post_report(g, p, reader);
  std::erase_if(doc.sections, [](const Section& s) { return s.unit_list; });
  return doc;
}

// The combats as the reader's report tells them, each with its die.
std::string combats_html(const ReportDoc& doc) {
  ReportDoc only;
  for (const Section& s : doc.sections)
    if (s.heading == "Combat") only.sections.push_back(s);
  if (only.sections.empty()) return "<h3>Combats</h3>\n<p>None.</p>\n";
  only.sections.front().heading = "Combats";
  return render_html_fragment(only);
}

// Every die of the adjudication, as logged (the umpire's page only: what a
// die was for may name what a side does not see).
std::string dice_html(const game::Adjudication& adj) {
  std::string out = "<h3>Dice</h3>\n";
  if (!adj.rolls.is_array() || adj.rolls.empty()) return out + "<p>None rolled.</p>\n";
  out += "<table class=\"lines\">\n<tr><th>die</th><th>sides</th><th>value</th><th>for</th></tr>\n";
  for (const auto& r : adj.rolls) {
    auto num = [&](const char* k) {
      return r.contains(k) && r[k].is_number_integer()
                 ? std::to_string(r[k].get<long long>() + (k[0] == 'k' ? 1 : 0))
                 : std::string();
    };
    std::string purpose =
        r.contains("for") && r["for"].is_string() ? r["for"].get<std::string>() : "";
    out += "<tr><td>" + num("k") + "</td><td>" + num("n") + "</td><td>" + num("v") + "</td><td>" +
           esc(purpose) + "</td></tr>\n";
  }
  return out + "</table>\n";
}

std::string frame_html(const GameFacts& g, const game::Post& p, std::size_t index,
                       const std::string& side) {
  const std::string label = frame_label(g, p);
  std::string out = "<section class=\"frame\" id=\"step-" + std::to_string(index) +
                    "\" data-label=\"" + esc(label) + "\" data-first=\"" + std::to_string(p.first) +
                    "\" data-last=\"" + std::to_string(p.seq) + "\"" +
                    (index == 0 ? "" : " hidden") + ">\n";
  out += "<h2>" + esc(label) + "</h2>\n";
  ReportDoc mine = post_doc(g, p, side);
  if (p.adjudication) {
    out += "<h3>Orders as applied</h3>\n<ul>\n";
    std::vector<std::string> echo = visible_echo({g, *p.adjudication, side});
    if (echo.empty()) out += "<li>(none)</li>\n";
    for (const auto& line : echo) out += "<li>" + esc(line) + "</li>\n";
    out += "</ul>\n";
    out += combats_html(mine);
    if (side == kUmpire) out += dice_html(*p.adjudication);
  } else {
    out += "<p>" + esc(mine.title) + "</p>\n";
  }
  // The reports: the reader's own, or on the umpire's page every party's.
  std::vector<std::string> readers;
  if (side == kUmpire)
    for (const auto& party : g.parties) readers.push_back(party.id);
  else
    readers.push_back(side);
  for (std::size_t r = 0; r < readers.size(); ++r) {
    ReportDoc doc = readers[r] == side ? mine : post_doc(g, p, readers[r]);
    out += std::string("<details class=\"report\"") + (r == 0 ? " open" : "") + "><summary>" +
           esc(g.side_name(readers[r])) + "'s report: " + esc(doc.title) + "</summary>\n" +
           render_html_fragment(doc) + "</details>\n";
  }
  return out + "</section>\n";
}

std::string lines_html(const game::LineChecks& checks) {
  std::string out = "<h2 id=\"verification\">Verification of every log line</h2>\n<p>";
  if (checks.first_bad < 0)
    out += "All " + std::to_string(checks.lines.size()) +
           " lines verified: every signature, chain link, die, echo, event and state hash.";
  else
    out += "<span class=\"failed\">Line " + std::to_string(checks.first_bad) +
           " fails verification</span>; the lines after it are unchecked, and the page shows the "
           "game only up to the line before it.";
  if (checks.awaiting) out += " The last line holds orders not yet adjudicated.";
  out +=
      "</p>\n<table class=\"lines\">\n<tr><th>line</th><th>kind</th><th>SHA-256</th>"
      "<th>status</th></tr>\n";
  for (const auto& l : checks.lines) {
    std::string status = l.status;
    if (l.status == "failed") status += ": [" + l.error_id + "] " + l.message;
    out += "<tr data-seq=\"" + std::to_string(l.seq) + "\"><td>" + std::to_string(l.seq) +
           "</td><td>" + esc(l.kind) + "</td><td><code>" + esc(l.hash.substr(0, 16)) +
           "</code></td><td class=\"" + l.status + "\">" + esc(status) + "</td></tr>\n";
  }
  return out + "</table>\n";
}

// The map of every post, drawn in the page (render/map_overlay.h): the
// base once, and each post's overlay from the state and events the side
// may see; none for a ruleset that draws no map.
struct PageMap {
  std::optional<render::MapBase> base;
  Json steps = Json::array();
};

PageMap page_map(const game::Archive& archive, const GameFacts& g,
                 const std::vector<game::Post>& posts, const std::string& side) {
  PageMap map;
  const std::string viewer = side == kUmpire ? std::string() : side;
  // Drawn as its package says (rules::board_of): the hex map of the
  // ruleset's scenario, or the ruleset's own map.
  if (rules::board_of(archive.ruleset()) == rules::Board::kHex) {
    const auto& sc = rules::hex_scenario(archive.ruleset(), archive.dir().string());
    map.base = render::hex_map_base(sc, viewer);
    for (const auto& p : posts) {
      const Json events =
          p.adjudication ? visible_events(g, p.adjudication->events, side) : Json::array();
      map.steps.push_back(
          render::hex_map_step(sc, visible_state(g, p.state, side), events, viewer));
    }
  } else if ((map.base = render::ruleset_map_base(archive, side))) {
    for (const auto& p : posts)
      map.steps.push_back(render::ruleset_map_step(archive, p.state, p.seq, side));
  }
  return map;
}

// The map's box: the picture (the base, inflated by the script, under the
// overlay it draws) and the zoom buttons.
std::string board_html(const render::MapBase& base, const std::string& alt) {
  const std::string w = std::to_string(base.info.value("width", 0)),
                    h = std::to_string(base.info.value("height", 0));
  return "<div id=\"board\">\n<svg id=\"map\" width=\"" + w + "\" height=\"" + h +
         "\" viewBox=\"0 0 " + w + " " + h + "\" role=\"img\" aria-label=\"" + esc(alt) +
         "\"><image id=\"base\" x=\"0\" y=\"0\" width=\"" + w + "\" height=\"" + h +
         "\"/><g id=\"overlay\"></g></svg>\n" +
         "<div class=\"zoom\"><button id=\"zoom-in\" type=\"button\" title=\"zoom in "
         "(+)\">+</button>"
         "<button id=\"zoom-out\" type=\"button\" title=\"zoom out (-)\">&minus;</button>"
         "<button id=\"zoom-fit\" type=\"button\" title=\"the whole map (0)\">fit</button></div>\n"
         "<p id=\"map-note\" hidden></p>\n</div>\n";
}

}  // namespace

std::string replay_page(const game::Archive& archive, const game::LineChecks& checks,
                        const std::string& side) {
  const game::Archive verified = archive.prefix(checks.verified);
  const GameFacts g = game_facts(verified);
  std::vector<game::Post> posts =
      checks.verified > 0 ? game::posts(verified) : std::vector<game::Post>{};
  const PageMap map = posts.empty() ? PageMap{} : page_map(verified, g, posts, side);
  const std::string title = g.name + ": replay, " + g.side_name(side) + " view";
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n<title>" +
      esc(title) + "</title>\n<style>" + std::string(web::asset("replay_page.css")) +
      "</style>\n</head>\n<body data-step=\"0\">\n";
  out += "<header>\n<h1>" + esc(title) + "</h1>\n<p>" +
         esc(archive.scenario_json().value("title", std::string()) + " (" +
             archive.scenario_json().value("id", std::string()) + "), ruleset " +
             archive.ruleset().id() + " version " + std::to_string(archive.ruleset().version()) +
             ", game " + g.game_id.substr(0, 16)) +
         "</p>\n</header>\n";
  out +=
      "<nav>\n<button id=\"prev\" type=\"button\" title=\"previous (left "
      "arrow)\">&#9664;</button>\n"
      "<input id=\"step\" type=\"range\" min=\"0\" max=\"" +
      std::to_string(posts.empty() ? 0 : posts.size() - 1) +
      "\" value=\"0\" step=\"1\" aria-label=\"step\">\n"
      "<button id=\"next\" type=\"button\" title=\"next (right arrow)\">&#9654;</button>\n"
      "<span id=\"label\"></span>\n<a href=\"#verification\">verification</a>\n</nav>\n"
      "<div id=\"stage\">\n";
  if (map.base) out += board_html(*map.base, "map, " + g.side_name(side) + " view");
  out += "<main>\n";
  for (std::size_t i = 0; i < posts.size(); ++i) out += frame_html(g, posts[i], i, side);
  out += lines_html(checks);
  out += "</main>\n</div>\n";
  if (map.base) {
    out += "<script type=\"application/json\" id=\"replay-data\">" +
           script_json({{"base", map.base->info}, {"steps", map.steps}}) + "</script>\n";
    out += "<script type=\"application/gzip\" id=\"replay-base\">" +
           ledger::base64(render::gzip(map.base->svg)) + "</script>\n";
  }
  out += "<script>" + script_text(web::asset("adjutant_map.js")) + "</script>\n";
  out += "<script>" + script_text(web::asset("replay_page.js")) + "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace adjutant::report
