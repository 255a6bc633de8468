#include "report/report.h"
#include "util/markup.h"

namespace adjutant::report {

namespace {

// Inline styles only: many mail clients drop <style> blocks.
constexpr const char* kBody =
    "margin:0;padding:12px;background:#f6f4ee;color:#1d1d1b;"
    "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;"
    "font-size:16px;line-height:1.45";
constexpr const char* kPage = "max-width:42em;margin:0 auto";
constexpr const char* kH1 = "font-size:1.35em;margin:0 0 .6em 0;color:#2a3b5c";
constexpr const char* kH2 =
    "font-size:1.1em;margin:1.4em 0 .4em 0;padding-bottom:2px;border-bottom:1px solid #b9b4a4;"
    "color:#2a3b5c";
constexpr const char* kH3 = "font-size:1em;margin:1em 0 .3em 0";
constexpr const char* kFacts = "border-collapse:collapse;margin:.2em 0";
constexpr const char* kFactLabel =
    "text-align:left;vertical-align:top;padding:2px 12px 2px 0;font-weight:600;white-space:nowrap";
constexpr const char* kFactValue = "padding:2px 0;vertical-align:top;word-break:break-word";
constexpr const char* kScroll = "overflow-x:auto;margin:.4em 0";
constexpr const char* kTable = "border-collapse:collapse;font-size:.95em";
constexpr const char* kTh =
    "text-align:left;padding:3px 8px;border-bottom:2px solid #b9b4a4;white-space:nowrap";
constexpr const char* kTd = "padding:3px 8px;border-bottom:1px solid #ddd8c8";
constexpr const char* kList = "margin:.3em 0;padding-left:1.3em";
constexpr const char* kCode =
    "display:block;font-family:Menlo,Consolas,monospace;font-size:.9em;background:#ebe7dc;"
    "padding:6px 8px;border-radius:4px;word-break:break-all";
constexpr const char* kMap = "margin:.8em 0";
constexpr const char* kHash =
    "font-family:Menlo,Consolas,monospace;font-size:.85em;word-break:break-all";

bool looks_like_hash(const std::string& text) {
  if (text.size() != 64) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

void put_table(std::string& out, const Table& t) {
  out += "<div style=\"" + std::string(kScroll) + "\"><table style=\"" + kTable + "\">\n<tr>";
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    bool right = c < t.numeric.size() && t.numeric[c];
    out += "<th style=\"" + std::string(kTh) + (right ? ";text-align:right" : "") + "\">" +
           escape_markup(t.header[c]) + "</th>";
  }
  out += "</tr>\n";
  for (const auto& row : t.rows) {
    out += "<tr>";
    for (std::size_t c = 0; c < t.header.size(); ++c) {
      bool right = c < t.numeric.size() && t.numeric[c];
      out += "<td style=\"" + std::string(kTd) + (right ? ";text-align:right" : "") + "\">" +
             escape_markup(c < row.size() ? row[c] : "") + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</table></div>\n";
}

void put_items(std::string& out, const std::vector<Item>& items) {
  std::size_t i = 0;
  while (i < items.size()) {
    const Item::Kind kind = items[i].kind;
    std::size_t j = i;
    while (j < items.size() && items[j].kind == kind) ++j;
    if (kind == Item::Kind::kFact) {
      out += "<table style=\"" + std::string(kFacts) + "\">\n";
      for (; i < j; ++i) {
        const std::string& v = items[i].text;
        std::string value = looks_like_hash(v)
                                ? "<code style=\"" + std::string(kHash) + "\">" + v + "</code>"
                                : escape_markup(v);
        out += "<tr><th style=\"" + std::string(kFactLabel) + "\">" +
               escape_markup(items[i].label) + "</th><td style=\"" + kFactValue + "\">" + value +
               "</td></tr>\n";
      }
      out += "</table>\n";
    } else if (kind == Item::Kind::kLine) {
      out += "<ul style=\"" + std::string(kList) + "\">\n";
      for (; i < j; ++i) out += "<li>" + escape_markup(items[i].text) + "</li>\n";
      out += "</ul>\n";
    } else if (kind == Item::Kind::kCode) {
      for (; i < j; ++i)
        out += "<code style=\"" + std::string(kCode) + "\">" + escape_markup(items[i].text) +
               "</code>\n";
    } else {
      for (; i < j; ++i) put_table(out, items[i].table);
    }
  }
}

void put_sections(std::string& out, const std::vector<Section>& sections) {
  for (const Section& s : sections) {
    out += "<h2 style=\"" + std::string(kH2) + "\">" + escape_markup(s.heading) + "</h2>\n";
    put_items(out, s.items);
    for (const Section& c : s.children) {
      out += "<h3 style=\"" + std::string(kH3) + "\">" + escape_markup(c.heading) + "</h3>\n";
      put_items(out, c.items);
    }
  }
}

}  // namespace

std::string render_html_fragment(const ReportDoc& doc) {
  std::string out;
  put_items(out, doc.head.items);
  put_sections(out, doc.sections);
  return out;
}

std::string render_html(const ReportDoc& doc, const std::string& image_src) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
      escape_markup(doc.title) + "</title>\n</head>\n<body style=\"" + kBody +
      "\">\n<div style=\"" + kPage + "\">\n<h1 style=\"" + kH1 + "\">" + escape_markup(doc.title) +
      "</h1>\n";
  put_items(out, doc.head.items);
  // The map, where the reader sees it first (a data: URI in the file on
  // disk, the mail's inline part as cid: in a mail).
  if (!image_src.empty())
    out += "<p style=\"" + std::string(kMap) + "\"><img src=\"" + escape_markup(image_src) +
           "\" alt=\"" + escape_markup(doc.image_alt.empty() ? "map" : doc.image_alt) +
           "\" style=\"max-width:100%;height:auto;border:1px solid #b9b4a4\"></p>\n";
  put_sections(out, doc.sections);
  out += "</div>\n</body>\n</html>\n";
  return out;
}

std::string report_html(const ReportInput& in, const std::string& image_src) {
  return render_html(build_report(in), image_src);
}

}  // namespace adjutant::report
