// Text orders written on a side's sealed copy of a Chaos of Battle game
// (docs/protocol.md 10a, "A side's part of the scenario"): the bot plays two
// turns, the umpire seals the Confederate copy, and the Confederate player
// writes text orders on it, checks and signs them there; the umpire's copy
// accepts the signed file with the same echo and adjudicates it. And the
// check a side runs on its own view finds exactly what the umpire's check
// of the whole state finds, for every order file of the sample game and
// for orders it refuses.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "game/archive.h"
#include "game/log.h"
#include "ledger/jcs.h"
#include "report/order_page_wasm.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/scenario_part.h"
#include "rules/ruleset.h"
#include "support/chaos_fixture.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace {

namespace fs = std::filesystem;
namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::ScopedSecrets;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

void must_pass(const adjutant::testing::Run& r, const std::string& step) {
  INFO(step << "\n" << r.out << r.err);
  REQUIRE(r.exit == 0);
}

// What a check gives: the plan and echo, or every problem.
Json check_outcome(const std::function<adjutant::rules::Checked()>& check) {
  try {
    auto c = check();
    return {{"plan", c.plan}, {"echo", c.echo}};
  } catch (const adjutant::rules::OrdersRefused& e) {
    return {{"refused", e.to_json()}};
  }
}

Json order_fields(Json body) {
  for (const char* k :
       {"format", "game", "side", "turn", "phase", "after", "reveal", "revision", "replaces"})
    body.erase(k);
  return body;
}

}  // namespace

TEST_CASE("text orders are written, checked and signed on a side's sealed copy of a table game",
          "[game][chaos][fog]") {
  TempDir tmp("chaos-sealed-orders");
  const fs::path work = tmp.path();
  ScopedSecrets secrets(work / "secrets");
  const fs::path scenario = source_dir() / "scenarios" / "table" / "chaos-meeting.json";
  const std::string cards = adjutant::testing::chaos_party_cards(work);
  must_pass(run_adjutant("new game --name meet --scenario '" + scenario.string() + "'" + cards +
                             " --key umpire.key --created 2026-11-01T09:00:00Z --no-outputs",
                         work),
            "new");
  must_pass(run_adjutant("bot game --play --key union.key --key confederate.key --key umpire.key "
                         "--at 2026-11-01T18:00:00Z --no-outputs --seed 3 --max-phases 2",
                         work),
            "bot --play, two turns");
  must_pass(run_adjutant("seal game --side confederate --out sealed --key umpire.key", work),
            "seal");
  must_pass(run_adjutant("sync ccopy sealed", work), "sync");

  // The bot's orders for the turn due, as text written on the sealed copy.
  auto printed =
      run_adjutant("bot game --side confederate --key confederate.key --print --seed 5", work);
  must_pass(printed, "bot --print");
  Json bot_body = order_fields(adjutant::ledger::parse_strict(printed.out, "bot --print"));
  adjutant::write_file_atomic(work / "bot.json", bot_body.dump(2) + "\n");
  auto text = run_adjutant("orders ccopy bot.json --to-text --out orders.txt", work);
  must_pass(text, "orders --to-text on the sealed copy");
  std::string written = adjutant::read_file(work / "orders.txt");
  INFO(written);
  CHECK(written.find("Heth") == std::string::npos);  // a name is the side's own, never the enemy's

  // `orders` on the copy reads and checks the text: the bot's body again.
  auto read = run_adjutant("orders ccopy orders.txt --side confederate --out body.json", work);
  must_pass(read, "orders on the sealed copy");
  CHECK(read.out.find("checked on the sealed copy") != std::string::npos);
  CHECK(adjutant::ledger::parse_strict(adjutant::read_file(work / "body.json"), "body") ==
        bot_body);
  // Another side's orders are not written on this copy.
  auto other = run_adjutant("orders ccopy orders.txt --side union", work);
  CHECK(other.exit != 0);
  CHECK(other.err.find("orders.unknown_side") != std::string::npos);

  // `sign` takes the text itself, from the copy alone.
  auto sign = run_adjutant(
      "sign orders.txt --game ccopy --key confederate.key --out confederate.signed.json", work);
  must_pass(sign, "sign text orders on the sealed copy");
  CHECK(sign.out.find("read ") != std::string::npos);
  Json envelope = adjutant::ledger::parse_strict(
      adjutant::read_file(work / "confederate.signed.json"), "signed");
  CHECK(order_fields(envelope["body"]) == bot_body);

  // `check` on the copy and on the umpire's archive: the same echo.
  auto on_copy = run_adjutant("check ccopy confederate.signed.json --json", work);
  must_pass(on_copy, "check on the sealed copy");
  auto on_umpire = run_adjutant("check game confederate.signed.json --json", work);
  must_pass(on_umpire, "check on the umpire's copy");
  Json copy_said = adjutant::ledger::parse_strict(on_copy.out, "check");
  Json umpire_said = adjutant::ledger::parse_strict(on_umpire.out, "check");
  CHECK(copy_said["ok"] == true);
  CHECK(copy_said["echo"] == umpire_said["echo"]);
  CHECK(copy_said["echo"].size() > 0);

  // A refused order is refused on the copy with the umpire's id, placed on
  // its line: a marker moved 40 inches in one turn.
  std::string far;
  for (const auto& [id, b] : bot_body["brigades"].items()) {
    (void)b;
    far = id;
    break;
  }
  REQUIRE_FALSE(far.empty());
  adjutant::write_file_atomic(work / "far.txt", "# too far\n" + far + " move 5,5 55,5\n");
  auto refused = run_adjutant("orders ccopy far.txt", work);
  INFO(refused.out << refused.err);
  CHECK(refused.exit == 1);
  CHECK(refused.err.find("far.txt:2:") != std::string::npos);

  // The order page from the copy alone: the very page the umpire's copy
  // gives for the side (docs/orders.md "The order page"), but for the
  // line that says where it was built.
  auto page = run_adjutant("view ccopy --orders --out cpage", work);
  if (!adjutant::report::order_wasm().present()) {
    CHECK(page.err.find("view.no_order_page") != std::string::npos);
  } else {
    must_pass(page, "view --orders on the sealed copy");
    must_pass(run_adjutant("view game --orders --side confederate --out upage", work),
              "view --orders on the umpire's copy");
    std::string from_copy = adjutant::read_file(work / "cpage" / "index.html");
    std::string from_umpire = adjutant::read_file(work / "upage" / "index.html");
    const std::string mark = " (confederate&#39;s sealed copy)";
    REQUIRE(from_copy.find(mark) != std::string::npos);
    from_copy.erase(from_copy.find(mark), mark.size());
    CHECK(from_copy == from_umpire);
    auto other_side = run_adjutant("view ccopy --orders --side union --out upage2", work);
    CHECK(other_side.exit != 0);
    CHECK(other_side.err.find("view.orders_not_due") != std::string::npos);
  }

  // The umpire takes the signed file with the Union's and adjudicates the turn.
  must_pass(
      run_adjutant("bot game --side union --key union.key --seed 5 --out union.signed.json", work),
      "the Union's orders");
  must_pass(run_adjutant("adjudicate game union.signed.json --key umpire.key --no-outputs", work),
            "the Union's file");
  auto adjudicated =
      run_adjutant("adjudicate game confederate.signed.json --key umpire.key --no-outputs", work);
  must_pass(adjudicated, "the Confederate file signed on the sealed copy");
  CHECK(adjudicated.out.find("adjudicated turn 3") != std::string::npos);
  must_pass(run_adjutant("verify game", work), "verify the umpire's copy");
  // The copy follows, and verifies.
  must_pass(run_adjutant("seal game --side confederate --out sealed2 --key umpire.key", work),
            "seal again");
  must_pass(run_adjutant("sync ccopy sealed2", work), "sync again");
  must_pass(run_adjutant("verify ccopy", work), "verify the sealed copy");
}

TEST_CASE("a side's check on its own view finds what the umpire's check finds",
          "[game][chaos][fog]") {
  const fs::path dir = source_dir() / "samples" / "games" / "chaos-meeting-bot";
  auto a = adjutant::game::Archive::open(dir);
  const auto& rs = a.ruleset();
  std::map<std::string, std::unique_ptr<adjutant::rules::Ruleset>> parts;
  for (const auto& side : rs.sides()) {
    Json part = rs.side_scenario(a.scenario_json(), side);
    // The other side's forces are not in it: only its id, name and colour.
    for (const auto& s : part["sides"])
      if (s["id"] != side) CHECK(s.size() <= 3);
    CHECK(part.dump().find("notes") == std::string::npos);
    parts[side] = adjutant::rules::make_ruleset(part, "part of " + side, rs.version());
  }
  std::map<int, adjutant::model::State> after;
  for (const auto& adj : a.adjudications()) after[adj.seq] = adj.after;
  adjutant::model::State state = rs.initial_state();
  int files = 0, refusals = 0;
  for (const auto& e : a.log()) {
    if (e.kind == "adjudication") state = after.at(e.seq);
    if (e.kind != "orders") continue;
    const Json& body = e.body["body"];
    std::string side = body["side"];
    adjutant::model::State view = rs.view(state, side);
    // The file as sent, and altered: every move's last point 30 inches on
    // (too far, or off the table), and a shake-out facing out of range.
    std::vector<Json> tries = {body};
    Json far = body, facing = body;
    for (auto& [id, b] : far["brigades"].items())
      if (b.contains("move"))
        b["move"]["path"].back()[0] = b["move"]["path"].back()[0].get<long long>() + 3000;
    for (auto& [id, b] : facing["brigades"].items()) b["shake_out"] = {{"facing", 400}};
    tries.push_back(far);
    tries.push_back(facing);
    for (const auto& t : tries) {
      Json umpire = check_outcome([&] { return rs.check(state, t, "orders"); });
      Json seen = check_outcome([&] { return parts.at(side)->check(view, t, "orders"); });
      INFO("line " << e.seq << " " << side << "\n" << t.dump());
      CHECK(seen == umpire);
      refusals += umpire.contains("refused") ? 1 : 0;
    }
    ++files;
  }
  CHECK(files >= 10);
  CHECK(refusals > files);  // the altered files are refused, on both sides alike
  // A ruleset built from a part adjudicates nothing.
  CHECK_THROWS(parts.begin()->second->initial_state());
}
