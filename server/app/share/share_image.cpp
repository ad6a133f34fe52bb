#include "server/app/share/share_image.hpp"

#include <cairo.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace pinfall::server {
namespace {

constexpr const char* kShareFont = "DejaVu Sans";

struct ShareSurfaceFree {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ShareContextFree {
    void operator()(cairo_t* c) const { cairo_destroy(c); }
};
struct SharePatternFree {
    void operator()(cairo_pattern_t* p) const { cairo_pattern_destroy(p); }
};

void share_set_color(cairo_t* cr, const Rgb& c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

void share_rounded_box(cairo_t* cr, const CardBox& b) {
    const double r = std::min({b.radius, b.w / 2, b.h / 2});
    if (r <= 0) {
        cairo_rectangle(cr, b.x, b.y, b.w, b.h);
    } else {
        constexpr double kQuarter = 1.5707963267948966;
        cairo_new_sub_path(cr);
        cairo_arc(cr, b.x + b.w - r, b.y + r, r, -kQuarter, 0);
        cairo_arc(cr, b.x + b.w - r, b.y + b.h - r, r, 0, kQuarter);
        cairo_arc(cr, b.x + r, b.y + b.h - r, r, kQuarter, 2 * kQuarter);
        cairo_arc(cr, b.x + r, b.y + r, r, 2 * kQuarter, 3 * kQuarter);
        cairo_close_path(cr);
    }
    share_set_color(cr, b.fill);
    cairo_fill(cr);
}

void share_draw_text(cairo_t* cr, const CardText& t) {
    cairo_select_font_face(cr, kShareFont, CAIRO_FONT_SLANT_NORMAL,
                           t.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, t.size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, t.text.c_str(), &ext);
    double width = ext.x_advance;
    if (t.max_width > 0 && width > t.max_width) {
        // Too wide (a long name): the same text, smaller.
        cairo_set_font_size(cr, t.size * t.max_width / width);
        cairo_text_extents(cr, t.text.c_str(), &ext);
        width = ext.x_advance;
    }
    double x = t.x;
    if (t.align == Align::kCenter) x -= width / 2;
    if (t.align == Align::kRight) x -= width;
    share_set_color(cr, t.color);
    cairo_move_to(cr, x, t.y);
    cairo_show_text(cr, t.text.c_str());
}

void share_put32(std::string& out, std::uint32_t v) {
    out += static_cast<char>(v >> 24);
    out += static_cast<char>(v >> 16);
    out += static_cast<char>(v >> 8);
    out += static_cast<char>(v);
}

// One chunk: length, type, data, CRC-32 of type and data (PNG, section 5.3).
void share_put_chunk(std::string& out, const char* type, const std::string& data) {
    share_put32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t from = out.size();
    out.append(type, 4);
    out += data;
    const auto* bytes = reinterpret_cast<const Bytef*>(out.data() + from);
    share_put32(out, static_cast<std::uint32_t>(
                         crc32(crc32(0, nullptr, 0), bytes, static_cast<uInt>(4 + data.size()))));
}

// The surface (CAIRO_FORMAT_RGB24: a native-endian 0x00RRGGBB word a pixel) as an 8-bit RGB
// PNG. Every row takes filter Up (the difference from the row above): the gradient's rows and
// the flat panels then become runs of zeros that zlib's fastest level packs in one pass.
// cairo's own writer (libpng's defaults: zlib level 6, each of the five filters tried on every
// row) took 17 ms of a card's 18 here (docs/benchmarks.md "Share cards").
std::optional<std::string> share_encode_png(const unsigned char* data, int stride, int width,
                                            int height, std::string* error) {
    const std::size_t row_bytes = 1 + 3 * static_cast<std::size_t>(width);
    std::string raw(row_bytes * static_cast<std::size_t>(height), '\0');
    std::vector<unsigned char> prev(3 * static_cast<std::size_t>(width), 0), cur(prev.size());
    for (int y = 0; y < height; ++y) {
        const auto* px = reinterpret_cast<const std::uint32_t*>(data + y * stride);
        for (int x = 0; x < width; ++x) {
            cur[3 * x] = static_cast<unsigned char>(px[x] >> 16);
            cur[3 * x + 1] = static_cast<unsigned char>(px[x] >> 8);
            cur[3 * x + 2] = static_cast<unsigned char>(px[x]);
        }
        char* out = raw.data() + y * row_bytes;
        out[0] = 2;  // Up
        for (std::size_t i = 0; i < cur.size(); ++i) {
            out[1 + i] = static_cast<char>(static_cast<unsigned char>(cur[i] - prev[i]));
        }
        prev.swap(cur);
    }
    z_stream z{};
    if (deflateInit(&z, Z_BEST_SPEED) != Z_OK) {
        if (error) *error = "zlib: deflateInit failed";
        return std::nullopt;
    }
    std::string idat(deflateBound(&z, static_cast<uLong>(raw.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(raw.data());
    z.avail_in = static_cast<uInt>(raw.size());
    z.next_out = reinterpret_cast<Bytef*>(idat.data());
    z.avail_out = static_cast<uInt>(idat.size());
    const int rc = deflate(&z, Z_FINISH);
    idat.resize(z.total_out);
    deflateEnd(&z);
    if (rc != Z_STREAM_END) {
        if (error) *error = "zlib: deflate failed";
        return std::nullopt;
    }
    std::string png("\x89PNG\r\n\x1a\n", 8);
    png.reserve(8 + 25 + idat.size() + 12 + 12);
    std::string ihdr;
    share_put32(ihdr, static_cast<std::uint32_t>(width));
    share_put32(ihdr, static_cast<std::uint32_t>(height));
    ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8 bits, RGB, deflate, filters, no interlace
    share_put_chunk(png, "IHDR", ihdr);
    share_put_chunk(png, "IDAT", idat);
    share_put_chunk(png, "IEND", "");
    return png;
}

}  // namespace

std::optional<std::string> render_card_png(const CardLayout& layout, std::string* error) {
    std::unique_ptr<cairo_surface_t, ShareSurfaceFree> surface(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, kShareWidth, kShareHeight));
    std::unique_ptr<cairo_t, ShareContextFree> cr(cairo_create(surface.get()));
    if (const auto st = cairo_status(cr.get()); st != CAIRO_STATUS_SUCCESS) {
        if (error) *error = cairo_status_to_string(st);
        return std::nullopt;
    }
    std::unique_ptr<cairo_pattern_t, SharePatternFree> gradient(
        cairo_pattern_create_linear(0, 0, 0, kShareHeight));
    cairo_pattern_add_color_stop_rgb(gradient.get(), 0, layout.top.r, layout.top.g, layout.top.b);
    cairo_pattern_add_color_stop_rgb(gradient.get(), 1, layout.bottom.r, layout.bottom.g,
                                     layout.bottom.b);
    cairo_set_source(cr.get(), gradient.get());
    cairo_paint(cr.get());
    for (const auto& b : layout.boxes) share_rounded_box(cr.get(), b);
    for (const auto& t : layout.texts) share_draw_text(cr.get(), t);
    cairo_surface_flush(surface.get());
    if (const auto st = cairo_status(cr.get()); st != CAIRO_STATUS_SUCCESS) {
        if (error) *error = cairo_status_to_string(st);
        return std::nullopt;
    }
    return share_encode_png(cairo_image_surface_get_data(surface.get()),
                            cairo_image_surface_get_stride(surface.get()), kShareWidth,
                            kShareHeight, error);
}

}  // namespace pinfall::server
