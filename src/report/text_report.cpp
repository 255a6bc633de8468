#include <algorithm>

#include "report/report.h"

namespace adjutant::report {

namespace {

bool continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The first `n` columns of `text`, never splitting a UTF-8 sequence.
std::string take_columns(std::string_view text, std::size_t n) {
  std::size_t cols = 0, i = 0;
  for (; i < text.size(); ++i) {
    if (!continuation(text[i])) {
      if (cols == n) break;
      ++cols;
    }
  }
  return std::string(text.substr(0, i));
}

// Where a word wider than a line is broken: after the last hyphen, slash or
// comma within the line (between the hexes of a path, the parts of a name),
// else at the line's end; never inside a name that has such a place.
std::size_t break_at(std::string_view word, std::size_t width) {
  std::string head = take_columns(word, width);
  std::size_t at = head.find_last_of("-/,;");
  if (at != std::string::npos && at > 0) return at + 1;
  return head.size();
}

// Greedy word wrap: words are never broken, but one wider than the line
// (a path of hex numbers) is broken after a hyphen or slash where it can be.
std::vector<std::string> wrap(std::string_view text, std::size_t width) {
  width = std::max<std::size_t>(width, 8);
  std::vector<std::string> lines;
  std::string line;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(' ', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string word(text.substr(pos, end - pos));
    pos = end + 1;
    if (word.empty()) continue;
    if (!line.empty() && columns(line) + 1 + columns(word) <= width) {
      line += ' ' + word;
      continue;
    }
    if (!line.empty()) lines.push_back(line);
    while (columns(word) > width) {
      std::size_t cut = break_at(word, width);
      lines.push_back(word.substr(0, cut));
      word = word.substr(cut);
    }
    line = word;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

std::string pad(std::string text, std::size_t width, bool right = false) {
  std::size_t cols = columns(text);
  if (cols >= width) return text;
  std::string fill(width - cols, ' ');
  return right ? fill + text : text + fill;
}

void put_wrapped(std::string& out, const std::string& first, const std::string& rest,
                 std::string_view text) {
  std::size_t width = kTextWidth - std::max(columns(first), columns(rest));
  bool head = true;
  for (const std::string& l : wrap(text, width)) {
    out += (head ? first : rest) + l + "\n";
    head = false;
  }
}

// Shrinks the widest text column until the table fits, ending cut cells in "…".
void put_table(std::string& out, const Table& t, const std::string& indent) {
  std::size_t n = t.header.size();
  std::vector<std::size_t> w(n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    w[c] = columns(t.header[c]);
    for (const auto& row : t.rows)
      if (c < row.size()) w[c] = std::max(w[c], columns(row[c]));
  }
  auto total = [&] {
    std::size_t sum = indent.size() + 2 * (n - 1);
    for (std::size_t x : w) sum += x;
    return sum;
  };
  while (total() > kTextWidth) {
    std::size_t widest = 0;
    for (std::size_t c = 1; c < n; ++c)
      if (w[c] > w[widest]) widest = c;
    if (w[widest] <= 4) break;
    --w[widest];
  }
  auto put_row = [&](const std::vector<std::string>& row) {
    std::string line = indent;
    for (std::size_t c = 0; c < n; ++c) {
      std::string cell = c < row.size() ? row[c] : "";
      if (columns(cell) > w[c]) cell = take_columns(cell, w[c] - 1) + "\u2026";
      bool right = c < t.numeric.size() && t.numeric[c];
      line += (c ? "  " : "") + (c + 1 == n && !right ? cell : pad(cell, w[c], right));
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  };
  put_row(t.header);
  for (const auto& row : t.rows) put_row(row);
}

void put_items(std::string& out, const std::vector<Item>& items, const std::string& indent) {
  std::size_t label = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    switch (item.kind) {
      case Item::Kind::kFact: {
        // Labels of a run of facts share one column.
        if (i == 0 || items[i - 1].kind != Item::Kind::kFact) {
          label = 0;
          for (std::size_t j = i; j < items.size() && items[j].kind == Item::Kind::kFact; ++j)
            label = std::max(label, columns(items[j].label) + 2);
          label = std::min<std::size_t>(label, 20);
        }
        put_wrapped(out, indent + pad(item.label + ":", label),
                    std::string(indent.size() + label, ' '), item.text);
        break;
      }
      case Item::Kind::kLine:
        put_wrapped(out, indent + "- ", indent + "  ", item.text);
        break;
      case Item::Kind::kCode:
        put_wrapped(out, indent + "    ", indent + "    ", item.text);
        break;
      case Item::Kind::kTable:
        put_table(out, item.table, indent);
        break;
    }
    if (i + 1 < items.size() && items[i + 1].kind != item.kind) out += "\n";
  }
}

}  // namespace

std::size_t columns(std::string_view text) {
  std::size_t n = 0;
  for (char c : text) n += !continuation(c);
  return n;
}

std::string render_text(const ReportDoc& doc) {
  std::string out;
  std::vector<std::string> title = wrap(doc.title, kTextWidth);
  std::size_t rule = 0;
  for (const auto& l : title) {
    out += l + "\n";
    rule = std::max(rule, columns(l));
  }
  out += std::string(rule, '=') + "\n\n";
  put_items(out, doc.head.items, "");
  for (const Section& s : doc.sections) {
    out +=
        "\n" + s.heading + "\n" + std::string(std::min(columns(s.heading), kTextWidth), '-') + "\n";
    put_items(out, s.items, "");
    for (const Section& c : s.children) {
      if (&c != &s.children.front() || !s.items.empty()) out += "\n";
      out += c.heading + "\n";
      put_items(out, c.items, "  ");
    }
  }
  return out;
}

std::string render_table_text(const Table& table, const std::string& indent) {
  std::string out;
  put_table(out, table, indent);
  return out;
}

std::string report_text(const ReportInput& in) {
  return render_text(build_report(in));
}

}  // namespace adjutant::report
