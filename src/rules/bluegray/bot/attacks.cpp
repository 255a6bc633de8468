#include "rules/bluegray/bot/attacks.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "rules/bluegray/artillery.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/odds.h"
#include "rules/bluegray/strength.h"
#include "rules/bluegray/zoc.h"

namespace adjutant::bot::bluegray {

namespace {

namespace bg = rules::bluegray;

struct Stack {
  Hex at;
  std::vector<std::string> units;  // effective combat units, id order
  bool must = false;
};

struct Attack {
  std::vector<int> stacks;
  std::vector<Hex> hexes;
  std::vector<std::string> ranged;  // artillery firing from range (8.7)
};

class Combats {
 public:
  Combats(const Board& board, const std::string& side)
      : b_(board), side_(side), enemy_(board.enemy_of(side)) {
    // H&L 18.11-18.12, 20.12: a demoralized army neither advances nor
    // attacks voluntarily below the hook's odds.
    const auto& d = bg::exclusive_of(b_.scenario()).demoralization;
    if (d && bg::demoralized(b_.state(), side_)) {
      demoralized_ = true;
      no_advance_ = !d->no_advance_rule.empty();
      if (!d->odds_below.empty())
        floor_ = bg::column_of(b_.scenario().crt, d->odds_below).value_or(0);
    }
  }

  std::vector<Json> run() {
    gather();
    match();
    leftovers();
    balance();
    support();
    if (demoralized_) morale();
    return orders();
  }

 private:
  bool usable(const std::string& id) const {
    return bg::is_combat(*b_.def(id)) && !b_.ineffective(id);
  }

  bool enemy_next_to(Hex h) const {
    for (Hex n : hex::neighbours(h))
      if (b_.scenario().on_map(n) && b_.enemy_at(n, side_)) return true;
    return false;
  }

  void gather() {
    std::set<Hex> ezoc = bg::zoc_hexes(b_, enemy_);
    std::set<Hex> fzoc = bg::zoc_hexes(b_, side_);
    std::map<Hex, int> at;
    for (const auto& id : b_.units_of(side_)) {
      if (!usable(id)) continue;
      Hex h = *b_.hex_of(id);
      if (!enemy_next_to(h)) {
        if (bg::is_artillery(*b_.def(id))) batteries_[h].push_back(id);
        continue;
      }
      auto [it, fresh] = at.emplace(h, int(stacks_.size()));
      if (fresh) stacks_.push_back(Stack{h, {}, false});
      Stack& s = stacks_[std::size_t(it->second)];
      s.units.push_back(id);
      if (ezoc.count(h) || bg::is_artillery(*b_.def(id))) s.must = true;
    }
    for (std::size_t i = 0; i < stacks_.size(); ++i)
      for (Hex n : hex::neighbours(stacks_[i].at))
        if (b_.scenario().on_map(n) && b_.enemy_at(n, side_)) {
          near_[int(i)].push_back(n);
          around_[n].push_back(int(i));
        }
    for (const auto& id : b_.units_of(enemy_)) {
      Hex h = *b_.hex_of(id);
      if (bg::is_combat(*b_.def(id)) && fzoc.count(h) && around_.count(h)) required_.insert(h);
    }
    // Obliged stacks first, then by hex: the matching prefers them.
    for (auto& [h, list] : around_)
      std::stable_sort(list.begin(), list.end(), [&](int x, int y) {
        return stacks_[std::size_t(x)].must > stacks_[std::size_t(y)].must;
      });
  }

  // Kuhn's augmenting paths, from an enemy hex or from a stack.
  bool augment_hex(Hex h, std::set<int>& seen) {
    for (int s : around_[h]) {
      if (!seen.insert(s).second) continue;
      auto it = stack_hex_.find(s);
      if (it == stack_hex_.end() || augment_hex(it->second, seen)) {
        stack_hex_[s] = h;
        hex_stack_[h] = s;
        return true;
      }
    }
    return false;
  }

  bool augment_stack(int s, std::set<Hex>& seen) {
    for (Hex h : near_[s]) {
      if (!seen.insert(h).second) continue;
      auto it = hex_stack_.find(h);
      if (it == hex_stack_.end() || augment_stack(it->second, seen)) {
        stack_hex_[s] = h;
        hex_stack_[h] = s;
        return true;
      }
    }
    return false;
  }

  void match() {
    for (Hex h : required_) {
      std::set<int> seen;
      augment_hex(h, seen);
    }
    for (int s = 0; s < int(stacks_.size()); ++s) {
      if (!stacks_[std::size_t(s)].must || stack_hex_.count(s)) continue;
      std::set<Hex> seen;
      augment_stack(s, seen);
    }
    for (const auto& [s, h] : stack_hex_) attacks_.push_back(Attack{{s}, {h}, {}});
  }

  bool next_to_all(int s, const std::vector<Hex>& hexes) const {
    for (Hex h : hexes)
      if (!hex::adjacent(stacks_[std::size_t(s)].at, h)) return false;
    return true;
  }

  int column(const Attack& a) const {
    bg::Engagement e;
    for (int s : a.stacks)
      for (const auto& id : stacks_[std::size_t(s)].units) e.attackers.push_back(id);
    for (const auto& id : a.ranged) e.attackers.push_back(id);
    e.hexes = a.hexes;
    for (Hex h : a.hexes)
      for (const auto& id : b_.units_at(h, enemy_)) e.defenders.push_back(id);
    return bg::tally(b_, e).column;
  }

  int attack_of(int s) const {
    for (std::size_t i = 0; i < attacks_.size(); ++i)
      for (int x : attacks_[i].stacks)
        if (x == s) return int(i);
    return -1;
  }

  void leftovers() {
    for (Hex h : required_) {
      if (hex_stack_.count(h)) continue;
      std::optional<std::pair<int, std::size_t>> best;  // column after, attack
      for (std::size_t i = 0; i < attacks_.size(); ++i) {
        bool all = true;
        for (int s : attacks_[i].stacks) all = all && hex::adjacent(stacks_[std::size_t(s)].at, h);
        if (!all) continue;
        Attack trial = attacks_[i];
        trial.hexes.push_back(h);
        int c = column(trial);
        if (!best || c > best->first) best = std::make_pair(c, i);
      }
      if (best) attacks_[best->second].hexes.push_back(h);
    }
    for (int s = 0; s < int(stacks_.size()); ++s) {
      if (!stacks_[std::size_t(s)].must || attack_of(s) >= 0) continue;
      std::optional<std::pair<int, std::size_t>> best;  // gain, attack
      for (std::size_t i = 0; i < attacks_.size(); ++i) {
        if (!next_to_all(s, attacks_[i].hexes)) continue;
        Attack trial = attacks_[i];
        trial.stacks.push_back(s);
        int gain = column(trial) - column(attacks_[i]);
        if (!best || gain > best->first) best = std::make_pair(gain, i);
      }
      if (best) {
        attacks_[best->second].stacks.push_back(s);
        continue;
      }
      // Take a hex next to it out of an attack on several hexes.
      for (auto& a : attacks_) {
        if (a.hexes.size() < 2) continue;
        auto it = std::find_if(a.hexes.begin(), a.hexes.end(),
                               [&](Hex h) { return hex::adjacent(stacks_[std::size_t(s)].at, h); });
        if (it == a.hexes.end()) continue;
        Hex h = *it;
        a.hexes.erase(it);
        attacks_.push_back(Attack{{s}, {h}, {}});
        break;
      }
    }
  }

  // Moves a stack from one attack to another while the worse odds of the
  // two rise.
  void balance() {
    for (int round = 0; round < 64; ++round) {
      bool moved = false;
      for (std::size_t i = 0; i < attacks_.size() && !moved; ++i) {
        if (attacks_[i].stacks.size() < 2) continue;
        for (std::size_t k = 0; k < attacks_[i].stacks.size() && !moved; ++k) {
          int s = attacks_[i].stacks[k];
          for (std::size_t j = 0; j < attacks_.size() && !moved; ++j) {
            if (j == i || !next_to_all(s, attacks_[j].hexes)) continue;
            Attack from = attacks_[i], to = attacks_[j];
            from.stacks.erase(from.stacks.begin() + std::ptrdiff_t(k));
            to.stacks.push_back(s);
            int before = std::min(column(attacks_[i]), column(attacks_[j]));
            if (std::min(column(from), column(to)) <= before) continue;
            attacks_[i] = from;
            attacks_[j] = to;
            moved = true;
          }
        }
      }
      if (!moved) return;
    }
  }

  // 8.7, 8.71: artillery next to no enemy fires from range, the units of a
  // hex together (8.42), where the odds rise most.
  void support() {
    for (const auto& [h, units] : batteries_) {
      // Grand Chancellorsville 22.11: no bombarding from a ferry or pontoon hex.
      if (b_.scenario().terrain_at(h).no_bombard) continue;
      std::optional<std::pair<int, std::size_t>> best;  // gain, attack
      for (std::size_t i = 0; i < attacks_.size(); ++i) {
        if (attacks_[i].stacks.empty()) continue;
        if (!bg::artillery_reach(b_.scenario(), h, attacks_[i].hexes).sighted) continue;
        Attack trial = attacks_[i];
        trial.ranged.insert(trial.ranged.end(), units.begin(), units.end());
        int gain = column(trial) - column(attacks_[i]);
        if (gain > 0 && (!best || gain > best->first)) best = std::make_pair(gain, i);
      }
      if (best)
        attacks_[best->second].ranged.insert(attacks_[best->second].ranged.end(), units.begin(),
                                             units.end());
    }
  }

  // A demoralized army's attack below the floor keeps only the stacks that
  // had to attack (and no artillery firing from range); one left with none
  // is not made.
  void morale() {
    for (auto& a : attacks_) {
      if (a.stacks.empty() || column(a) >= floor_) continue;
      a.ranged.clear();
      std::vector<int> kept;
      for (int s : a.stacks)
        if (stacks_[std::size_t(s)].must) kept.push_back(s);
      a.stacks = kept;
    }
  }

  std::vector<Json> orders() const {
    std::vector<std::pair<int, Json>> out;
    for (const auto& a : attacks_) {
      if (a.stacks.empty() || a.hexes.empty()) continue;
      Json attackers = Json::array();
      std::optional<std::string> advance;
      int strongest = -1;
      for (int s : a.stacks)
        for (const auto& id : stacks_[std::size_t(s)].units) {
          attackers.push_back(id);
          const UnitDef* d = b_.def(id);
          if (!bg::is_artillery(*d) && d->strength > strongest)
            strongest = d->strength, advance = id;
        }
      for (const auto& id : a.ranged) attackers.push_back(id);
      Json defenders = Json::array();
      for (Hex h : a.hexes) defenders.push_back(b_.numbers().format(h));
      Json j = {{"attackers", attackers}, {"defenders", defenders}};
      if (advance && !no_advance_) j["advance"] = *advance;
      out.push_back({column(a), j});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    std::vector<Json> list;
    for (auto& [c, j] : out) list.push_back(std::move(j));
    return list;
  }

  const Board& b_;
  std::string side_, enemy_;
  std::vector<Stack> stacks_;
  std::map<int, std::vector<Hex>> near_;               // stack -> enemy hexes next to it
  std::map<Hex, std::vector<int>> around_;             // enemy hex -> stacks next to it
  std::set<Hex> required_;                             // enemy hexes 8.0 demands be attacked
  std::map<Hex, std::vector<std::string>> batteries_;  // artillery next to no enemy
  std::map<int, Hex> stack_hex_;
  std::map<Hex, int> hex_stack_;
  std::vector<Attack> attacks_;
  bool demoralized_ = false;
  bool no_advance_ = false;
  int floor_ = 0;  // the least CRT column a demoralized army attacks at voluntarily
};

}  // namespace

std::vector<Json> plan_attacks(const Board& board, const std::string& side) {
  return Combats(board, side).run();
}

}  // namespace adjutant::bot::bluegray
