// Catch2's main() for server_unit_tests: server/app/ services, in-process.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
