// `adjutant explain GAME --combat N`: the whole chain of one combat, read
// from the logged events (each unit's strength, modifiers, ratio, odds, die,
// CRT cell, result, and the retreats, eliminations and advances it caused).
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::cli {

using ledger::Json;

namespace {

struct Found {
  const game::Adjudication* adj = nullptr;
  Json combat;
  Json consequences = Json::array();
};

// What a combat causes, reported under it (docs/events.md); anything else
// (the next combat, the end of the phase, a rule of the turn) ends them.
bool consequence(const std::string& type) {
  return type == "retreat" || type == "displace" || type == "eliminate" || type == "exchange" ||
         type == "advance" || type == "ineffective" || type == "vp" || type == "exit" ||
         type == "demoralized" || type == "no_advance";
}

// Combats carry one number everywhere, "T.N": the N-th attack declared in
// game-turn T. `all` collects every number, to name them when none matches.
Found find_combat(const std::vector<game::Adjudication>& adjudications, const std::string& wanted,
                  std::vector<std::string>& all) {
  Found f;
  for (const auto& a : adjudications) {
    bool inside = false;
    for (const auto& e : a.events) {
      std::string type = e.value("type", "");
      if (type == "combat") {
        std::string label = e.value("combat", "");
        all.push_back(label);
        inside = label == wanted;
        if (inside) {
          f.adj = &a;
          f.combat = e;
        }
      } else if (inside && consequence(type)) {
        f.consequences.push_back(e);
      } else {
        inside = false;
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
      "odds, die, CRT cell, result, and the retreats, eliminations and advances it\n"
      "caused. Combats carry one number everywhere (echo, report, map): T.N, the\n"
      "N-th attack declared in game-turn T.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "combat", "combat number, as T.N (\"3.2\")", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (!r->count("combat")) throw Error("usage.missing", "missing --combat T.N", Exit::kUsage);
  game::ReadGame g(required(*r, "game"));
  const game::Archive& archive = g.archive;
  auto adjudications = archive.adjudications();
  std::vector<std::string> all;
  std::string wanted = (*r)["combat"].as<std::string>();
  Found f = find_combat(adjudications, wanted, all);
  if (!f.adj) {
    std::string known;
    for (const auto& l : all) known += (known.empty() ? "" : ", ") + l;
    throw Error("explain.no_combat",
                "no combat " + in_quotes(wanted) + " in this game (combats: " +
                    (known.empty() ? std::string("none") : known) + ")",
                Exit::kUsage);
  }
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
  out << "Turn " << f.adj->turn << ", " << archive.ruleset().side_name(f.adj->phase)
      << " player-turn (adjudication " << f.adj->t << ", log line " << f.adj->seq << ")\n"
      << archive.ruleset().explain_combat(f.combat, f.consequences);
  std::cout << out.str();
  return 0;
}

}  // namespace adjutant::cli
