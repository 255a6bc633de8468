#include "judge/judge_state.h"

#include <sys/stat.h>

#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::judge {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

constexpr const char* kStateFormat = "adjutant-judge-state/1";

long number(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_number_integer() ? j[key].get<long>() : 0;
}

std::string text(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

}  // namespace

fs::path state_file(const fs::path& dir) {
  return dir / "judge-state.json";
}

JudgeState JudgeState::load(const fs::path& file, std::string& note) {
  JudgeState s;
  std::error_code ec;
  if (!fs::exists(file, ec)) return s;
  try {
    s.loaded_ = read_file(file, kMaxJsonFile);
    Json j = ledger::parse_strict(s.loaded_, file.string());
    if (!j.is_object() || text(j, "format") != kStateFormat)
      throw Error("judge.state", file.string() + ": not a judge state file");
    s.mailbox = text(j, "mailbox");
    if (j.contains("imap") && j["imap"].is_object()) {
      const Json& i = j["imap"];
      s.imap.uidvalidity = number(i, "uidvalidity");
      s.imap.last_uid = number(i, "last_uid");
      if (i.contains("retry") && i["retry"].is_array())
        for (const Json& u : i["retry"])
          if (u.is_number_integer()) s.imap.retry.push_back(u.get<long>());
    }
    if (j.contains("games") && j["games"].is_object())
      for (const auto& [label, g] : j["games"].items())
        if (g.is_object()) s.games[label] = {text(g, "stamp"), text(g, "wake"), text(g, "policy")};
  } catch (const Error& e) {
    note = std::string(e.what()) + "; the pass reads the whole mailbox and looks at every game";
    return JudgeState();
  }
  return s;
}

void JudgeState::save(const fs::path& file) const {
  Json games = Json::object();
  for (const auto& [label, g] : this->games)
    games[label] = {{"stamp", g.stamp}, {"wake", g.wake}, {"policy", g.policy}};
  Json j = {
      {"format", kStateFormat},
      {"mailbox", mailbox},
      {"imap",
       {{"uidvalidity", imap.uidvalidity}, {"last_uid", imap.last_uid}, {"retry", imap.retry}}},
      {"games", games}};
  std::string text = j.dump(1) + "\n";
  if (text != loaded_) write_file_atomic(file, text);
}

std::string game_stamp(const fs::path& game) {
  std::string all;
  for (const char* part : {"game.json", "log.jsonl", "state.json", "mail/sent.jsonl", "inbox",
                           "turns", "mail", "mail/outbox", "mail/sending"}) {
    struct stat st {};
    all += part;
    if (::lstat((game / part).c_str(), &st) == 0)
      all += " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
             std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ino) + " " +
             std::to_string(st.st_mode);
    all += "\n";
  }
  return ledger::sha256_hex(all).substr(0, 32);
}

}  // namespace adjutant::judge
