#include "report/standings_page.h"

#include "util/markup.h"
#include "util/time_format.h"

namespace adjutant::report {

namespace standings {

constexpr const char* kStyle = R"(
body{margin:0;background:#f6f4ee;color:#1d1d1b;font:15px/1.45 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
header{background:#2a3b5c;color:#fff;padding:10px 16px}
header h1{font-size:1.3em;margin:0}
header p{margin:2px 0 0 0;font-size:.9em;opacity:.9}
main{padding:12px 16px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;background:#fff;border:1px solid #b9b4a4;min-width:100%}
th,td{padding:5px 9px;border-bottom:1px solid #ddd8c8;text-align:left;vertical-align:top}
th{background:#e4dfd0;font-size:.9em;white-space:nowrap}
td.num{text-align:right;white-space:nowrap}
td.when{white-space:nowrap}
tr.late td.when{color:#a4161a;font-weight:600}
.waiting{color:#8a4b00}
.over{color:#1d6b2f;font-weight:600}
.error{color:#a4161a}
.small{font-size:.85em;color:#5d594f}
@media (max-width:700px){
  table,thead,tbody,tr,th,td{display:block;min-width:0}
  thead{display:none}
  tr{border-bottom:2px solid #b9b4a4;padding:6px 0}
  td{border:0;padding:2px 8px}
  td:empty{display:none}
  td::before{content:attr(data-label) ": ";font-weight:600;color:#2a3b5c}
  td.num,td.when{text-align:left;white-space:normal}
}
)";

std::string esc(const std::string& s) {
  return escape_markup(s);
}

std::string cell(const std::string& label, const std::string& html, const std::string& cls = "") {
  return "<td data-label=\"" + esc(label) + "\"" + (cls.empty() ? "" : " class=\"" + cls + "\"") +
         ">" + html + "</td>";
}

}  // namespace standings

std::string standings_page(const std::string& title, const std::string& now,
                           const std::vector<game::GameRow>& rows,
                           const std::vector<std::string>& links) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'\">\n<title>" +
      standings::esc(title) + "</title>\n<style>" + standings::kStyle +
      "</style>\n</head>\n<body>\n<header><h1>" + standings::esc(title) + "</h1><p>" +
      std::to_string(rows.size()) + (rows.size() == 1 ? " game" : " games") + ", as of " +
      standings::esc(format_utc(parse_rfc3339(now))) +
      "</p></header>\n<main>\n<div class=\"scroll\">\n<table>\n<thead><tr><th>Game</th>"
      "<th>Scenario</th><th>Turn</th><th>Orders due from</th><th>Due by</th><th>Waiting on the "
      "adjudicator</th><th>VP</th><th>Result</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const game::GameRow& r = rows[i];
    std::string name = standings::esc(r.folder);
    if (i < links.size() && !links[i].empty())
      name = "<a href=\"" + standings::esc(links[i]) + "\">" + name + "</a>";
    if (!r.name.empty() && r.name != r.folder)
      name += "<br><span class=\"small\">" + standings::esc(r.name) + "</span>";
    out += std::string("<tr") + (r.late ? " class=\"late\"" : "") + ">" +
           standings::cell("Game", name);
    if (!r.error.empty()) {
      out += standings::cell("Scenario", "<span class=\"error\">cannot be read: " +
                                             standings::esc(r.error) + "</span>") +
             standings::cell("Turn", "") + standings::cell("Orders due from", "") +
             standings::cell("Due by", "") + standings::cell("Waiting", "") +
             standings::cell("VP", "") + standings::cell("Result", "") + "</tr>\n";
      continue;
    }
    std::string due, vp;
    for (const auto& s : r.due) due += (due.empty() ? "" : ", ") + standings::esc(s);
    for (const auto& [side, n] : r.vp)
      vp += (vp.empty() ? "" : "<br>") + standings::esc(side) + " " + std::to_string(n);
    std::string when = r.due_by.empty() ? "" : standings::esc(format_utc(parse_rfc3339(r.due_by)));
    if (r.late) when += " (late)";
    out += standings::cell("Scenario", standings::esc(r.scenario) + "<br><span class=\"small\">" +
                                           standings::esc(r.ruleset) + "</span>") +
           standings::cell("Turn", standings::esc(r.phase.empty() ? "turn " + std::to_string(r.turn)
                                                                  : r.phase)) +
           standings::cell("Orders due from", due.empty()
                                                  ? ""
                                                  : due + "<br><span class=\"small\">to " +
                                                        standings::esc(r.adjudicator) + "</span>") +
           standings::cell("Due by", when, "when") +
           standings::cell("Waiting",
                           "<span class=\"waiting\">" + standings::esc(r.waiting) + "</span>") +
           standings::cell("VP", vp, "num") +
           standings::cell("Result", r.result.empty() ? "in progress"
                                                      : "<span class=\"over\">" +
                                                            standings::esc(r.result) + "</span>") +
           "</tr>\n";
  }
  out += "</tbody>\n</table>\n</div>\n</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace adjutant::report
