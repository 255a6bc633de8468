// `adjutant new`, `sign`, `check` and `adjudicate`: the turn pipeline.
#include <filesystem>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/genesis.h"
#include "game/intake.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "rules/ruleset.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

int cmd_new(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant new",
      "Create a game archive: the genesis entry pins the scenario, the ruleset version and every\n"
      "player's card (key and dice chain anchor). Add an umpire card for an umpire game; without\n"
      "one, each side adjudicates the other's orders.");
  options.add_options()("game", "the folder to create", cxxopts::value<std::string>())(
      "scenario", "scenario file", cxxopts::value<std::string>())(
      "card", "a signed player card (repeat for each side and the umpire)",
      cxxopts::value<std::vector<std::string>>())(
      "key", "the host's private key (the umpire's, or a player's)", cxxopts::value<std::string>())(
      "name", "the game's name, as on the cards", cxxopts::value<std::string>())(
      "created", "creation time to record (RFC 3339 UTC; default now)",
      cxxopts::value<std::string>())("deadline-hours", "hours allowed for each set of orders",
                                     cxxopts::value<int>()->default_value("72"))(
      "ruleset-version", "pin an older version of the ruleset (default the latest)",
      cxxopts::value<int>());
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  game::NewGame g;
  std::string scenario_file = required(*r, "scenario");
  g.scenario_text = read_file(scenario_file);
  g.scenario = ledger::parse_strict(g.scenario_text, scenario_file);
  // The full check, exclusive rules included, before anything is written.
  rules::make_ruleset(g.scenario, scenario_file);
  if (!r->count("card")) throw Error("usage.missing", "missing --card", Exit::kUsage);
  for (const auto& c : (*r)["card"].as<std::vector<std::string>>())
    g.cards.push_back(ledger::parse_strict(read_file(c), c));
  g.name = r->count("name") ? (*r)["name"].as<std::string>() : dir.filename().string();
  g.created = r->count("created") ? (*r)["created"].as<std::string>() : game::now_utc();
  g.deadline_hours = (*r)["deadline-hours"].as<int>();
  if (r->count("ruleset-version")) {
    g.ruleset_version = (*r)["ruleset-version"].as<int>();
    if (g.ruleset_version < 1)
      throw Error("usage.options", "--ruleset-version must be 1 or more", Exit::kUsage);
  }
  auto key = ledger::SigningKey::load_pem(required(*r, "key"));
  for (const auto& card : g.cards) {
    auto p = game::party_from_card(card, "card");
    if (p.public_key == key.public_raw()) g.host = p.id;
  }
  if (g.host.empty())
    throw Error("new.host_key", "--key matches none of the cards' keys", Exit::kUsage);
  game::create_archive(dir, g, key);
  auto a = game::Archive::open(dir);
  std::cout << "created " << dir.string() << ": " << a.scenario().title << "\ngame id "
            << a.game_id() << "\nhost " << g.host
            << (a.has_umpire() ? " (umpire game)" : " (no umpire)") << "\nfirst orders due from "
            << a.ruleset().current_phase(a.state_at()).side << "\n";
  return 0;
}

int cmd_sign(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant sign",
      "Sign an order file for the current phase: fills in format, game, side, turn, phase,\n"
      "after (the log head) and reveal (your next dice chain link), then signs it.");
  options.add_options()("orders", "order file (moves, attacks, standing)",
                        cxxopts::value<std::string>())("game", "your copy of the game archive",
                                                       cxxopts::value<std::string>())(
      "key", "your private key", cxxopts::value<std::string>())(
      "chain", "your dice chain (default KEY.chain)", cxxopts::value<std::string>())(
      "o,out", "signed file to write (default ORDERS with .signed.json)",
      cxxopts::value<std::string>());
  options.parse_positional({"orders"});
  options.positional_help("ORDERS");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path orders_file = required(*r, "orders");
  auto archive = game::Archive::open(required(*r, "game"));
  fs::path key_file = required(*r, "key");
  auto key = ledger::SigningKey::load_pem(key_file);
  fs::path chain_file = r->count("chain") ? fs::path((*r)["chain"].as<std::string>())
                                          : fs::path(key_file.string() + ".chain");
  auto chain = ledger::load_chain(chain_file);
  std::string side;
  for (const auto& p : archive.parties())
    if (p.public_key == key.public_raw() && p.id != "umpire") side = p.id;
  if (side.empty())
    throw Error("sign.not_a_player", key_file.string() + ": not the key of any side of this game",
                Exit::kUsage);
  Json body = ledger::parse_strict(read_file_limited(orders_file, game::kMaxOrderBytes),
                                   orders_file.string());
  if (!body.is_object())
    throw Error("orders.format", orders_file.string() + ": must be a JSON object");
  auto state = archive.state_at();
  auto phase = archive.ruleset().current_phase(state);
  auto known = game::reveals_before(archive, int(archive.log().size())).at(side);
  std::uint32_t m = known.m + 1;
  body["format"] = game::kOrdersFormat;
  body["game"] = archive.game_id();
  body["side"] = side;
  body["turn"] = phase.turn;
  body["phase"] = phase.name;
  body["after"] = archive.head();
  body["reveal"] = {{"m", m}, {"s", ledger::to_hex(ledger::link(chain, m))}};
  Json envelope = ledger::sign_envelope(ledger::kOrdersType, body, key);
  fs::path out =
      r->count("out")
          ? fs::path((*r)["out"].as<std::string>())
          : fs::path(orders_file.parent_path() / (orders_file.stem().string() + ".signed.json"));
  write_file_atomic(out, envelope.dump(2) + "\n");
  std::cout << "signed " << out.string() << " for " << side << ", turn " << phase.turn << " phase "
            << phase.name << (phase.side != side ? " (note: it is not your phase)" : "") << "\n";
  return 0;
}

namespace {

void print_refusal(const rules::OrdersRefused& e, bool json) {
  if (json)
    print_json({{"ok", false}, {"error", e.id()}, {"problems", e.to_json()}});
  else
    std::cerr << e.detail() << "\n";
}

}  // namespace

int cmd_check(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant check",
      "Check a signed order file exactly as the adjudication will, without changing anything,\n"
      "and echo the orders as understood.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "orders", "signed order file", cxxopts::value<std::string>())("json",
                                                                    "machine-readable output");
  options.parse_positional({"game", "orders"});
  options.positional_help("GAME ORDERS");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  bool json = r->count("json") > 0;
  auto archive = game::Archive::open(required(*r, "game"));
  try {
    auto in = game::take_order_file(archive, archive.state_at(), required(*r, "orders"));
    if (json) {
      print_json({{"ok", true}, {"side", in.side}, {"echo", in.checked.echo}});
    } else {
      std::cout << "orders for " << in.side << " are valid:\n";
      for (const auto& line : in.checked.echo) std::cout << "  " << line << "\n";
    }
    return 0;
  } catch (const rules::OrdersRefused& e) {
    print_refusal(e, json);
    return int(Exit::kBadInput);
  } catch (const Error& e) {
    if (!json) throw;
    print_json({{"ok", false}, {"error", e.id()}, {"message", e.what()}});
    return int(e.exit_code());
  }
}

int cmd_adjudicate(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant adjudicate",
      "Adjudicate a signed order file: check it, roll the dice from the revealed chain links,\n"
      "append the orders and the adjudication to the log, write state.json and the turn folder\n"
      "(events, maps, reports, mail files).");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "orders", "signed order file", cxxopts::value<std::string>())(
      "key", "the adjudicator's private key (default GAME/.secret/PARTY.key)",
      cxxopts::value<std::string>())(
      "chain", "the adjudicator's dice chain (default GAME/.secret/PARTY.chain)",
      cxxopts::value<std::string>())("at", "time to record (RFC 3339 UTC; default now)",
                                     cxxopts::value<std::string>())(
      "no-outputs", "write only the log, state and events (no maps, reports or mail)");
  options.parse_positional({"game", "orders"});
  options.positional_help("GAME ORDERS");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  game::AdjudicateOptions opt;
  if (r->count("key")) opt.key = (*r)["key"].as<std::string>();
  if (r->count("chain")) opt.chain = (*r)["chain"].as<std::string>();
  if (r->count("at")) opt.at = (*r)["at"].as<std::string>();
  game::Adjudication adj;
  try {
    adj = game::adjudicate_file(dir, required(*r, "orders"), opt);
  } catch (const rules::OrdersRefused& e) {
    print_refusal(e, false);
    return int(Exit::kBadInput);
  }
  fs::path folder = dir / "turns" / adj.folder_name();
  if (!r->count("no-outputs")) write_turn_outputs(dir, adj.t);
  std::cout << "adjudicated turn " << adj.turn << " phase " << adj.phase << " (t=" << adj.t
            << ", log line " << adj.seq << ")\n";
  for (const auto& line : adj.echo) std::cout << "  " << line << "\n";
  std::cout << "state " << adj.after.hash() << "\nturn folder " << folder.string() << "\n";
  return 0;
}

}  // namespace adjutant::cli
