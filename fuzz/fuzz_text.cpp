// Text orders (docs/orders.md) for every ruleset with a notation: each of its
// scenarios under scenarios/ reads the fuzzed text for each side. A text
// that reads must print, and the printed text must read back into the same
// body; anything else may only end in an adjutant::Error.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"
#include "rules/notation.h"
#include "rules/ruleset.h"
#include "support.h"

using adjutant::fuzz::finding;
using adjutant::fuzz::only_errors;
namespace fs = std::filesystem;
namespace ledger = adjutant::ledger;
namespace rules = adjutant::rules;
namespace model = adjutant::model;
using ledger::Json;

namespace {

struct Target {
  std::string name;
  rules::hexmap::Scenario scenario;
  std::unique_ptr<rules::Notation> notation;
  std::vector<std::string> sides;
};

std::vector<Target> load_targets() {
  std::vector<Target> out;
  for (const auto& f : fs::directory_iterator(adjutant::fuzz::source_dir() / "scenarios")) {
    if (f.path().extension() != ".json") continue;
    Json j = ledger::parse_strict(adjutant::fuzz::read_bytes(f.path()), f.path().string());
    std::string ruleset = j.value("ruleset", "");
    Target t{ruleset + " " + f.path().filename().string(),
             rules::hexmap::Scenario::from_json(j, f.path().string()),
             rules::make_notation(ruleset),
             {}};
    for (const auto& s : t.scenario.sides) t.sides.push_back(s.id);
    out.push_back(std::move(t));
  }
  return out;
}

std::vector<Target>& targets() {
  static std::vector<Target> t = load_targets();
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  targets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = adjutant::fuzz::bytes(data, size);
  for (const Target& t : targets()) {
    for (const std::string& side : t.sides) {
      rules::ParsedText parsed;
      if (!only_errors("parse", [&] {
            parsed = t.notation->parse(text, "input", {nullptr, &t.scenario, nullptr}, side);
          }))
        continue;
      std::string printed;
      if (!only_errors("print", [&] { printed = t.notation->print(parsed.body); }))
        finding(t.name + ": a body read from text does not print: " + parsed.body.dump());
      rules::ParsedText again;
      if (!only_errors("parse", [&] {
            again = t.notation->parse(printed, "printed", {nullptr, &t.scenario, nullptr}, side);
          }))
        finding(t.name + ": the printed text does not read back:\n" + printed);
      if (again.body != parsed.body)
        finding(t.name + ": the printed text reads into another body:\n" + printed);
      std::size_t orders = 0;
      for (const auto& [key, list] : parsed.body.items())
        if (list.is_array()) orders += list.size();
      if (parsed.orders.size() != orders)
        finding(t.name + ": " + std::to_string(parsed.orders.size()) + " positions for " +
                std::to_string(orders) + " orders");
    }
  }
  return 0;
}
