// What every harness shares: the one rule of the fuzzing (an input may end
// normally or in an adjutant::Error, nothing else), the source tree's
// sample files, and a scratch folder removed at exit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <typeinfo>

#include "util/error.h"

namespace adjutant::fuzz {

// Reports a finding on stderr and aborts, so libFuzzer saves the input.
[[noreturn]] void finding(const std::string& what);

// $ADJUTANT_FUZZ_VERBOSE set: each refusal is printed, to see how far an input gets.
bool verbose();

// Runs `f`: true when it returns, false when it throws adjutant::Error (or
// rules::OrdersRefused, one of them); any other exception is a finding.
template <typename F>
bool only_errors(const char* step, F&& f) {
  try {
    f();
    return true;
  } catch (const Error& e) {
    if (verbose()) std::fprintf(stderr, "%s: %s\n", step, e.what());
    return false;
  } catch (const std::exception& e) {
    finding(std::string(step) + ": " + typeid(e).name() + ": " + e.what());
  } catch (...) {
    finding(std::string(step) + ": an exception that is not a std::exception");
  }
}

std::string_view bytes(const std::uint8_t* data, std::size_t size);

// The source tree ($ADJUTANT_SOURCE_DIR, else the one the harness was built from).
std::filesystem::path source_dir();
std::string read_bytes(const std::filesystem::path& file);
void write_bytes(const std::filesystem::path& file, std::string_view text);

// A fresh folder under $TMPDIR for this process, removed at exit.
std::filesystem::path scratch_dir();

}  // namespace adjutant::fuzz
