// A turn report as a small document (title, facts, sections of facts,
// tables and lines), built once and rendered as text or HTML, so both forms
// always say the same things.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "game/posts.h"
#include "report/report_input.h"

namespace adjutant::report {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> numeric;  // right-aligned columns
};

struct Item {
  enum class Kind { kFact, kTable, kLine, kCode } kind = Kind::kLine;
  std::string label;  // kFact
  std::string text;   // kFact value, kLine text, kCode (a hash or a command)
  Table table;        // kTable
};

struct Section {
  std::string heading;
  std::vector<Item> items;
  std::vector<Section> children;
  // A list of the reader's units where they stand: the replay page leaves
  // it out (its map shows them, and a page of many posts would carry it
  // once for every post and reader).
  bool unit_list = false;

  void fact(std::string label, std::string value);
  void line(std::string text);
  void code(std::string text);
  void table(Table t);
  bool empty() const { return items.empty() && children.empty(); }
};

struct ReportDoc {
  std::string title;
  std::string image_alt;  // what the map shows, for the HTML image
  Section head;           // facts under the title
  std::vector<Section> sections;
};

// The report `in.side` may read about adjudication `in.adj`.
ReportDoc build_report(const ReportInput& in);

// The subject line of the report's mail.
std::string report_subject(const ReportInput& in);

// The report of a post that is no adjudication (game::Post): the invitation
// (genesis), a deadline extension, or the end of the game.
ReportDoc build_post_report(const GameFacts& game, const game::Post& post, const std::string& side);
std::string post_subject(const GameFacts& game, const game::Post& post, const std::string& side);

}  // namespace adjutant::report
