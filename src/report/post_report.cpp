// The reports of the posts that are no adjudication: the invitation that
// opens a game, a deadline extension, and the end of the game.
#include <algorithm>

#include "report/answer_steps.h"
#include "report/event_text.h"
#include "report/report_doc.h"
#include "report/side_notes.h"
#include "report/visibility.h"
#include "util/time_format.h"

namespace adjutant::report {

namespace {

std::string when(const std::string& at) {
  return at.empty() ? std::string("?") : format_utc(parse_rfc3339(at));
}

std::string address(const game::Party& p) {
  return p.name + " <" + p.email + ">";
}

Section game_facts_section(const GameFacts& g, const std::string& side) {
  Section s;
  s.fact("Game", g.name + " (" + g.game_id.substr(0, 16) + ")");
  g.scenario_fact(s);
  s.fact("Report for", g.side_name(side));
  return s;
}

Section next_section(const GameFacts& g, const game::Post& post, const std::string& side) {
  Section s;
  s.heading = "Next";
  rules::PhaseInfo next =
      g.ruleset ? g.ruleset->current_phase(post.state) : rules::PhaseInfo{post.turn, "", ""};
  if (next.side.empty()) {
    s.line("The game is over" +
           (post.state.result.empty() ? std::string(".") : ": " + post.state.result + "."));
    return s;
  }
  s.fact("Orders due from", g.side_name(next.side));
  s.fact("For", g.phase_text(next.turn, next.name));
  if (!post.deadline.empty()) s.fact("Due by", when(post.deadline));
  std::string adjudicator = g.adjudicator_of(next.side);
  if (const game::Party* a = g.party(adjudicator))
    s.fact("Mail them to", address(*a) + " (" + g.side_name(adjudicator) + ", who adjudicates)");
  // Every side a simultaneous phase waits on answers.
  auto movers = next.waiting_on();
  if (std::find(movers.begin(), movers.end(), side) != movers.end()) answer_steps(s, g);
  return s;
}

Section verify_section(const GameFacts& g, const game::Post& post, const std::string& side) {
  Section s;
  s.heading = "Verification";
  auto hash = g.line_hashes.find(post.seq);
  if (hash != g.line_hashes.end()) s.fact("Log head", hash->second);
  if (g.fog && g.sealed_by_mail && side != kUmpire) {
    s.line(
        "This game hides what each side may not see, so this mail carries no log lines of the "
        "umpire's. It carries the new lines of your sealed copy (sealed-*.json): its log, where "
        "what is hidden from you stands as salted commitments, and the openings of what you may "
        "see. Bring your copy up to date with it, and check every signature, die roll and "
        "opening you hold, with:");
    s.code("adjutant sync " + (g.folder.empty() ? std::string("GAME") : g.folder) +
           " THIS-MAIL.eml");
    s.code("adjutant verify " + (g.folder.empty() ? std::string("GAME") : g.folder));
    return s;
  }
  if (g.fog) {
    s.line(
        "This game hides what each side may not see, so this mail carries no log lines. The "
        "umpire sends your sealed copy (adjutant seal): its log, where what is hidden from you "
        "stands as salted commitments, and a packet of what you may see. Bring your copy up to "
        "date with it, and check every signature, die roll and opening you hold, with:");
    s.code("adjutant sync " + (g.folder.empty() ? std::string("GAME") : g.folder) + " SEALED-COPY");
    s.code("adjutant verify " + (g.folder.empty() ? std::string("GAME") : g.folder));
    return s;
  }
  s.line(
      "This mail carries the new lines of the game's log (log-*.jsonl). Bring your copy up to "
      "date with it, and check every signature, die roll and state, with:");
  s.code("adjutant sync " + (g.folder.empty() ? std::string("GAME") : g.folder) + " THIS-MAIL.eml");
  s.code("adjutant verify " + (g.folder.empty() ? std::string("GAME") : g.folder));
  return s;
}

ReportDoc invitation(const GameFacts& g, const game::Post& post, const std::string& side) {
  ReportDoc doc;
  doc.title = g.name + ": the game begins";
  doc.image_alt = "the map at the start of the game";
  doc.head = game_facts_section(g, side);
  doc.head.fact("Created", when(post.at));
  Section who{"Players", {}, {}};
  for (const auto& p : g.parties) who.fact(g.side_name(p.id), address(p) + ", key " + p.key_id);
  who.line(g.has_umpire() ? "An umpire adjudicates every player-turn."
                          : "There is no umpire: each side adjudicates the other's orders.");
  if (g.deadline_hours > 0)
    who.line("Orders are due " + std::to_string(g.deadline_hours) +
             " hours after the adjudication before them.");
  doc.sections.push_back(std::move(who));
  Section how{"How to join", {}, {}};
  std::string folder = g.folder.empty() ? std::string("GAME") : g.folder;
  if (g.fog && g.sealed_by_mail && side != kUmpire) {
    how.line(
        "This game hides what each side may not see: this mail carries the first line of your "
        "sealed copy of the game (sealed-*.json), which holds what you may see and, for the "
        "rest, salted commitments that the umpire opens to everybody when the game ends. Save "
        "this mail as a file (for example invite.eml) and make your copy of the game with it; "
        "each later mail of the game brings it up to date the same way:");
    how.code("adjutant sync " + folder + " invite.eml");
    how.line("Your key and dice chain stay in your secrets folder, never in the game's folder.");
  } else if (g.fog) {
    how.line(
        "This game hides what each side may not see: the umpire sends you your sealed copy "
        "of the game (adjutant seal), which holds what you may see and, for the rest, salted "
        "commitments that the umpire opens to everybody when the game ends. Keep it as your "
        "copy of the game; each later sealed copy the umpire sends brings it up to date:");
    how.code("adjutant sync " + folder + " SEALED-COPY");
    how.line("Your key and dice chain stay in your secrets folder, never in the game's folder.");
  } else {
    how.line("Save this mail as a file (for example invite.eml) and make your copy of the game:");
    how.code("adjutant import invite.eml --game " + folder);
    how.line(
        "It holds the first line of the game's log and the scenario; every later mail of "
        "the game carries the lines that follow. Your key and dice chain stay in your "
        "secrets folder, never in the game's folder.");
  }
  how.line(
      "When your orders are due, the mail that asks for them says how to answer: write them as "
      "text (docs/orders.md gives the notation of this game's rules) or build them on the order "
      "page, then sign them against your copy:");
  how.code("adjutant sign orders.txt --game " + (g.fog ? std::string("COPY") : folder) + " --mail");
  how.line("and mail the signed file (adjutant mail send, or attach it by hand).");
  doc.sections.push_back(std::move(how));
  doc.sections.push_back(next_section(g, post, side));
  doc.sections.push_back(verify_section(g, post, side));
  return doc;
}

ReportDoc extension(const GameFacts& g, const game::Post& post, const std::string& side) {
  ReportDoc doc;
  doc.title = g.name + ": deadline extended";
  doc.head = game_facts_section(g, side);
  Section what{"Ruling", {}, {}};
  what.fact("Turn", g.phase_text(post.turn, post.phase).substr(5));
  what.fact("By", g.side_name(post.signer) + ", " + when(post.at));
  if (post.body.contains("hours") && post.body["hours"].is_number_integer()) {
    int h = post.body["hours"].get<int>();
    what.fact("Extended by", std::to_string(h) + (h == 1 ? " hour" : " hours"));
  }
  std::string reason = post.body.value("reason", "");
  if (!reason.empty()) what.fact("Reason", reason);
  doc.sections.push_back(std::move(what));
  doc.sections.push_back(next_section(g, post, side));
  doc.sections.push_back(verify_section(g, post, side));
  return doc;
}

ReportDoc ending(const GameFacts& g, const game::Post& post, const std::string& side) {
  ReportDoc doc;
  doc.title = g.name + ": the game is over";
  doc.image_alt = "the map at the end of the game";
  doc.head = game_facts_section(g, side);
  Section what{"End of the game", {}, {}};
  what.fact("Result", post.state.result);
  what.fact("When", g.phase_text(post.turn, post.phase) + ", " + when(post.at));
  if (post.body.value("reason", "") == "concession")
    what.line(g.side_name(post.body.value("side", "")) + " conceded.");
  doc.sections.push_back(std::move(what));
  Section vp{"Victory points", {}, {}};
  model::State state = visible_state(g, post.state, side);
  const rules::MapMarks marks = rules::map_marks(*g.ruleset, state);
  for (const auto& [s, v] : state.vp) vp.fact(g.side_name(s), vp_text(state, s, marks));
  if (!vp.empty()) doc.sections.push_back(std::move(vp));
  doc.sections.push_back(verify_section(g, post, side));
  return doc;
}

}  // namespace

ReportDoc build_post_report(const GameFacts& game, const game::Post& post,
                            const std::string& side) {
  if (post.kind == "genesis") return invitation(game, post, side);
  if (post.kind == "extend") return extension(game, post, side);
  return ending(game, post, side);
}

std::string post_subject(const GameFacts& game, const game::Post& post, const std::string& side) {
  std::string what = post.kind == "genesis" ? "the game begins"
                     : post.kind == "extend"
                         ? "deadline extended, turn " + std::to_string(post.turn)
                         : "the game is over";
  return "[" + game.name + "] " + what + ": for " + game.side_name(side);
}

}  // namespace adjutant::report
