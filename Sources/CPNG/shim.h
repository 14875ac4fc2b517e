// PNG decoding and encoding through libpng, as straight (not premultiplied) 8-bit RGBA.
// libpng reports errors by longjmp, which Swift cannot catch, so the setjmp lives here in C;
// Swift only sees two functions that return 0 on success or 1 with a message.
#include <png.h>
#include <zlib.h>  // deflate and crc32 for the APNG writer (Film.swift)
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *pixels;  // width * height * 4 bytes, R G B A, owned by the caller (free())
    unsigned width;
    unsigned height;
    char message[160];
} snapshot_png;

static void snapshot_png_on_error(png_structp png, png_const_charp message) {
    snapshot_png *out = (snapshot_png *)png_get_error_ptr(png);
    snprintf(out->message, sizeof out->message, "%s", message);
    longjmp(png_jmpbuf(png), 1);
}

static void snapshot_png_on_warning(png_structp png, png_const_charp message) {
    (void)png; (void)message;  // warnings (e.g. a bad iCCP profile) never fail a decode
}

/// Reads any PNG as 8-bit RGBA without colour management: palette, grey and 16-bit images are
/// expanded; gAMA/iCCP are ignored, as browsers' canvas readback and pngjs ignore them.
static inline int snapshot_png_read(const char *path, snapshot_png *out, unsigned long max_pixels) {
    memset(out, 0, sizeof *out);
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(out->message, sizeof out->message, "cannot open"); return 1; }
    unsigned char signature[8];
    if (fread(signature, 1, 8, file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
        fclose(file);
        snprintf(out->message, sizeof out->message, "not a PNG file");
        return 1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, out, snapshot_png_on_error, snapshot_png_on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        snprintf(out->message, sizeof out->message, "out of memory");
        return 1;
    }
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        fclose(file);
        return 1;
    }
    png_init_io(png, file);
    png_set_sig_bytes(png, 8);
    png_set_user_limits(png, 65535, 65535);
    /* Chunks of text, profiles, palettes suggestions and unknown ones are skipped unread: libpng
       would buffer each at the length its header claims, so a 200-byte file could ask for
       4 GB (its chunk size cap only warns when reading). We use none of them. */
    static const png_byte skipped_chunks[] = "iCCP\0iTXt\0tEXt\0zTXt\0sPLT\0eXIf";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped_chunks, (int)(sizeof skipped_chunks / 5));
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((unsigned long)width * (unsigned long)height > max_pixels) {
        snprintf(out->message, sizeof out->message, "%ux%u pixels is too large", (unsigned)width, (unsigned)height);
        longjmp(png_jmpbuf(png), 1);
    }
    int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
    if (depth == 16) png_set_scale_16(png);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        snprintf(out->message, sizeof out->message, "unsupported PNG layout");
        longjmp(png_jmpbuf(png), 1);
    }
    pixels = (unsigned char *)malloc((size_t)width * height * 4 + 1);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (height + 1));
    if (!pixels || !rows) {
        snprintf(out->message, sizeof out->message, "out of memory");
        longjmp(png_jmpbuf(png), 1);
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    fclose(file);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return 0;
}

/// Writes 8-bit RGBA pixels as PNG to an open file (the caller renames it into place).
static inline int snapshot_png_write(FILE *file, const unsigned char *pixels, unsigned width, unsigned height,
                                     char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_write_to_stdio(&image, file, 0, pixels, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return 1;
    }
    return 0;
}

/* Frames: rows streamed from the caller, at a chosen zlib level and filter.
   As above, the setjmp stays in C. Rows come from a callback that runs between libpng calls
   (never inside one), so an error unwinds only libpng's own frames, never Swift's. */

/* libpng's filter masks are macros Swift cannot import; these name them. */
enum {
    SNAPSHOT_PNG_FILTER_NONE = PNG_FILTER_NONE,
    SNAPSHOT_PNG_FILTER_SUB = PNG_FILTER_SUB,
    SNAPSHOT_PNG_FILTER_UP = PNG_FILTER_UP,
    SNAPSHOT_PNG_FILTER_AVG = PNG_FILTER_AVG,
    SNAPSHOT_PNG_FILTER_PAETH = PNG_FILTER_PAETH,
    SNAPSHOT_PNG_ALL_FILTERS = PNG_ALL_FILTERS
};

/* Opaque ARGB32 pixels (cairo's native-endian words: B G R A in memory on little-endian
   machines) to R G B bytes. This runs over every pixel of every frame, so where the CPU has
   SSSE3 one byte shuffle turns four pixels into twelve bytes. */
#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>
__attribute__((target("ssse3")))
static inline size_t snapshot_argb32_to_rgb_ssse3(const uint32_t *pixels, uint8_t *out, size_t width) {
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    size_t x = 0;
    /* Each store writes 16 bytes for 12: stop while 4 spare bytes remain inside the row. */
    for (; x + 6 <= width; x += 4) {
        __m128i four = _mm_loadu_si128((const __m128i *)(pixels + x));
        _mm_storeu_si128((__m128i *)(out + 3 * x), _mm_shuffle_epi8(four, order));
    }
    return x;
}
#endif

static inline void snapshot_argb32_to_rgb(const uint32_t *pixels, uint8_t *out, size_t width) {
    size_t x = 0;
#if (defined(__x86_64__) || defined(__i386__)) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (__builtin_cpu_supports("ssse3")) x = snapshot_argb32_to_rgb_ssse3(pixels, out, width);
#endif
    for (; x < width; x++) {
        uint32_t pixel = pixels[x];
        out[3 * x] = (uint8_t)(pixel >> 16);
        out[3 * x + 1] = (uint8_t)(pixel >> 8);
        out[3 * x + 2] = (uint8_t)pixel;
    }
}

/* Fills `row` (width × channels bytes) with image row `y`. */
typedef void (*snapshot_png_row_source)(void *context, uint32_t y, uint8_t *row);

struct snapshot_png_rows_failure {
    jmp_buf jump;
    char message[256];
};

static void snapshot_png_rows_on_error(png_structp png, png_const_charp message) {
    struct snapshot_png_rows_failure *failure = (struct snapshot_png_rows_failure *)png_get_error_ptr(png);
    snprintf(failure->message, sizeof failure->message, "%s", message ? message : "libpng error");
    longjmp(failure->jump, 1);
}

static void snapshot_png_rows_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* Writes an 8-bit RGB (channels 3) or RGBA (channels 4) PNG to `file`. `filters` is a
   PNG_FILTER_* mask, `level` a zlib level. Returns 0, or -1 with `message` filled. */
static inline int snapshot_png_write_rows(FILE *file, uint32_t width, uint32_t height, int channels,
                                     int level, int filters, snapshot_png_row_source source,
                                     void *context, char *message, size_t message_size) {
    struct snapshot_png_rows_failure failure;
    failure.message[0] = 0;
    png_structp volatile png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure,
                                                       snapshot_png_rows_on_error, snapshot_png_rows_on_warning);
    png_infop volatile info = png ? png_create_info_struct(png) : NULL;
    uint8_t *volatile row = (uint8_t *)malloc((size_t)width * (size_t)channels);
    if (!png || !info || !row) {
        snprintf(message, message_size, "out of memory");
        if (png) png_destroy_write_struct((png_structpp)&png, (png_infopp)&info);
        free(row);
        return -1;
    }
    if (setjmp(failure.jump)) {
        snprintf(message, message_size, "%s", failure.message);
        png_destroy_write_struct((png_structpp)&png, (png_infopp)&info);
        free(row);
        return -1;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    /* Fewer, larger IDAT chunks: less per-chunk CRC and call overhead. */
    png_set_compression_buffer_size(png, 256 * 1024);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        source(context, y, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct((png_structpp)&png, (png_infopp)&info);
    free(row);
    return 0;
}
