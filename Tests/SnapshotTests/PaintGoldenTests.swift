import Foundation
import Testing
@testable import RenderCore

/// The paint golden set: a page per group of paint features and a transactional mail that
/// uses them together, drawn at scale 2 and held to `golden/paint-<page>.png`. Gradients and
/// background layers have theirs in `GradientTests` (`paint-gradients`), controls and media in
/// `FormControlTests` (`form-controls`). Every golden was recorded after it was looked at beside
/// WebKit's rendering of the same page.
@Suite struct PaintGoldenTests {
    static let fixtures = Golden.packageRoot.appendingPathComponent("Tests/Fixtures")
    /// Each page and the folder it loads its files from.
    static let pages = ["paint/borders", "paint/effects", "Images/images", "paint/transactional", "paint/text-decorations",
                         "paint/hyphenate-character"]

    static func render(_ page: String, scale: Double = 2) throws -> (document: LaidOutDocument, canvas: Canvas) {
        let file = fixtures.appendingPathComponent(page + ".html")
        let html = try String(contentsOf: file, encoding: .utf8)
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844,
                                       images: ImageStore(baseDirectory: file.deletingLastPathComponent().path))
        return (document, try document.renderFullPage(viewportWidth: 390, viewportHeight: 844, scale: scale).canvas)
    }

    @Test(arguments: pages) func pageMatchesItsGolden(_ page: String) throws {
        let (document, canvas) = try Self.render(page)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        try Golden.check(canvas, named: "paint-" + URL(fileURLWithPath: page).lastPathComponent)
    }

    @Test(arguments: pages) func pageRendersToTheSameBytesTwice(_ page: String) throws {
        let first = try Self.render(page, scale: 1).canvas.rgbaImage
        let second = try Self.render(page, scale: 1).canvas.rgbaImage
        #expect(first == second)
    }
}
