// Umpired games of the training scenario under a judge, for the judge's
// tests: the committed sample keys (the umpire's in the judge's secrets
// folder), fresh chains, and a judge.json reading a maildir.
#pragma once

#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "ledger/jcs.h"
#include "mail_servers.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace adjutant::testing {

// Runs `adjutant ARGS` in `work`; the test fails unless it exits 0.
inline void must_run(const std::filesystem::path& work, const std::string& args) {
  Run r = run_adjutant(args, work);
  INFO("adjutant " << args << "\n" << r.out << r.err);
  REQUIRE(r.exit == 0);
}

// The sample keys as WORK/SIDE.key, and the umpire's in WORK/secrets/keys/.
inline void judge_keys(const std::filesystem::path& work) {
  namespace fs = std::filesystem;
  fs::create_directories(work / "secrets" / "keys");
  for (const char* side : {"union", "confederate", "umpire"}) {
    std::string s = side;
    fs::copy_file(source_dir() / "samples" / "keys" / (s + ".key"), work / (s + ".key"));
    fs::permissions(work / (s + ".key"), fs::perms::owner_read | fs::perms::owner_write);
  }
  fs::copy_file(work / "umpire.key", work / "secrets" / "keys" / "umpire.key");
}

// A new game `name` in WORK/FOLDER, made by the umpire at `created`, each
// party with a card and a fresh chain of its own (protocol 2).
inline void judged_game(const std::filesystem::path& work, const std::string& folder,
                        const std::string& name, const std::string& created,
                        const std::string& more = "") {
  std::string cards;
  for (const char* side : {"union", "confederate", "umpire"}) {
    std::string s = side;
    must_run(work, "join --game " + name + " --side " + s + " --name " + s + " --email " + s +
                       "@example.org --key " + s + ".key --length 20 --out " + name + "-" + s +
                       ".card");
    cards += " --card " + name + "-" + s + ".card";
  }
  must_run(work, "new " + folder + " --name " + name + " --scenario '" +
                     (source_dir() / "scenarios" / "bluegray-skirmish.json").string() + "'" +
                     cards + " --key umpire.key --created " + created + more);
}

// JUDGE/judge.json: the maildir WORK/maildir (made empty), the SMTP server
// on `smtp_port` (none need answer), the secrets WORK/secrets, and `more`.
inline std::filesystem::path judge_config(const std::filesystem::path& work,
                                          const std::filesystem::path& judge, int smtp_port,
                                          const ledger::Json& more = ledger::Json::object()) {
  std::filesystem::path maildir = work / "maildir";
  for (const char* sub : {"new", "cur", "tmp"}) std::filesystem::create_directories(maildir / sub);
  ledger::Json config = {
      {"format", "adjutant-judge/1"},
      {"maildir", maildir.string()},
      {"smtp", {{"url", "smtp://127.0.0.1:" + std::to_string(smtp_port)}, {"timeout_seconds", 2}}},
      {"secrets", (work / "secrets").string()}};
  for (const auto& [k, v] : more.items()) config[k] = v;
  write_file_atomic(judge / "judge.json", config.dump(2));
  return maildir;
}

}  // namespace adjutant::testing
