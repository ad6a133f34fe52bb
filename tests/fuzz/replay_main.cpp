// A main() for a fuzz target built without libFuzzer (make test, any compiler): runs every
// regular file of the directories (or the files) named on the command line through
// LLVMFuzzerTestOneInput, in name order. Each input sits in a heap buffer of exactly its size,
// so a sanitizer build sees a read past its end. Exits 1 when a path is missing or when no
// input was found (a corpus lost by mistake must not pass as an empty success); a broken
// invariant aborts inside the target, after the name of the input was printed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

namespace {

bool run_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return false;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                  std::istreambuf_iterator<char>()};
    std::fprintf(stderr, "input %s (%zu bytes)\n", path.c_str(), bytes.size());
    auto buffer = std::make_unique<std::uint8_t[]>(bytes.size());
    std::copy(bytes.begin(), bytes.end(), buffer.get());
    LLVMFuzzerTestOneInput(buffer.get(), bytes.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    std::size_t inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg = argv[i];
        std::error_code ec;
        if (fs::is_directory(arg, ec)) {
            std::vector<fs::path> files;
            for (const auto& entry : fs::directory_iterator(arg)) {
                if (entry.is_regular_file()) files.push_back(entry.path());
            }
            std::sort(files.begin(), files.end());
            for (const auto& f : files) {
                if (!run_file(f)) return 1;
                ++inputs;
            }
        } else if (fs::is_regular_file(arg, ec)) {
            if (!run_file(arg)) return 1;
            ++inputs;
        } else {
            std::fprintf(stderr, "no such file or directory: %s\n", arg.c_str());
            return 1;
        }
    }
    if (inputs == 0) {
        std::fprintf(stderr, "no inputs found\n");
        return 1;
    }
    std::printf("%zu inputs ran without failure\n", inputs);
    return 0;
}
