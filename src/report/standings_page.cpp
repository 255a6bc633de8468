#include "report/standings_page.h"

#include "report/page_assets.h"
#include "util/markup.h"
#include "util/time_format.h"

namespace adjutant::report {

namespace standings {

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
      standings::esc(title) + "</title>\n<style>\n" +
      std::string(page_asset("standings_page.css")) + "</style>\n</head>\n<body>\n<header><h1>" +
      standings::esc(title) + "</h1><p>" + std::to_string(rows.size()) +
      (rows.size() == 1 ? " game" : " games") + ", as of " +
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
