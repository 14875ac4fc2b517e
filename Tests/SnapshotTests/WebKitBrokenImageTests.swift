import Foundation
import Testing
@testable import RenderCore

/// Images that cannot load laid out as WebKit lays out failed images (BrokenImage), against the
/// boxes WebKit measured (webkit_ref.py boxes, fonts/fonts.conf, width 390) for the
/// Tests/Fixtures/layout/broken-im*.html pages: no alt, alt text short, too long for the line
/// and empty, width and/or height attributes, CSS sizes in px and %, display:block, max-width,
/// min/max heights, table cells, links, title without alt, no or empty src, floats, quirks and
/// standards mode. (These pages used to hold Chromium's boxes; WebKit decides.) Every box within
/// half a pixel, except table rows and row groups (written when they were reported without the
/// border spacing; `LayoutFidelityTests` holds them to a pixel).
@Suite struct WebKitBrokenImageTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/layout")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix("broken-im") && $0.hasSuffix(".html") }.sorted()
    }

    @Test func fixturesArePresent() { #expect(Self.fixtures.count == 7) }

    @Test(arguments: fixtures)
    func everyBoxMatchesWebKit(fixture: String) throws {
        let (checked, document, reference) = try LayoutFidelityTests.compareWithWebKit(fixture, tolerance: 0.5) { box in
            box.display != "table-row" && box.display != "table-row-group"
        }
        let images = checked.filter { $0.path.split(separator: "/").last?.hasPrefix("img[") == true }.count
        #expect(images > 0)
        #expect(abs(max(document.height, 844) - reference.height) <= 0.5, "\(fixture): height \(document.height) vs \(reference.height)")
    }

    /// What is drawn inside: the icon centred where the box holds it, the alt text only where it
    /// fits above the icon (or, with no icon, in the box), the hairline only around a box over 2 px.
    @Test func iconAndAltTextAreDrawnWhereWebKitDrawsThem() {
        func painted(_ image: String) -> (icons: [Rect], outlines: [Rect], glyphRuns: Int) {
            let document = LaidOutDocument(html: "<!DOCTYPE html><body style='margin:0;font-family:Arial'>\(image)", viewportWidth: 390, viewportHeight: 844,
                                           images: ImageStore(baseDirectory: nil, options: ImageOptions(failed: .blocked)))
            var result: (icons: [Rect], outlines: [Rect], glyphRuns: Int) = ([], [], 0)
            for entry in document.displayList.entries {
                switch entry.item {
                case .brokenImageIcon(let rect): result.icons.append(rect)
                case .missingImageOutline(let rect): result.outlines.append(rect)
                case .glyphs: result.glyphRuns += 1
                default: break
                }
            }
            return result
        }
        let remote = "src='https://example.com/a.png'"
        // 200×100: the icon in the middle, the alt text at the top left, the outline around the content box.
        let large = painted("<img \(remote) alt='Logo' width='200' height='100' style='display:block;border:1px solid'>")
        #expect(large.icons == [Rect(x: 1 + 92, y: 1 + 42, width: 16, height: 16)])
        #expect(large.outlines == [Rect(x: 1, y: 1, width: 200, height: 100)])
        #expect(large.glyphRuns == 1)
        // Its intrinsic size: the text's box, so no room above the icon for the text.
        let intrinsic = painted("<img \(remote) alt='Logo'>")
        #expect(intrinsic.icons.count == 1 && intrinsic.glyphRuns == 0)
        // Too small for the icon: neither icon nor text.
        let small = painted("<img \(remote) alt='Logo' width='10' height='10'>")
        #expect(small.icons.isEmpty && small.glyphRuns == 0 && small.outlines.count == 1)
        // No src: no icon, the alt text in its box.
        let noSource = painted("<img alt='Logo'>")
        #expect(noSource.icons.isEmpty && noSource.glyphRuns == 1)
        // alt="" inline: collapsed, nothing drawn.
        let collapsed = painted("<img \(remote) alt=''>")
        #expect(collapsed.icons.isEmpty && collapsed.outlines.isEmpty)
    }
}
