// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "snapshot",
    products: [
        .executable(name: "snapshot", targets: ["Snapshot"]),
        .library(name: "RenderCore", targets: ["RenderCore"]),
        .library(name: "SnapshotTesting", targets: ["SnapshotTesting"]),
        // For the fuzz targets in Fuzz/ (a separate package), which drive the argument parser.
        .library(name: "SnapshotCLI", targets: ["SnapshotCLI"]),
    ],
    targets: [
        // C libraries from Debian packages, bound through module maps and pkg-config.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"])]
        ),
        .systemLibrary(
            name: "CPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        // SVG images (`<img src=x.svg>`, inline `<svg>`, SVG backgrounds), rasterised at the
        // size they are drawn.
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        .systemLibrary(
            name: "CGMime",
            pkgConfig: "gmime-3.0",
            providers: [.apt(["libgmime-3.0-dev"])]
        ),
        // Internationalised domain names in addresses shown in Unicode (GMime only encodes them).
        .systemLibrary(
            name: "CIDN2",
            pkgConfig: "libidn2",
            providers: [.apt(["libidn2-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // The base layer: value types every stage shares (Rect, Edges, RGBA, RenderError,
        // ResourceLimits). Foundation only; RenderCore depends on it, never the other way.
        .target(name: "RenderBase"),
        .target(
            name: "RenderCore",
            dependencies: ["RenderBase", "CCairo", "CGumbo", "CPixbuf", "CRsvg", "CPNG", "CGMime", "CIDN2"],
        ),
        // Golden-frame assertions for teams whose tests are Swift (Swift Testing or XCTest).
        .target(name: "SnapshotTesting", dependencies: ["RenderCore"]),
        .target(name: "SnapshotCLI", dependencies: ["RenderCore"]),
        .executableTarget(name: "Snapshot", dependencies: ["SnapshotCLI"]),
        // `make bench-compare`: comparison timing on two full frames (not a test).
        .executableTarget(name: "CompareBenchmark", dependencies: ["RenderCore"], path: "bench/CompareBenchmark"),
        .executableTarget(name: "LayoutBenchmark", dependencies: ["RenderCore"], path: "bench/LayoutBenchmark"),
        .testTarget(name: "SnapshotTests", dependencies: ["RenderCore", "SnapshotCLI", "SnapshotTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
