// What both order pages' HTML shares (order_page.h for the hex games,
// order_page_table.h for the table games): the head with its content
// security policy and style, the header, the picture with the overlay the
// script draws on, the check and export, the page's data, the checker and
// the script. The style, the panels and the scripts are files of
// src/web/assets/ (page_assets.h), named here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/order_page_wasm.h"

namespace adjutant::report {

struct OrderPageFrame {
  std::string title;         // the page's title and heading (escaped here)
  std::string_view style;    // the page's own style file, after order_page.css; "" none
  std::string about;         // the line under the heading (escaped here)
  std::string alt;           // the picture's alt text (escaped here)
  std::string picture_type;  // its media type: "image/png", "image/svg+xml"
  std::string_view picture;  // its bytes (base64 here)
  int width = 0, height = 0;
  std::string_view panel;  // the page's own panel file: <div id="panel"> up to the check
  std::string data;        // the page's data, written by script_json
  // The page's own script files, in order, after order_page_common.js in
  // one strict closure.
  std::vector<std::string_view> script;
};

std::string order_page_html(const OrderPageFrame& page, const OrderWasm& wasm);

}  // namespace adjutant::report
