// Structure-aware mutation for harnesses whose input is JSON: change one
// value (a boundary number, another type, a value from elsewhere in the
// document, a mutated string), drop or repeat a member or element. Raw byte
// mutations alone seldom keep a 10 kB scenario parseable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>

#include "ledger/jcs.h"

namespace adjutant::fuzz {

// Mutates one value somewhere in `root`.
void mutate_json(ledger::Json& root, std::mt19937& rng);

// libFuzzer's byte mutator on a string, growing it by up to `room` bytes.
std::string mutate_bytes(std::string s, std::size_t room);

// A LLVMFuzzerCustomMutator body: mostly mutate_json on the parsed input
// (written back compactly), else the byte mutator.
std::size_t mutate_json_text(std::uint8_t* data, std::size_t size, std::size_t max_size,
                             unsigned int seed);

}  // namespace adjutant::fuzz
