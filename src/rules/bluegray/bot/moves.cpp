#include "rules/bluegray/bot/moves.h"

#include <algorithm>
#include <optional>
#include <tuple>

#include "rules/bluegray/arrivals.h"
#include "rules/bluegray/bot/reach.h"
#include "rules/bluegray/effectiveness.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/exits.h"
#include "rules/bluegray/readings.h"
#include "rules/bluegray/restrictions.h"
#include "rules/bluegray/stacking.h"

namespace adjutant::bot::bluegray {

namespace {

namespace bg = rules::bluegray;

// A unit that may move this phase: on the map and free to, or due to enter.
struct Mover {
  std::string id;
  const UnitDef* def = nullptr;
  bool enter = false;
  std::vector<Hex> entries;  // entry hexes, for a reinforcement
  std::optional<rules::hexmap::Arrival> arrival;
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
      stack_[at].push_back(id);
    }
    if (const auto& q = bg::exclusive_of(s.sc).quota; q && q->side == s.side)
      quota_left_ = q->units;
    collect_movers();
  }

  std::vector<Json> run() {
    exits();
    garrisons();
    if (!s_.night) attacks();
    advance();
    enter_the_rest();
    return moves_;
  }

 private:
  void collect_movers() {
    for (const auto& [id, u] : s_.state.units) {
      const UnitDef* d = s_.sc.unit(id);
      if (!d || d->side != s_.side) continue;
      Mover m{id, d, false, {}, std::nullopt, u.marked(bg::kIneffective)};
      if (u.status == model::UnitStatus::kActive) {
        if (!pos_.count(id)) continue;
        Hex at = pos_.at(id);
        if (s_.ezoc.count(at)) continue;              // 5.1: leaves only by combat
        if (s_.night && next_to_enemy(at)) continue;  // 9.0
      } else if (u.status == model::UnitStatus::kWaiting) {
        auto a = bg::arrival_of(s_.board, id);
        if (!a || a->turn > s_.state.turn) continue;
        m.enter = true;
        m.entries = a->hexes;
        m.arrival = a;
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

  // Room at `h` for the mover, and `more` units besides, at the end of its
  // move (6.0, and a side's own limit: H&L 19.0, 19.22).
  bool room(const Mover& m, Hex h, const std::vector<std::string>& more = {}) const {
    if (!combat(m)) return true;
    std::vector<std::string> units = more;
    if (auto it = stack_.find(h); it != stack_.end())
      units.insert(units.end(), it->second.begin(), it->second.end());
    units.push_back(m.id);
    return bg::stack_allowed(s_.board, s_.side, units);
  }

  // H&L 17.1, 19.11: a move of this unit counts against its side's quota.
  bool counted(const Mover& m) const { return bool(bg::quota_for(s_.sc, m.id)); }
  // The quota leaves room for a move of this unit.
  bool may_move(const Mover& m) const { return !counted(m) || quota_left_ > 0; }

  // Where the mover may end its move, from each of its starts.
  std::vector<Reach> options(const Mover& m) const {
    if (!m.enter) return {reach(s_, m.id, pos_.at(m.id), 0, m.def->movement, false, m.ineffective)};
    std::vector<Reach> out;
    for (Hex h : m.entries) {
      if (s_.enemy_hexes.count(h)) continue;       // 14.31
      if (s_.night && s_.ezoc.count(h)) continue;  // 9.0
      int place = bg::column_place(s_.board, *m.arrival, m.id, entered_, h);
      int spent = bg::entry_cost(s_.sc, *m.arrival, h, place);
      // 7.2, H&L 16.25: a place in the column beyond its allowance waits.
      if (spent > m.def->movement && bg::readings::entry_within_allowance(s_.sc)) continue;
      out.push_back(reach(s_, m.id, h, spent, m.def->movement, true, m.ineffective));
    }
    return out;
  }

  // Gives the move: the order, and the position it leaves.
  void give(const Mover& m, const Choice& c) {
    Json order = {{"unit", m.id}, {"to", s_.sc.numbers().format(c.to)}};
    if (m.enter) {
      order["enter"] = s_.sc.numbers().format(c.start);
      entered_[c.start].push_back(m.id);
    } else {
      auto& here = stack_[c.start];
      here.erase(std::remove(here.begin(), here.end(), m.id), here.end());
    }
    if (counted(m)) --quota_left_;
    if (c.exit) {
      order["exit"] = true;
      pos_.erase(m.id);
      if (const auto* x = bg::exit_zone(s_.sc, *m.def, c.to)) ++exited_[x];
    } else {
      pos_[m.id] = c.to;
      stack_[c.to].push_back(m.id);
    }
    moves_.push_back(order);
    done_.insert(m.id);
    given_.insert(m.id);
  }

  std::tuple<int, int, std::uint64_t> rank(int field, int mp, Hex h) const {
    return {field, mp, s_.tie(s_.sc.numbers().format(h))};
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

  // An exit `m` may take from `h` now: the zone's turns and limit (H&L
  // 16.22, counting the units sent off this phase), never late (16.27),
  // never from an enemy ZOC.
  const rules::hexmap::ExitZone* open_exit(const Mover& m, Hex h, int mp) const {
    const auto* x = bg::exit_zone(s_.sc, *m.def, h);
    if (!x || s_.ezoc.count(h) || mp + x->mp > m.def->movement) return nullptr;
    if (x->until_turn && s_.state.turn > x->until_turn) return nullptr;
    if (!bg::exit_refusal(s_.board, *x, m.id).id.empty()) return nullptr;
    if (x->max_units) {
      auto it = exited_.find(x);
      if (bg::exited_by(s_.board, *x) + (it == exited_.end() ? 0 : it->second) >= x->max_units)
        return nullptr;
    }
    return x;
  }

  // The cheapest exit the mover can take this phase, if any; `flank` for an
  // exit it comes back from (the flank march), else one that scores.
  std::optional<Choice> exit_now(const Mover& m, bool flank) const {
    std::optional<Choice> best;
    std::tuple<int, int, std::uint64_t> best_rank;
    for (const auto& r : options(m))
      for (const auto& [h, mp] : r.mp) {
        const auto* x = open_exit(m, h, mp);
        if (!x || bool(x->back) != flank) continue;
        auto key = rank(0, mp, h);
        if (!best || key < best_rank) best = Choice{r.start, h, mp, true}, best_rank = key;
      }
    return best;
  }

  void exits() {
    for (const auto& m : movers_) {
      if (done_.count(m.id) || !may_move(m) || !exit_scores(m)) continue;
      if (auto best = exit_now(m, false)) {
        give(m, *best);
        continue;
      }
      auto to = toward(m, distance_field(s_, exit_hexes(m)), false);
      if (to) give(m, *to);
    }
    // H&L 16.22: the seed sends some units on the flank march, those that
    // can leave this very phase, in the seed's order.
    int flank = s_.temper.flank_march;
    std::vector<const Mover*> order;
    for (const auto& m : movers_)
      if (!done_.count(m.id) && !m.enter && combat(m) && !m.ineffective && may_move(m))
        order.push_back(&m);
    std::stable_sort(order.begin(), order.end(),
                     [&](const Mover* x, const Mover* y) { return s_.tie(x->id) < s_.tie(y->id); });
    for (const Mover* m : order) {
      if (flank <= 0) break;
      if (auto best = exit_now(*m, true)) {
        give(*m, *best);
        --flank;
      }
    }
  }

  // The unit standing on (or sent to) each victory hex.
  void garrisons() {
    std::vector<const rules::hexmap::VictoryHex*> hexes;
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
        if (done_.count(m.id) || !may_move(m) || !combat(m) || m.ineffective) continue;
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
    std::map<Hex, std::vector<std::string>> extra;  // units this assault adds to each spot
    int quota = quota_left_;
    auto enough = [&] { return a.attack >= s_.temper.enough_a * a.defence; };
    for (const Mover* m : free) {
      if (enough()) break;
      if (counted(*m) && quota <= 0) continue;
      std::optional<Choice> best;
      std::tuple<int, int, std::uint64_t> best_rank;
      for (const auto& r : reaches.at(m->id))
        for (Hex h : spots) {
          auto it = r.mp.find(h);
          if (it == r.mp.end() || (!m->enter && h == r.start)) continue;
          if (!room(*m, h, extra[h])) continue;
          auto key = rank(0, it->second, h);
          if (!best || key < best_rank)
            best = Choice{r.start, h, it->second, false}, best_rank = key;
        }
      if (!best) continue;
      extra[best->to].push_back(m->id);
      if (counted(*m)) --quota;
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
    return s_.tie(s_.sc.numbers().format(a.target)) < s_.tie(s_.sc.numbers().format(b.target));
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
      // Units entering at one hex pay more the later they come (H&L 16.25):
      // each move is looked at again as the ones before it leave things.
      bool any = false;
      for (const auto& [m, c] : best->moves) {
        std::optional<Choice> now;
        for (const auto& r : options(*m))
          if (r.start == c.start && r.mp.count(c.to) && room(*m, c.to))
            now = Choice{c.start, c.to, r.mp.at(c.to), false};
        if (now) give(*m, *now), any = true;
        done_.insert(m->id);
      }
      if (!any) return;
    }
  }

  // Everyone else: toward the enemy, short of its zones of control.
  void advance() {
    std::vector<Hex> fronts, batteries;
    for (Hex e : s_.enemy_hexes) {
      for (Hex n : hex::ring(e, 1))
        if (s_.sc.on_map(n) && !s_.enemy_hexes.count(n)) fronts.push_back(n);
      for (Hex n : hex::ring(e, 2))
        if (s_.sc.on_map(n) && !s_.enemy_hexes.count(n) && !next_to_enemy(n))
          batteries.push_back(n);
    }
    if (fronts.empty())
      for (const auto& v : s_.sc.victory.hexes) fronts.push_back(v.hex);
    if (fronts.empty()) return;
    HexGrid<int> front = distance_field(s_, fronts);
    HexGrid<int> battery = batteries.empty() ? front : distance_field(s_, batteries);
    for (const auto& m : movers_) {
      if (done_.count(m.id) || !may_move(m)) continue;
      auto to = toward(m, bg::is_artillery(*m.def) ? battery : front, false);
      if (to) give(m, *to);
    }
  }

  // 14.33 (entry compulsory on the first turns), H&L 16.23, 16.25 (a unit
  // due back re-enters while it physically can): every such unit not yet
  // entered enters, into contact if it must, else stays at its entry hex.
  void enter_the_rest() {
    for (const auto& m : movers_) {
      if (!m.enter || given_.count(m.id)) continue;
      bool must = m.arrival->compulsory || s_.state.turn <= s_.sc.entry.compulsory_through;
      if (!must) continue;
      HexGrid<int> none(s_.sc, 0);
      auto to = toward(m, none, true);
      if (!to) {
        for (const auto& r : options(m))
          if (room(m, r.start) && r.mp.count(r.start)) {
            to = Choice{r.start, r.start, r.mp.at(r.start), false};
            break;
          }
      }
      if (to) give(m, *to);
    }
  }

  const Situation& s_;
  std::vector<Mover> movers_;
  std::map<std::string, Hex> pos_;                        // own units on the map, where they end up
  std::map<Hex, std::vector<std::string>> stack_;         // own units per hex, as moved so far
  std::map<const rules::hexmap::ExitZone*, int> exited_;  // units sent off by each exit so far
  int quota_left_ = 1 << 20;                              // moves the side's quota still allows
  bg::EntryColumns entered_;  // units entered per hex so far (column entry)
  std::set<std::string> done_;
  std::set<std::string> given_;  // units given a move
  std::set<Hex> targets_;        // victory hexes the enemy stands on
  std::vector<Json> moves_;
};

}  // namespace

std::vector<Json> plan_moves(const Situation& s) {
  return Planner(s).run();
}

}  // namespace adjutant::bot::bluegray
