// adjutant-test-games: the adjutant program with the test-only rulesets
// registered before main runs. Nothing else differs: a ruleset registered
// in its one place gets every command.
#include "rulesets/hidden_pieces.h"

namespace {

const bool kRegistered = (adjutant::testing::register_hidden_pieces(), true);

}  // namespace
