// The events of a turn applied to the game state (apply_turn, turn.h):
// each event carries the values after it, so applying reads them and
// decides nothing.
#include "rules/chaos/turn.h"

#include <algorithm>

#include "rules/chaos/readings.h"
#include "rules/chaos/table_play.h"

namespace adjutant::rules::chaos {

namespace {

// A regiment's values after a fight step: its place ("to", or "at" for a
// new fight's mover), stress, stands, removal.
void apply_fight_unit(ChaosState& st, const Json& u) {
  if (!u.is_object() || !u.contains("regiment")) return;
  auto& r = st.regiments.at(u["regiment"].get<std::string>());
  if (u.contains("to")) r.at = point_of(u["to"]);
  if (u.contains("facing")) r.facing = u["facing"].get<int>();
  if (u.contains("stress")) r.stress = u["stress"].get<int>();
  if (u.contains("stands")) r.stands = u["stands"].get<int>();
  if (u.value("removed", false)) {
    r.removed = true;
    r.at.reset();
  }
  // Version 3 (fight.artillery, fight.cavalry): a battery that moved back
  // limbered or limbered on passing its test; dismounted cavalry that
  // passed its test mounted. Earlier versions write neither.
  if (u.value("limbered", false)) r.limbered = true;
  if (u.value("rule", "") == "fight.cavalry" && u.contains("test"))
    r.dismounted = !u["test"].value("passed", false);
}

void apply_fight_event(ChaosState& st, const Json& e) {
  if (e["type"] == "fight_start")
    st.regiments.at(e["regiment"].get<std::string>()).at = point_of(e["to"]);
  if (e.contains("unit")) apply_fight_unit(st, e["unit"]);
  for (const char* list : {"minimum", "units"})
    if (e.contains(list))
      for (const auto& u : e[list]) apply_fight_unit(st, u);
  if (e.contains("brigades"))
    for (const auto& b : e["brigades"])
      st.brigades.at(b["brigade"].get<std::string>()).stress = b["brigade_stress"].get<int>();
  if (e.contains("commanders"))
    for (const auto& c : e["commanders"])
      st.brigades.at(c["brigade"].get<std::string>()).commander = point_of(c["to"]);
}

}  // namespace

// One piece: one branch per event type the turn writes, each setting the
// values the event carries, so that every event is read in one place.
model::State apply_turn(const Scenario& scenario, const model::State& state, const Json& events) {
  model::State s = state;
  ChaosState st = chaos_of(state);
  for (const auto& e : events) {
    std::string type = e.value("type", "");
    if (type == "tokens_drawn") {
      auto tin = s.extra["tin"].get<std::vector<std::string>>();
      for (const auto& t : e["tokens"]) {
        auto it = std::find(tin.begin(), tin.end(), t.get<std::string>());
        if (it != tin.end()) tin.erase(it);
        s.extra["tokens"][e["side"].get<std::string>()].push_back(t);
      }
      s.extra["tin"] = tin;
      s.extra["tokens_drawn"] = true;
    } else if (type == "tokens_returned") {
      // Thrown back into the tin (token.rebel_yell), at its end.
      Json& held = s.extra["tokens"][e["side"].get<std::string>()];
      for (const auto& t : e["tokens"]) {
        for (std::size_t i = 0; i < held.size(); ++i)
          if (held[i] == t) {
            held.erase(i);
            break;
          }
        s.extra["tin"].push_back(t);
      }
    } else if (type == "chaos_roll") {
      st.brigades.at(e["brigade"].get<std::string>()).markers = {point_of(e["kept"])};
    } else if (type == "deploy" || type == "withdraw" || type == "maneuver") {
      auto& b = st.brigades.at(e["brigade"].get<std::string>());
      b.markers.clear();
      b.commander = point_of(e["commander"]);
      for (const auto& [r, v] : e["regiments"].items()) {
        auto& x = st.regiments.at(r);
        x.at = point_of(v["at"]);
        x.facing = v["facing"].get<int>();
        // Version 3 writes every regiment's flags when set; earlier
        // versions never set them.
        x.limbered = v.value("limbered", false);
        x.dismounted = v.value("dismounted", false);
      }
    } else if (type == "move") {
      auto& b = st.brigades.at(e["brigade"].get<std::string>());
      Point from = point_of(e["from"]), to = point_of(e["to"]);
      if (e["marker"].get<bool>()) {
        for (auto& p : b.markers)
          if (p == from) p = to;
      } else {
        b.commander = to;
        for (const auto& [r, v] : e["regiments"].items()) {
          auto& x = st.regiments.at(r);
          x.at = point_of(v);
          // Version 3 (move.deployed): a brigade marches limbered and
          // mounted.
          if (readings(scenario.rules_version).limbering_and_mounting && from != to) {
            Arm arm = regiment_spec(scenario, r).arm;
            if (arm == Arm::kArtillery) x.limbered = true;
            if (arm == Arm::kCavalry) x.dismounted = false;
          }
        }
      }
    } else if (type == "stress" || type == "rest") {
      st.brigades.at(e["brigade"].get<std::string>()).stress = e["brigade_stress"].get<int>();
      if (e.contains("regiments"))
        for (const auto& [r, v] : e["regiments"].items()) st.regiments.at(r).stress = v.get<int>();
    } else if (type == "artillery_fire") {
      for (const char* who : {"target", "battery"}) {
        auto& r = st.regiments.at(e[who].get<std::string>());
        std::string k = who;
        r.stress = e[k + "_stress"].get<int>();
        r.stands = e[k + "_stands"].get<int>();
        if (e[k + "_removed"].get<bool>()) {
          r.removed = true;
          r.at.reset();
        }
      }
    } else if (type.rfind("fight_", 0) == 0) {
      apply_fight_event(st, e);
      if (type == "fight_token") {
        // A revealed token goes back to the box (fight.lose).
        Json& held = s.extra["tokens"][e["side"].get<std::string>()];
        for (std::size_t i = 0; i < held.size(); ++i)
          if (held[i] == e["token"]) {
            held.erase(i);
            break;
          }
      }
    } else if (type == "wagon_destroyed") {
      st.wagons.at(e["wagon"].get<std::string>()).destroyed = true;
    } else if (type == "commander_move") {
      st.commanders.at(e["commander"].get<std::string>()).at = point_of(e["to"]);
    } else if (type == "remarker") {
      std::string id = e["brigade"].get<std::string>();
      auto& b = st.brigades.at(id);
      b.commander.reset();
      b.markers.clear();
      for (const auto& q : e["markers"]) b.markers.push_back(point_of(q));
      for (auto& [rid, r] : st.regiments)
        if (r.brigade == id) r.at.reset();
    } else if (type == "turn_end") {
      if (s.turn < int(scenario.turns.size())) {
        s.turn += 1;
        st.turn = s.turn;
      }
    } else if (type == "game_end") {
      s.phase = "";
      s.result = e["result"].get<std::string>();
    }
  }
  set_chaos(s, st);
  return s;
}

}  // namespace adjutant::rules::chaos
