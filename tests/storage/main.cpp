// Catch2's main() for storage_tests: the SQLite store of storage/, on temporary files.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
