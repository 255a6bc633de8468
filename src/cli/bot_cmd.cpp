// `adjutant bot`: legal, signed orders for one side's phase, or (--play)
// every remaining phase of a game played through the pipeline.
#include <filesystem>

#include "bot/play.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/intake.h"
#include "game/secrets.h"
#include "game/sign_orders.h"
#include "report/turn_outputs.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

std::uint64_t seed_of(const cxxopts::ParseResult& r) {
  std::string text = r.count("seed") ? r["seed"].as<std::string>() : "1";
  bool digits = !text.empty() && text.size() <= 19 &&
                text.find_first_not_of("0123456789") == std::string::npos;
  if (!digits)
    throw Error("usage.options", "--seed must be a number from 0 to 10^19 - 1", Exit::kUsage);
  return std::stoull(text);
}

std::vector<fs::path> keys_of(const cxxopts::ParseResult& r) {
  std::vector<fs::path> out;
  if (r.count("key"))
    for (const auto& k : r["key"].as<std::vector<std::string>>()) out.push_back(k);
  return out;
}

// Reports and mail without maps: mail then carries no map attachment, and
// no player page (a soak plays thousands of turns).
game::TurnWriter reports_only() {
  return [](const game::Archive& archive, const game::Post& post, const fs::path& folder) {
    report::write_post_outputs(archive, post, folder, false);
  };
}

int play_game(const cxxopts::ParseResult& r) {
  bot::PlayOptions o;
  o.secrets = game::secrets_dir(optional(r, "secrets"));
  o.keys = keys_of(r);
  o.seed = seed_of(r);
  o.at = optional(r, "at");
  int step = r["step-hours"].as<int>();
  if (step < 0 || step > 8760)
    throw Error("usage.options", "--step-hours must be 0 to 8760", Exit::kUsage);
  o.step_minutes = step * 60;
  o.max_phases = r.count("max-phases") ? r["max-phases"].as<int>() : 0;
  bool outputs = !r.count("no-outputs");
  if (outputs) o.outputs = r.count("no-maps") ? reports_only() : turn_writer();
  if (r.count("maildir")) {
    if (!outputs)
      throw Error("usage.options", "--maildir needs the mail files --no-outputs leaves out",
                  Exit::kUsage);
    o.maildir = r["maildir"].as<std::string>();
  }
  bool quiet = r.count("quiet") > 0 || r.count("json") > 0;
  o.say = [quiet](const std::string& line) {
    if (!quiet) std::cout << printable(line) << "\n";
  };
  if (r.count("side") || r.count("out") || r.count("chain") || r.count("print"))
    throw Error("usage.options",
                "--play plays every side it has a key for: no --side, --out, "
                "--chain or --print",
                Exit::kUsage);
  auto result = bot::play(required(r, "game"), o);
  if (r.count("json")) {
    print_json({{"phases", result.phases},
                {"dice", result.dice},
                {"refused", result.refused},
                {"mails", result.mails},
                {"stopped", result.stopped},
                {"head", result.head}});
    return 0;
  }
  std::cout << "played " << result.phases << " phase" << (result.phases == 1 ? "" : "s") << ", "
            << result.dice << (result.dice == 1 ? " die" : " dice") << ", " << result.refused
            << " refused, " << result.mails << " mail" << (result.mails == 1 ? "" : "s")
            << " delivered; " << printable(result.stopped) << "\nverified; head " << result.head
            << "\n";
  return 0;
}

}  // namespace

int cmd_bot(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant bot",
      "Write the bot's orders for the side whose orders are due: legal moves toward the\n"
      "scenario's objectives and every attack the rules demand, signed like `adjutant sign`.\n"
      "With --play, play every remaining phase for each side whose key it holds: sign, check,\n"
      "adjudicate (the adjudicator's key and chain are needed too), mail, verify; until the game\n"
      "ends or a key is missing. The same archive and seed always give the same orders.");
  options.add_options()("game", "the game archive", cxxopts::value<std::string>())(
      "side", "the side to write orders for (default: the side whose orders are due)",
      cxxopts::value<std::string>())(
      "key", "a private key (default: found in SECRETS); repeat with --play",
      cxxopts::value<std::vector<std::string>>())(
      "chain", "the side's dice chain for this game (default: SECRETS's, or KEY.chain)",
      cxxopts::value<std::string>())("secrets", "the folder of your keys and dice chains",
                                     cxxopts::value<std::string>())(
      "seed", "the bot's seed (default 1)", cxxopts::value<std::string>())(
      "o,out", "signed file to write (default bot-TURN-SIDE.signed.json)",
      cxxopts::value<std::string>())("print", "print the order body instead of signing it")(
      "play", "play every remaining phase")(
      "at", "with --play: the time to record for the first adjudication (RFC 3339; default now)",
      cxxopts::value<std::string>())(
      "step-hours", "with --play and --at: hours added for each further adjudication",
      cxxopts::value<int>()->default_value("24"))(
      "maildir", "with --play: deliver every post's mail into DIR/new",
      cxxopts::value<std::string>())("max-phases", "with --play: stop after N phases",
                                     cxxopts::value<int>())(
      "no-outputs", "with --play: write no maps, reports or mail")(
      "no-maps", "with --play: reports and mail, but no maps")("quiet", "with --play: no progress")(
      "json", "machine-readable output (with --play: the figures of the whole play, no progress)");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (r->count("play")) return play_game(*r);

  game::ReadGame g(required(*r, "game"));
  const game::Archive& archive = g.archive;
  rules::PhaseInfo phase = g.replay.phase();
  std::string side = r->count("side") ? (*r)["side"].as<std::string>() : g.replay.side_due();
  if (side.empty() || !archive.party(side) || side == "umpire")
    throw Error("bot.side",
                side.empty() ? "the game has ended: no orders are due"
                             : "\"" + printable(side) + "\" is not a side of this game",
                Exit::kUsage);
  bot::Orders orders = bot::orders_for(archive, g.replay.state(), side, seed_of(*r));
  for (const auto& p : orders.refused)
    std::cerr << "note: refused and dropped: " << printable(p.text()) << "\n";
  if (r->count("print")) {
    print_json(orders.body);
    return 0;
  }
  fs::path secrets = game::secrets_dir(optional(*r, "secrets"));
  auto keys = keys_of(*r);
  if (keys.size() > 1)
    throw Error("usage.options", "give one --key (several only with --play)", Exit::kUsage);
  fs::path key_file = keys.empty() ? fs::path() : keys.front();
  game::Party party = *archive.party(side);
  auto key = game::key_for(party, secrets, key_file, "who plays " + side);
  fs::path chain_file = optional(*r, "chain");
  if (chain_file.empty() && !fs::exists(game::chain_file(secrets, party.anchor)) &&
      !key_file.empty() && fs::exists(key_file.string() + ".chain"))
    chain_file = key_file.string() + ".chain";
  auto chain = game::chain_for(party, secrets, chain_file);
  Json envelope = game::sign_orders(archive, g.replay, side, key, chain, orders.body);
  fs::path out = r->count("out")
                     ? fs::path((*r)["out"].as<std::string>())
                     : fs::path("bot-" + std::to_string(phase.turn) + "-" + side + ".signed.json");
  // The very checks adjudication makes: a refusal here is a bug in the bot.
  game::Intake in;
  try {
    in = game::take_orders(archive, g.replay.state(), envelope, out.string(),
                           g.replay.expected_after(), g.replay.intake_reveals());
  } catch (const rules::OrdersRefused& e) {
    throw Error("bot.refused", std::string("the bot's orders were refused: ") + e.what());
  }
  refuse_inside_archive(out, r->count("out") ? "--out" : "the signed file");
  write_file_atomic(out, envelope.dump(2) + "\n");
  if (r->count("json")) {
    print_json({{"file", out.string()},
                {"side", side},
                {"turn", phase.turn},
                {"phase", phase.name},
                {"echo", in.checked.echo}});
    return 0;
  }
  std::cout << "orders for " << side << ", turn " << phase.turn << " phase " << phase.name << ":\n";
  for (const auto& line : in.checked.echo) std::cout << "  " << printable(line) << "\n";
  std::cout << "signed " << out.string() << "\n";
  return 0;
}

}  // namespace adjutant::cli
