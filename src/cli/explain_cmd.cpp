// `adjutant explain GAME --combat N`: the whole chain of one combat, read
// from the logged events (each unit's strength, modifiers, ratio, odds, die,
// CRT cell, result, and the retreats, eliminations and advances it caused).
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "util/error.h"

namespace adjutant::cli {

using ledger::Json;

namespace {

struct Found {
  const game::Adjudication* adj = nullptr;
  Json combat;
  Json consequences = Json::array();
};

// Combats are numbered 1, 2, ... over the whole game in log order; the
// events after a combat up to the next one are its consequences.
Found find_combat(const std::vector<game::Adjudication>& adjudications, int wanted, int& total) {
  Found f;
  total = 0;
  for (const auto& a : adjudications) {
    bool inside = false;
    for (const auto& e : a.events) {
      std::string type = e.value("type", "");
      if (type == "combat") {
        inside = ++total == wanted;
        if (inside) {
          f.adj = &a;
          f.combat = e;
        }
      } else if (inside && type != "phase_end" && type != "vp" && type != "game_end") {
        f.consequences.push_back(e);
      }
    }
  }
  return f;
}

}  // namespace

int cmd_explain(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant explain",
      "Explain one combat of a game from its log: strengths, modifiers, ratio,\n"
      "odds, die, CRT cell, result, retreats, eliminations and advances.\n"
      "Combats are numbered 1, 2, ... over the whole game.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "combat", "combat number", cxxopts::value<int>())("json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (!r->count("combat")) throw Error("usage.missing", "missing --combat N", Exit::kUsage);
  game::ReadGame g(required(*r, "game"));
  const game::Archive& archive = g.archive;
  auto adjudications = archive.adjudications();
  int total = 0;
  int wanted = (*r)["combat"].as<int>();
  Found f = find_combat(adjudications, wanted, total);
  if (!f.adj)
    throw Error("explain.no_combat",
                "no combat " + std::to_string(wanted) + " in this game (it has " +
                    std::to_string(total) + ")",
                Exit::kUsage);
  const Json& c = f.combat;
  if (r->count("json")) {
    print_json({{"combat", wanted},
                {"t", f.adj->t},
                {"turn", f.adj->turn},
                {"phase", f.adj->phase},
                {"log_line", f.adj->seq},
                {"event", c},
                {"consequences", f.consequences}});
    return 0;
  }
  std::ostringstream out;
  out << "Turn " << f.adj->turn << ", " << f.adj->phase << " player-turn (adjudication " << f.adj->t
      << ", log line " << f.adj->seq << ")\n"
      << archive.ruleset().explain_combat(f.combat, f.consequences);
  std::cout << out.str();
  return 0;
}

}  // namespace adjutant::cli
