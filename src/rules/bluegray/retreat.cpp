#include "rules/bluegray/retreat.h"

#include <set>
#include <tuple>

#include "rules/bluegray/exits.h"
#include "rules/bluegray/orders.h"
#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/stacking.h"
#include "rules/bluegray/zoc.h"

namespace adjutant::rules::bluegray {

namespace {

// 8.51: on the map, passable, no enemy unit, no enemy ZOC.
bool open_for_retreat(const Board& board, const std::set<Hex>& ezoc, const std::string& side,
                      Hex from, Hex to) {
  return impassable(board.scenario(), from, to).empty() && !board.enemy_at(to, side) &&
         !ezoc.count(to);
}

// A hex a unit may end a retreat in: open, and not one where no unit may
// stop (a ferry hex).
bool retreat_end(const Board& board, const std::set<Hex>& ezoc, const std::string& side, Hex from,
                 Hex to) {
  return open_for_retreat(board, ezoc, side, from, to) && !board.scenario().terrain_at(to).no_stop;
}

// The standing orders' ranking of a destination: lower is better.
int preference(const Board& board, const Standing& s, const std::string& side, Hex h) {
  auto target = s.hex ? board.numbers().parse(*s.hex) : std::nullopt;
  if (s.prefer == "toward" && target) return hex::distance(h, *target);
  if (target) return -hex::distance(h, *target);
  return -board.distance_to_side(h, board.enemy_of(side));
}

struct Displacement {
  std::string unit;
  Hex to;
};

// 8.52: the first unit (by id) in full hex `h` that can step to an open hex
// with room, and its best such hex.
std::optional<Displacement> displacement(const Board& board, const std::set<Hex>& ezoc,
                                         const Standing& s, const std::string& side, Hex h) {
  for (const auto& id : board.units_at(h, side)) {
    std::optional<std::pair<int, Hex>> best;
    for (Hex n : hex::neighbours(h)) {
      if (!retreat_end(board, ezoc, side, h, n) || !has_room(board, n, side, id)) continue;
      std::pair<int, Hex> key{preference(board, s, side, n), n};
      if (!best || key < *best) best = key;
    }
    if (best) return Displacement{id, best->second};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Hex> retreat_unit(Emitter& em, const std::string& unit, const std::string& cause,
                                const std::string& rule) {
  Board board = em.board();
  const std::string side = board.side_of(unit);
  if (!board.hex_of(unit)) return std::nullopt;
  const Hex from = *board.hex_of(unit);
  const auto ezoc_shared = zoc_shared(board, board.enemy_of(side));
  const std::set<Hex>& ezoc = *ezoc_shared;
  const Standing s = standing_of(em.state(), side, board.numbers());
  // Key: a hex needing no displacement first, then the standing preference,
  // then the lowest hex number.
  std::optional<std::tuple<bool, int, Hex>> best;
  std::optional<Displacement> shove;
  bool full_hex_seen = false;
  for (Hex n : hex::neighbours(from)) {
    if (!retreat_end(board, ezoc, side, from, n)) continue;
    bool room = has_room(board, n, side, unit);
    std::optional<Displacement> d;
    if (!room) {
      full_hex_seen = true;
      d = displacement(board, ezoc, s, side, n);
      if (!d) continue;
    }
    std::tuple<bool, int, Hex> key{!room, preference(board, s, side, n), n};
    if (!best || key < *best) {
      best = key;
      shove = d;
    }
  }
  if (!best) {
    // H&L 16.21: a unit that may leave the map by its hex does so rather than perish.
    if (retreat_off_map(em, unit, from, cause)) return std::nullopt;
    eliminate(em, unit,
              full_hex_seen ? "could not retreat: every open hex is full and no unit there "
                              "could be displaced"
                            : "could not retreat: every adjacent hex is off the map, "
                              "impassable, enemy-occupied or in an enemy zone of control",
              full_hex_seen ? "8.52" : "8.51");
    return std::nullopt;
  }
  Hex to = std::get<2>(*best);
  em.emit({{"type", "retreat"},
           {"unit", unit},
           {"from", board.numbers().format(from)},
           {"to", board.numbers().format(to)},
           {"cause", cause},
           {"rule", rule}});
  if (shove)
    em.emit({{"type", "displace"},
             {"unit", shove->unit},
             {"from", board.numbers().format(to)},
             {"to", board.numbers().format(shove->to)},
             {"by", unit},
             {"rule", "8.52"}});
  return to;
}

std::optional<std::vector<Hex>> evade_path(const Board& board, const std::string& unit) {
  const std::string side = board.side_of(unit);
  const Hex from = *board.hex_of(unit);
  const auto ezoc_shared = zoc_shared(board, board.enemy_of(side));
  const std::set<Hex>& ezoc = *ezoc_shared;
  const Standing s = standing_of(board.state(), side, board.numbers());
  std::optional<std::tuple<int, Hex, Hex>> best;
  for (Hex a : hex::neighbours(from)) {
    if (!open_for_retreat(board, ezoc, side, from, a)) continue;
    for (Hex b : hex::neighbours(a)) {
      if (hex::distance(from, b) != 2) continue;
      if (!retreat_end(board, ezoc, side, a, b) || !has_room(board, b, side, unit)) continue;
      std::tuple<int, Hex, Hex> key{preference(board, s, side, b), b, a};
      if (!best || key < *best) best = key;
    }
  }
  if (!best) return std::nullopt;
  return std::vector<Hex>{from, std::get<2>(*best), std::get<1>(*best)};
}

}  // namespace adjutant::rules::bluegray
