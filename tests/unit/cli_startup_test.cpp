// Start-up cost: libcurl and cairo, each with two dozen libraries of its own,
// are loaded only by the commands that need them (mail/curl_api.h,
// render/cairo_api.h, docs/performance.md), and the C++ runtime and
// libcrypto are linked into the program.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "support/cli_harness.h"

using adjutant::testing::TempDir;

namespace {

// What the dynamic loader says it loaded for `args` (LD_DEBUG=libs).
std::string loaded_libraries(const std::string& args) {
  return adjutant::testing::run_command("LD_DEBUG=libs '" + std::string(ADJUTANT_BINARY) + "' " +
                                        args)
      .out;
}

}  // namespace

TEST_CASE("commands without mail never load libcurl; mail send does", "[cli][startup]") {
  std::string version = loaded_libraries("--version");
  REQUIRE(version.find("calling init: ") != std::string::npos);  // LD_DEBUG works here
  CHECK(version.find("libcurl") == std::string::npos);
  CHECK(loaded_libraries("verify samples/games/skirmish-umpire").find("libcurl") ==
        std::string::npos);
  // A dry run reads the queue only; a send (here to a closed port) loads it.
  std::string send = loaded_libraries(
      "mail send samples/games/skirmish-umpire --all --smtp smtp://127.0.0.1:1 --timeout 1");
  CHECK(send.find("libcurl.so.4") != std::string::npos);
}

TEST_CASE("commands that draw no map never load cairo; render does", "[cli][startup]") {
  std::string version = loaded_libraries("--version");
  REQUIRE(version.find("calling init: ") != std::string::npos);
  CHECK(version.find("libcairo") == std::string::npos);
  CHECK(version.find("libfreetype") == std::string::npos);
  std::string verify = loaded_libraries("verify samples/games/skirmish-umpire --read-only");
  CHECK(verify.find("libcairo") == std::string::npos);
  TempDir dir("startup-cairo");
  std::string png = (dir.path() / "map.png").string();
  std::string render = loaded_libraries("render samples/games/skirmish-umpire --out '" + png + "'");
  CHECK(render.find("libcairo.so.2") != std::string::npos);
  CHECK(std::filesystem::file_size(png) > 0);
}

TEST_CASE("the program carries its C++ runtime and libcrypto: the loader loads neither",
          "[cli][startup]") {
  std::string version = loaded_libraries("--version");
  REQUIRE(version.find("calling init: ") != std::string::npos);
  CHECK(version.find("libc.so.6") != std::string::npos);
  CHECK(version.find("libcrypto") == std::string::npos);
#if !defined(__SANITIZE_ADDRESS__)
  // The sanitizers' runtime (`make sanitize`) brings the shared C++ runtime
  // with it; the program as built for use carries its own.
  CHECK(version.find("libstdc++") == std::string::npos);
#endif
}
