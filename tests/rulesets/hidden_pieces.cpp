#include "rulesets/hidden_pieces.h"

#include <algorithm>
#include <mutex>
#include <set>

#include "ledger/dice_draw.h"
#include "rules/bot.h"
#include "rules/bot_seeded.h"
#include "rules/package.h"
#include "rules/ruleset.h"
#include "util/error.h"

namespace adjutant::testing {

namespace {

using ledger::Json;
using model::State;
using model::UnitState;
using model::UnitStatus;
using rules::Checked;
using rules::OrderProblem;
using rules::PhaseInfo;

const std::vector<std::string> kSides = {"north", "south"};

class HiddenPieces : public rules::Ruleset {
 public:
  HiddenPieces(const Json& scenario, const std::string& source, int version)
      : scenario_(scenario), version_(version) {
    auto need_int = [&](const char* key, int lo, int hi) {
      if (!scenario.contains(key) || !scenario[key].is_number_integer() ||
          scenario[key].get<long long>() < lo || scenario[key].get<long long>() > hi)
        throw Error("scenario.field", source + ": \"" + key + "\" must be an integer from " +
                                          std::to_string(lo) + " to " + std::to_string(hi));
      return int(scenario[key].get<long long>());
    };
    length_ = need_int("length", 2, 1000);
    turns_ = need_int("turns", 1, 100);
    reach_ = need_int("reach", 1, 1000);
    // Every scenario names its sides in "sides" (docs/protocol.md 3).
    if (scenario.value("sides", Json()) != Json::array({{{"id", kSides[0]}}, {{"id", kSides[1]}}}))
      throw Error("scenario.field", source +
                                        ": \"sides\" must be [{\"id\": \"north\"}, "
                                        "{\"id\": \"south\"}]");
    if (!scenario.contains("pieces") || !scenario["pieces"].is_object())
      throw Error("scenario.field", source + ": \"pieces\" must be an object of sides");
  }

  std::string id() const override { return kHiddenPieces; }
  int version() const override { return version_; }
  std::vector<std::string> sides() const override { return kSides; }

  State initial_state() const override {
    State s;
    s.scenario = scenario_.value("id", "");
    s.turn = 1;
    s.phase = "move";
    for (const auto& side : kSides)
      for (const auto& p : scenario_["pieces"].value(side, Json::array())) {
        UnitState u;
        u.extra = {{"side", side}, {"at", p.at("at").get<int>()}};
        s.units[p.at("id").get<std::string>()] = u;
      }
    return s;
  }

  PhaseInfo current_phase(const State& state) const override {
    if (state.phase.empty()) return {state.turn, "", ""};
    return {state.turn, kSides.front(), "move", kSides};
  }

  bool umpire_required() const override { return true; }
  Json empty_orders(const std::string&) const override { return {{"moves", Json::array()}}; }
  bool fog_of_war() const override { return scenario_.value("fog", false); }

  Checked check(const State& state, const Json& orders, const std::string& source) const override {
    std::vector<OrderProblem> problems;
    std::string side = orders.value("side", "");
    Checked out;
    out.plan = {{"side", side}, {"moves", Json::array()}};
    if (!orders.contains("moves") || !orders["moves"].is_array()) {
      problems.push_back({"orders.format", -1, "", "", "", "\"moves\" must be an array"});
      throw rules::OrdersRefused(source, problems);
    }
    std::set<std::string> moved;
    int n = 0;
    for (const auto& m : orders["moves"]) {
      int index = n++;
      std::string piece = m.is_object() ? m.value("piece", "") : "";
      auto it = state.units.find(piece);
      if (it == state.units.end() || it->second.extra.value("side", "") != side ||
          it->second.status != UnitStatus::kActive) {
        problems.push_back(
            {"move.unknown_piece", index, piece, "", "", "not a piece of " + side + " in play"});
        continue;
      }
      if (!m.contains("to") || !m["to"].is_number_integer()) {
        problems.push_back({"move.no_square", index, piece, "", "", "\"to\" must be a square"});
        continue;
      }
      long long to = m["to"].get<long long>();
      int at = it->second.extra.value("at", 0);
      if (to < 0 || to >= length_)
        problems.push_back({"move.off_line", index, piece, "", "", "square off the line"});
      else if ((to > at ? to - at : at - to) > reach_)
        problems.push_back({"move.too_far", index, piece, "", "", "beyond the reach"});
      else if (!moved.insert(piece).second)
        problems.push_back({"move.twice", index, piece, "", "", "moves twice"});
      else {
        out.plan["moves"].push_back({{"piece", piece}, {"from", at}, {"to", to}});
        out.echo.push_back(piece + " moves " + std::to_string(at) + "-" + std::to_string(to));
      }
    }
    if (!problems.empty()) throw rules::OrdersRefused(source, problems);
    return out;
  }

  Json adjudicate(const State& state, const Checked& checked, ledger::Dice& dice) const override {
    return adjudicate_phase(state, {{checked.plan.value("side", ""), checked}}, dice);
  }

  Json adjudicate_phase(const State& state, const std::vector<rules::SideOrders>& orders,
                        ledger::Dice& dice) const override {
    Json events = Json::array();
    std::map<std::string, int> at;
    for (const auto& [id, u] : state.units)
      if (u.status == UnitStatus::kActive) at[id] = u.extra.value("at", 0);
    for (const auto& o : orders)
      for (const auto& m : o.checked.plan["moves"]) {
        std::string piece = m["piece"];
        events.push_back({{"type", "move"},
                          {"side", o.side},
                          {"piece", piece},
                          {"from", m["from"]},
                          {"to", m["to"]}});
        at[piece] = m["to"].get<int>();
      }
    // A square holding both sides' pieces: one of them, drawn from a tin,
    // is lost (the draw primitive of docs/protocol.md 8a).
    std::map<int, std::vector<std::string>> squares;
    for (const auto& [id, square] : at) squares[square].push_back(id);
    for (const auto& [square, pieces] : squares) {
      std::set<std::string> sides;
      for (const auto& p : pieces) sides.insert(state.units.at(p).extra.value("side", ""));
      if (sides.size() < 2) continue;
      int drawn =
          ledger::draw(dice, int(pieces.size()), 1, "clash at " + std::to_string(square)).front();
      const std::string& lost = pieces[std::size_t(drawn)];
      events.push_back({{"type", "clash"},
                        {"square", square},
                        {"lost", lost},
                        {"side", state.units.at(lost).extra.value("side", "")}});
    }
    events.push_back({{"type", "turn_end"}, {"turn", state.turn}});
    return events;
  }

  State apply(const State& state, const Json& events) const override {
    State s = state;
    for (const auto& e : events) {
      std::string type = e.value("type", "");
      if (type == "move") {
        s.units.at(e["piece"].get<std::string>()).extra["at"] = e["to"];
      } else if (type == "clash") {
        s.units.at(e["lost"].get<std::string>()).status = UnitStatus::kEliminated;
      } else if (type == "turn_end") {
        s.turn = state.turn + 1;
        if (s.turn > turns_) {
          s.phase = "";
          s.turn = turns_;
          int north = 0, south = 0;
          for (const auto& [id, u] : s.units)
            if (u.status == UnitStatus::kActive)
              ++(u.extra.value("side", "") == "north" ? north : south);
          s.result =
              north == south ? "draw" : (north > south ? "north" : "south") + std::string(" wins");
        }
      }
    }
    return s;
  }

  // A side sees its own pieces; the enemy's are gone from its view, with
  // only their count kept.
  State view(const State& state, const std::string& side) const override {
    if (side.empty() || side == "umpire") return state;
    State v = state;
    int hidden = 0;
    for (auto it = v.units.begin(); it != v.units.end();) {
      if (it->second.extra.value("side", "") != side) {
        if (it->second.status == UnitStatus::kActive) ++hidden;
        it = v.units.erase(it);
      } else {
        ++it;
      }
    }
    v.extra["enemy_pieces"] = hidden;
    return v;
  }

  // Its own moves, and the squares of clashes with the side that lost; never
  // an enemy piece's name or move.
  Json visible_events(const Json& events, const std::string& side) const override {
    Json out = Json::array();
    for (const auto& e : events) {
      std::string type = e.value("type", "");
      if (type == "move" && e.value("side", "") == side) out.push_back(e);
      if (type == "clash") {
        Json c = {{"type", "clash"}, {"square", e["square"]}, {"side", e["side"]}};
        if (e.value("side", "") == side) c["lost"] = e["lost"];
        out.push_back(c);
      }
      if (type == "turn_end") out.push_back(e);
    }
    return out;
  }

  // A side's part of the scenario (docs/protocol.md 10a): the line and its
  // own pieces where they start, under "own" (never "pieces", which a
  // copy's bytes are searched for); the other side's, never.
  Json side_scenario(const Json& scenario, const std::string& side) const override {
    return {{"format", "hidden-pieces-part"},
            {"side", side},
            {"length", scenario.value("length", 0)},
            {"own", scenario["pieces"].value(side, Json::array())}};
  }

  // Its own events in words; the rest (move) in the words the rulesets
  // share.
  std::string describe_event(const Json& e) const override {
    const std::string type = e.value("type", "");
    if (type == "move")
      return e.value("piece", "") + " moves from square " + std::to_string(e.value("from", 0)) +
             " to " + std::to_string(e.value("to", 0));
    if (type == "clash")
      return "clash on square " + std::to_string(e.value("square", 0)) + ": " +
             (e.contains("lost") ? e.value("lost", "") + " of " : std::string("a piece of ")) +
             e.value("side", "") + " is lost";
    if (type == "turn_end") return "end of turn " + std::to_string(e.value("turn", 0));
    return Ruleset::describe_event(e);
  }

  std::string draw_svg(const State& state, const std::string& side) const override {
    State v = view(state, side);
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                      std::to_string(length_ * 20) + "\" height=\"40\">";
    for (const auto& [id, u] : v.units)
      if (u.status == UnitStatus::kActive)
        svg += "<text x=\"" + std::to_string(u.extra.value("at", 0) * 20) + "\" y=\"20\">" + id +
               "</text>";
    return svg + "</svg>\n";
  }

  const Json& scenario() const { return scenario_; }

 private:
  Json scenario_;
  int version_;
  int length_ = 0;
  int turns_ = 0;
  int reach_ = 0;
};

std::unique_ptr<rules::Ruleset> make(const Json& scenario, const std::string& source, int version) {
  return std::make_unique<HiddenPieces>(scenario, source, version);
}

// The bot: each piece of the side in play steps toward the other end of the
// line, by 1 to `reach` squares drawn from the seed, stopping at the end.
class MarchGenerator : public bot::OrderGenerator {
 public:
  bot::Orders orders(const bot::Request& r) const override {
    const State seen = r.ruleset.view(r.state, r.side);
    const auto* game = dynamic_cast<const HiddenPieces*>(&r.ruleset);
    if (!game) throw Error("bot.no_generator", "not a hidden-pieces game");
    const Json& scenario = game->scenario();
    const int length = scenario.value("length", 2), reach = scenario.value("reach", 1);
    bot::Orders out;
    out.body = {{"moves", Json::array()}};
    for (const auto& [id, u] : seen.units) {
      if (u.status != UnitStatus::kActive || u.extra.value("side", "") != r.side) continue;
      const int at = u.extra.value("at", 0);
      const int step = 1 + int(bot::seeded(r.seed, bot::text_hash(id), std::uint64_t(at)) %
                               std::uint64_t(reach));
      const int to = r.side == "north" ? std::min(length - 1, at + step) : std::max(0, at - step);
      if (to != at) out.body["moves"].push_back({{"piece", id}, {"to", to}});
    }
    return out;
  }
};

std::unique_ptr<bot::OrderGenerator> make_bot() {
  return std::make_unique<MarchGenerator>();
}

}  // namespace

// The ruleset's one registration: its own scenario format, fog of war when
// the scenario asks, its bot, and its own picture (draw_svg); no text
// orders and no order page.
const rules::Package& hidden_pieces_package() {
  static const rules::Package p = [] {
    rules::Package p;
    p.info = {kHiddenPieces, 1, 1, false};
    p.make = &make;
    p.bot = &make_bot;
    p.board = rules::Board::kOwn;
    return p;
  }();
  return p;
}

void register_hidden_pieces() {
  static std::once_flag once;
  std::call_once(once, [] { rules::add_package(hidden_pieces_package()); });
}

Json hidden_pieces_scenario(int turns, bool fog) {
  return {{"ruleset", kHiddenPieces},
          {"fog", fog},
          {"sides", {{{"id", "north"}}, {{"id", "south"}}}},
          {"id", "line-duel"},
          {"title", "Two sides on a line"},
          {"length", 20},
          {"turns", turns},
          {"reach", 4},
          {"pieces",
           {{"north", {{{"id", "n1"}, {"at", 2}}, {{"id", "n2"}, {"at", 5}}}},
            {"south", {{{"id", "s1"}, {"at", 14}}, {{"id", "s2"}, {"at", 17}}}}}}};
}

}  // namespace adjutant::testing
