import Foundation
import Testing
@testable import RenderCore

@Suite struct FontSetTests {
    @Test func embeddedConfigurationIsTheRepositoryFile() throws {
        let file = Golden.packageRoot.appendingPathComponent("fonts/fonts.conf")
        let onDisk = try String(contentsOf: file, encoding: .utf8)
        #expect(FontConfiguration.xml == onDisk, "fonts/fonts.conf and FontConfiguration.swift must hold the same text")
    }

    @Test func everyFontOfTheFixedSetIsInstalled() {
        #expect(FontSet.shared.missingFiles.isEmpty, "missing: \(FontSet.shared.missingFiles)")
    }

    @Test(arguments: [
        (["Arial", "sans-serif"], "Liberation Sans"),
        (["Helvetica Neue", "Helvetica"], "Liberation Sans"),
        (["Roboto", "Georgia", "serif"], "Liberation Serif"),
        (["-apple-system", "Segoe UI"], "Liberation Serif"),
        (["Courier New", "monospace"], "Liberation Mono"),
        (["Verdana"], "DejaVu Sans"),
    ])
    func fontStacksResolveToTheFirstFamilyWeHave(stack: [String], family: String) {
        #expect(FontSet.resolveFamily(stack) == family)
    }
}
