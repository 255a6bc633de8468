#include "game/sealed_view.h"

#include "game/fog.h"
#include "game/genesis.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace sealed_view {

std::string text_of(const Json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

}  // namespace sealed_view

SealedView open_sealed_view(const fs::path& copy) {
  using sealed_view::text_of;
  SealedReport report = verify_sealed(copy);
  if (!report.ok)
    throw Error(report.error_id, "this copy: " + report.where + ": " + report.message,
                Exit::kVerifyFailed);
  SealedView v;
  v.side = report.side;
  v.lines = report.lines;
  v.head = report.head;
  v.over = report.revealed;
  // The log, verified above: genesis, the time each phase began, the
  // extensions since, the end.
  std::string log = read_file(copy / "log.jsonl", kMaxLogFile);
  std::string began;
  std::size_t start = 0;
  while (start < log.size()) {
    std::size_t end = log.find('\n', start);
    if (end == std::string::npos) end = log.size();
    Json e = ledger::parse_strict(std::string_view(log).substr(start, end - start), "log.jsonl");
    start = end + 1;
    std::string kind = text_of(e, "kind");
    const Json& body = e.contains("body") ? e["body"] : Json();
    if (kind == "genesis") {
      v.genesis = body;
      began = text_of(body, "created");
    } else if (kind == "sealed-adjudication") {
      began = text_of(body, "at");
      v.extension_hours = 0;
    } else if (kind == "ruling" && text_of(body, "ruling") == "extend" && body.contains("hours") &&
               body["hours"].is_number_integer()) {
      v.extension_hours += body["hours"].get<int>();
    } else if (kind == "end") {
      v.over = true;
      v.result = text_of(body, "result");
    }
  }
  v.name = text_of(v.genesis, "name");
  v.game_id = ledger::sha256_hex(ledger::canonical(v.genesis));
  v.parties = genesis_parties(v.genesis);
  // The packet: the part, the latest view, the phase due.
  Json packet = ledger::parse_strict(read_file(copy / kPacketFile, kMaxLogFile), kPacketFile);
  const Json* part = nullptr;
  const Json* view = nullptr;
  const Json openings = packet.contains("openings") ? packet["openings"] : Json::array();
  for (const auto& o : openings) {
    std::string kind = text_of(o, "kind");
    int line = o.contains("line") && o["line"].is_number_integer() ? o["line"].get<int>() : -1;
    if (kind == "scenario:" + v.side) part = &o["content"];
    if (kind == "view:" + v.side && line >= v.view_line) {
      view = &o["content"];
      v.view_line = line;
    }
    // The side's own order files, in log order: the last one's preferences.
    if (kind == "orders" && o.contains("content") && o["content"].is_object() &&
        o["content"].contains("body") && o["content"]["body"].is_object()) {
      const Json& body = o["content"]["body"];
      if (body.contains("preferred") && body["preferred"].is_object()) {
        v.preferred.clear();
        for (const auto& [brigade, n] : body["preferred"].items())
          if (n.is_number_integer() && (n == 1 || n == 2)) v.preferred[brigade] = n.get<int>();
      }
    }
  }
  int version = v.genesis.contains("ruleset") && v.genesis["ruleset"].is_object()
                    ? v.genesis["ruleset"].value("version", 0)
                    : 0;
  if (part) {
    try {
      v.ruleset =
          rules::make_ruleset(*part, "the part of the scenario in " + copy.string(), version);
    } catch (const Error&) {
      // A part this adjutant cannot read its rules from: shown without it.
      v.ruleset = nullptr;
    }
  }
  if (view)
    v.view =
        model::State::from_json(*view, "the view of " + v.side,
                                v.ruleset ? v.ruleset->unit_marks() : std::vector<std::string>{});
  const Json due = packet.value("due", Json());
  if (!v.over && due.is_object() && due.contains("turn") && due["turn"].is_number_integer()) {
    v.due = true;
    v.turn = due["turn"].get<int>();
    v.phase = text_of(due, "phase");
    v.deadline = phase_deadline(v.genesis, began, v.extension_hours);
  } else {
    v.turn = report.turn;
    v.phase = report.phase;
  }
  return v;
}

}  // namespace adjutant::game
