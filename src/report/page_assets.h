// The files of src/web/assets/ that the order pages and the standings page
// are made of, as a page carries them. Such a file may open with a comment
// saying what it is, up to its first empty line: the page leaves that out.
// The other pages carry their files whole (web::asset).
#pragma once

#include <string_view>

namespace adjutant::report {

// The file `name` of src/web/assets/ ("order_page.css") without its opening
// comment. A name the program carries no file of is a mistake of the
// program, not of its input: std::logic_error, which a test of the page sees.
std::string_view page_asset(std::string_view name);

}  // namespace adjutant::report
