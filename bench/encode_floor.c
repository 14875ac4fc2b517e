/* The encode floor: how long zlib at level 1 takes to compress the same frames snapshot
 * wrote, with nothing else — no rendering, no PNG chunking, no file I/O.
 *
 *   encode_floor FRAME.png...   prints "encode floor: N frames ms/frame X.X cpu ms/frame Y.Y"
 *
 * Each frame is decoded first (not timed) to its scanlines as a minimal PNG encoder would
 * feed zlib for an opaque frame: a filter byte (none) and 8-bit RGB per row. Each frame is
 * compressed `REPEAT` times on one thread and the fastest run counts, so a busy machine
 * inflates the floor as little as possible (it is the harder number to beat). Wall time and
 * the thread's CPU time are both reported: on a shared machine only the CPU time is steady. */
#include <png.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPEAT = 3 };

static double now_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The frame's scanlines (filter byte 0 + RGB), or NULL. */
static unsigned char *scanlines(const char *path, size_t *size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) return NULL;
    image.format = PNG_FORMAT_RGB;
    size_t row = (size_t)image.width * 3;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) { free(pixels); return NULL; }
    *size = (row + 1) * image.height;
    unsigned char *lines = malloc(*size);
    for (png_uint_32 y = 0; y < image.height; y++) {
        lines[y * (row + 1)] = 0;
        memcpy(lines + y * (row + 1) + 1, pixels + y * row, row);
    }
    free(pixels);
    return lines;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: encode_floor FRAME.png...\n"); return 2; }
    double total = 0, total_cpu = 0;
    for (int i = 1; i < argc; i++) {
        size_t size;
        unsigned char *lines = scanlines(argv[i], &size);
        if (!lines) { fprintf(stderr, "encode_floor: cannot decode %s\n", argv[i]); return 1; }
        uLong bound = compressBound(size);
        unsigned char *out = malloc(bound);
        double best = 1e30, best_cpu = 1e30;
        for (int r = 0; r < REPEAT; r++) {
            uLongf length = bound;
            double start = now_ms(CLOCK_MONOTONIC), start_cpu = now_ms(CLOCK_THREAD_CPUTIME_ID);
            if (compress2(out, &length, lines, size, 1) != Z_OK) { fprintf(stderr, "encode_floor: zlib failed\n"); return 1; }
            double elapsed = now_ms(CLOCK_MONOTONIC) - start, elapsed_cpu = now_ms(CLOCK_THREAD_CPUTIME_ID) - start_cpu;
            if (elapsed < best) best = elapsed;
            if (elapsed_cpu < best_cpu) best_cpu = elapsed_cpu;
        }
        total += best;
        total_cpu += best_cpu;
        free(out);
        free(lines);
    }
    printf("encode floor: %d frames ms/frame %.2f cpu ms/frame %.2f\n", argc - 1, total / (argc - 1), total_cpu / (argc - 1));
    return 0;
}
