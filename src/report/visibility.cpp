#include "report/visibility.h"

namespace adjutant::report {

model::State visible_state(const GameFacts& game, const model::State& state,
                           const std::string& side) {
  if (!game.ruleset) return state;
  return game.ruleset->view(state, side == kUmpire ? std::string() : side);
}

Json visible_events(const Json& events, const std::string& side) {
  Json out = Json::array();
  if (!events.is_array()) return out;
  for (const Json& e : events) {
    if (side != kUmpire && e.is_object() && e.contains("visible_to") &&
        e["visible_to"].is_array()) {
      bool seen = false;
      for (const Json& s : e["visible_to"]) seen = seen || (s.is_string() && s == side);
      if (!seen) continue;
    }
    out.push_back(e);
  }
  return out;
}

Json visible_events(const GameFacts& game, const Json& events, const std::string& side) {
  if (side != kUmpire && game.ruleset && game.ruleset->fog_of_war())
    return game.ruleset->visible_events(events, side);
  return visible_events(events, side);
}

std::vector<std::string> visible_echo(const ReportInput& in) {
  if (in.side == kUmpire || !in.game.ruleset) return in.adj.echo;
  if (in.game.ruleset->fog_of_war())
    if (auto seen = in.game.ruleset->visible_echo(in.adj.echo, in.side)) return *seen;
  // A side always reads the echo of its own orders; others read it unless
  // the ruleset hides the mover's position from them.
  if (in.side == in.adj.phase) return in.adj.echo;
  model::State full = in.adj.after;
  model::State seen = in.game.ruleset->view(full, in.side);
  if (seen.to_json()["units"] == full.to_json()["units"]) return in.adj.echo;
  return {};
}

}  // namespace adjutant::report
