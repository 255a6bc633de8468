#include "bot/bluegray/moves.h"

#include <algorithm>
#include <optional>
#include <tuple>

#include "bot/bluegray/reach.h"
#include "rules/bluegray/arrivals.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/exits.h"

namespace adjutant::bot::bluegray {

namespace {

namespace bg = rules::bluegray;

// A unit that may move this phase: on the map and free to, or due to enter.
struct Mover {
  std::string id;
  const UnitDef* def = nullptr;
  bool enter = false;
  std::vector<Hex> entries;  // entry hexes, for a reinforcement
  bool ineffective = false;
};

// One way to end a move: from which start (entry hex), where, for what MP.
struct Choice {
  Hex start;
  Hex to;
  int mp = 0;
  bool exit = false;
};

class Planner {
 public:
  explicit Planner(const Situation& s) : s_(s) {
    for (const auto& id : s.board.units_of(s.side)) {
      Hex at = *s.board.hex_of(id);
      pos_[id] = at;
      if (bg::is_combat(*s.board.def(id))) ++count_[at];
    }
    collect_movers();
  }

  std::vector<Json> run() {
    exits();
    garrisons();
    if (!s_.night) attacks();
    advance();
    return moves_;
  }

 private:
  void collect_movers() {
    for (const auto& [id, u] : s_.state.units) {
      const UnitDef* d = s_.sc.unit(id);
      if (!d || d->side != s_.side) continue;
      Mover m{id, d, false, {}, u.ineffective};
      if (u.status == model::UnitStatus::kActive) {
        if (!pos_.count(id)) continue;
        Hex at = pos_.at(id);
        if (s_.ezoc.count(at)) continue;  // 5.1: leaves only by combat
        if (s_.night && next_to_enemy(at)) continue;  // 9.0
      } else if (u.status == model::UnitStatus::kWaiting) {
        auto a = bg::arrival_of(s_.board, id);
        if (!a || a->turn > s_.state.turn) continue;
        m.enter = true;
        m.entries = a->hexes;
      } else {
        continue;
      }
      movers_.push_back(m);
    }
  }

  bool next_to_enemy(Hex h) const {
    for (Hex n : hex::neighbours(h))
      if (s_.enemy_hexes.count(n)) return true;
    return false;
  }

  bool combat(const Mover& m) const { return bg::is_combat(*m.def); }

  // Room at `h` for the mover at the end of its move (6.0).
  bool room(const Mover& m, Hex h) const {
    if (!combat(m)) return true;
    auto it = count_.find(h);
    return it == count_.end() || it->second < s_.sc.stacking;
  }

  // Where the mover may end its move, from each of its starts.
  std::vector<Reach> options(const Mover& m) const {
    if (!m.enter) return {reach(s_, pos_.at(m.id), 0, m.def->movement, false, m.ineffective)};
    std::vector<Reach> out;
    for (Hex h : m.entries) {
      if (s_.enemy_hexes.count(h)) continue;          // 14.31
      if (s_.night && s_.ezoc.count(h)) continue;     // 9.0
      auto e = entered_.find(h);
      int spent = bg::entry_cost(s_.sc, h, e == entered_.end() ? 0 : e->second);
      out.push_back(reach(s_, h, spent, m.def->movement, true, m.ineffective));
    }
    return out;
  }

  // Gives the move: the order, and the position it leaves.
  void give(const Mover& m, const Choice& c) {
    Json order = {{"unit", m.id}, {"to", hex::format(c.to)}};
    if (m.enter) {
      order["enter"] = hex::format(c.start);
      ++entered_[c.start];
    } else if (combat(m)) {
      --count_[c.start];
    }
    if (c.exit) {
      order["exit"] = true;
      pos_.erase(m.id);
    } else {
      pos_[m.id] = c.to;
      if (combat(m)) ++count_[c.to];
    }
    moves_.push_back(order);
    done_.insert(m.id);
  }

  std::tuple<int, int, std::uint64_t> rank(int field, int mp, Hex h) const {
    return {field, mp, s_.tie(hex::format(h))};
  }

  // The best end of a move by `field`: a hex with room, not holding the
  // enemy, in an enemy ZOC only when `contact`. Staying put is a choice for
  // a unit on the map; nullopt when it should stay (or cannot enter).
  std::optional<Choice> toward(const Mover& m, const HexGrid<int>& field, bool contact) const {
    std::optional<Choice> best;
    std::tuple<int, int, std::uint64_t> best_rank{kUnreached + 1, 0, 0};
    if (!m.enter) {
      Hex at = pos_.at(m.id);
      best_rank = rank(field[at], 0, at);
    }
    for (const auto& r : options(m))
      for (const auto& [h, mp] : r.mp) {
        if (!m.enter && h == r.start) continue;
        if (!room(m, h) || (!contact && s_.ezoc.count(h))) continue;
        auto key = rank(field[h], mp, h);
        if (key < best_rank) best = Choice{r.start, h, mp, false}, best_rank = key;
      }
    return best;
  }

  // 14.4, 14.53: leaving the map scores for this unit.
  bool exit_scores(const Mover& m) const {
    for (const auto& x : s_.sc.exits)
      if (x.admits(*m.def) && x.vp_per_sp * m.def->strength + x.vp_per_unit > 0) return true;
    auto race = bg::exclusive_rules(s_.sc).exit_race;
    return race && race->side == s_.side && race->types.count(m.def->type);
  }

  std::vector<Hex> exit_hexes(const Mover& m) const {
    std::vector<Hex> out;
    for (int c = 1; c <= s_.sc.columns; ++c)
      for (int r = 1; r <= s_.sc.rows; ++r)
        if (Hex h{c, r}; s_.sc.on_map(h) && bg::exit_zone(s_.sc, *m.def, h)) out.push_back(h);
    return out;
  }

  void exits() {
    for (const auto& m : movers_) {
      if (done_.count(m.id) || !exit_scores(m)) continue;
      std::optional<Choice> best;
      std::tuple<int, int, std::uint64_t> best_rank;
      for (const auto& r : options(m))
        for (const auto& [h, mp] : r.mp) {
          const auto* x = bg::exit_zone(s_.sc, *m.def, h);
          if (!x || s_.ezoc.count(h) || mp + x->mp > m.def->movement) continue;
          auto key = rank(0, mp, h);
          if (!best || key < best_rank) best = Choice{r.start, h, mp, true}, best_rank = key;
        }
      if (best) {
        give(m, *best);
        continue;
      }
      auto to = toward(m, distance_field(s_, exit_hexes(m)), false);
      if (to) give(m, *to);
    }
  }

  // The unit standing on (or sent to) each victory hex.
  void garrisons() {
    std::vector<const model::VictoryHex*> hexes;
    for (const auto& v : s_.sc.victory.hexes) hexes.push_back(&v);
    std::stable_sort(hexes.begin(), hexes.end(),
                     [](const auto* a, const auto* b) { return a->vp > b->vp; });
    for (const auto* v : hexes) {
      if (s_.enemy_hexes.count(v->hex)) {
        targets_.insert(v->hex);
        continue;
      }
      bool held = false;
      for (const auto& [id, at] : pos_)
        if (at == v->hex && bg::is_combat(*s_.sc.unit(id))) held = true, done_.insert(id);
      if (held) continue;
      HexGrid<int> field = distance_field(s_, {v->hex});
      const Mover* pick = nullptr;
      std::tuple<int, int, std::uint64_t> pick_rank;
      for (const auto& m : movers_) {
        if (done_.count(m.id) || !combat(m) || m.ineffective) continue;
        Hex from = m.enter ? m.entries.front() : pos_.at(m.id);
        if (field[from] >= kUnreached) continue;
        // Infantry or cavalry hold ground; artillery only where no other can.
        auto key = rank(field[from] + (bg::is_artillery(*m.def) ? kUnreached : 0), 0, from);
        if (!pick || key < pick_rank) pick = &m, pick_rank = key;
      }
      if (!pick) continue;
      std::optional<Choice> go;
      for (const auto& r : options(*pick))
        if (auto it = r.mp.find(v->hex); it != r.mp.end() && room(*pick, v->hex))
          go = Choice{r.start, v->hex, it->second, false};
      if (!go) go = toward(*pick, field, false);
      if (go && !(go->to == go->start && !pick->enter)) give(*pick, *go);
      done_.insert(pick->id);
    }
  }

  int defence_of(Hex t) const {
    int sp = 0;
    for (const auto& id : s_.board.units_at(t, s_.enemy)) sp += s_.sc.unit(id)->strength;
    return sp * s_.sc.terrain_at(t).defence;
  }

  bool has_combat_enemy(Hex t) const {
    for (const auto& id : s_.board.units_at(t, s_.enemy))
      if (bg::is_combat(*s_.sc.unit(id))) return true;
    return false;
  }

  // Enemy hexes next to where own combat units stand or will stand: they
  // are attacked this phase anyway.
  std::set<Hex> engaged() const {
    std::set<Hex> out;
    for (const auto& [id, at] : pos_) {
      if (!bg::is_combat(*s_.sc.unit(id))) continue;
      for (Hex n : hex::neighbours(at))
        if (s_.enemy_hexes.count(n)) out.insert(n);
    }
    return out;
  }

  struct Assault {
    Hex target;
    int attack = 0;
    int defence = 0;
    std::vector<std::pair<const Mover*, Choice>> moves;
  };

  // The most a target can be attacked with by the movers still free.
  std::optional<Assault> assault(Hex t, const std::set<Hex>& engaged,
                                 const std::map<std::string, std::vector<Reach>>& reaches) const {
    Assault a;
    a.target = t;
    a.defence = defence_of(t);
    for (const auto& [id, at] : pos_)
      if (hex::adjacent(at, t) && !s_.board.ineffective(id) && bg::is_combat(*s_.sc.unit(id)))
        a.attack += s_.sc.unit(id)->strength;
    std::set<Hex> spots;
    for (Hex n : hex::neighbours(t)) {
      if (!s_.sc.on_map(n) || s_.enemy_hexes.count(n) || !s_.sc.terrain_at(n).passable) continue;
      bool alone = true;
      for (Hex m : hex::neighbours(n))
        if (m != t && s_.enemy_hexes.count(m) && !engaged.count(m)) alone = false;
      if (alone) spots.insert(n);
    }
    std::vector<const Mover*> free;
    for (const auto& m : movers_)
      if (!done_.count(m.id) && combat(m) && !m.ineffective) free.push_back(&m);
    std::stable_sort(free.begin(), free.end(), [&](const Mover* x, const Mover* y) {
      return std::make_tuple(-x->def->strength, s_.tie(x->id)) <
             std::make_tuple(-y->def->strength, s_.tie(y->id));
    });
    std::map<Hex, int> extra;  // units this assault adds to each spot
    auto enough = [&] { return a.attack >= s_.temper.enough_a * a.defence; };
    for (const Mover* m : free) {
      if (enough()) break;
      std::optional<Choice> best;
      std::tuple<int, int, std::uint64_t> best_rank;
      for (const auto& r : reaches.at(m->id))
        for (Hex h : spots) {
          auto it = r.mp.find(h);
          if (it == r.mp.end() || (!m->enter && h == r.start)) continue;
          auto c = count_.find(h);
          if ((c == count_.end() ? 0 : c->second) + extra[h] >= s_.sc.stacking) continue;
          auto key = rank(0, it->second, h);
          if (!best || key < best_rank) best = Choice{r.start, h, it->second, false}, best_rank = key;
        }
      if (!best) continue;
      ++extra[best->to];
      a.attack += m->def->strength;
      a.moves.push_back({m, *best});
    }
    if (a.moves.empty() || a.defence <= 0) return std::nullopt;
    if (a.attack * s_.temper.odds_b < s_.temper.odds_a * a.defence) return std::nullopt;
    return a;
  }

  // Objectives first, then the higher ratio attack:defence.
  bool better(const Assault& a, const Assault& b) const {
    int pa = targets_.count(a.target), pb = targets_.count(b.target);
    if (pa != pb) return pa > pb;
    std::int64_t x = std::int64_t(a.attack) * b.defence, y = std::int64_t(b.attack) * a.defence;
    if (x != y) return x > y;
    return s_.tie(hex::format(a.target)) < s_.tie(hex::format(b.target));
  }

  // Into contact where the odds are good enough: the best odds first.
  void attacks() {
    for (;;) {
      std::map<std::string, std::vector<Reach>> reaches;
      for (const auto& m : movers_)
        if (!done_.count(m.id)) reaches[m.id] = options(m);
      std::set<Hex> eng = engaged();
      std::optional<Assault> best;
      for (Hex t : s_.enemy_hexes) {
        if (!has_combat_enemy(t)) continue;
        auto a = assault(t, eng, reaches);
        if (!a) continue;
        if (!best || better(*a, *best)) best = a;
      }
      if (!best) return;
      for (const auto& [m, c] : best->moves) give(*m, c);
    }
  }

  // Everyone else: toward the enemy, short of its zones of control.
  void advance() {
    std::vector<Hex> fronts, batteries;
    for (Hex e : s_.enemy_hexes) {
      for (Hex n : hex::ring(e, 1))
        if (s_.sc.on_map(n) && !s_.enemy_hexes.count(n)) fronts.push_back(n);
      for (Hex n : hex::ring(e, 2))
        if (s_.sc.on_map(n) && !s_.enemy_hexes.count(n) && !next_to_enemy(n)) batteries.push_back(n);
    }
    if (fronts.empty())
      for (const auto& v : s_.sc.victory.hexes) fronts.push_back(v.hex);
    if (fronts.empty()) return;
    HexGrid<int> front = distance_field(s_, fronts);
    HexGrid<int> battery = batteries.empty() ? front : distance_field(s_, batteries);
    for (const auto& m : movers_) {
      if (done_.count(m.id)) continue;
      auto to = toward(m, bg::is_artillery(*m.def) ? battery : front, false);
      if (to) give(m, *to);
    }
  }

  const Situation& s_;
  std::vector<Mover> movers_;
  std::map<std::string, Hex> pos_;  // own units on the map, where they end up
  std::map<Hex, int> count_;        // own combat units per hex, as moved so far
  std::map<Hex, int> entered_;      // units entered per hex so far (column entry)
  std::set<std::string> done_;
  std::set<Hex> targets_;  // victory hexes the enemy stands on
  std::vector<Json> moves_;
};

}  // namespace

std::vector<Json> plan_moves(const Situation& s) {
  return Planner(s).run();
}

}  // namespace adjutant::bot::bluegray
