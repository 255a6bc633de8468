#include "judge/judge_config.h"

#include <sys/stat.h>

#include <cstdlib>

#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "util/error.h"
#include "util/fields.h"
#include "util/files.h"

namespace adjutant::judge {

namespace fs = std::filesystem;
using ledger::Json;

std::string NmrPolicy::describe() const {
  std::string out;
  if (extensions > 0)
    out = "the umpire extends the deadline by " + std::to_string(extend_hours) + " hour" +
          (extend_hours == 1 ? "" : "s") +
          (extensions == 1 ? " once" : ", up to " + std::to_string(extensions) + " times") +
          ", then ";
  else
    out = "the umpire ";
  out += "passes the player-turn with no moves received";
  if (grace_hours > 0)
    out += " (each " + std::to_string(grace_hours) + " hour" + (grace_hours == 1 ? "" : "s") +
           " after the deadline)";
  return out + ".";
}

std::string Config::policy_hash() const {
  return ledger::sha256_hex(ledger::canonical(Json{{"reminder_hours", reminder_hours},
                                                   {"grace_hours", nmr.grace_hours},
                                                   {"extensions", nmr.extensions},
                                                   {"extend_hours", nmr.extend_hours},
                                                   {"resend_after_minutes", resend_after_minutes}}))
      .substr(0, 16);
}

namespace {

Server read_server(const Json& j, const std::string& where,
                   std::initializer_list<const char*> schemes) {
  Fields f(j, where, "judge");
  Server s;
  s.url = f.str("url");
  bool ok = false;
  for (const char* scheme : schemes) ok = ok || s.url.rfind(scheme, 0) == 0;
  if (!ok) {
    std::string list;
    for (const char* scheme : schemes) list += (list.empty() ? "" : " or ") + std::string(scheme);
    throw Error("judge.url", where + ".url: " + s.url + " does not start with " + list);
  }
  s.credentials.user = f.str_opt("user").value_or("");
  s.timeout_seconds = f.integer_or("timeout_seconds", 60, 1, 3600);
  f.finish();
  return s;
}

fs::path resolve(const fs::path& base, const std::string& path) {
  fs::path p(path);
  return p.is_absolute() ? p : base / p;
}

// The passwords: from the credentials file when the config names one, else
// from the environment, as `adjutant mail` takes them.
void read_credentials(Config& c, const std::optional<std::string>& file) {
  if (!file) {
    const char* imap = std::getenv("ADJUTANT_IMAP_PASSWORD");
    const char* smtp = std::getenv("ADJUTANT_SMTP_PASSWORD");
    if (imap) c.imap.credentials.password = imap;
    if (smtp) c.smtp.credentials.password = smtp;
  } else {
    fs::path path = resolve(c.file.parent_path(), *file);
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
      throw Error("judge.credentials", path.string() + ": " + errno_words(errno));
    if (st.st_mode & (S_IRWXG | S_IRWXO))
      throw Error("judge.credentials_mode", path.string() + " may be read by others (mode " +
                                                std::to_string((st.st_mode >> 6) & 7) +
                                                std::to_string((st.st_mode >> 3) & 7) +
                                                std::to_string(st.st_mode & 7) + "): chmod 600 it");
    Json j;
    try {
      j = ledger::parse_strict(read_file(path, kMaxSmallFile), path.string());
    } catch (const Error& e) {
      throw Error("judge.credentials", e.what());
    }
    if (!j.is_object()) throw Error("judge.credentials", path.string() + ": not a JSON object");
    Fields f(j, path.string(), "judge");
    for (auto [name, server] :
         {std::pair<const char*, Server*>{"imap", &c.imap}, {"smtp", &c.smtp}}) {
      auto o = f.any_opt(name);
      if (!o) continue;
      if (!o->is_object())
        throw Error("judge.wrong_type", path.string() + ": " + name + " must be an object");
      Fields g(*o, path.string() + ": " + name, "judge");
      if (auto user = g.str_opt("user")) server->credentials.user = *user;
      server->credentials.password = g.str("password");
      g.finish();
    }
    f.finish();
  }
  for (auto [name, server] : {std::pair<const char*, Server*>{"imap", &c.imap}, {"smtp", &c.smtp}})
    if (!server->credentials.user.empty() && server->credentials.password.empty())
      throw Error("judge.credentials", std::string("a ") + name +
                                           " user is set but no password: give it in the "
                                           "credentials file or in $ADJUTANT_" +
                                           (std::string(name) == "imap" ? "IMAP" : "SMTP") +
                                           "_PASSWORD");
}

}  // namespace

Config load_config(const fs::path& file) {
  Config c;
  c.file = file;
  Json j;
  try {
    j = ledger::parse_strict(read_file(file, kMaxSmallFile), file.string());
  } catch (const Error& e) {
    throw Error("judge.config",
                std::string(e.what()) + " (the judge's configuration; docs/judge.md shows one)",
                e.exit_code());
  }
  if (!j.is_object()) throw Error("judge.config", file.string() + ": not a JSON object");
  Fields f(j, file.string(), "judge");
  std::string format = f.str("format");
  if (format != kJudgeFormat)
    throw Error("judge.config",
                file.string() + ": format is \"" + format + "\", not \"" + kJudgeFormat + "\"");
  if (f.has("imap") == f.has("maildir"))
    throw Error("judge.config", file.string() +
                                    ": give the judge's mailbox as one of imap (a "
                                    "server) and maildir (a folder)");
  if (f.has("imap"))
    c.imap = read_server(f.object("imap"), file.string() + ": imap", {"imap://", "imaps://"});
  else
    c.maildir = resolve(file.parent_path(), f.str("maildir"));
  c.smtp = read_server(f.object("smtp"), file.string() + ": smtp", {"smtp://", "smtps://"});
  auto credentials = f.str_opt("credentials");
  if (auto s = f.str_opt("secrets")) c.secrets = resolve(file.parent_path(), *s);
  c.reminder_hours = int(f.integer_or("reminder_hours", 12, 0, 8760));
  if (f.has("nmr")) {
    Fields n(f.object("nmr"), file.string() + ": nmr", "judge");
    c.nmr.grace_hours = int(n.integer_or("grace_hours", 0, 0, 8760));
    c.nmr.extensions = int(n.integer_or("extensions", 0, 0, 100));
    c.nmr.extend_hours = int(n.integer_or("extend_hours", 24, 1, 8760));
    n.finish();
  }
  c.resend_after_minutes = int(f.integer_or("resend_after_minutes", 60, 1, 100000));
  f.finish();
  read_credentials(c, credentials);
  return c;
}

}  // namespace adjutant::judge
