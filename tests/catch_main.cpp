// Catch2's main() and test runner, compiled once for every test executable (pinfall_catch_main
// in tests/CMakeLists.txt): the runner is the heaviest translation unit of the tests, and each
// executable used to compile its own copy.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
