// Every adjudication case under tests/cases/ (docs/case-format.md), run
// through the same runner as `adjutant case run`.
#include <catch2/catch.hpp>

#include <filesystem>

#include "rules/case_runner.h"

namespace fs = std::filesystem;

TEST_CASE("every adjudication case file passes", "[rules][cases][slow]") {
  const fs::path root = ADJUTANT_SOURCE_DIR;
  auto files = adjutant::rules::case_files(root / "tests" / "cases");
  REQUIRE(files.size() >= 60);
  for (const auto& file : files) {
    DYNAMIC_SECTION(fs::relative(file, root).string()) {
      auto result = adjutant::rules::run_case_file(file, root);
      std::string diff;
      for (const auto& line : result.diff) diff += line + "\n";
      INFO(result.rule << ": " << result.title << "\n" << diff);
      CHECK(result.passed);
    }
  }
}

TEST_CASE("a case whose expectation is wrong fails with a diff", "[rules][cases]") {
  const fs::path root = ADJUTANT_SOURCE_DIR;
  adjutant::rules::Json c = {
      {"rule", "7.0"},
      {"title", "a wrong expectation"},
      {"scenario", "scenarios/bluegray-skirmish.json"},
      {"setup", {{"1/Heth", "0303"}, {"1/I", "0909"}}},
      {"orders", {{"moves", {{{"unit", "1/Heth"}, {"path", {"0303", "0304"}}}}}}},
      {"expect",
       {{"events", {{{"type", "move"}, {"unit", "1/Heth"}, {"mp", 9}}}}, {"exact", true}}}};
  auto result = adjutant::rules::run_case(c, "inline", root);
  CHECK_FALSE(result.passed);
  REQUIRE_FALSE(result.diff.empty());
  bool names_field = false;
  for (const auto& line : result.diff)
    if (line.find("mp: want 9, got 1") != std::string::npos) names_field = true;
  CHECK(names_field);
}

TEST_CASE("exact mode fails on an event the case does not list", "[rules][cases]") {
  const fs::path root = ADJUTANT_SOURCE_DIR;
  adjutant::rules::Json c = {
      {"rule", "7.0"},
      {"title", "a move and nothing else"},
      {"scenario", "scenarios/bluegray-skirmish.json"},
      {"setup", {{"1/Heth", "0303"}, {"1/I", "0909"}}},
      {"orders", {{"moves", {{{"unit", "1/Heth"}, {"path", {"0303", "0304"}}}}}}},
      {"expect", {{"events", {{{"type", "move"}, {"unit", "1/Heth"}}}}, {"exact", true}}}};
  // The phase end follows the move: unlisted, so the exact case fails...
  auto result = adjutant::rules::run_case(c, "inline", root);
  CHECK_FALSE(result.passed);
  bool named = false;
  for (const auto& line : result.diff)
    if (line.find("event 2 is not listed (exact)") != std::string::npos) named = true;
  CHECK(named);
  // ... and passes once it is listed.
  c["expect"]["events"].push_back({{"type", "phase_end"}});
  CHECK(adjutant::rules::run_case(c, "inline", root).passed);
  // An outcome case that pins neither every event nor the state is refused.
  c["expect"].erase("exact");
  auto loose = adjutant::rules::run_case(c, "inline", root);
  CHECK_FALSE(loose.passed);
  CHECK(loose.diff.front().find("[case.expect]") != std::string::npos);
}

TEST_CASE("json_subset compares fields, arrays and nesting", "[rules][cases]") {
  using adjutant::rules::Json;
  std::vector<std::string> why;
  CHECK(adjutant::rules::json_subset(Json{{"a", 1}}, Json{{"a", 1}, {"b", 2}}, "", why));
  CHECK_FALSE(adjutant::rules::json_subset(Json{{"a", {1, 2}}}, Json{{"a", {1, 2, 3}}}, "", why));
  CHECK_FALSE(adjutant::rules::json_subset(Json{{"c", 1}}, Json{{"a", 1}}, "", why));
  CHECK(why.back() == "c: want 1, missing");
}

// A simultaneous phase (Chaos of Battle) takes one order body per side; the
// case names each by side, and a side that does not move is refused.
TEST_CASE("a simultaneous phase's case gives each side's orders", "[rules][cases]") {
  const fs::path root = ADJUTANT_SOURCE_DIR;
  adjutant::rules::Json c = {{"rule", "engagement"},
                             {"title", "both sides' files, and the union's refused"},
                             {"scenario", "scenarios/table/chaos-meeting.json"},
                             {"state_patch", {{"turn", 2}, {"extra", {{"tokens_drawn", true}}}}},
                             {"orders",
                              {{"union", {{"brigades", {{"stone", {{"withdraw", true}}}}}}},
                               {"confederate", {{"brigades", adjutant::rules::Json::object()}}}}},
                             {"expect", {{"error", "chaos.not_engaged"}, {"unit", "stone"}}}};
  CHECK(adjutant::rules::run_case(c, "inline", root).passed);
  // The same problem expected of a side whose file is sound is not found.
  c["expect"]["unit"] = "archer";
  CHECK_FALSE(adjutant::rules::run_case(c, "inline", root).passed);
  // A key that is no moving side is refused with the case's own error.
  c["orders"]["umpire"] = adjutant::rules::Json::object();
  auto bad = adjutant::rules::run_case(c, "inline", root);
  CHECK_FALSE(bad.passed);
  REQUIRE_FALSE(bad.diff.empty());
  CHECK(bad.diff.front().find("[case.orders]") != std::string::npos);
}

// Chaos of Battle is tested as data: at least 60 cases, one situation each.
TEST_CASE("Chaos of Battle has its cases as data", "[rules][cases]") {
  const fs::path root = ADJUTANT_SOURCE_DIR;
  CHECK(adjutant::rules::case_files(root / "tests" / "cases" / "chaos").size() >= 60);
}

// state_edits (RFC 6902) says what a merge patch cannot: a value set to null.
// hidden and shown check what each side reads of the events.
TEST_CASE("a case edits the state with a JSON Patch and checks what each side reads",
          "[rules][cases]") {
  const fs::path root = ADJUTANT_SOURCE_DIR;
  using adjutant::rules::Json;
  // Gamble's commander taken off the table: a deployed brigade without one
  // is not re-marked, and the check says so.
  Json c = {{"rule", "rest.remarker"},
            {"title", "re-marking a brigade whose commander is off the table"},
            {"scenario", "scenarios/table/chaos-meeting.json"},
            {"state_patch", {{"turn", 2}, {"extra", {{"tokens_drawn", true}}}}},
            {"state_edits",
             {{{"op", "replace"},
               {"path", "/extra/chaos/brigades/gamble/commander"},
               {"value", nullptr}}}},
            {"orders", {{"union", {{"brigades", {{"gamble", {{"remarker", {{3000, 1900}}}}}}}}}}},
            {"expect", {{"error", "chaos.not_deployed"}, {"unit", "gamble"}}}};
  CHECK(adjutant::rules::run_case(c, "inline", root).passed);
  c.erase("state_edits");
  CHECK_FALSE(adjutant::rules::run_case(c, "inline", root).passed);
  // A patch that does not apply is the case's own error.
  c["state_edits"] = Json::array({{{"op", "remove"}, {"path", "/extra/nothing/here"}}});
  auto bad = adjutant::rules::run_case(c, "inline", root);
  CHECK_FALSE(bad.passed);
  REQUIRE_FALSE(bad.diff.empty());
  CHECK(bad.diff.front().find("[case.setup]") != std::string::npos);

  // Stone's one marker shakes out: the Union reads its own brigade's name,
  // the Confederates only bases.
  Json shake = {
      {"rule", "shake_out"},
      {"title", "what each side reads of a shake out"},
      {"scenario", "scenarios/table/chaos-meeting.json"},
      {"state_patch", {{"turn", 2}, {"extra", {{"tokens_drawn", true}}}}},
      {"orders", {{"union", {{"brigades", {{"stone", {{"shake_out", {{"facing", 0}}}}}}}}}}},
      {"dice", {4, 2}},
      {"expect",
       {{"events", {{{"type", "deploy"}, {"brigade", "stone"}}}},
        {"state", {{"turn", 3}}},
        {"shown", {{"union", {"stone"}}}},
        {"hidden", {{"confederate", {"stone"}}}}}}};
  CHECK(adjutant::rules::run_case(shake, "inline", root).passed);
  Json wrong = shake;
  wrong["expect"]["hidden"] = {{"union", {"stone"}}};
  auto r = adjutant::rules::run_case(wrong, "inline", root);
  CHECK_FALSE(r.passed);
  REQUIRE_FALSE(r.diff.empty());
  CHECK(r.diff.front().find("union reads stone") != std::string::npos);
  wrong = shake;
  wrong["expect"]["shown"] = {{"confederate", {"stone"}}};
  CHECK_FALSE(adjutant::rules::run_case(wrong, "inline", root).passed);
}
