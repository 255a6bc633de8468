#include "support/cli_harness.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "ledger/digest.h"
#include "util/files.h"

namespace adjutant::testing {

namespace fs = std::filesystem;

fs::path source_dir() {
  return ADJUTANT_SOURCE_DIR;
}

namespace {

// Keys and chains never go to the user's own secrets folder from a test,
// and the test's own folder is gone once the test program ends.
fs::path& secrets_folder() {
  static fs::path secrets = [] {
    fs::path folder =
        fs::temp_directory_path() / ("adjutant-secrets-" + std::to_string(::getpid()));
    remove_at_exit(folder);
    return folder;
  }();
  return secrets;
}

}  // namespace

void remove_at_exit(const fs::path& folder) {
  static struct Folders {
    std::vector<fs::path> all;
    ~Folders() {
      std::error_code ec;
      for (const auto& f : all) fs::remove_all(f, ec);
    }
  } folders;
  folders.all.push_back(folder);
}

ScopedSecrets::ScopedSecrets(const fs::path& folder) : previous_(secrets_folder()) {
  secrets_folder() = folder;
}

ScopedSecrets::~ScopedSecrets() {
  secrets_folder() = previous_;
}

Run run_adjutant(const std::string& args, const fs::path& cwd) {
  return run_program(ADJUTANT_BINARY, args, cwd);
}

Run run_program(const std::string& binary, const std::string& args, const fs::path& cwd) {
  static int counter = 0;
  fs::path base = fs::temp_directory_path() /
                  ("adjutant-run-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  const fs::path& secrets = secrets_folder();
  std::string cmd = "cd '" + cwd.string() + "' && ADJUTANT_SECRETS='" + secrets.string() + "' '" +
                    binary + "' " + args + " >'" + base.string() + ".out' 2>'" + base.string() +
                    ".err' </dev/null";
  int status = std::system(cmd.c_str());
  Run r;
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(base.string() + ".out");
  r.err = read_file(base.string() + ".err");
  fs::remove(base.string() + ".out");
  fs::remove(base.string() + ".err");
  return r;
}

Run run_command(const std::string& command) {
  Run r;
  FILE* p = ::popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  int status = ::pclose(p);
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

TempDir::TempDir(const std::string& tag) {
  static int counter = 0;
  path_ = fs::temp_directory_path() / ("adjutant-test-" + tag + "-" + std::to_string(::getpid()) +
                                       "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string folder_hash(const fs::path& dir, const std::set<std::string>& leave_out) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && !leave_out.count(fs::relative(e.path(), dir).generic_string()))
      files.push_back(fs::relative(e.path(), dir));
  std::sort(files.begin(), files.end());
  std::string all;
  for (const auto& f : files)
    all += f.string() + "\n" + ledger::sha256_hex(read_file(dir / f)) + "\n";
  return ledger::sha256_hex(all);
}

namespace {

void must(const Run& r, const std::string& what) {
  if (r.exit != 0)
    throw std::runtime_error(what + " failed (exit " + std::to_string(r.exit) + "): " + r.err +
                             r.out);
}

}  // namespace

namespace {

void build_sample_game(const fs::path& dir, bool umpire);

// One built game of each kind per test process, copied for each test: the
// build (keys, cards, two adjudications with maps and reports) is the slow
// part, and tests that use a fresh copy per section repeat it many times.
struct SampleTemplates {
  TempDir dir{"sample-templates"};
  bool built[2] = {false, false};
};

}  // namespace

void make_sample_game(const fs::path& dir, bool umpire) {
  static SampleTemplates templates;
  fs::path base = templates.dir.path() / (umpire ? "umpire" : "noumpire");
  fs::path game = base / "game";
  if (!templates.built[umpire]) {
    fs::create_directories(base);
    build_sample_game(game, umpire);
    templates.built[umpire] = true;
  }
  fs::path work = dir.parent_path();
  for (const auto& e : fs::directory_iterator(base))
    if (e.is_regular_file())
      fs::copy_file(e.path(), work / e.path().filename(), fs::copy_options::overwrite_existing);
  fs::copy(game, dir, fs::copy_options::recursive);
}

namespace {

void build_sample_game(const fs::path& dir, bool umpire) {
  fs::path keys = source_dir() / "samples" / "keys";
  fs::path orders = source_dir() / "samples" / "orders";
  fs::path work = dir.parent_path();
  // The same names, times, keys, chains, ruleset version (1, which the
  // samples pin) and protocol (1) as tools/make-samples.sh, so the result repeats the first
  // turn of the committed sample archive byte for byte. Each sample game has its own chains
  // (samples/keys/chains/GAME/); they are copied as SIDE.key.chain beside the keys.
  std::string name = umpire ? "skirmish-umpire" : "skirmish-noumpire";
  for (const char* side : {"union", "confederate", "umpire"}) {
    fs::copy_file(keys / (std::string(side) + ".key"), work / (std::string(side) + ".key"),
                  fs::copy_options::overwrite_existing);
    fs::permissions(work / (std::string(side) + ".key"),
                    fs::perms::owner_read | fs::perms::owner_write);
    fs::path chain = keys / "chains" / name / (std::string(side) + ".chain");
    if (fs::exists(chain))
      fs::copy_file(chain, work / (std::string(side) + ".key.chain"),
                    fs::copy_options::overwrite_existing);
  }
  std::string cards;
  for (const char* side : {"union", "confederate", "umpire"}) {
    if (!umpire && std::string(side) == "umpire") continue;
    std::string s = side;
    std::string title = s;
    title[0] = char(title[0] - 'a' + 'A');
    must(run_adjutant("join --chain " + s + ".key.chain --game " + name + " --side " + s +
                          " --name 'Sample " + title + "' --email " + s + "@example.org --key " +
                          s + ".key --out " + s + ".card.json",
                      work),
         "join " + s);
    cards += " --card " + s + ".card.json";
  }
  std::string host = umpire ? "umpire" : "union";
  must(run_adjutant("new '" + dir.string() + "' --name " + name + " --scenario '" +
                        (source_dir() / "scenarios" / "bluegray-skirmish.json").string() + "'" +
                        cards + " --key " + host +
                        ".key --created 2026-11-01T09:00:00Z --ruleset-version 1 --protocol 1",
                    work),
       "new");
  int day = 2;
  for (const char* side : {"confederate", "union"}) {
    std::string s = side;
    std::string adjudicator = umpire ? "umpire" : (s == "union" ? "confederate" : "union");
    must(run_adjutant(
             "sign '" +
                 (orders / "skirmish" / ((s == "confederate" ? "01-t1-" : "02-t1-") + s + ".json"))
                     .string() +
                 "' --game '" + dir.string() + "' --key " + s + ".key --out " + s +
                 "-t1.signed.json",
             work),
         "sign " + s);
    must(run_adjutant("check '" + dir.string() + "' " + s + "-t1.signed.json", work), "check " + s);
    must(run_adjutant("adjudicate '" + dir.string() + "' " + s + "-t1.signed.json --key " +
                          adjudicator + ".key --chain " + adjudicator +
                          ".key.chain --at 2026-11-0" + std::to_string(day) + "T18:00:00Z",
                      work),
         "adjudicate " + s);
    day += 1;
  }
}

}  // namespace

fs::path sign_sample_orders(const fs::path& game, const std::string& file,
                            const std::string& side) {
  fs::path work = game.parent_path();
  fs::path signed_file = work / (side + "-" + file);
  must(run_adjutant("sign '" + (source_dir() / "samples" / "orders" / "skirmish" / file).string() +
                        "' --game '" + game.string() + "' --key " + side + ".key --out '" +
                        signed_file.string() + "' --force",
                    work),
       "sign " + file);
  return signed_file;
}

}  // namespace adjutant::testing
