// `adjutant orders`: text orders (docs/orders.md) into the JSON order body,
// checked as `check` checks them and echoed in the adjudication's words;
// `--to-text` writes a body back as text.
#include <filesystem>
#include <functional>
#include <iterator>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/fog.h"
#include "game/intake.h"
#include "game/text_orders.h"
#include "rules/notation.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

// FILE, or standard input when none is given ("-" too).
std::string read_input(const std::string& file, std::string& source) {
  if (!file.empty() && file != "-") {
    source = file;
    try {
      return read_file(file, game::kMaxOrderBytes);
    } catch (const Error& e) {
      if (e.id() == "io.too_large")
        throw Error("orders.too_large", file + ": order files are limited to 1 MiB");
      throw;
    }
  }
  source = "<stdin>";
  std::string text;
  char buf[4096];
  while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
    text.append(buf, std::size_t(std::cin.gcount()));
    if (text.size() > game::kMaxOrderBytes)
      throw Error("orders.too_large", "<stdin>: order files are limited to 1 MiB");
  }
  return text;
}

void write_output(const std::string& out, const std::string& bytes) {
  if (out.empty()) {
    std::cout << bytes << std::flush;
    if (!std::cout)
      throw Error("io.stdout", "standard output cannot be written", Exit::kEnvironment);
  } else {
    refuse_inside_archive(out, "--out");
    write_file_atomic(out, bytes);
  }
}

// Checks the body read from text (each problem placed on its line of
// `source`), writes it to `out` (standard output when empty) and says what
// was understood under `heading`, with how to sign it against `game`.
// The text's problems as --json gives them: each with its line and column.
int text_refused(const rules::text::TextRefused& e, bool json) {
  if (!json) {
    print_error(e.detail());
    return int(Exit::kBadInput);
  }
  Json problems = Json::array();
  for (const auto& p : e.problems())
    problems.push_back(
        {{"id", p.id}, {"line", p.pos.line}, {"column", p.pos.column}, {"message", p.message}});
  print_json({{"ok", false}, {"error", e.id()}, {"problems", problems}});
  return int(Exit::kBadInput);
}

int check_and_echo(const std::function<rules::Checked()>& check, const game::WrittenOrders& written,
                   const std::string& source, const std::string& out, const std::string& heading,
                   const std::string& game, bool json) {
  rules::Checked checked;
  try {
    checked = check();
  } catch (const rules::OrdersRefused& e) {
    if (json) {
      Json problems = e.to_json();
      for (std::size_t i = 0; i < e.problems().size(); ++i) {
        const auto& p = e.problems()[i];
        const rules::text::Pos* pos = nullptr;
        if (p.order >= 1 && std::size_t(p.order) <= written.parsed.orders.size())
          pos = &written.parsed.orders[std::size_t(p.order) - 1];
        else
          pos = written.parsed.where(p.unit, p.rule);
        if (pos) {
          problems[i]["line"] = pos->line;
          problems[i]["column"] = pos->column;
        }
      }
      print_json({{"ok", false}, {"error", e.id()}, {"problems", problems}});
      return int(Exit::kBadInput);
    }
    for (const auto& p : e.problems()) print_error(game::problem_at(p, written.parsed, source));
    return int(Exit::kBadInput);
  }
  if (json) {
    if (!out.empty()) write_output(out, written.body.dump(2) + "\n");
    Json j = {{"ok", true}, {"heading", heading}, {"body", written.body}, {"echo", checked.echo}};
    if (!out.empty()) j["out"] = out;
    print_json(j);
    return 0;
  }
  write_output(out, written.body.dump(2) + "\n");
  std::ostream& said = out.empty() ? std::cerr : std::cout;
  said << heading << "\n";
  for (const auto& line : checked.echo) said << "  " << printable(line) << "\n";
  if (checked.echo.empty()) said << "  (no orders)\n";
  if (!out.empty())
    said << "wrote " << out << "; sign it with `adjutant sign " << out << " --game " << game
         << "`\n";
  return 0;
}

// `adjutant orders` on a side's sealed copy of a fog-of-war game: read with
// the side's part of the scenario and checked on its own view of the phase
// due (docs/protocol.md 10a, "A side's part of the scenario").
int sealed_orders(const cxxopts::ParseResult& r) {
  fs::path copy = required(r, "game");
  std::string out = optional(r, "out");
  std::string source;
  std::string content = read_input(optional(r, "file"), source);
  if (r.count("to-text")) {
    Json genesis = ledger::parse_strict(read_file(copy / "game.json"), "game.json");
    Json body = ledger::parse_strict(content, source, game::kMaxOrderBytes);
    if (body.is_object() && body.contains("payloadType") && body.contains("body"))
      body = body["body"];
    std::string id = genesis.contains("ruleset") && genesis["ruleset"].is_object()
                         ? genesis["ruleset"].value("id", "")
                         : "";
    write_output(out, rules::make_notation(id)->print(body));
    return 0;
  }
  game::SealedOrdersGame g = game::open_sealed_orders(copy);
  std::string side = optional(r, "side");
  if (side.empty()) side = g.side;
  if (side != g.side)
    throw Error("orders.unknown_side",
                "--side " + in_quotes(side) + ": this is " + g.side + "'s sealed copy");
  game::WrittenOrders written;
  try {
    written = game::read_written_orders(*g.ruleset, g.view, content, source, side);
  } catch (const rules::text::TextRefused& e) {
    return text_refused(e, r.count("json") > 0);
  }
  return check_and_echo(
      [&] { return g.ruleset->check(g.view, written.body, source); }, written, source, out,
      "orders for " + side + ", " + rules::phase_words(*g.ruleset, g.turn, g.phase) +
          ", as understood (checked on the sealed copy):",
      copy.string(), r.count("json") > 0);
}

}  // namespace

int cmd_orders(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant orders",
      "Read text orders (docs/orders.md) for the phase due, check them exactly as `check` does\n"
      "and write the JSON order body `adjutant sign` signs (sign also takes the text itself).\n"
      "The body goes to standard output (or --out) and what was understood, in the words of\n"
      "the adjudication, to standard error (to standard output with --out). With --to-text,\n"
      "FILE is an order body (or a signed order file) and its text is written instead.");
  options.add_options()("game", "your copy of the game archive", cxxopts::value<std::string>())(
      "file", "the text orders (default: standard input)", cxxopts::value<std::string>())(
      "side", "whose orders (default: the side whose orders are due)",
      cxxopts::value<std::string>())("o,out", "write the result to this file",
                                     cxxopts::value<std::string>())(
      "to-text", "write an order body as text orders")(
      "json", "machine-readable output: the body, the echo, or each problem with its line");
  options.parse_positional({"game", "file"});
  options.positional_help("GAME [FILE]");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (game::is_sealed_copy(required(*r, "game"))) return sealed_orders(*r);
  game::ReadGame g(required(*r, "game"));
  const game::Archive& archive = g.archive;
  std::string out = optional(*r, "out");
  std::string source;
  std::string content = read_input(optional(*r, "file"), source);

  if (r->count("to-text")) {
    Json body = ledger::parse_strict(content, source, game::kMaxOrderBytes);
    // A signed order file: its body.
    if (body.is_object() && body.contains("payloadType") && body.contains("body"))
      body = body["body"];
    write_output(out, rules::make_notation(archive.ruleset().id())->print(body));
    return 0;
  }

  rules::PhaseInfo phase = archive.ruleset().current_phase(g.replay.state());
  std::string side = optional(*r, "side");
  if (side.empty()) side = phase.side;
  if (side.empty())
    throw Error("orders.game_over",
                archive.dir().string() + ": the game has ended; no orders are due");
  if (!archive.party(side) || side == "umpire")
    throw Error("orders.unknown_side", "--side " + in_quotes(side) + " is not a side of this game");
  game::WrittenOrders written;
  try {
    written = game::read_written_orders(archive, g.replay.state(), content, source, side);
  } catch (const rules::text::TextRefused& e) {
    return text_refused(e, r->count("json") > 0);
  }
  return check_and_echo(
      [&] {
        return game::check_written_orders(archive, g.replay.state(), side, written.body, source);
      },
      written, source, out,
      "orders for " + side + ", " + rules::phase_words(archive.ruleset(), phase.turn, phase.name) +
          ", as understood:",
      archive.dir().string(), r->count("json") > 0);
}

}  // namespace adjutant::cli
