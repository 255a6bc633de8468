#include "rules/bluegray/step_table.h"

#include <map>
#include <mutex>
#include <string>

#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/readings.h"
#include "rules/bluegray/zoc.h"

namespace adjutant::rules::bluegray {

namespace {

constexpr int kKnown = 1;
constexpr int kPassable = 2;
constexpr int kMpBits = 14;
constexpr int kMpMask = (1 << kMpBits) - 1;
constexpr int kZoc = 1 << (2 + 2 * kMpBits);

}  // namespace

StepTable::StepTable(int columns, int rows)
    : columns_(columns),
      rows_(rows),
      facts_(new std::atomic<int>[std::size_t(columns) * std::size_t(rows) * 6]) {
  for (std::size_t i = 0; i < std::size_t(columns) * std::size_t(rows) * 6; ++i)
    facts_[i].store(0, std::memory_order_relaxed);
}

const StepTable* StepTable::of(const Scenario& sc) {
  if (sc.sha256.empty() || sc.columns <= 0 || sc.rows <= 0) return nullptr;
  static std::mutex lock;
  static std::map<std::string, std::unique_ptr<StepTable>> tables;
  std::lock_guard<std::mutex> guard(lock);
  auto& table = tables[sc.sha256];
  if (!table) table.reset(new StepTable(sc.columns, sc.rows));
  return table.get();
}

int StepTable::fact(const Scenario& sc, Hex from, int dir) const {
  if (from.col < 1 || from.col > columns_ || from.row < 1 || from.row > rows_) return 0;
  auto& slot =
      facts_[(std::size_t(from.col - 1) * std::size_t(rows_) + std::size_t(from.row - 1)) * 6 +
             std::size_t(dir)];
  int known = slot.load(std::memory_order_relaxed);
  if (known) return known;
  // Worked out by the scenario's own functions, so the table can only ever
  // say what they say. Two threads may both work a fact out; they store the
  // same word.
  Hex to = hex::neighbour(from, dir);
  int word = kKnown;
  if (zoc_extends(sc, from, to)) word |= kZoc;
  if (bluegray::passable(sc, from, to)) {
    const int mp[2] = {step_mp_read(sc, from, to, false), step_mp_read(sc, from, to, true)};
    if (mp[0] < 0 || mp[0] > kMpMask || mp[1] < 0 || mp[1] > kMpMask) return 0;
    word |= kPassable | (mp[0] << 2) | (mp[1] << (2 + kMpBits));
  }
  slot.store(word, std::memory_order_relaxed);
  return word;
}

bool StepTable::passable(const Scenario& sc, Hex from, int dir) const {
  int word = fact(sc, from, dir);
  if (!word) return bluegray::passable(sc, from, hex::neighbour(from, dir));
  return word & kPassable;
}

bool StepTable::zoc(const Scenario& sc, Hex from, int dir) const {
  int word = fact(sc, from, dir);
  if (!word) return zoc_extends(sc, from, hex::neighbour(from, dir));
  return word & kZoc;
}

int StepTable::step_mp(const Scenario& sc, Hex from, int dir) const {
  int word = fact(sc, from, dir);
  if (!(word & kPassable)) return bluegray::step_mp(sc, from, hex::neighbour(from, dir));
  return (word >> (readings::route_pays_hexside(sc) ? 2 + kMpBits : 2)) & kMpMask;
}

}  // namespace adjutant::rules::bluegray
