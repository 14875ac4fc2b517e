import Foundation
import Testing
@testable import RenderCore

/// The base layer (`Sources/RenderBase`): the value types every stage shares live there, it
/// imports nothing but Foundation (no C library, no pipeline), and RenderCore re-exports it
/// from one file. SwiftPM keeps the direction (RenderBase has no dependencies); these pin the rest.
@Suite struct BaseLayerTests {
    static let sources = Golden.packageRoot.appendingPathComponent("Sources")

    static func swiftFiles(under folder: String) throws -> [URL] {
        let root = sources.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        try #require(!files.isEmpty, "no Swift files under \(root.path)")
        return files
    }

    static func imports(of file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") || $0.hasPrefix("@testable import ") }
    }

    @Test func theBaseImportsOnlyFoundation() throws {
        for file in try Self.swiftFiles(under: "RenderBase") {
            for line in try Self.imports(of: file) {
                #expect(line == "import Foundation", "\(file.lastPathComponent): \(line)")
            }
        }
    }

    @Test func renderCoreReExportsTheBaseFromOneFile() throws {
        let exporting = try Self.swiftFiles(under: "RenderCore").filter { file in
            try Self.imports(of: file).contains { $0.hasSuffix("import RenderBase") }
        }
        #expect(exporting.map(\.lastPathComponent) == ["Exports.swift"])
        for file in exporting {
            #expect(try Self.imports(of: file) == ["@_exported import RenderBase"])
        }
    }

    @Test func theSharedValueTypesAreTheBases() {
        let names = [String(reflecting: Rect.self), String(reflecting: Edges<Double>.self),
                     String(reflecting: RGBA.self), String(reflecting: RenderError.self),
                     String(reflecting: ResourceLimits.self)]
        #expect(names == ["RenderBase.Rect", "RenderBase.Edges<Swift.Double>", "RenderBase.RGBA",
                          "RenderBase.RenderError", "RenderBase.ResourceLimits"])
    }
}
