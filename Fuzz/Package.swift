// swift-tools-version:6.0
// libFuzzer targets for snapshot's parsers (see README "Fuzzing and sanitizers").
// A package of its own, so `swift build` / `swift test` at the root never see the fuzzer
// flags; `make fuzz` builds it with `--sanitize fuzzer --sanitize address`.
import PackageDescription

/// Each target is one `LLVMFuzzerTestOneInput`; libFuzzer brings `main`.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies,
                      swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "SnapshotFuzz",
    dependencies: [.package(name: "snapshot", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "RenderCore", package: "snapshot")]),
        fuzzTarget("FuzzHTMLLayout", [.product(name: "RenderCore", package: "snapshot")]),
        fuzzTarget("FuzzCSS", [.product(name: "RenderCore", package: "snapshot")]),
        fuzzTarget("FuzzImages", [.product(name: "RenderCore", package: "snapshot")]),
        fuzzTarget("FuzzSuite", [.product(name: "RenderCore", package: "snapshot")]),
        fuzzTarget("FuzzMessages", [.product(name: "RenderCore", package: "snapshot")]),
        fuzzTarget("FuzzArguments", [.product(name: "RenderCore", package: "snapshot"),
                                     .product(name: "SnapshotCLI", package: "snapshot")]),
    ],
    swiftLanguageModes: [.v6]
)
