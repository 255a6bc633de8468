// Turn reports for one reader: plain text that fits an 80-column mail, and
// HTML with inline CSS that reads well on a phone.
#pragma once

#include <string>

#include "report/report_doc.h"
#include "report/report_input.h"

namespace adjutant::report {

inline constexpr std::size_t kTextWidth = 80;

std::string render_text(const ReportDoc& doc);
// `image_src`: the map shown under the title ("data:image/png;base64,..."
// in a file, "cid:map-union.png" in a mail), or "" for none.
std::string render_html(const ReportDoc& doc, const std::string& image_src = "");

// The facts and sections alone, without the page around them or the title:
// for a page that holds many reports (adjutant view).
std::string render_html_fragment(const ReportDoc& doc);

std::string report_text(const ReportInput& in);
// A table as the text report sets it, each line starting with `indent`.
std::string render_table_text(const Table& table, const std::string& indent);
std::string report_html(const ReportInput& in, const std::string& image_src = "");

// Width of UTF-8 text in columns (one per code point).
std::size_t columns(std::string_view text);

}  // namespace adjutant::report
