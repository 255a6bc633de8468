// docs/protocol.md must carry exactly the vectors the code computes, so a
// second implementation written from the page checks against real values.
#include <catch2/catch.hpp>

#include "ledger/vectors.h"
#include "util/files.h"

TEST_CASE("docs/protocol.md carries the current protocol vectors", "[ledger][protocol]") {
  std::string doc = adjutant::read_file(std::string(ADJUTANT_SOURCE_DIR) + "/docs/protocol.md");
  std::string vectors = adjutant::ledger::protocol_vectors().dump(2);
  CHECK(doc.find("```json\n" + vectors + "\n```") != std::string::npos);
}
