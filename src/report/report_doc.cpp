#include "report/report_doc.h"

#include <algorithm>
#include <set>

#include "report/answer_steps.h"
#include "report/event_text.h"
#include "report/side_notes.h"
#include "report/unit_list.h"
#include "report/visibility.h"
#include "rules/map_marks.h"
#include "util/local_time.h"
#include "util/time_format.h"

namespace adjutant::report {

void Section::fact(std::string label, std::string value) {
  Item i;
  i.kind = Item::Kind::kFact;
  i.label = std::move(label);
  i.text = std::move(value);
  items.push_back(std::move(i));
}

void Section::line(std::string text) {
  Item i;
  i.kind = Item::Kind::kLine;
  i.text = std::move(text);
  items.push_back(std::move(i));
}

void Section::code(std::string text) {
  Item i;
  i.kind = Item::Kind::kCode;
  i.text = std::move(text);
  items.push_back(std::move(i));
}

void Section::table(Table t) {
  Item i;
  i.kind = Item::Kind::kTable;
  i.table = std::move(t);
  items.push_back(std::move(i));
}

const game::Party* GameFacts::party(const std::string& id) const {
  for (const auto& p : parties)
    if (p.id == id) return &p;
  return nullptr;
}

std::string GameFacts::phase_text(int turn, const std::string& phase) const {
  std::string out = "turn " + std::to_string(turn);
  if (phase.empty() || phase == "turn") return out;
  bool side = false;
  if (ruleset) {
    auto sides = ruleset->sides();
    side = std::find(sides.begin(), sides.end(), phase) != sides.end();
  }
  return out + ", " + side_name(phase) + (side ? " player-turn" : "");
}

std::string GameFacts::adjudicator_of(const std::string& side) const {
  return ruleset->adjudicator(side, has_umpire());
}

std::string GameFacts::side_name(const std::string& id) const {
  if (id == kUmpire) return "Umpire";
  // The sides as the scenario names them, whatever its format.
  if (ruleset) {
    std::string name = ruleset->side_name(id);
    if (!name.empty()) return name;
  }
  return id;
}

void GameFacts::scenario_fact(Section& s) const {
  const std::string title = ruleset ? ruleset->scenario_title() : "";
  if (!title.empty()) s.fact("Scenario", title);
}

namespace {

struct NextPhase {
  int turn = 0;
  std::string side;
  std::string name;
  std::vector<std::string> movers;  // every side whose orders are due
};

// Who moves next: the ruleset's sequence of play when known, else the
// phase_end event, else the phasing side recorded in the state.
NextPhase next_phase(const ReportInput& in, const Json& events) {
  if (in.game.ruleset) {
    rules::PhaseInfo p = in.game.ruleset->current_phase(in.adj.after);
    return {p.turn, p.side, p.name.empty() ? p.side : p.name, p.waiting_on()};
  }
  for (const Json& e : events)
    if (event_type(e) == "phase_end" && e.contains("next_turn") && e["next_turn"].is_number()) {
      std::string side = field(e, "next_phase");
      return {e["next_turn"].get<int>(), side, side, {side}};
    }
  return {in.adj.after.turn, in.adj.after.phase, in.adj.after.phase, {in.adj.after.phase}};
}

std::string game_result(const ReportInput& in, const model::State& state, const Json& events) {
  if (!state.result.empty()) return state.result;
  for (const Json& e : events)
    if (event_type(e) == "game_end") return field(e, "result");
  return "";
}

Section head_facts(const ReportInput& in) {
  Section s;
  const GameFacts& g = in.game;
  s.fact("Game", g.name + " (" + g.game_id.substr(0, 16) + ")");
  g.scenario_fact(s);
  const std::string note = g.ruleset ? g.ruleset->turn_note(in.adj.turn) : "";
  s.fact("Turn", g.phase_text(in.adj.turn, in.adj.phase).substr(5) +
                     (note.empty() ? "" : " (" + note + ")"));
  std::string when;
  if (!in.adj.at.empty()) when = ", " + format_utc(parse_rfc3339(in.adj.at));
  s.fact("Adjudication",
         "#" + std::to_string(in.adj.t) + when + ", by " + g.side_name(in.adj.adjudicator));
  s.fact("Report for", g.side_name(in.side));
  return s;
}

Section next_section(const ReportInput& in, const NextPhase& next, const std::string& result) {
  Section s;
  s.heading = "Next";
  if (!result.empty() || next.side.empty()) {
    s.line("The game is over" + (result.empty() ? std::string(".") : ": " + result + "."));
    return s;
  }
  std::string from;
  for (const auto& m : next.movers) from += (from.empty() ? "" : " and ") + in.game.side_name(m);
  s.fact("Orders due from", from.empty() ? in.game.side_name(next.side) : from);
  s.fact("For", in.game.phase_text(next.turn, next.name));
  if (in.game.deadline_hours > 0 && !in.adj.at.empty()) {
    std::int64_t due = parse_rfc3339(in.adj.at) + std::int64_t(in.game.deadline_hours) * 3600;
    std::string local = in.game.local_zone.empty() ? "" : format_in_zone(due, in.game.local_zone);
    s.fact("Due by", format_utc(due) + " (" + std::to_string(in.game.deadline_hours) +
                         " hours after this adjudication" +
                         (local.empty() ? "" : "; " + local + " where you are") + ")");
  } else {
    s.fact("Due by", "no deadline set");
  }
  // Where to send them: the party that adjudicates the phase due.
  std::string adjudicator = in.game.adjudicator_of(next.side);
  if (const game::Party* a = in.game.party(adjudicator))
    s.fact("Mail them to", a->name + " <" + a->email + "> (" + in.game.side_name(adjudicator) +
                               ", who adjudicates)");
  if (std::find(next.movers.begin(), next.movers.end(), in.side) != next.movers.end())
    answer_steps(s, in.game);
  return s;
}

// Each side's victory points and what its ruleset says of its standing
// (losses, units that left the map, Blue & Gray's ineffective units).
Section status_section(const ReportInput& in, const model::State& state, const std::string& result,
                       const NextPhase& next) {
  Section s;
  s.heading = "Victory points and status";
  const rules::Ruleset& ruleset = *in.game.ruleset;
  std::set<std::string> sides;
  for (const auto& side : ruleset.sides()) sides.insert(side);
  for (const auto& [side, vp] : state.vp) sides.insert(side);
  const rules::MapMarks marks = rules::map_marks(ruleset, state);
  for (const std::string& side : sides) {
    // A side with neither victory points nor a standing has no line.
    const std::vector<std::string> standing = ruleset.side_standing(state, side);
    if (standing.empty() && !state.vp.count(side)) continue;
    std::string text = vp_text(state, side, marks);
    for (const std::string& clause : standing) text += "; " + clause;
    s.fact(in.game.side_name(side), text);
    // Hooker and Lee: morale, movement quota, crossing roll, flank march.
    if (rules::has_army_notes(*in.game.ruleset)) {
      auto it = marks.army.find(side);
      std::string army = it == marks.army.end() ? "" : it->second;
      if (!army.empty()) s.fact(in.game.side_name(side) + " army", army);
    }
  }
  if (!result.empty()) {
    s.fact("Status", "game over: " + result);
  } else {
    std::string of;
    if (ruleset.turn_count() > 0) of = " of " + std::to_string(ruleset.turn_count());
    s.fact("Status", "in progress, turn " + std::to_string(next.turn) + of);
  }
  return s;
}

Section verify_section(const ReportInput& in) {
  Section s;
  s.heading = "Verification";
  auto hash = in.game.line_hashes.find(in.adj.seq);
  if (hash != in.game.line_hashes.end()) s.fact("Log head", hash->second);
  if (in.game.fog && in.game.sealed_by_mail && in.side != kUmpire) {
    // A fog-of-war game's mail carries the side's sealed lines (turn_outputs.h).
    s.line(
        "This mail carries the new lines of your sealed copy (sealed-*.json). Bring your copy up "
        "to date with it, and check every signature, die roll and opening you hold, with:");
    s.code("adjutant sync COPY THIS-MAIL.eml");
    s.code("adjutant verify COPY");
    return s;
  }
  s.line("Anyone can check every signature, die roll and state of this game with:");
  s.code("adjutant verify " + (in.game.folder.empty() ? std::string("GAME") : in.game.folder));
  return s;
}

// The events a combat causes (docs/events.md), reported under that combat:
// its retreats, advances, eliminations and exchange, and the victory points
// an elimination scores, which the log puts between them.
bool follows_combat(const std::string& type) {
  return type == "retreat" || type == "advance" || type == "eliminate" || type == "evade" ||
         type == "displace" || type == "exchange" || type == "ineffective" ||
         type == "target_gone" || type == "attacker_dropped" || type == "attack_cancelled" ||
         type == "vp";
}

// True when an echo line already says what a move or entry event says
// ("1/I moves 0707-0606-0605, 2 of 6 MP"; "2/Ill enters at 0127 and moves
// ..."): the report does not say it twice.
bool echoed(const Json& e, const std::vector<std::string>& echo) {
  const std::string type = event_type(e);
  const std::string unit = field(e, "unit");
  if (unit.empty()) return false;
  std::string said;
  if (type == "move" && e.contains("path") && e["path"].is_array()) {
    for (const auto& h : e["path"])
      said += (said.empty() ? "" : "-") + (h.is_string() ? h.get<std::string>() : h.dump());
    said = " moves " + said;
  } else if (type == "enter") {
    said = " enters at " + field(e, "hex");
  } else {
    return false;
  }
  // The MP too, when the event gives them: the echo must say the very move.
  std::string mp = field(e, "mp"), of = field(e, "of");
  std::string spent = type == "move" && !mp.empty() && !of.empty() ? mp + " of " + of + " MP" : "";
  for (const auto& line : echo)
    if (line.rfind(unit + " ", 0) == 0 && line.find(said) != std::string::npos &&
        (spent.empty() || line.find(spent) != std::string::npos))
      return true;
  return false;
}

}  // namespace

ReportDoc build_report(const ReportInput& in) {
  ReportDoc doc;
  const Json events = visible_events(in.game, in.adj.events, in.side);
  const model::State state = visible_state(in.game, in.adj.after, in.side);
  const NextPhase next = next_phase(in, events);
  const std::string result = game_result(in, state, events);

  doc.title = in.game.name + ": " + in.game.phase_text(in.adj.turn, in.adj.phase);
  doc.head = head_facts(in);
  doc.sections.push_back(next_section(in, next, result));

  Section echo{"Orders as applied", {}, {}};
  const std::vector<std::string> echo_lines = visible_echo(in);
  for (const std::string& line : echo_lines) echo.line(line);
  // Each event in its ruleset's words (rules/event_phrases.h).
  auto words = [&](const Json& e) { return describe_event(in.game.ruleset, e); };
  Section moves{"Movement", {}, {}};
  Section arrivals{"Reinforcements", {}, {}};
  Section combats{"Combat", {}, {}};
  Section other{"Other events", {}, {}};
  Section ending{"End of the game", {}, {}};
  // Retreats, advances and eliminations belong to the combat before them.
  const Json* combat = nullptr;
  std::vector<Json> consequences;
  auto close_combat = [&] {
    if (combat) combats.children.push_back(combat_section(*combat, consequences, in.game.ruleset));
    combat = nullptr;
    consequences.clear();
  };
  // A table game's events, by the procedure of the turn that made them
  // (rules::Ruleset::procedures).
  const std::vector<std::string> order =
      in.game.ruleset ? in.game.ruleset->procedures() : std::vector<std::string>{};
  const bool table = !order.empty();
  std::vector<Section> procedures;
  auto procedure = [&](const std::string& heading) -> Section& {
    for (auto& p : procedures)
      if (p.heading == heading) return p;
    procedures.push_back({heading, {}, {}});
    return procedures.back();
  };
  for (const Json& e : events) {
    const std::string type = event_type(e);
    if (table) {
      procedure(in.game.ruleset->procedure_of(type)).line(words(e));
      continue;
    }
    if (combat && follows_combat(type)) {
      consequences.push_back(e);
      continue;
    }
    close_combat();
    if (type == "combat")
      combat = &e;
    else if ((type == "move" || type == "enter") && echoed(e, echo_lines))
      continue;
    else if (type == "move" || type == "exit")
      moves.line(words(e));
    else if (type == "enter" || type == "reschedule")
      arrivals.line(words(e));
    else if (type == "line_of_communication" || type == "game_end")
      ending.line(words(e));
    else if (type != "phase_end")
      other.line(words(e));
  }
  close_combat();
  if (echo.empty()) echo.line("(none)");
  doc.sections.push_back(std::move(echo));
  if (table) {
    // In the order of the turn's procedures.
    for (const std::string& heading : order)
      for (auto& p : procedures)
        if (p.heading == heading && !p.empty()) doc.sections.push_back(std::move(p));
  }
  for (Section* s : {&moves, &arrivals, &combats, &other, &ending})
    if (!s->empty()) doc.sections.push_back(std::move(*s));
  doc.sections.push_back(status_section(in, state, result, next));
  // The reader's own units where they now stand (the umpire's: every side's).
  if (in.game.ruleset) {
    std::vector<std::string> sides =
        in.side == kUmpire ? in.game.ruleset->sides() : std::vector<std::string>{in.side};
    for (const auto& side : sides) {
      std::vector<UnitRow> rows = in.game.ruleset->pieces(state, side);
      if (rows.empty()) continue;
      Section units{
          (in.side == kUmpire ? in.game.side_name(side) + " units" : std::string("Your units")),
          {},
          {}};
      units.unit_list = true;
      if (in.game.ruleset->pieces_as_table())
        units.table(unit_table(rows));
      else
        for (const auto& r : rows) units.line(unit_line(r));
      doc.sections.push_back(std::move(units));
    }
  }
  // The units due by the next turn, where they will enter.
  if (in.game.ruleset && result.empty() && !next.side.empty()) {
    Section due;
    due.heading = "Reinforcements due by turn " + std::to_string(state.turn + 1);
    for (const std::string& line : in.game.ruleset->reinforcements_due(state, state.turn + 1))
      due.line(line);
    if (!due.empty()) doc.sections.push_back(std::move(due));
  }
  doc.sections.push_back(verify_section(in));
  return doc;
}

std::string report_subject(const ReportInput& in) {
  return "[" + in.game.name + "] " + in.game.phase_text(in.adj.turn, in.adj.phase) +
         ": report for " + in.game.side_name(in.side);
}

}  // namespace adjutant::report
