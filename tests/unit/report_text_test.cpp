#include <catch2/catch.hpp>

#include "util/markup.h"

#include <sstream>

#include "render/map.h"
#include "report/event_text.h"
#include "report/report.h"
#include "report/report_doc.h"
#include "report/visibility.h"
#include "report_fixture.h"
#include "rules/ruleset.h"
#include "support/text_lines.h"
#include "util/error.h"
#include "util/time_format.h"

using namespace adjutant;
using namespace adjutant::report;
using adjutant::testing::FakeGame;

namespace {

void check_width(const std::string& text) {
  for (const std::string& l : adjutant::testing::text_lines(text)) {
    INFO(l);
    CHECK(columns(l) <= kTextWidth);
    CHECK((l.empty() || l.back() != ' '));
  }
}

// The text with its wrapped lines joined: every run of whitespace one space.
std::string flat(const std::string& text) {
  std::string out;
  for (char c : text) {
    bool space = c == ' ' || c == '\n';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  return out;
}

}  // namespace

TEST_CASE("times come from the log entry, formatted without locale or clock", "[report][time]") {
  CHECK(parse_rfc3339("1970-01-01T00:00:00Z") == 0);
  CHECK(format_rfc5322(parse_rfc3339("2024-05-01T12:00:00Z")) == "Wed, 01 May 2024 12:00:00 +0000");
  CHECK(format_rfc5322(parse_rfc3339("2000-02-29T23:59:59.123Z")) ==
        "Tue, 29 Feb 2000 23:59:59 +0000");
  CHECK(format_rfc5322(parse_rfc3339("2024-01-01T01:30:00+02:00")) ==
        "Sun, 31 Dec 2023 23:30:00 +0000");
  CHECK(format_utc(parse_rfc3339("2024-05-01T12:00:00Z") + 48 * 3600) == "2024-05-03 12:00 UTC");
  CHECK(format_rfc5322(-86400) == "Wed, 31 Dec 1969 00:00:00 +0000");
  for (const char* bad : {"", "2024-05-01", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
                          "2024-05-01T12:00:00", "2024-05-01T12:00:00Zjunk"}) {
    INFO(bad);
    try {
      parse_rfc3339(bad);
      FAIL("accepted");
    } catch (const Error& e) {
      CHECK(e.id() == "time.bad");
    }
  }
}

TEST_CASE("the text report says what happened and fits 80 columns", "[report][text]") {
  FakeGame g;
  std::string text = report_text({g.facts, g.adj, "union"});
  check_width(text);
  for (const char* expected : {"Ely's Mill: turn 1, Confederate player-turn",
                               "Skirmish at Ely's Mill",
                               "Orders due from: Union",
                               "2024-05-03 12:00 UTC (48 hours",
                               "Your orders are due next",
                               "adjutant view ely-mill --out orders-page --orders",
                               "adjutant orders ely-mill orders.txt",
                               "adjutant sign orders.txt --game ely-mill",
                               "1/Heth moves 0401-0402-0403, 2 of 6 MP; attacks 0404",
                               "2/Pender enters at 0101",
                               "Combat 1.1 (rule 8.1)",
                               "1st Brigade, Heth's Division",
                               "22 attacking, 8 defending",
                               "defender doubled: rough (TEC)",
                               "Odds:",
                               "1-1",
                               "4 (die 1 of this adjudication)",
                               "Result:",
                               "3/I retreats 0404 to 0405",
                               "1/Heth advances 0403 to 0404",
                               "Jenkins is eliminated at 0902 (Ae)",
                               "signal_flag: colour=red & <white>, unit=Pegram",
                               "Union:",
                               "8 VP",
                               "lost 1 unit, 4 SP",
                               "in progress, turn 1 of 8",
                               "c0ffee00bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                               "adjutant verify ely-mill"}) {
    INFO(expected);
    CHECK(text.find(expected) != std::string::npos);
  }
  // A move the orders as applied already say is not said again under Movement.
  CHECK(text.find("0401-0402-0403") == text.rfind("0401-0402-0403"));
  CHECK(text.find("1/Heth moves 0401-0402-0403 (2 of 6 MP)") == std::string::npos);
  // The confederate reads the same events but is not told its orders are due.
  std::string other = report_text({g.facts, g.adj, "confederate"});
  CHECK(other.find("Your orders are due next") == std::string::npos);
  CHECK(other.find("adjutant sign") == std::string::npos);
  CHECK(other.find("Report for:") != std::string::npos);
}

TEST_CASE(
    "the invitation says how to answer for every ruleset: text orders or the order page, "
    "signed against the player's own copy",
    "[report][text]") {
  FakeGame g;
  game::Post post;
  post.kind = "genesis";
  post.folder_name = "000-genesis";
  post.at = "2024-05-01T12:00:00Z";
  std::string open = flat(render_text(build_post_report(g.facts, post, "union")));
  CHECK(open.find("docs/orders.md") != std::string::npos);
  CHECK(open.find("order page") != std::string::npos);
  CHECK(open.find("docs/rules/bluegray.md") == std::string::npos);
  CHECK(open.find("adjutant sign orders.txt --game ely-mill --mail") != std::string::npos);
  // Under fog of war the player signs against the sealed copy.
  g.facts.fog = true;
  std::string fog = flat(render_text(build_post_report(g.facts, post, "union")));
  CHECK(fog.find("adjutant sign orders.txt --game COPY --mail") != std::string::npos);
  CHECK(fog.find("--game ely-mill") == std::string::npos);
}

TEST_CASE("long names, paths and results are wrapped, never cut off", "[report][text]") {
  FakeGame g;
  g.facts.name = std::string(130, 'W') + " of the extraordinarily long-named Eastern Theatre";
  g.adj.echo.push_back(std::string(200, '7'));
  g.adj.events.push_back(Json::parse(R"({"type":"move","unit":"1/Pender","path":[
    "0801","0802","0803","0804","0805","0806","0807","0808","0809","0810","0910","1010",
    "1110","1109","1108","1107","1106","1105","1104","1103","1102","1101"],"mp":21,"of":21})"));
  std::string text = report_text({g.facts, g.adj, "umpire"});
  check_width(text);
  CHECK(text.find("0810-0910") != std::string::npos);
  std::string sevens;
  for (const std::string& l : adjutant::testing::text_lines(text))
    for (char c : l) sevens += c == '7' ? "7" : "";
  CHECK(sevens.size() >= 200);
}

TEST_CASE("the HTML report escapes everything it did not write itself", "[report][html]") {
  FakeGame g;
  g.facts.name = "<script>alert('x')</script> & \"friends\"";
  std::string html = report_html({g.facts, g.adj, "confederate"});
  CHECK(html.find("<script>") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;friends&quot;") !=
        std::string::npos);
  CHECK(html.find("red &amp; &lt;white&gt;") != std::string::npos);
  CHECK(html.find("<meta name=\"viewport\"") != std::string::npos);
  CHECK(html.find("<style") == std::string::npos);
  CHECK(html.find("4 (die 1 of this adjudication)") != std::string::npos);
  CHECK(adjutant::escape_markup("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;");
}

TEST_CASE("a side reads only events it may see", "[report][visibility]") {
  Json events = Json::parse(R"([{"type":"move","unit":"a"},
    {"type":"spot","unit":"b","visible_to":["union"]},
    {"type":"spot","unit":"c","visible_to":[]}])");
  CHECK(visible_events(events, "union").size() == 2);
  CHECK(visible_events(events, "confederate").size() == 1);
  CHECK(visible_events(events, kUmpire).size() == 3);

  FakeGame g;
  g.adj.events.push_back(
      Json::parse(R"({"type":"spot","unit":"Hidden","hex":"0909","visible_to":["union"]})"));
  CHECK(report_text({g.facts, g.adj, "confederate"}).find("Hidden") == std::string::npos);
  CHECK(report_text({g.facts, g.adj, "union"}).find("Hidden") != std::string::npos);
}

TEST_CASE("unknown and partial events are listed as they are", "[report][events]") {
  // Blue & Gray's words for its events (rules/bluegray/event_phrases.cpp).
  FakeGame g;
  auto describe_event = [&](const Json& e) {
    return adjutant::report::describe_event(g.ruleset.get(), e);
  };
  CHECK(describe_event(Json::parse(R"({"type":"move"})")) == "move");
  CHECK(describe_event(Json::parse(R"({"type":"rally","unit":"X","n":2})")) ==
        "rally: n=2, unit=X");
  CHECK(describe_event(Json::parse(R"({"type":"game_end","result":"Union Marginal"})")) ==
        "the game ends: Union Marginal");
  CHECK(describe_event(Json::parse(R"({"type":"vp","side":"union","points":3,"reason":"0604"})")) ==
        "union scores 3 VP (0604)");
  CHECK(describe_event(Json::parse(
            R"({"type":"vp","side":"union","vp":6,"total":9,"reason":"2 SP eliminated"})")) ==
        "union scores 6 VP, total 9 (2 SP eliminated)");
  CHECK(describe_event(
            Json::parse(R"({"type":"ineffective","unit":"1/I","combat":"1.1","rule":"10.0"})")) ==
        "1/I becomes ineffective (rule 10.0)");
  // Without a ruleset, or of a type the ruleset has no words for: the fields.
  CHECK(adjutant::report::describe_event(
            nullptr, Json::parse(R"({"type":"vp","side":"u","vp":1})")) == "vp: side=u, vp=1");
  CHECK(describe_event(Json::parse(R"({"type":"fortify","side":"union","squares":["A1"]})")) ==
        "fortify: side=union, squares=[\"A1\"]");
}

TEST_CASE("the end of the game is reported as the status", "[report][text]") {
  FakeGame g;
  g.adj.after.result = "Union Decisive";
  g.adj.after.phase = "";
  std::string text = report_text({g.facts, g.adj, "union"});
  CHECK(text.find("The game is over: Union Decisive.") != std::string::npos);
  CHECK(text.find("game over: Union Decisive") != std::string::npos);
  CHECK(text.find("Orders due from") == std::string::npos);
}

TEST_CASE("the report lists the reinforcements due, the exits and the VP by source",
          "[report][text]") {
  FakeGame g;
  // 1/XI (turn 2 at 0610) is due by the next turn; 2/I has left the map.
  g.adj.after.units["2/I"].status = model::UnitStatus::kExited;
  g.adj.after.units["2/I"].location = "";
  g.adj.after.extra["vp_sources"] = {{"union", {{"eliminated", 8}}}};
  g.adj.events.push_back(
      {{"type", "exit"}, {"unit", "2/I"}, {"hex", "1210"}, {"mp", 1}, {"rule", "14.4"}});
  g.adj.events.push_back({{"type", "reschedule"},
                          {"unit", "1/XI"},
                          {"blocked", "0610 is in an enemy zone of control"},
                          {"turn", 3},
                          {"hexes", {"0810"}},
                          {"rule", "14.33"}});
  std::string wrapped = report_text({g.facts, g.adj, "union"});
  check_width(wrapped);
  std::string text = flat(wrapped);
  INFO(text);
  CHECK(text.find("Reinforcements due by turn 2") != std::string::npos);
  CHECK(text.find("Union, turn 2 at 0610: 1/XI") != std::string::npos);
  CHECK(text.find("Union: 8 VP (enemy SP eliminated 8)") != std::string::npos);
  CHECK(text.find("left the map: 2/I") != std::string::npos);
  CHECK(text.find("2/I leaves the map at 1210") != std::string::npos);
  CHECK(text.find("1/XI does not enter (0610 is in an enemy zone of control): rescheduled to turn "
                  "3 at 0810 (rule 14.33)") != std::string::npos);
}

TEST_CASE(
    "the report takes the scenario, night turns, losses and ineffective units from the ruleset",
    "[report][text]") {
  FakeGame g;
  // Blue & Gray 10.0: 3/I carries the ruleset's mark "ineffective".
  g.adj.after.units["3/I"].mark("ineffective", true);
  g.adj.turn = 5;  // the training scenario's night turn (9.0)
  std::string text = flat(report_text({g.facts, g.adj, "umpire"}));
  INFO(text);
  CHECK(text.find("Scenario: Skirmish at Ely's Mill (training scenario) (bluegray-skirmish)") !=
        std::string::npos);
  CHECK(text.find("(night: no combat phase, rule 9.0)") != std::string::npos);
  CHECK(text.find("Confederate: 0 VP; lost 1 unit, 4 SP") != std::string::npos);
  CHECK(text.find("Union: 8 VP; lost 0 units, 0 SP; ineffective (10.0): 3/I at 0405") !=
        std::string::npos);
  CHECK(text.find("in progress, turn 1 of 8") != std::string::npos);
  // The combat's table names the units as the order of battle does.
  CHECK(text.find("1st Brigade, Heth's Division") != std::string::npos);
  // The units list notes the mark.
  CHECK(text.find("ineffective") != text.rfind("ineffective"));
  // Recovered (10.4): the mark is gone, and so is the clause.
  g.adj.after.units["3/I"].mark("ineffective", false);
  g.adj.turn = 4;
  text = flat(report_text({g.facts, g.adj, "umpire"}));
  CHECK(text.find("ineffective") == std::string::npos);
  CHECK(text.find("night") == std::string::npos);
}

TEST_CASE("the game's end is reported with the VP by source and the lines of communication",
          "[report][text]") {
  FakeGame g;
  g.adj.after.result = "Confederate Decisive";
  g.adj.after.phase = "";
  g.adj.events = Json::parse(R"([
    {"type":"line_of_communication","side":"union","edges":["east"],"traced":{},
     "cut":[{"unit":"1/I","hex":"0313","strength":13}],"cut_strength":13,"rule":"14.51"},
    {"type":"game_end","turn":15,"result":"Confederate Decisive","vp":{"confederate":23,"union":0},
     "sources":{"confederate":{"eliminated":10,"line_of_communication":13},"union":{}},
     "rule":"victory"}])");
  std::string text = flat(report_text({g.facts, g.adj, "confederate"}));
  INFO(text);
  CHECK(text.find("End of the game") != std::string::npos);
  CHECK(text.find("cut off: 1/I at 0313 (13 SP)") != std::string::npos);
  CHECK(text.find("confederate 23 VP (eliminated 10, line_of_communication 13)") !=
        std::string::npos);
  CHECK(text.find("Reinforcements due") == std::string::npos);
}

TEST_CASE("a side's report, mail parts and map never show the other side's standing orders",
          "[report][visibility]") {
  auto rs = adjutant::rules::make_ruleset(
      ledger::parse_strict(read_file(std::filesystem::path(ADJUTANT_SOURCE_DIR) / "scenarios" /
                                     "bluegray-skirmish.json"),
                           "skirmish"),
      "skirmish");
  // The same adjudication twice, but for the Confederate's standing orders
  // (its retreat preference and exchange losses), in the state and in the
  // event that records them.
  auto outputs = [&](const Json& standing, const std::string& reader) {
    FakeGame g;
    g.facts.ruleset = rs.get();
    g.adj.after.extra["standing"]["confederate"] = standing;
    g.adj.events.insert(g.adj.events.begin(), Json{{"type", "standing"},
                                                   {"side", "confederate"},
                                                   {"standing", standing},
                                                   {"visible_to", {"confederate"}}});
    ReportInput in{g.facts, g.adj, reader};
    model::State seen = visible_state(g.facts, g.adj.after, reader);
    render::MapInput map{g.scenario, seen, visible_events(g.adj.events, reader), reader};
    return report_text(in) + report_html(in) + seen.canonical() + render::render_svg(map);
  };
  Json a = {{"retreat", {{"prefer", "toward"}, {"hex", "0101"}}}, {"losses", "fewest_units"}};
  Json b = {{"retreat", {{"prefer", "away"}, {"hex", "1210"}}}, {"losses", "weakest_first"}};
  CHECK(outputs(a, "union") == outputs(b, "union"));
  // The Confederate reads its own standing orders, so the test can fail.
  CHECK(outputs(a, "confederate") != outputs(b, "confederate"));
}
