// Running the adjutant binary from tests: a temp folder per test, commands
// with their exit code and output, and a hash of a whole folder so a test can
// prove that a refused command changed nothing on disk.
#pragma once

#include <filesystem>
#include <set>
#include <string>

namespace adjutant::testing {

struct Run {
  int exit = -1;
  std::string out;
  std::string err;
};

// Runs `adjutant ARGS` (ARGS is shell-quoted by the caller) in `cwd`.
Run run_adjutant(const std::string& args, const std::filesystem::path& cwd = ".");

// The same with another build of the program (adjutant-test-games).
Run run_program(const std::string& binary, const std::string& args,
                const std::filesystem::path& cwd = ".");

// Runs a shell command (quoted by the caller): its exit code (-1 when it did
// not exit) and its output, standard error included, in `out`.
Run run_command(const std::string& command);

// While one lives, run_adjutant gives the program this secrets folder instead
// of the test process's own: for a test that claims the sample chains, which
// another test in the same process may already have claimed.
class ScopedSecrets {
 public:
  explicit ScopedSecrets(const std::filesystem::path& folder);
  ~ScopedSecrets();
  ScopedSecrets(const ScopedSecrets&) = delete;
  ScopedSecrets& operator=(const ScopedSecrets&) = delete;

 private:
  std::filesystem::path previous_;
};

// Removes `folder` and what it holds when the test program ends.
void remove_at_exit(const std::filesystem::path& folder);

// A fresh empty folder under the system temp folder, removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& tag);
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// SHA-256 over every file's relative path and bytes, in path order, but
// the files `leave_out` names (relative paths, "mail/refusals.jsonl").
std::string folder_hash(const std::filesystem::path& dir,
                        const std::set<std::string>& leave_out = {});

std::filesystem::path source_dir();

// Builds a two-player game of the training scenario in `dir` from the
// committed test keys in samples/keys: umpire-less, or with the umpire.
// Plays turn 1 (confederate, then union) from samples/orders.
void make_sample_game(const std::filesystem::path& dir, bool umpire);

// Signs samples/orders/skirmish/<file> for `side` against the game made by
// make_sample_game (keys beside it), with --force: the sample's orders may
// not suit this game's dice (a test of mail and signatures, not of the
// rules); returns the signed file's path.
std::filesystem::path sign_sample_orders(const std::filesystem::path& game, const std::string& file,
                                         const std::string& side);

}  // namespace adjutant::testing
