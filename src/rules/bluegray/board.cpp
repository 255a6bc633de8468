#include "rules/bluegray/board.h"

#include <algorithm>

#include "rules/bluegray/effectiveness.h"

namespace adjutant::rules::bluegray {

namespace {

const std::vector<std::string> kNobody;
const std::set<std::string> kNoUnits;
const std::map<Hex, int> kNoHexes;

std::optional<Hex> placed(const model::UnitState& u, hex::Numbering numbers) {
  if (u.status != model::UnitStatus::kActive) return std::nullopt;
  return numbers.parse(u.location);
}

}  // namespace

UnitIndex::UnitIndex(const Scenario& scenario, const State& state) : sc_(scenario) {
  rebuild(state);
}

void UnitIndex::rebuild(const State& state) {
  where_.clear();
  by_hex_.clear();
  by_side_.clear();
  side_hexes_.clear();
  zoc_.clear();
  for (const auto& [id, u] : state.units)
    if (auto h = placed(u, sc_.numbers())) add(id, *h);
}

const std::string& UnitIndex::side_of(const std::string& unit) const {
  static const std::string kNoSide;
  const UnitDef* d = sc_.unit(unit);
  return d ? d->side : kNoSide;
}

void UnitIndex::update(const State& state, const std::string& unit) {
  remove(unit);
  auto it = state.units.find(unit);
  if (it == state.units.end()) return;
  if (auto h = placed(it->second, sc_.numbers())) add(unit, *h);
}

void UnitIndex::add(const std::string& unit, Hex h) {
  // Hinted at the end, where each unit goes when they come in id order, as
  // rebuild() brings them; elsewhere the hint is only passed over.
  const std::string& side = side_of(unit);
  where_.insert_or_assign(where_.end(), unit, h);
  auto& here = by_hex_[h];
  here.insert(std::lower_bound(here.begin(), here.end(), unit), unit);
  auto& units = by_side_[side];
  units.emplace_hint(units.end(), unit);
  ++side_hexes_[side][h];
  zoc_.erase(side);
}

void UnitIndex::remove(const std::string& unit) {
  auto it = where_.find(unit);
  if (it == where_.end()) return;
  Hex h = it->second;
  where_.erase(it);
  const std::string& side = side_of(unit);
  auto& here = by_hex_[h];
  here.erase(std::lower_bound(here.begin(), here.end(), unit));
  if (here.empty()) by_hex_.erase(h);
  by_side_[side].erase(unit);
  auto& hexes = side_hexes_[side];
  if (--hexes[h] == 0) hexes.erase(h);
  zoc_.erase(side);
}

const std::vector<std::string>& UnitIndex::at(Hex h) const {
  auto it = by_hex_.find(h);
  return it == by_hex_.end() ? kNobody : it->second;
}

const std::set<std::string>& UnitIndex::of(const std::string& side) const {
  auto it = by_side_.find(side);
  return it == by_side_.end() ? kNoUnits : it->second;
}

const std::map<Hex, int>& UnitIndex::hexes_of(const std::string& side) const {
  auto it = side_hexes_.find(side);
  return it == side_hexes_.end() ? kNoHexes : it->second;
}

std::shared_ptr<const std::set<Hex>> UnitIndex::known_zoc(const std::string& side) const {
  auto it = zoc_.find(side);
  return it == zoc_.end() ? nullptr : it->second;
}

void UnitIndex::remember_zoc(const std::string& side,
                             std::shared_ptr<const std::set<Hex>> hexes) const {
  zoc_[side] = std::move(hexes);
}

Board::Board(const Scenario& scenario, const State& state)
    : sc_(scenario), st_(state), owned_(std::make_shared<UnitIndex>(scenario, state)) {
  index_ = owned_.get();
}

std::string Board::side_of(const std::string& unit) const {
  const UnitDef* d = def(unit);
  return d ? d->side : "";
}

std::optional<Hex> Board::hex_of(const std::string& unit) const {
  auto it = st_.units.find(unit);
  if (it == st_.units.end() || it->second.status != model::UnitStatus::kActive) return std::nullopt;
  return numbers().parse(it->second.location);
}

bool Board::ineffective(const std::string& unit) const {
  auto it = st_.units.find(unit);
  return it != st_.units.end() && it->second.marked(kIneffective);
}

namespace {

// The side of a unit the scenario knows, "" otherwise (Board::side_of
// without the copy).
const std::string& side_ref(const Board& board, const std::string& unit) {
  static const std::string kNone;
  const UnitDef* d = board.def(unit);
  return d ? d->side : kNone;
}

}  // namespace

std::vector<std::string> Board::units_at(Hex h, const std::string& side) const {
  std::vector<std::string> out;
  for (const auto& id : index_->at(h))
    if (side_ref(*this, id) == side) out.push_back(id);
  return out;
}

std::vector<std::string> Board::units_of(const std::string& side) const {
  const auto& ids = index_->of(side);
  return {ids.begin(), ids.end()};
}

bool Board::enemy_at(Hex h, const std::string& side) const {
  for (const auto& id : index_->at(h))
    if (side_ref(*this, id) != side) return true;
  return false;
}

int Board::distance_to_side(Hex h, const std::string& side) const {
  int best = kFar;
  for (const auto& [at, n] : index_->hexes_of(side)) best = std::min(best, hex::distance(h, at));
  return best;
}

int Board::combat_units_at(Hex h, const std::string& side) const {
  int n = 0;
  for (const auto& id : index_->at(h))
    if (side_ref(*this, id) == side && is_combat(*def(id))) ++n;
  return n;
}

bool is_combat(const UnitDef& d) {
  return d.combat;
}

bool is_artillery(const UnitDef& d) {
  return d.type == "artillery";
}
bool is_cavalry(const UnitDef& d) {
  return d.type == "cavalry";
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

}  // namespace adjutant::rules::bluegray
