// Catch2's main() for protocol_tests: the decoder and encoders of protocol/, tested with strings.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
