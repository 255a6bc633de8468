// Errors that reach a user: a stable id (docs/errors.md), a message naming the
// file, order and unit where known, and the exit code the CLI returns.
#pragma once

#include <stdexcept>
#include <string>

namespace adjutant {

// Exit codes of every command (DESIGN.md "Command line").
enum class Exit : int {
  kOk = 0,
  kBadInput = 1,
  kUsage = 2,
  kVerifyFailed = 3,
  kEnvironment = 4,
  kRulesetVersion = 5,
};

class Error : public std::runtime_error {
 public:
  Error(std::string id, std::string message, Exit exit = Exit::kBadInput)
      : std::runtime_error("[" + id + "] " + message),
        id_(std::move(id)),
        detail_(std::move(message)),
        exit_(exit) {}

  // For errors whose message already carries ids (several problems at once).
  struct Verbatim {};
  Error(Verbatim, std::string id, std::string message, Exit exit = Exit::kBadInput)
      : std::runtime_error(message), id_(std::move(id)), detail_(std::move(message)), exit_(exit) {}

  const std::string& id() const { return id_; }
  const std::string& detail() const { return detail_; }
  Exit exit_code() const { return exit_; }

 private:
  std::string id_;
  std::string detail_;
  Exit exit_;
};

}  // namespace adjutant
