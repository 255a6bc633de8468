#include "report/replay_page.h"

#include <cstdint>

#include "game/posts.h"
#include "ledger/digest.h"
#include "render/map.h"
#include "render/ruleset_maps.h"
#include "report/report.h"
#include "report/report_doc.h"
#include "report/turn_outputs.h"
#include "report/visibility.h"
#include "util/markup.h"

namespace adjutant::report {

namespace {

constexpr const char* kStyle = R"(
body{margin:0;background:#f6f4ee;color:#1d1d1b;font:15px/1.45 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
header{background:#2a3b5c;color:#fff;padding:10px 16px}
header h1{font-size:1.3em;margin:0}
header p{margin:2px 0 0 0;font-size:.9em;opacity:.9}
nav{position:sticky;top:0;z-index:1;background:#e4dfd0;border-bottom:1px solid #b9b4a4;padding:8px 16px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}
nav input[type=range]{flex:1;min-width:12em}
nav button{font:inherit;padding:2px 10px}
#label{font-weight:600;min-width:18em}
main{padding:12px 16px}
section.frame{scroll-margin-top:60px}
.cols{display:flex;gap:18px;align-items:flex-start;flex-wrap:wrap}
.map{border:1px solid #b9b4a4;background:#fff;display:block}
.side{flex:1;min-width:20em}
h2{font-size:1.15em;color:#2a3b5c;margin:.2em 0 .5em 0}
h3{font-size:1.02em;color:#2a3b5c;margin:1em 0 .3em 0;border-bottom:1px solid #b9b4a4}
details{margin:.5em 0;background:#fbfaf6;border:1px solid #ddd8c8;padding:4px 10px}
summary{cursor:pointer;font-weight:600}
table.lines{border-collapse:collapse;font-size:.9em}
table.lines td,table.lines th{padding:2px 8px;border-bottom:1px solid #ddd8c8;text-align:left}
table.lines code{font-family:Menlo,Consolas,monospace}
tr.current{background:#fff3b8}
.verified{color:#1d6b2f}
.failed{color:#a4161a;font-weight:600}
.unchecked{color:#7a7466}
)";

// Steps with the slider, the buttons and the left and right arrow keys (the
// slider moves itself when it has the focus); Home and End go to the ends.
// The page opens at the set-up, or at the frame its address names (#step-N).
constexpr const char* kScript = R"(
(function () {
  var frames = document.querySelectorAll('section.frame');
  var slider = document.getElementById('step');
  var label = document.getElementById('label');
  var rows = document.querySelectorAll('table.lines tr[data-seq]');
  var current = 0;
  function show(i) {
    if (frames.length === 0) return;
    current = Math.max(0, Math.min(frames.length - 1, i));
    for (var k = 0; k < frames.length; k++) frames[k].hidden = k !== current;
    var f = frames[current];
    slider.value = String(current);
    label.textContent = (current + 1) + ' / ' + frames.length + ': ' + f.getAttribute('data-label');
    var first = Number(f.getAttribute('data-first')), last = Number(f.getAttribute('data-last'));
    for (var r = 0; r < rows.length; r++) {
      var seq = Number(rows[r].getAttribute('data-seq'));
      rows[r].classList.toggle('current', seq >= first && seq <= last);
    }
    document.body.setAttribute('data-step', String(current));
  }
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.addEventListener('keydown', function (e) {
    if (e.target === slider) return;
    if (e.key === 'ArrowLeft') { show(current - 1); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { show(current + 1); e.preventDefault(); }
    else if (e.key === 'Home') { show(0); e.preventDefault(); }
    else if (e.key === 'End') { show(frames.length - 1); e.preventDefault(); }
  });
  var start = /^#step-(\d+)$/.exec(location.hash);
  show(start ? Number(start[1]) : 0);
})();
)";

// A big-endian 32-bit number of a PNG header (width at 16, height at 20).
std::uint32_t png_be32(const std::string& s, std::size_t at) {
  return std::uint32_t(std::uint8_t(s[at])) << 24 | std::uint32_t(std::uint8_t(s[at + 1])) << 16 |
         std::uint32_t(std::uint8_t(s[at + 2])) << 8 | std::uint32_t(std::uint8_t(s[at + 3]));
}

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

ReportDoc post_doc(const GameFacts& g, const game::Post& p, const std::string& reader) {
  return p.adjudication ? build_report({g, *p.adjudication, reader})
                        : build_post_report(g, p, reader);
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

std::string frame_html(const game::Archive& archive, const GameFacts& g, const game::Post& p,
                       std::size_t index, const std::string& side) {
  const std::string label = frame_label(g, p);
  const std::string viewer = side == kUmpire ? std::string() : side;
  const Json none = Json::array();
  const Json events = p.adjudication ? visible_events(g, p.adjudication->events, side) : none;
  // The picture and its size: the hex map, or the ruleset's own table
  // (render/ruleset_maps.h, which takes the side's view itself).
  std::string png;
  int width = 0, height = 0;
  if (archive.hex_scenario()) {
    const model::State seen = visible_state(g, p.state, side);
    png = render::render_png({archive.scenario(), seen, events, viewer});
    const render::MapGeometry geo = render::map_geometry(archive.scenario());
    width = geo.width;
    height = geo.height;
  } else {
    png = render::ruleset_map(archive, p.state, p.seq, side, true);
    if (png.size() >= 24) {
      width = int(png_be32(png, 16));
      height = int(png_be32(png, 20));
    }
  }

  std::string out = "<section class=\"frame\" id=\"step-" + std::to_string(index) +
                    "\" data-label=\"" + esc(label) + "\" data-first=\"" + std::to_string(p.first) +
                    "\" data-last=\"" + std::to_string(p.seq) + "\"" +
                    (index == 0 ? "" : " hidden") + ">\n";
  out += "<h2>" + esc(label) + "</h2>\n<div class=\"cols\">\n";
  if (!png.empty())
    out += "<img class=\"map\" width=\"" + std::to_string(width) + "\" height=\"" +
           std::to_string(height) + "\" alt=\"" +
           esc("map, " + label + ", " + g.side_name(side) + " view") +
           "\" src=\"data:image/png;base64," + ledger::base64(png) + "\">\n";
  out += "<div class=\"side\">\n";
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
  out += "</div>\n</div>\n";
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

}  // namespace

std::string replay_page(const game::Archive& archive, const game::LineChecks& checks,
                        const std::string& side) {
  hex::SheetsScope sheets(archive.hex_scenario() ? archive.scenario().sheets : nullptr);
  const game::Archive verified = archive.prefix(checks.verified);
  const GameFacts g = game_facts(verified);
  std::vector<game::Post> posts =
      checks.verified > 0 ? game::posts(verified) : std::vector<game::Post>{};
  const std::string title = g.name + ": replay, " + g.side_name(side) + " view";
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n<title>" +
      esc(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body data-step=\"0\">\n";
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
      "<span id=\"label\"></span>\n<a href=\"#verification\">verification</a>\n</nav>\n<main>\n";
  for (std::size_t i = 0; i < posts.size(); ++i) out += frame_html(verified, g, posts[i], i, side);
  out += lines_html(checks);
  out += "</main>\n<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace adjutant::report
