// The log reader and verify: the input is a log.jsonl, written into a copy of
// a sample archive (the one whose genesis line it starts with) and verified.
//
// Raw bytes rarely get past the signatures, so the custom mutator works on
// the log's structure: it changes one value of one line, or removes, repeats
// or swaps lines, and usually re-seals what follows with the published sample
// keys (samples/keys): each line's prev and signature, and the signatures,
// `after` and `game` of envelopes inside, as a host holding every key could.
// Verify then meets well-signed lines whose content is wrong.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "game/verify.h"
#include "json_mutator.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "support.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

using adjutant::fuzz::finding;
using adjutant::fuzz::only_errors;
namespace fs = std::filesystem;
namespace ledger = adjutant::ledger;
using ledger::Json;

namespace {

struct Sample {
  std::string genesis_line;
  std::string game_json;
  std::string state_json;
  std::string scenario_json;
};

struct Setup {
  std::vector<Sample> samples;
  std::map<std::string, ledger::SigningKey> keys;  // key id -> key
  fs::path archive;
};

Setup load() {
  Setup s;
  const fs::path root = adjutant::fuzz::source_dir() / "samples";
  std::vector<fs::path> games;
  for (const auto& d : fs::directory_iterator(root / "games")) games.push_back(d.path());
  std::sort(games.begin(), games.end());
  for (const fs::path& g : games) {
    Sample sample;
    std::string log = adjutant::fuzz::read_bytes(g / "log.jsonl");
    sample.genesis_line = log.substr(0, log.find('\n'));
    sample.game_json = adjutant::fuzz::read_bytes(g / "game.json");
    sample.state_json = adjutant::fuzz::read_bytes(g / "state.json");
    sample.scenario_json = adjutant::fuzz::read_bytes(g / "scenario.json");
    s.samples.push_back(std::move(sample));
  }
  for (const auto& f : fs::directory_iterator(root / "keys")) {
    if (f.path().extension() != ".key") continue;
    auto key = ledger::SigningKey::load_pem(f.path());
    std::string id = ledger::key_id(key.public_raw());
    s.keys.emplace(id, std::move(key));
  }
  s.archive = adjutant::fuzz::scratch_dir() / "game";
  fs::create_directories(s.archive);
  return s;
}

Setup& setup() {
  static Setup s = load();
  return s;
}

std::vector<std::string> split_lines(std::string_view text, bool& last_newline) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  last_newline = !text.empty() && text.back() == '\n';
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines, bool last_newline) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    if (i + 1 < lines.size() || last_newline) out += '\n';
  }
  return out;
}

// The canonical form where there is one (the verifier demands it), else any.
std::string serialise(const Json& j) {
  try {
    return ledger::canonical(j);
  } catch (...) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

const ledger::SigningKey* key_for(const Json& sig) {
  if (!sig.is_object() || !sig.contains("keyid") || !sig["keyid"].is_string()) return nullptr;
  auto it = setup().keys.find(sig["keyid"].get<std::string>());
  return it == setup().keys.end() ? nullptr : &it->second;
}

// Re-signs every envelope inside `j` (cards, order files) whose key id is a
// sample key, after replacing in its body the values `renamed` maps (old log
// head and game id to new ones).
void reseal_envelopes(Json& j, const std::map<std::string, std::string>& renamed) {
  if (j.is_array()) {
    for (Json& e : j) reseal_envelopes(e, renamed);
    return;
  }
  if (!j.is_object()) return;
  for (auto& [name, value] : j.items()) reseal_envelopes(value, renamed);
  if (!j.contains("payloadType") || !j["payloadType"].is_string() || !j.contains("body") ||
      !j.contains("signatures") || !j["signatures"].is_array())
    return;
  Json& body = j["body"];
  if (body.is_object())
    for (const char* field : {"after", "game"})
      if (body.contains(field) && body[field].is_string()) {
        auto it = renamed.find(body[field].get<std::string>());
        if (it != renamed.end()) body[field] = it->second;
      }
  for (Json& sig : j["signatures"]) {
    const ledger::SigningKey* key = key_for(sig);
    if (!key) continue;
    try {
      std::string message =
          ledger::pae(j["payloadType"].get<std::string>(), ledger::canonical(body));
      sig["sig"] = ledger::base64url(key->sign(message));
    } catch (...) {
    }
  }
}

// Gives lines from `first` on the prev of the line before and a fresh
// signature, as make_entry_line does, so their content is what verify judges;
// lines after `first` (and `first` itself when `renumber`) get their seq too.
void reseal(std::vector<std::string>& lines, std::size_t first,
            const std::vector<std::string>& original, bool renumber) {
  std::map<std::string, std::string> renamed;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i < first) continue;
    Json j = Json::parse(lines[i], nullptr, false);
    if (!j.is_object()) continue;
    if (i > 0) j["prev"] = ledger::sha256_hex(lines[i - 1]);
    if ((i > first || renumber) && j.contains("seq") && j["seq"].is_number_integer()) j["seq"] = i;
    if (j.contains("body")) reseal_envelopes(j["body"], renamed);
    if (j.contains("sig")) {
      if (const ledger::SigningKey* key = key_for(j["sig"])) {
        Json entry = j;
        entry.erase("sig");
        try {
          j["sig"]["sig"] = ledger::base64url(
              key->sign(ledger::pae(ledger::kLogEntryType, ledger::canonical(entry))));
        } catch (...) {
        }
      }
    }
    lines[i] = serialise(j);
    if (i < original.size() && original[i] != lines[i])
      renamed[ledger::sha256_hex(original[i])] = ledger::sha256_hex(lines[i]);
    if (i == 0 && j.contains("body")) {
      Json before = Json::parse(original.empty() ? "" : original[0], nullptr, false);
      if (before.is_object() && before.contains("body")) try {
          renamed[ledger::sha256_hex(ledger::canonical(before["body"]))] =
              ledger::sha256_hex(ledger::canonical(j["body"]));
        } catch (...) {
        }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setup();
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  std::mt19937 rng(seed);
  bool last_newline = true;
  const std::vector<std::string> original =
      split_lines(adjutant::fuzz::bytes(data, size), last_newline);
  if (original.empty() || rng() % 10 == 0) return LLVMFuzzerMutate(data, size, max_size);
  std::vector<std::string> lines = original;
  // Genesis half as often: its findings are quick, the later lines go deeper.
  std::size_t k = rng() % lines.size();
  if (k == 0) k = rng() % lines.size();
  bool sealed = rng() % 5 != 0;
  bool structural = false;
  switch (rng() % 8) {
    case 0:  // the bytes of one line
      lines[k] = adjutant::fuzz::mutate_bytes(lines[k], 64);
      sealed = false;
      break;
    case 1:  // remove, repeat or swap lines, or cut the log short
      structural = true;
      switch (rng() % 4) {
        case 0:
          lines.erase(lines.begin() + long(k));
          break;
        case 1:
          lines.insert(lines.begin() + long(k), lines[rng() % lines.size()]);
          break;
        case 2:
          if (k + 1 < lines.size()) std::swap(lines[k], lines[k + 1]);
          break;
        default:
          lines.resize(k + 1);
          last_newline = rng() % 4 != 0;
      }
      break;
    default: {  // one value of one line
      Json j = Json::parse(lines[k], nullptr, false);
      if (j.is_discarded()) {
        lines[k] = adjutant::fuzz::mutate_bytes(lines[k], 64);
        sealed = false;
        break;
      }
      adjutant::fuzz::mutate_json(j, rng);
      lines[k] = serialise(j);
    }
  }
  if (sealed) reseal(lines, k, original, structural);
  std::string out = join_lines(lines, last_newline);
  if (out.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                            const uint8_t* data2, size_t size2, uint8_t* out,
                                            size_t max_out_size, unsigned int seed) {
  std::mt19937 rng(seed);
  bool nl1 = true, nl2 = true;
  auto a = split_lines(adjutant::fuzz::bytes(data1, size1), nl1);
  auto b = split_lines(adjutant::fuzz::bytes(data2, size2), nl2);
  if (a.empty() || b.empty()) return 0;
  std::size_t i = rng() % a.size();
  std::size_t j = rng() % b.size();
  std::vector<std::string> lines(a.begin(), a.begin() + long(i) + 1);
  lines.insert(lines.end(), b.begin() + long(j), b.end());
  const std::vector<std::string> original = lines;
  reseal(lines, i + 1, original, true);
  std::string joined = join_lines(lines, nl2);
  if (joined.size() > max_out_size) return 0;
  std::memcpy(out, joined.data(), joined.size());
  return joined.size();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto log = adjutant::fuzz::bytes(data, size);
  const Setup& s = setup();
  const Sample* sample = &s.samples.front();
  const std::string_view first = log.substr(0, log.find('\n'));
  for (const Sample& candidate : s.samples)
    if (candidate.genesis_line == first) sample = &candidate;
  // A changed genesis gets a matching game.json, so verify goes on to judge it.
  std::string game_json = sample->game_json;
  if (sample->genesis_line != first) {
    Json line = Json::parse(first, nullptr, false);
    if (line.is_object() && line.contains("body")) game_json = serialise(line["body"]);
  }
  adjutant::fuzz::write_bytes(s.archive / "log.jsonl", log);
  adjutant::fuzz::write_bytes(s.archive / "game.json", game_json);
  adjutant::fuzz::write_bytes(s.archive / "state.json", sample->state_json);
  adjutant::fuzz::write_bytes(s.archive / "scenario.json", sample->scenario_json);
  adjutant::game::VerifyReport report;
  only_errors("verify_archive", [&] { report = adjutant::game::verify_archive(s.archive); });
  if (adjutant::fuzz::verbose()) std::fprintf(stderr, "%s", report.text().c_str());
  if (report.ok && report.exit_code != 0) finding("verify passed with a non-zero exit code");
  if (!report.ok && report.exit_code == 0) finding("verify failed with exit code 0");
  if (!report.ok && report.error_id.empty()) finding("verify failed without an error id");
  return 0;
}
