// "hidden-pieces": a test-only ruleset that exercises the game layer the way
// a table game with an umpire does, without any real rules. Two sides,
// north and south, move pieces along a line of squares; both send their
// orders for a turn at once (a simultaneous phase), an umpire is required,
// and each side sees only its own pieces (fog of war). Where pieces of both
// sides end on one square, one of them is drawn from a tin and lost.
//
// Scenario (its own format, not a hex scenario):
//   {"ruleset":"hidden-pieces","id":ID,"title":TEXT,"sides":[{"id":"north"},
//    {"id":"south"}],"length":N,"turns":T,
//    "reach":R,"fog":BOOL,"pieces":{"north":[{"id":..,"at":SQUARE}],"south":[...]}}
// With "fog": true the game declares fog of war.
// Orders: {"moves":[{"piece":ID,"to":SQUARE}]}, each piece at most once and
// at most `reach` squares; no moves is {"moves":[]}.
//
// Its package (rules/package.h) names its bot: each piece steps toward the
// other end of the line. It draws its own picture (a line of names).
//
// It is linked into the test programs only, never into adjutant's registry:
// register_hidden_pieces() adds it for the run (the test program
// adjutant-test-games registers it at its start and is otherwise the
// adjutant program).
#pragma once

#include "ledger/jcs.h"
#include "rules/package.h"

namespace adjutant::testing {

inline constexpr const char* kHiddenPieces = "hidden-pieces";

// Its one registration.
const rules::Package& hidden_pieces_package();

// Adds the ruleset to the registry (once per run; later calls do nothing).
void register_hidden_pieces();

// A scenario of the test game: north pieces n1 at 2 and n2 at 5, south
// pieces s1 at 14 and s2 at 17 on 20 squares, `turns` turns, reach 4.
ledger::Json hidden_pieces_scenario(int turns = 4, bool fog = false);

}  // namespace adjutant::testing
