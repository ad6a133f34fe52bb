// Paints a share card's layout (share_facts.hpp, card_layout) with cairo into a 1200x630 PNG
// held in memory: the background's gradient, the boxes, then the texts in DejaVu Sans (Debian's
// fonts-dejavu-core, found through fontconfig; another sans face when it is missing). Nothing
// is drawn that the layout does not hold. The PNG (8-bit RGB) is encoded here with zlib, not by
// cairo_surface_write_to_png_stream, which took most of the time (share_image.cpp); it has
// only the chunks IHDR, IDAT and IEND: no text.
//
// Thread-safety: any thread; each call paints its own surface. The first call in a process is
// slower (fontconfig reads its configuration): ShareCards warms it up at start.
#pragma once

#include <optional>
#include <string>

#include "server/app/share/share_facts.hpp"

namespace pinfall::server {

// The PNG's bytes, or nullopt when cairo fails (out of memory); *error says why.
std::optional<std::string> render_card_png(const CardLayout& layout, std::string* error = nullptr);

}  // namespace pinfall::server
