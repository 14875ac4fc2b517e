// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "snapshot",
    products: [
        .executable(name: "snapshot", targets: ["Snapshot"]),
        .library(name: "RenderCore", targets: ["RenderCore"]),
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
        .target(
            name: "RenderCore",
            dependencies: ["CCairo", "CGumbo", "CPixbuf"],
        ),
        .target(name: "SnapshotCLI", dependencies: ["RenderCore"]),
        .executableTarget(name: "Snapshot", dependencies: ["SnapshotCLI"]),
        .testTarget(name: "SnapshotTests", dependencies: ["RenderCore", "SnapshotCLI"]),
    ],
    swiftLanguageModes: [.v5]
)
