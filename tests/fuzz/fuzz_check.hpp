// Shared by the fuzz targets (tests/fuzz): a check that holds in every build. assert() could be
// compiled out; a fuzz target's invariants must stop the run wherever they fail, so libFuzzer
// saves the input and the replay test fails with the broken invariant named.
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            std::fprintf(stderr, "%s:%d: fuzz invariant failed: %s\n", __FILE__, __LINE__, \
                         #cond);                                                           \
            std::abort();                                                                  \
        }                                                                                  \
    } while (0)
