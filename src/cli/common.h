// Shared pieces of the subcommands: option parsing with --help, and output.
#pragma once

#include <iostream>
#include <optional>
#include <string>

#include "cli/options.h"
#include "ledger/jcs.h"

namespace adjutant::cli {

// Parses options; on --help prints the help and returns nullopt (exit 0).
// Unknown options or missing values throw Error "usage.*" (exit 2).
std::optional<cxxopts::ParseResult> parse(cxxopts::Options& options, int argc, char** argv);

// The value of a required option or positional argument, else Error "usage.missing" (exit 2).
std::string required(const cxxopts::ParseResult& r, const std::string& name);

// The value of an optional string option, or "" when not given.
std::string optional(const cxxopts::ParseResult& r, const std::string& name);

void print_json(const ledger::Json& j);

// Lines of a refusal on standard error, each error id in colour on a
// terminal (util/colour.h); `text` is already printable.
void print_error(const std::string& text);

// The reader's own time zone, for deadlines shown beside UTC: $ADJUTANT_TZ,
// else "time_zone" in SECRETS/settings.json, else "" (UTC alone).
std::string local_time_zone(const std::string& secrets_option);

// "2026-11-04 09:00 UTC (2026-11-04 10:00 CET)": a deadline (RFC 3339) for
// people, in the reader's zone too when `zone` names one; "no deadline" for "".
std::string deadline_text(const std::string& deadline, const std::string& zone);

}  // namespace adjutant::cli
