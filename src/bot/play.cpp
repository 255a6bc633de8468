#include "bot/play.h"

#include <unistd.h>

#include <algorithm>
#include <optional>

#include "game/adjudicate.h"
#include "game/posts.h"
#include "game/secrets.h"
#include "game/sign_orders.h"
#include "game/verify.h"
#include "ledger/digest.h"
#include "rules/hex_ruleset.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::bot {

namespace {

// The hex scenario a generator is handed; an empty one for a ruleset that
// reads its own scenario format (its generator asks the ruleset).
const rules::hexmap::Scenario& hex_or_none(const game::Archive& archive) {
  static const rules::hexmap::Scenario none;
  const rules::hexmap::Scenario* sc = rules::hex_scenario(archive.ruleset());
  return sc ? *sc : none;
}

}  // namespace

Orders orders_for(const game::Archive& archive, const model::State& state, const std::string& side,
                  std::uint64_t seed) {
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  if (phase.side.empty()) throw Error("orders.game_over", "the game has ended: " + state.result);
  auto due = phase.waiting_on();
  if (std::find(due.begin(), due.end(), side) == due.end())
    throw Error("bot.not_due",
                "the orders due are " + phase.side + "'s (turn " + std::to_string(phase.turn) +
                    ", " + phase.name + " player-turn), not " + side + "'s",
                Exit::kUsage);
  auto generator = make_generator(archive.ruleset().id());
  return generator->orders(Request{archive.ruleset(), hex_or_none(archive), state, side, seed});
}

namespace {

// A party whose key (and chain) this run holds: files to hand to
// adjudicate, or empty paths for the secrets folder's.
struct Signer {
  ledger::SigningKey key;
  ledger::ChainSecret chain;
  fs::path key_file;
  fs::path chain_file;
};

std::optional<Signer> signer_for(const game::Party& party, const PlayOptions& o) {
  fs::path key_file;
  std::optional<ledger::SigningKey> key;
  for (const auto& k : o.keys) {
    auto loaded = ledger::SigningKey::load_pem(k);
    if (loaded.public_raw() == party.public_key) {
      key_file = k;
      key.emplace(std::move(loaded));
      break;
    }
  }
  if (!key) {
    try {
      key.emplace(game::key_for(party, o.secrets, {}, "who plays " + party.id));
    } catch (const Error&) {
      return std::nullopt;
    }
  }
  fs::path chain_file;
  if (!fs::exists(game::chain_file(o.secrets, party.anchor))) {
    if (key_file.empty() || !fs::exists(key_file.string() + ".chain")) return std::nullopt;
    chain_file = key_file.string() + ".chain";
  }
  auto chain = game::chain_for(party, o.secrets, chain_file);
  return Signer{std::move(*key), std::move(chain), key_file, chain_file};
}

void say(const PlayOptions& o, const std::string& line) {
  if (o.say) o.say(line);
}

// The signed order file adjudicate reads, removed when done.
struct OrderFile {
  fs::path path;
  explicit OrderFile(const Json& envelope) {
    static int n = 0;
    path = fs::temp_directory_path() / ("adjutant-bot-" + std::to_string(::getpid()) + "-" +
                                        std::to_string(n++) + ".signed.json");
    write_file_atomic(path, envelope.dump(2) + "\n");
  }
  ~OrderFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
  OrderFile(const OrderFile&) = delete;
  OrderFile& operator=(const OrderFile&) = delete;
};

}  // namespace

int deliver_mail(const game::Archive& archive, const fs::path& maildir) {
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir / sub);
  int delivered = 0;
  for (const auto& post : game::posts(archive)) {
    fs::path folder = archive.dir() / "turns" / post.folder_name;
    std::error_code ec;
    std::vector<fs::path> mails;
    for (const auto& e : fs::directory_iterator(folder, ec)) {
      std::string name = e.path().filename().string();
      if (name.rfind("mail-", 0) == 0 && e.path().extension() == ".eml") mails.push_back(e.path());
    }
    std::sort(mails.begin(), mails.end());
    for (const auto& m : mails) {
      std::string name =
          archive.game_id().substr(0, 16) + "-" + post.folder_name + "-" + m.filename().string();
      if (fs::exists(maildir / "new" / name) || fs::exists(maildir / "cur" / name)) continue;
      // As a delivery agent does: written whole in tmp/, then renamed into new/.
      write_file_atomic(maildir / "tmp" / name, read_file(m));
      fs::rename(maildir / "tmp" / name, maildir / "new" / name);
      ++delivered;
    }
  }
  return delivered;
}

PlayResult play(const fs::path& dir, const PlayOptions& o) {
  PlayResult out;
  auto generator = make_generator(game::Archive::open(dir).ruleset().id());
  std::int64_t start = o.at.empty() ? 0 : parse_rfc3339(game::record_time(o.at));
  if (!o.maildir.empty()) out.mails += deliver_mail(game::Archive::open(dir), o.maildir);
  for (;;) {
    if (o.max_phases > 0 && out.phases >= o.max_phases) {
      out.stopped = "played " + std::to_string(out.phases) + " phases as asked";
      break;
    }
    game::ReadGame g(dir);
    const game::Archive& archive = g.archive;
    rules::PhaseInfo phase = g.replay.phase();
    if (phase.side.empty()) {
      out.over = true;
      out.stopped = "the game is over: " + g.replay.state().result;
      break;
    }
    // A simultaneous phase takes one order file per side (docs/protocol.md
    // 5a): the first side still awaited moves now, the next on the next pass.
    const std::string side = g.replay.side_due();
    auto mover = signer_for(*archive.party(side), o);
    if (!mover) {
      out.stopped = "no key and dice chain of " + side + ", whose orders are due";
      break;
    }
    std::string judge_id = archive.adjudicator_for(phase.side);
    auto judge = signer_for(*archive.party(judge_id), o);
    if (!judge) {
      out.stopped =
          "no key and dice chain of " + judge_id + ", who adjudicates " + phase.side + "'s orders";
      break;
    }
    Orders orders = generator->orders(
        Request{archive.ruleset(), hex_or_none(archive), g.replay.state(), side, o.seed});
    for (const auto& p : orders.refused) say(o, "  refused and dropped: " + p.text());
    out.refused += int(orders.refused.size());
    Json envelope =
        game::sign_orders(archive, g.replay, side, mover->key, mover->chain, orders.body);
    OrderFile file(envelope);
    // `adjutant check`: the same checks adjudication will make.
    try {
      game::take_orders(archive, g.replay.state(), envelope, file.path.string(),
                        g.replay.expected_after(), g.replay.intake_reveals());
    } catch (const rules::OrdersRefused& e) {
      throw Error("bot.refused", "the bot's orders for " + side + " were refused: " + e.what());
    }
    game::AdjudicateOptions a;
    a.key = judge->key_file;
    a.chain = judge->chain_file;
    a.secrets = o.secrets;
    if (!o.at.empty())
      a.at = format_rfc3339(start + std::int64_t(out.phases) * o.step_minutes * 60);
    a.simulated_time = true;
    a.outputs = o.outputs;
    game::CommitResult r = game::adjudicate_file(dir, file.path, a);
    if (r.adjudications.empty()) {  // logged; the phase awaits the other sides
      say(o, "turn " + std::to_string(phase.turn) + " " + phase.name + ": orders of " + side +
                 " logged");
      continue;
    }
    const game::Adjudication& adj = r.adjudications.back();
    ++out.phases;
    out.dice += int(adj.rolls.size());
    // Blue & Gray and 1961 bodies list moves and attacks; a table game's, brigades.
    const std::string what =
        orders.body.contains("brigades")
            ? std::to_string(orders.body["brigades"].size()) + " brigades ordered"
            : std::to_string(orders.body.value("moves", Json::array()).size()) + " moves, " +
                  std::to_string(orders.body.value("attacks", Json::array()).size()) + " attacks";
    say(o, "turn " + std::to_string(adj.turn) + " " + adj.phase + ": " + what + "; adjudication " +
               std::to_string(adj.t) + " by " + adj.adjudicator + ", " +
               std::to_string(adj.rolls.size()) + " dice");
    if (!o.maildir.empty()) out.mails += deliver_mail(game::Archive::open(dir), o.maildir);
  }
  auto report = game::verify_archive(dir);
  if (!report.ok)
    throw Error(Error::Verbatim{}, report.error_id, report.text(),
                report.exit_code == 0 ? Exit::kVerifyFailed : Exit(report.exit_code));
  out.head = report.head;
  return out;
}

}  // namespace adjutant::bot
