// The configuration of an unattended host (`adjutant judge DIR`): DIR/judge.json
// names the mail servers, the credentials file, the secrets folder, the
// reminder lead time and the no-moves-received policy (docs/judge.md). Every
// field is checked when the file is read; a bad one is an error with a stable
// id and the judge does nothing.
#pragma once

#include <filesystem>
#include <string>

#include "mail/curl_session.h"

namespace adjutant::judge {

inline constexpr const char* kJudgeFormat = "adjutant-judge/1";

struct Server {
  std::string url;
  mail::Credentials credentials;
  long timeout_seconds = 60;
};

// What happens once the orders due have not arrived by the deadline: up to
// `extensions` extensions of `extend_hours` each, then the player-turn is
// passed with no moves received; each step `grace_hours` after the
// deadline then in force.
struct NmrPolicy {
  int grace_hours = 0;
  int extensions = 0;
  int extend_hours = 24;
  std::string describe() const;
};

struct Config {
  std::filesystem::path file;  // DIR/judge.json
  // The judge's mailbox: an IMAP server, or a maildir on this machine
  // (`maildir`, when not empty; then `imap` is unused).
  Server imap;
  std::filesystem::path maildir;
  Server smtp;
  std::filesystem::path secrets;  // "" for the default (--secrets, $ADJUTANT_SECRETS, ...)
  int reminder_hours = 12;        // 0: no reminders
  NmrPolicy nmr;
  int resend_after_minutes = 60;  // a mail in doubt and not found delivered goes again after this
  // What a game's next action depends on besides the game (the reminder
  // lead time, the policy): a hash, so that a changed policy looks at
  // every game again.
  std::string policy_hash() const;
};

// Reads and checks `file`; relative paths in it are relative to its folder.
// Errors: judge.config (missing, not JSON, wrong format; both imap and
// maildir, or neither), judge.missing_field,
// judge.unknown_field, judge.wrong_type, judge.out_of_range, judge.url,
// judge.credentials, judge.credentials_mode.
Config load_config(const std::filesystem::path& file);

}  // namespace adjutant::judge
