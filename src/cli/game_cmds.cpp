// `adjutant new`, `sign`, `check` and `adjudicate`: the turn pipeline.
#include <algorithm>
#include <filesystem>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/data_dir.h"
#include "cli/outputs.h"
#include "cli/sign_check.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/fog.h"
#include "game/game_name.h"
#include "game/genesis.h"
#include "game/intake.h"
#include "game/revisions.h"
#include "game/secrets.h"
#include "game/sign_orders.h"
#include "game/text_orders.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "mail/saved_orders.h"
#include "report/orders_mail.h"
#include "report/turn_outputs.h"
#include "rules/ruleset.h"
#include "rules/text_lexer.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/words.h"

namespace adjutant::cli {

namespace {

// ", revision 2 (replaces the file signed before)" for a correction.
std::string revision_note(const ledger::Json& body) {
  long long n = body.value("revision", 0LL);
  if (n < 2) return "";
  return ", revision " + std::to_string(n) +
         " (it replaces the file you signed before for this phase: send this one)";
}

}  // namespace

namespace fs = std::filesystem;
using ledger::Json;

namespace {

// The shipped scenario whose canonical hash is `sha256` ("" when none is).
std::string shipped_copy(const std::string& sha256) {
  for (const auto& name : shipped_scenarios()) {
    try {
      fs::path file = data_dir() / "scenarios" / name;
      Json j = ledger::parse_strict(read_file(file, kMaxJsonFile), file.string());
      if (ledger::sha256_hex(ledger::canonical(j)) == sha256) return "scenarios/" + name;
    } catch (const Error&) {
      // An unreadable file is no copy of it.
    }
  }
  return "";
}

}  // namespace

int cmd_new(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant new",
      "Create a game archive: the genesis entry pins the scenario, the ruleset version and every\n"
      "player's card (key and dice chain anchor). Add an umpire card for an umpire game; without\n"
      "one, each side adjudicates the other's orders.");
  options.add_options()("game", "the folder to create", cxxopts::value<std::string>())(
      "scenario", "scenario file, or a shipped one by name", cxxopts::value<std::string>())(
      "card", "a signed player card (repeat for each side and the umpire)",
      cxxopts::value<std::vector<std::string>>())(
      "key", "the host's private key, the umpire's or a player's (default: found in SECRETS)",
      cxxopts::value<std::string>())("secrets", "the folder of your keys and dice chains",
                                     cxxopts::value<std::string>())(
      "name", "the game's name, as on the cards", cxxopts::value<std::string>())(
      "created", "creation time to record (RFC 3339 UTC; default now)",
      cxxopts::value<std::string>())("deadline-hours", "hours allowed for each set of orders",
                                     cxxopts::value<int>()->default_value("72"))(
      "ruleset-version", "pin an older version of the ruleset (default the latest)",
      cxxopts::value<int>())(
      "protocol",
      "make a game of an older protocol version, for players on an older release (default "
      "the latest; docs/protocol.md 3b)",
      cxxopts::value<int>())("no-outputs", "draw no maps, reports or mail for the invitation")(
      "host",
      "the party that makes the game and signs genesis: a side, or umpire (default: the "
      "umpire's card when its key is here, else a side's)",
      cxxopts::value<std::string>())("json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  game::NewGame g;
  std::string scenario_file = find_scenario(required(*r, "scenario"));
  g.scenario_text = read_file(scenario_file, kMaxJsonFile);
  g.scenario = ledger::parse_strict(g.scenario_text, scenario_file);
  // The full check, exclusive rules included, before anything is written.
  rules::make_ruleset(g.scenario, scenario_file);
  if (!r->count("card")) throw Error("usage.missing", "missing --card", Exit::kUsage);
  for (const auto& c : (*r)["card"].as<std::vector<std::string>>())
    g.cards.push_back(ledger::parse_strict(read_file(c, kMaxSmallFile), c));
  g.name = r->count("name") ? (*r)["name"].as<std::string>() : dir.filename().string();
  game::check_name(g.name, "the game's name", "new");
  game::check_game_name(g.name, r->count("name") ? "new --name" : "new");
  game::check_game_folder(dir, "new");
  g.created = game::record_time(r->count("created") ? (*r)["created"].as<std::string>() : "");
  g.deadline_hours = (*r)["deadline-hours"].as<int>();
  if (g.deadline_hours < 1 || g.deadline_hours > 8760)
    throw Error("new.deadline", "--deadline-hours must be 1 to 8760", Exit::kUsage);
  if (r->count("ruleset-version")) {
    g.ruleset_version = (*r)["ruleset-version"].as<int>();
    if (g.ruleset_version < 1)
      throw Error("usage.options", "--ruleset-version must be 1 or more", Exit::kUsage);
  }
  if (r->count("protocol")) g.protocol = (*r)["protocol"].as<int>();
  fs::path secrets = game::secrets_dir(optional(*r, "secrets"));
  std::optional<ledger::SigningKey> key;
  std::vector<game::Party> card_parties;
  for (std::size_t i = 0; i < g.cards.size(); ++i)
    card_parties.push_back(game::party_from_card(g.cards[i], "card " + std::to_string(i + 1)));
  // The host is the party whose key signs genesis: --key, or a key of the
  // secrets folder that one of the cards names (the umpire's first).
  std::string host = optional(*r, "host");
  if (!host.empty() && std::none_of(card_parties.begin(), card_parties.end(),
                                    [&](const game::Party& p) { return p.id == host; }))
    throw Error("new.host", "--host " + in_quotes(host) + ": no card of that party is given",
                Exit::kUsage);
  for (auto it = card_parties.rbegin(); it != card_parties.rend() && !key; ++it) {
    if (!host.empty() && it->id != host) continue;
    if (r->count("key")) {
      auto k = ledger::SigningKey::load_pem((*r)["key"].as<std::string>());
      if (k.public_raw() == it->public_key) key.emplace(std::move(k));
    } else {
      try {
        key = game::key_for(*it, secrets, {}, "the host");
      } catch (const Error&) {
      }
    }
    if (key) g.host = it->id;
  }
  if (g.host.empty())
    throw Error("new.host_key",
                r->count("key")
                    ? "--key matches none of the " +
                          (host.empty() ? std::string("cards'") : host + "'s card's") + " keys"
                    : "no key of " + (host.empty() ? std::string("any card's party") : host) +
                          " in " + game::keys_dir(secrets).string() + "; give --key",
                Exit::kUsage);
  // A dice chain serves one game: an anchor already in an archive this user
  // can see (or twice in these cards) would let its revealed links foretell
  // this game's dice.
  for (const auto& p : card_parties) {
    std::string used =
        game::anchor_in_use(secrets, fs::absolute(dir).parent_path(), p.anchor, g.name, p.id);
    if (!used.empty())
      throw Error("new.card_anchor", "the dice chain on " + p.id + "'s card is already in use: " +
                                         used + "; ask for a card with a new chain");
  }
  game::create_archive(
      dir, g, *key,
      r->count("no-outputs") ? game::TurnWriter() : turn_writer(optional(*r, "key"), secrets));
  game::remember_archive(secrets, dir);
  auto a = game::Archive::open(dir);
  // Every scenario format names its title in the field "title".
  std::string title = a.scenario_json().value("title", a.name());
  std::string first = a.ruleset().current_phase(a.ruleset().initial_state()).side;
  if (r->count("json")) {
    print_json({{"game", dir.string()},
                {"title", title},
                {"game_id", a.game_id()},
                {"host", g.host},
                {"umpire", a.has_umpire()},
                {"first_orders_from", first}});
    return 0;
  }
  std::cout << "created " << dir.string() << ": " << title << "\ngame id " << a.game_id()
            << "\nhost " << g.host << (a.has_umpire() ? " (umpire game)" : " (no umpire)")
            << "\nfirst orders due from " << first << "\n";
  // A fog-of-war game hides what a side cannot see from its sealed copy,
  // but not from a file anyone can read (docs/protocol.md 10a).
  if (a.ruleset().fog_of_war())
    if (std::string shipped = shipped_copy(a.scenario_sha256()); !shipped.empty())
      std::cerr << "note: the scenario is " << shipped
                << ", shipped with adjutant: its file places every side's pieces, so a side "
                   "that reads it knows the enemy's set-up. To hide it, give the game a "
                   "scenario of your own (a copy with the set-up changed)\n";
  return 0;
}

namespace {

// `sign --json`: standard output is kept while sign runs and one object is
// printed when it is done (the file, its side, turn and phase, the mail).
class SignedSaid {
 public:
  explicit SignedSaid(bool json) : json_(json) {
    if (json_) saved_ = std::cout.rdbuf(kept_.rdbuf());
  }
  ~SignedSaid() {
    if (json_) std::cout.rdbuf(saved_);
  }
  SignedSaid(const SignedSaid&) = delete;
  SignedSaid& operator=(const SignedSaid&) = delete;

  void signed_file(const fs::path& out, const Json& envelope) {
    if (!json_) return;
    std::cout.rdbuf(saved_);
    json_ = false;
    const Json& b = envelope["body"];
    Json j = {{"file", out.string()},
              {"side", b["side"]},
              {"turn", b["turn"]},
              {"phase", b["phase"]},
              {"after", b["after"]}};
    if (b.contains("revision")) j["revision"] = b["revision"];
    if (!mail.empty()) j["mail"] = mail;
    print_json(j);
  }
  std::string mail;

 private:
  bool json_;
  std::ostringstream kept_;
  std::streambuf* saved_ = nullptr;
};

}  // namespace

int cmd_sign(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant sign",
      "Sign an order file for the current phase: fills in format, game, side, turn, phase,\n"
      "after (the log head) and reveal (your next dice chain link), then signs it. The file\n"
      "is JSON when its first character is `{`, else text orders (docs/orders.md).");
  options.add_options()("orders", "order file: a JSON body or text orders",
                        cxxopts::value<std::string>())("game", "your copy of the game archive",
                                                       cxxopts::value<std::string>())(
      "key", "your private key (default: the key of a side of this game in SECRETS)",
      cxxopts::value<std::string>())(
      "chain", "your dice chain for this game (default: found in SECRETS by its anchor)",
      cxxopts::value<std::string>())("secrets", "the folder of your keys and dice chains",
                                     cxxopts::value<std::string>())(
      "o,out", "signed file to write (default ORDERS with .signed.json)",
      cxxopts::value<std::string>())(
      "mail",
      "also write the mail that carries it to the adjudicator into GAME/mail/outbox/ "
      "(adjutant mail send sends it)")(
      "force", "sign even orders that `adjutant check` would refuse (with a warning)")(
      "json", "machine-readable output: the file signed, its side, turn and phase");
  options.parse_positional({"orders"});
  options.positional_help("ORDERS");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  // With --json, what sign says goes into one object at the end.
  SignedSaid said(r->count("json") > 0);
  fs::path orders_file = required(*r, "orders");
  // A side's sealed copy of a fog-of-war game: orders signed for the phase
  // its packet says is due (docs/protocol.md 10a); text orders are read
  // with the side's part of the scenario and its own view.
  if (game::is_sealed_copy(required(*r, "game"))) {
    std::string text = read_file(orders_file, game::kMaxOrderBytes);
    game::WrittenOrders written;
    if (rules::text::looks_like_json(text)) {
      written.body = ledger::parse_strict(text, orders_file.string());
    } else {
      game::SealedOrdersGame sg = game::open_sealed_orders(required(*r, "game"));
      written =
          game::read_written_orders(*sg.ruleset, sg.view, text, orders_file.string(), sg.side);
      std::cout << "read " << counted(long(written.parsed.orders.size()), "order")
                << " from the text in " << orders_file.string() << "\n";
    }
    if (int refused = check_sealed_before_signing(required(*r, "game"), written,
                                                  orders_file.string(), r->count("force") > 0))
      return refused;
    Json body = written.body;
    fs::path secrets = game::secrets_dir(optional(*r, "secrets"));
    Json envelope = game::sign_sealed(required(*r, "game"), body, optional(*r, "key"),
                                      optional(*r, "chain"), secrets);
    fs::path out =
        r->count("out")
            ? fs::path((*r)["out"].as<std::string>())
            : fs::path(orders_file.parent_path() / (orders_file.stem().string() + ".signed.json"));
    refuse_inside_archive(out, r->count("out") ? "--out" : "the signed file");
    write_file_atomic(out, envelope.dump(2) + "\n");
    game::remember_signed(secrets, envelope);
    const Json& b = envelope["body"];
    std::cout << "signed " << out.string() << " for " << b["side"].get<std::string>() << ", turn "
              << b["turn"].get<int>() << " phase " << b["phase"].get<std::string>()
              << revision_note(b)
              << " (from a sealed copy: the umpire checks the orders against the rules)\n";
    said.signed_file(out, envelope);
    return 0;
  }
  // Orders are signed only against a log that verifies.
  game::ReadGame g(required(*r, "game"));
  const game::Archive& archive = g.archive;
  fs::path secrets = game::secrets_dir(optional(*r, "secrets"));
  fs::path key_file = optional(*r, "key");
  auto mine = game::parties_of_keys(archive, secrets, key_file, true);
  if (mine.empty())
    throw Error(
        "sign.not_a_player",
        (key_file.empty() ? "no key in " + game::keys_dir(secrets).string() : key_file.string()) +
            ": not the key of any side of this game",
        Exit::kUsage);
  if (mine.size() > 1)
    throw Error("sign.which_side",
                "keys of several sides of this game are in " + game::keys_dir(secrets).string() +
                    "; give --key",
                Exit::kUsage);
  std::string side = mine.front().id;
  auto key = game::key_for(mine.front(), secrets, key_file, "who plays " + side);
  // The chain: --chain, the secrets folder's, or (from older releases) KEY.chain.
  fs::path chain_file = optional(*r, "chain");
  if (chain_file.empty() && !fs::exists(game::chain_file(secrets, mine.front().anchor)) &&
      !key_file.empty() && fs::exists(key_file.string() + ".chain"))
    chain_file = key_file.string() + ".chain";
  auto chain = game::chain_for(mine.front(), secrets, chain_file);
  // JSON, or text orders in the ruleset's notation (docs/orders.md).
  std::string orders_text = read_file(orders_file, game::kMaxOrderBytes);
  auto written =
      game::read_written_orders(archive, g.replay.state(), orders_text, orders_file.string(), side);
  if (int refused = check_before_signing(archive, g.replay.state(), side, written,
                                         orders_file.string(), r->count("force") > 0))
    return refused;
  Json body = written.body;
  auto phase = g.replay.phase();
  Json envelope = game::sign_orders(archive, g.replay, side, key, chain, body, secrets);
  fs::path out =
      r->count("out")
          ? fs::path((*r)["out"].as<std::string>())
          : fs::path(orders_file.parent_path() / (orders_file.stem().string() + ".signed.json"));
  refuse_inside_archive(out, r->count("out") ? "--out" : "the signed file");
  write_file_atomic(out, envelope.dump(2) + "\n");
  game::remember_signed(secrets, envelope);
  if (written.text)
    std::cout << "read " << counted(long(written.parsed.orders.size()), "order")
              << " from the text in " << orders_file.string() << "\n";
  std::cout << "signed " << out.string() << " for " << side << ", turn " << phase.turn << " phase "
            << phase.name << revision_note(envelope["body"])
            << (phase.side != side ? " (note: it is not your phase)" : "") << "\n";
  if (r->count("mail")) {
    FolderLock lock(archive.dir());
    auto to = archive.party(archive.adjudicator_for(side));
    fs::path outbox = archive.dir() / "mail" / "outbox";
    fs::create_directories(outbox);
    fs::path mail = outbox / report::orders_mail_name(envelope);
    write_file_atomic(
        mail, report::orders_mail(report::game_facts(archive), mine.front(), *to, envelope,
                                  game::now_utc(), written.text ? orders_text : std::string()));
    std::cout << "mail " << mail.string() << " to " << to->id << " <" << printable(to->email)
              << ">, sent by `adjutant mail send`\n";
    said.mail = mail.string();
  }
  said.signed_file(out, envelope);
  return 0;
}

namespace {

void print_refusal(const rules::OrdersRefused& e, bool json) {
  if (json)
    print_json({{"ok", false}, {"error", e.id()}, {"problems", e.to_json()}});
  else
    print_error(e.detail());
}

}  // namespace

int cmd_check(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant check",
      "Check a signed order file exactly as the adjudication will, without changing anything,\n"
      "and echo the orders as understood. ORDERS is the signed file, or a saved mail (.eml,\n"
      "a maildir message, an mbox file) that carries it.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "orders", "signed order file, or a mail that carries one", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game", "orders"});
  options.positional_help("GAME ORDERS");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  bool json = r->count("json") > 0;
  try {
    fs::path file = required(*r, "orders");
    // The signed file, or a saved mail (or mbox) that carries it.
    mail::SavedOrders saved = mail::read_saved_orders(file);
    if (!saved.where.empty() && !json)
      std::cerr << "the order file in " << printable(saved.where) << "\n";
    // A side's sealed copy: checked with the side's part of the scenario on
    // its own view, as the umpire's intake will (docs/protocol.md 10a).
    if (game::is_sealed_copy(required(*r, "game"))) {
      const Json& envelope = saved.envelope;
      auto checked = game::check_sealed(required(*r, "game"), envelope, file.string());
      std::string side = envelope["body"].value("side", "");
      if (json) {
        print_json({{"ok", true}, {"side", side}, {"echo", checked.echo}});
      } else {
        std::cout << "orders for " << side << " are valid (checked on the sealed copy):\n";
        for (const auto& line : checked.echo) std::cout << "  " << printable(line) << "\n";
      }
      return 0;
    }
    game::ReadGame g(required(*r, "game"));
    auto in = game::take_orders(g.archive, g.replay.state(), saved.envelope, file.string(),
                                g.replay.expected_after(), g.replay.intake_reveals());
    if (json) {
      print_json({{"ok", true}, {"side", in.side}, {"echo", in.checked.echo}});
    } else {
      std::cout << "orders for " << in.side << " are valid:\n";
      for (const auto& line : in.checked.echo) std::cout << "  " << printable(line) << "\n";
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

}  // namespace adjutant::cli
