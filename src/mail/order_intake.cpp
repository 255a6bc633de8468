#include "mail/order_intake.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "game/fog.h"
#include "ledger/armor.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "mail/mime_parse.h"
#include "util/error.h"

namespace adjutant::mail {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

constexpr std::size_t kMaxOrderBytes = 1u << 20;

bool safe_side(const std::string& side) {
  if (side.empty() || side.size() > 32) return false;
  for (char c : side)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  return true;
}

std::string trim_copy(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  std::size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

// Creates `file` with `bytes` unless it exists: written to a temporary name,
// fsynced, then hard-linked into place, which fails rather than overwrite.
bool create_exclusive(const fs::path& file, const std::string& bytes) {
  fs::path temp =
      file.parent_path() / ("." + file.filename().string() + ".tmp" + std::to_string(::getpid()));
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    throw Error("mail.inbox_write", temp.string() + ": " + std::strerror(errno),
                Exit::kEnvironment);
  bool ok = ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok) {
    ::unlink(temp.c_str());
    throw Error("mail.inbox_write", temp.string() + ": cannot write", Exit::kEnvironment);
  }
  int linked = ::link(temp.c_str(), file.c_str());
  int err = errno;
  ::unlink(temp.c_str());
  if (linked == 0) return true;
  if (err == EEXIST) return false;
  throw Error("mail.inbox_write", file.string() + ": " + std::strerror(err), Exit::kEnvironment);
}

}  // namespace

// Attachments whose content is a JSON object, and armored blocks in text parts.
// HTML parts are skipped: a text alternative carries the same blocks, and
// markup would be read as base64url characters.
std::vector<OrderText> find_orders(const MimePart& message, std::vector<Intake>& problems,
                                   const std::string& source) {
  std::vector<OrderText> out;
  int n = 0;
  for (const MimePart* part : leaves(message)) {
    ++n;
    std::string label =
        part->filename.empty() ? "part " + std::to_string(n) : "attachment " + part->filename;
    std::string trimmed = trim_copy(part->body);
    // The game's own mails carry log lines and states: no order files.
    const std::string& fname = part->filename;
    if (part->content_type == "application/x-ndjson" ||
        part->content_type == game::kSealedPostType ||
        (fname.size() > 6 && fname.compare(fname.size() - 6, 6, ".jsonl") == 0))
      continue;
    bool json_type = part->content_type == "application/json" ||
                     part->content_type.find("+json") != std::string::npos ||
                     (part->filename.size() > 5 &&
                      part->filename.compare(part->filename.size() - 5, 5, ".json") == 0);
    if (!trimmed.empty() && trimmed.front() == '{' && trimmed.back() == '}' &&
        (json_type || trimmed.find("\"payloadType\"") != std::string::npos)) {
      // A JSON object that is no signed file (a state, a scenario) is no
      // order file; one with a payloadType is checked as one.
      if (trimmed.find("\"payloadType\"") == std::string::npos) continue;
      out.push_back({label, part->body});
      continue;
    }
    if (json_type && part->body.find(ledger::kArmorBegin) == std::string::npos) {
      // A JSON attachment that is not a JSON object: damaged on the way.
      problems.push_back(
          {source, label, "mail.unreadable", "not a JSON object (damaged in transit?)", "", ""});
      continue;
    }
    if (part->content_type == "text/html") continue;
    if (!part->filename.empty() && part->content_type.rfind("text/", 0) != 0 &&
        part->content_type != "application/octet-stream")
      continue;
    try {
      int block = 0;
      for (std::string& text : ledger::dearmor(part->body))
        out.push_back(
            {"armored block " + std::to_string(++block) + " in " + label, std::move(text)});
    } catch (const Error& e) {
      problems.push_back({source, label, "mail.unreadable", e.what(), "", ""});
    }
  }
  return out;
}

std::string order_game(const OrderText& c) {
  if (c.text.size() > kMaxOrderBytes) return "";
  try {
    Json j = ledger::parse_strict(c.text, c.where);
    if (j.is_object() && j.contains("body") && j["body"].is_object() &&
        j["body"].contains("game") && j["body"]["game"].is_string())
      return j["body"]["game"].get<std::string>();
  } catch (const Error&) {
  }
  return "";
}

Intake file_order(const IntakeContext& ctx, const OrderText& c, const std::string& source) {
  Intake r{source, c.where, "", "", "", ""};
  auto refuse = [&](const char* id, std::string detail) {
    r.id = id;
    r.detail = std::move(detail);
    return r;
  };
  if (c.text.size() > kMaxOrderBytes) return refuse("mail.unreadable", "larger than 1 MiB");
  Json j;
  ledger::Envelope env;
  try {
    j = ledger::parse_strict(c.text, c.where);
    env = ledger::parse_envelope(j, c.where);
  } catch (const Error& e) {
    return refuse("mail.unreadable", e.what());
  }
  if (env.payload_type != ledger::kOrdersType)
    return refuse("mail.not_orders", "a signed \"" + env.payload_type + "\" file, not orders");
  const Json& body = env.body;
  auto text_field = [&](const char* key) {
    return body.is_object() && body.contains(key) && body[key].is_string()
               ? body[key].get<std::string>()
               : std::string();
  };
  r.side = text_field("side");
  std::string game = text_field("game");
  if (game != ctx.game_id)
    return refuse("mail.wrong_game",
                  "orders for game " + (game.empty() ? std::string("(none)") : game.substr(0, 16)) +
                      ", not " + ctx.game_id.substr(0, 16));
  auto key = ctx.side_keys.find(r.side);
  if (!safe_side(r.side) || key == ctx.side_keys.end())
    return refuse("mail.unknown_side", "no player \"" + r.side + "\" in this game");
  bool good = false;
  try {
    good = ledger::verify_envelope(env, ledger::kOrdersType, key->second);
  } catch (const Error& e) {
    return refuse("mail.bad_signature", e.what());
  }
  if (!good)
    return refuse("mail.bad_signature",
                  "the signature does not verify with the genesis key of " + r.side);
  std::string name = inbox_name(r.side, ledger::canonical(j));
  if (fs::exists(ctx.inbox / name)) {
    r.filed = name;
    return refuse("mail.duplicate", "already in the inbox as " + name);
  }
  std::string after = text_field("after");
  if (after != ctx.head)
    return refuse("mail.stale", "written after log line " + after.substr(0, 16) +
                                    ", but the log head is now " + ctx.head.substr(0, 16));
  std::error_code ec;
  fs::create_directories(ctx.inbox, ec);
  if (!create_exclusive(ctx.inbox / name, c.text)) {
    r.filed = name;
    return refuse("mail.duplicate", "already in the inbox as " + name);
  }
  r.id = "filed";
  r.filed = name;
  r.detail = "filed as inbox/" + name;
  return r;
}

std::string inbox_name(const std::string& side, const std::string& canonical_envelope) {
  return side + "-" + ledger::sha256_hex(canonical_envelope).substr(0, 16) + ".json";
}

std::vector<Intake> take_orders(const IntakeContext& ctx, std::string_view raw_message,
                                const std::string& source) {
  MimePart message = parse_message(raw_message);
  std::vector<Intake> out;
  std::vector<OrderText> found = find_orders(message, out, source);
  for (const OrderText& c : found) out.push_back(file_order(ctx, c, source));
  if (out.empty())
    out.push_back({source, "message", "mail.no_orders", "no order file found", "", ""});
  return out;
}

}  // namespace adjutant::mail
