#include "report/order_page_frame.h"

#include "ledger/digest.h"
#include "report/inline_script.h"
#include "report/page_assets.h"
#include "util/markup.h"
#include "web/assets.h"

namespace adjutant::report {

namespace {

// A picture as a data: URI: an SVG (text) percent-encoded where a URI or
// the attribute it stands in needs it, about 7% over its size where base64
// is 33%; a PNG in base64.
std::string picture_uri(const std::string& type, std::string_view bytes) {
  if (type != "image/svg+xml") return "data:" + type + ";base64," + ledger::base64(bytes);
  static const char* const kHex = "0123456789ABCDEF";
  std::string out = "data:" + type + ",";
  out.reserve(out.size() + bytes.size() + bytes.size() / 8);
  for (unsigned char c : bytes) {
    if (c < 0x20 || c >= 0x7f || c == '%' || c == '#' || c == '"' || c == '&' || c == '<' ||
        c == '>') {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += char(c);
    }
  }
  return out;
}

// The page's script: the common part, then the page's own parts, each on a
// line of its own, in one strict closure.
std::string order_page_script(const std::vector<std::string_view>& parts) {
  std::string out = "\n(function () {\n  'use strict';\n";
  out += page_asset("order_page_common.js");
  for (std::string_view part : parts) {
    out += "\n";
    out += page_asset(part);
  }
  out += "})();\n";
  return out;
}

}  // namespace

std::string order_page_html(const OrderPageFrame& page, const OrderWasm& wasm) {
  const std::string w = std::to_string(page.width), h = std::to_string(page.height);
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline' 'wasm-unsafe-eval'\">\n<title>" +
      escape_markup(page.title) + "</title>\n<style>\n";
  out += page_asset("order_page.css");
  if (!page.style.empty()) {
    out += "\n";
    out += page_asset(page.style);
  }
  out += "</style>\n</head>\n<body data-check=\"\">\n";
  out += "<header>\n<h1>" + escape_markup(page.title) + "</h1>\n<p>" + escape_markup(page.about) +
         "</p>\n</header>\n<main>\n";
  out += "<div id=\"board\"><img width=\"" + w + "\" height=\"" + h + "\" alt=\"" +
         escape_markup(page.alt) + "\" src=\"" + picture_uri(page.picture_type, page.picture) +
         "\">\n<svg id=\"overlay\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w +
         "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h + "\"></svg></div>\n";
  out += page_asset(page.panel);
  out += page_asset("order_page_panel_end.html");
  out += "<script type=\"application/json\" id=\"order-data\">" + page.data + "</script>\n";
  // The module gzipped (wasm/CMakeLists.txt), as base64: the page inflates it.
  out += "<script type=\"application/gzip\" id=\"order-wasm\">" + ledger::base64(wasm.module) +
         "</script>\n";
  out += "<script>" + script_text(wasm.glue) + "</script>\n";
  // Every hash the rules ask for is the browser's (web/assets/webcrypto.js).
  out += "<script>" + script_text(std::string(web::asset("webcrypto.js"))) + "</script>\n";
  out += "<script>" + order_page_script(page.script) + "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace adjutant::report
