// The program's version, project(VERSION) in CMakeLists.txt. It lives in one
// generated file (version.cpp.in), so a version bump recompiles only that file.
#pragma once

namespace adjutant::cli {

const char* version();

}  // namespace adjutant::cli
