// `adjutant adjudicate`: a signed order file (or the mail that carries it, or
// the one due in the game's inbox/) checked, its dice rolled and the phase
// resolved into the log.
#include <filesystem>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/inbox.h"
#include "game/secrets.h"
#include "mail/saved_orders.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

// Each combat with its odds, die and result.
Json combats_of(const game::Archive& a, const game::Adjudication& adj) {
  Json out = Json::array();
  for (const auto& e : adj.events) {
    if (e.value("type", "") != "combat") continue;
    Json die = e.contains("die") && e["die"].is_object() && e["die"].contains("value")
                   ? e["die"]["value"]
                   : Json();
    out.push_back({{"combat", e.value("combat", "")},
                   {"odds", e.value("odds", "")},
                   {"die", die},
                   {"result", e.value("result", "")},
                   {"words", a.ruleset().describe_result(e.value("result", ""))}});
  }
  return out;
}

// What comes next: the phase now due, or the game's result.
Json next_of(const game::Archive& a, const game::Adjudication& adj) {
  rules::PhaseInfo next = a.ruleset().current_phase(adj.after);
  if (next.side.empty()) return {{"over", true}, {"result", adj.after.result}};
  return {{"over", false},
          {"turn", next.turn},
          {"phase", next.name},
          {"orders_from", next.waiting_on()},
          {"adjudicator", a.adjudicator_for(next.side)}};
}

void print_outcome(const game::Archive& a, const game::Adjudication& adj) {
  for (const auto& c : combats_of(a, adj))
    std::cout << "  combat " << printable(c["combat"].get<std::string>()) << " at "
              << printable(c["odds"].get<std::string>()) << ": die "
              << (c["die"].is_null() ? "?" : c["die"].dump()) << ", "
              << printable(c["words"].get<std::string>()) << "\n";
  Json next = next_of(a, adj);
  if (next["over"].get<bool>()) {
    std::cout << "the game is over: " << printable(adj.after.result) << "\n";
    return;
  }
  std::string from;
  for (const auto& s : next["orders_from"])
    from += (from.empty() ? "" : " and ") + s.get<std::string>();
  std::cout << "next: "
            << phase_words(a.ruleset(), next["turn"].get<int>(), next["phase"].get<std::string>())
            << " (orders from " << from << ", adjudicated by "
            << next["adjudicator"].get<std::string>() << ")\n";
}

// The order file of `dir` due in its inbox/ when exactly one is there.
game::InboxFile inbox_orders(const fs::path& dir) {
  game::ReadGame g(dir);
  rules::PhaseInfo phase = g.replay.phase();
  if (phase.side.empty())
    throw Error("orders.game_over", dir.string() + ": the game has ended; no orders are due");
  auto due = game::due_inbox_files(g.archive, g.replay);
  std::string awaited;
  for (const auto& s : g.replay.sides_awaited()) awaited += (awaited.empty() ? "" : " or ") + s;
  std::string what =
      "orders from " + awaited + " for " + phase_words(g.archive.ruleset(), phase.turn, phase.name);
  if (due.empty())
    throw Error("adjudicate.no_orders",
                (dir / "inbox").string() + " holds no " + what +
                    ": give the order file (or the mail that carries it), or file it with "
                    "`adjutant mail fetch " +
                    dir.string() + " --maildir DIR`");
  if (due.size() > 1) {
    std::string list;
    for (const auto& f : due)
      list += "\n  inbox/" + f.file.filename().string() + " (" + f.side + ")";
    throw Error("adjudicate.which_orders",
                (dir / "inbox").string() + " holds " + std::to_string(due.size()) + " " + what +
                    "; name the one to adjudicate:" + list,
                Exit::kUsage);
  }
  return due.front();
}

}  // namespace

int cmd_adjudicate(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant adjudicate",
      "Adjudicate a signed order file: check it, roll the dice from the revealed chain links,\n"
      "append the orders and the adjudication to the log, write state.json and the turn folder\n"
      "(events, maps, reports, mail files). ORDERS is the signed file, or a saved mail (.eml,\n"
      "a maildir message, an mbox file) that carries it; without ORDERS, the order file due\n"
      "in GAME/inbox/ (filed by `adjutant mail fetch`) when exactly one is there.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "orders", "signed order file, or a mail that carries one (default: the one due in inbox/)",
      cxxopts::value<std::string>())("key",
                                     "the adjudicator's private key (default: found in SECRETS)",
                                     cxxopts::value<std::string>())(
      "chain", "the adjudicator's dice chain (default: found in SECRETS by its anchor)",
      cxxopts::value<std::string>())("secrets", "the folder of your keys and dice chains",
                                     cxxopts::value<std::string>())(
      "at", "time to record (RFC 3339 UTC; default now)", cxxopts::value<std::string>())(
      "no-outputs", "write only the log, state and events (no maps, reports or mail)")(
      "json", "machine-readable output");
  options.parse_positional({"game", "orders"});
  options.positional_help("GAME [ORDERS]");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  bool json = r->count("json") > 0;
  game::AdjudicateOptions opt;
  if (r->count("key")) opt.key = (*r)["key"].as<std::string>();
  if (r->count("chain")) opt.chain = (*r)["chain"].as<std::string>();
  if (r->count("at")) opt.at = game::record_time((*r)["at"].as<std::string>());
  opt.secrets = game::secrets_dir(optional(*r, "secrets"));
  if (!r->count("no-outputs")) opt.outputs = turn_writer();
  game::CommitResult result;
  std::string taken;
  try {
    Json envelope;
    std::string source;
    if (r->count("orders")) {
      source = (*r)["orders"].as<std::string>();
      mail::SavedOrders saved = mail::read_saved_orders(source);
      envelope = std::move(saved.envelope);
      taken = saved.where.empty() ? source : source + " (" + saved.where + ")";
    } else {
      game::InboxFile f = inbox_orders(dir);
      source = f.file.string();
      envelope = std::move(f.envelope);
      taken = "inbox/" + f.file.filename().string();
    }
    if (!json && !r->count("orders")) std::cout << "taking " << taken << "\n";
    result = game::adjudicate_envelope(dir, envelope, source, opt);
  } catch (const rules::OrdersRefused& e) {
    if (!json) {
      print_error(e.detail());
      return int(Exit::kBadInput);
    }
    print_json({{"ok", false}, {"error", e.id()}, {"problems", e.to_json()}});
    return int(Exit::kBadInput);
  } catch (const Error& e) {
    if (!json) throw;
    print_json({{"ok", false}, {"error", e.id()}, {"message", e.what()}});
    return int(e.exit_code());
  }
  if (!json) print_notes(result.warnings);
  if (result.adjudications.empty()) {
    // One side's file of a simultaneous phase (docs/protocol.md 5a).
    game::ReadGame g(dir);
    std::vector<std::string> awaited = g.replay.sides_awaited();
    int line = int(g.archive.log().size()) - 1;
    if (json) {
      print_json({{"ok", true},
                  {"orders", taken},
                  {"logged", line},
                  {"awaited", awaited},
                  {"notes", result.warnings}});
      return 0;
    }
    std::string list;
    for (const auto& s : awaited) list += (list.empty() ? "" : ", ") + s;
    std::cout << "orders logged (log line " << line
              << "); the phase is adjudicated when orders from " << list << " are in\n";
    return 0;
  }
  const auto& adj = result.adjudications.back();
  fs::path folder = dir / "turns" / adj.folder_name();
  game::Archive a = game::Archive::open(dir);
  if (json) {
    print_json({{"ok", true},
                {"orders", taken},
                {"t", adj.t},
                {"turn", adj.turn},
                {"phase", adj.phase},
                {"log_line", adj.seq},
                {"echo", adj.echo},
                {"combats", combats_of(a, adj)},
                {"next", next_of(a, adj)},
                {"state", adj.after.hash()},
                {"turn_folder", folder.string()},
                {"notes", result.warnings}});
    return 0;
  }
  std::cout << "adjudicated " << phase_words(a.ruleset(), adj.turn, adj.phase) << " (t=" << adj.t
            << ", log line " << adj.seq << ")\n";
  for (const auto& line : adj.echo) std::cout << "  " << printable(line) << "\n";
  print_outcome(a, adj);
  std::cout << "state " << adj.after.hash() << "\nturn folder " << folder.string() << "\n";
  return 0;
}

}  // namespace adjutant::cli
