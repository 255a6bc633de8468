#include "rules/chaos/fight_phase.h"

#include <algorithm>
#include <deque>

#include "ledger/dice_draw.h"
#include "rules/chaos/fight_run.h"
#include "rules/chaos/fights.h"
#include "rules/chaos/rolls.h"
#include "rules/chaos/situation.h"

namespace adjutant::rules::chaos {

FightPolicies policies_of(const Json& plan) {
  FightPolicies p;
  if (!plan.contains("policies")) return p;
  const Json& j = plan["policies"];
  p.test = j.value("test", p.test);
  p.hold_the_line_below = j.value("hold_the_line_below", p.hold_the_line_below);
  p.artillery_target = j.value("artillery_target", p.artillery_target);
  return p;
}

void draw_tokens_for(ledger::Dice& dice, std::vector<std::string>& tin, const std::string& side,
                     int k, bool rebel_yell, const std::string& rule, Json& events) {
  k = std::min<int>(k, int(tin.size()));
  Json drawn = Json::array();
  if (k > 0) {
    auto picks = ledger::draw(dice, int(tin.size()), k, "combat tokens");
    for (int i : picks) drawn.push_back(tin[std::size_t(i)]);
    // Each drawn token leaves the tin at its first place there, as `apply`
    // takes it out (the same list as taking out the drawn places while
    // equal tokens lie together, as they do until one is thrown back).
    for (const auto& t : drawn) tin.erase(std::find(tin.begin(), tin.end(), t.get<std::string>()));
  }
  events.push_back({{"type", "tokens_drawn"}, {"side", side}, {"tokens", drawn}, {"rule", rule}});
  if (!rebel_yell || side != "union") return;
  // "Union players may throw this back and draw two tokens as replacement.
  // If one of those is a REBEL YELL then they cannot return it": the
  // replacements are kept.
  for (const auto& t : drawn) {
    if (t != "rebel_yell") continue;
    tin.push_back("rebel_yell");
    events.push_back({{"type", "tokens_returned"},
                      {"side", side},
                      {"tokens", Json::array({"rebel_yell"})},
                      {"rule", "token.rebel_yell"}});
    draw_tokens_for(dice, tin, side, 2, false, "token.rebel_yell", events);
  }
}

namespace fight_run {

Phase::Phase(FightPhaseInput in)
    : in_(in), sc_(in.scenario), rd_(readings(in.scenario.rules_version)), st_(in.state) {}

// fight: the dice-off, then the sides alternate fight actions (a fight
// order of a formed-up brigade, else selecting an unresolved fight) until
// both pass; any fight left is settled in fight id order.
std::set<std::string> Phase::run() {
  auto sides = side_ids(sc_);
  std::map<std::string, std::deque<std::string>> pending;
  for (const auto& s : sides)
    for (const auto& b : in_.plans.at(s)["sequence"]) {
      std::string id = b.get<std::string>();
      const Json& bp = in_.plans.at(s)["brigades"];
      if (bp.contains(id) && bp[id].contains("fight") && in_.formed_up.count(id))
        pending[s].push_back(id);
    }
  bool any = !pending.empty() || !group_fights(fighters(st_, sc_)).empty();
  if (!any) return fought_;
  DiceOff off = dice_off(in_.dice, sides[0], sides[1], "fight initiative");
  Json rounds = Json::array();
  for (auto [a, b] : off.rounds) rounds.push_back({a, b});
  order_ = {off.winner, other_side(sc_, off.winner)};
  push(
      {{"type", "fight_initiative"}, {"winner", off.winner}, {"rolls", rounds}, {"rule", "fight"}});
  // The sides alternate fight actions; a side with none passes; two
  // passes in a row end the alternation.
  int passes = 0;
  for (std::size_t k = 0; passes < 2; ++k) {
    const std::string& side = order_[k % 2];
    if (act(side, pending[side]))
      passes = 0;
    else
      ++passes;
  }
  // Any fight left (none of its regiments the side's to select): in fight
  // id order, the side with the initiative first.
  for (;;) {
    auto open = unresolved();
    if (open.empty()) break;
    settle_fight(open.front(), order_[0], order_[0]);
  }
  return fought_;
}

std::string Phase::side_of(const std::string& r) const {
  return st_.brigades.at(st_.regiments.at(r).brigade).side;
}

bool Phase::on_table(const std::string& r) const {
  const auto& x = st_.regiments.at(r);
  return !x.removed && x.at.has_value();
}

const FightPolicies& Phase::policy(const std::string& side) {
  auto it = policies_.find(side);
  if (it == policies_.end()) it = policies_.emplace(side, policies_of(in_.plans.at(side))).first;
  return it->second;
}

Json Phase::unit(const std::string& r) const {
  Json u = {{"regiment", r}, {"side", side_of(r)}};
  if (on_table(r)) u["at"] = json_of(*st_.regiments.at(r).at);
  return u;
}

Json Phase::after(Json u, const std::string& r) const {
  const auto& x = st_.regiments.at(r);
  u["stress"] = x.stress;
  u["stands"] = x.stands;
  u["removed"] = x.removed;
  return u;
}

// The enemy regiments on the table, by id.
std::vector<std::string> Phase::enemies_of(const std::string& side) const {
  std::vector<std::string> out;
  for (const auto& [id, r] : st_.regiments)
    if (!r.removed && r.at && st_.brigades.at(r.brigade).side != side) out.push_back(id);
  return out;
}

// The enemy regiment nearest `base` (least distance, then id).
std::string Phase::closest_enemy(const Outline& base, const std::string& side) const {
  std::string best;
  Coord best_d = -1;
  for (const auto& e : enemies_of(side)) {
    Coord d = distance_floor(base, base_of(e));
    if (best_d < 0 || d < best_d) best = e, best_d = d;
  }
  return best;
}

bool Phase::near_enemy(const Outline& base, const std::string& side, Coord range) const {
  for (const auto& e : enemies_of(side))
    if (closer_than(base, base_of(e), range)) return true;
  return false;
}

// On the table and on no other base (regiments and wagons).
bool Phase::legal(const std::string& r, const Outline& o) const {
  if (!base_on_table(sc_, o)) return false;
  for (const auto& [id, x] : st_.regiments)
    if (id != r && !x.removed && x.at && convex_overlap(o, base_of(id), kOverlapTolerance))
      return false;
  for (const auto& [wid, w] : st_.wagons)
    if (!w.destroyed &&
        convex_overlap(o, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing}),
                       kOverlapTolerance))
      return false;
  return true;
}

void Phase::wagons() {
  for (const auto& w : destroy_wagons(st_, sc_))
    push({{"type", "wagon_destroyed"},
          {"wagon", w},
          {"side", st_.wagons.at(w).side},
          {"at", json_of(st_.wagons.at(w).at)},
          {"rule", "supply"}});
}

// The fights whose regiments were in no fight resolved this turn
// (fight.join: a resolved fight is never joined to another).
std::vector<std::vector<std::string>> Phase::unresolved() const {
  std::vector<std::vector<std::string>> out;
  for (auto& f : group_fights(fighters(st_, sc_))) {
    bool done = false;
    for (const auto& r : f) done = done || resolved_.count(r);
    if (!done) out.push_back(f);
  }
  return out;
}

// One fight action of `side`: its next fight order, else the unresolved
// fight with the most of its regiments (ties by fight id); false: it
// passes.
bool Phase::act(const std::string& side, std::deque<std::string>& pending) {
  if (!pending.empty()) {
    std::string b = pending.front();
    pending.pop_front();
    initiate(b, side);
    return true;
  }
  const std::vector<std::string>* pick = nullptr;
  int most = 0;
  auto open = unresolved();
  for (const auto& f : open) {
    int own = 0;
    for (const auto& r : f) own += side_of(r) == side;
    if (own > most) most = own, pick = &f;
  }
  if (!pick) return false;
  settle_fight(*pick, side, caller_of(*pick, side));
  return true;
}

// The side that first called a fight: the side whose initiation made
// it (the first this turn among its regiments), else the side selecting
// it.
std::string Phase::caller_of(const std::vector<std::string>& f, const std::string& selector) const {
  int first = -1;
  std::string who = selector;
  for (const auto& r : f) {
    auto it = initiated_.find(r);
    if (it != initiated_.end() && (first < 0 || it->second.first < first))
      first = it->second.first, who = it->second.second;
  }
  return who;
}

// The regiments of a fight in the order of its dice: the caller's first,
// each side by id.
std::vector<std::string> Phase::ordered(const std::vector<std::string>& f,
                                        const std::string& caller) const {
  std::vector<std::string> out;
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& r : f)
      if ((side_of(r) == caller) == (pass == 0)) out.push_back(r);
  return out;
}

// Selecting a fight: resolve it, test it, then win and lose or neither.
void Phase::settle_fight(const std::vector<std::string>& ids, const std::string& selector,
                         const std::string& caller) {
  Fight f{ids, caller, {}, {}, {}, {}, {}, {}, {}, false, false};
  for (const auto& r : ids) {
    resolved_.insert(r);
    fought_.insert(brigade_of(r));
  }
  commit(f);
  // DOUBLE SHOT is revealed before the fight is resolved: its effect is
  // in the resolution.
  for (const auto& side : {f.caller, other_side(sc_, f.caller)}) {
    auto& q = f.committed[side];
    auto it = std::find(q.begin(), q.end(), "double_shot");
    if (it == q.end()) continue;
    q.erase(it);
    reveal(f, side, "double_shot");
  }
  resolve(f, selector);
  test(f);
}

// The tokens each side commits to this fight: the entries of its
// `tokens` list not yet used whose `fight_with` brigade has a regiment
// in it, or with no `fight_with` (the first fight the side has).
void Phase::commit(Fight& f) {
  std::set<std::string> brigades;
  for (const auto& r : f.regiments) brigades.insert(brigade_of(r));
  for (const auto& side : side_ids(sc_)) {
    const Json& plan = in_.plans.at(side);
    if (!plan.contains("tokens")) continue;
    const Json& list = plan["tokens"];
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (used_[side].count(i)) continue;
      const Json& t = list[i];
      if (t.contains("fight_with") && !brigades.count(t["fight_with"].get<std::string>())) continue;
      used_[side].insert(i);
      // DOUBLE SHOT acts in the resolution: revealed before it whatever
      // its `when`.
      bool last = t.value("when", "first") == "last" && t["token"] != "double_shot";
      (last ? f.last : f.committed)[side].push_back(t["token"].get<std::string>());
    }
  }
}

}  // namespace fight_run

std::set<std::string> run_fight_phase(FightPhaseInput in) {
  return fight_run::Phase(in).run();
}

}  // namespace adjutant::rules::chaos
