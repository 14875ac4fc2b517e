import Foundation
import Testing
@testable import RenderCore

/// Layout against WebKit, the engine of the screen we reproduce, without WebKit at test time:
/// each fixture under Tests/Fixtures/layout has the border boxes WebKitGTK measured for it
/// (`../shared/tools/webkit_ref.py boxes`, fonts/fonts.conf, width 390, offline) beside it.
/// Every block-level box, table part and image must agree to within a pixel. (The pages were
/// Chromium's until the browsers' differences were settled for WebKit: row and row-group
/// boxes spanning the border spacing, px-wide tables that max-width does not shrink.)
@Suite struct LayoutFidelityTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/layout")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
    }

    struct ReferenceBox: Decodable { let path: String; let x, y, w, h: Double; let display: String }
    struct ReferenceLayout: Decodable { let height: Double; let boxes: [ReferenceBox] }

    /// WebKit measured the fixtures offline: its remote images failed.
    static let offline = ImageOptions(failed: .blocked)

    @Test func fixturesArePresent() { #expect(Self.fixtures.count >= 25) }

    /// Lays a fixture out and records an issue for each of WebKit's boxes that `include` picks
    /// and that ours misses or places more than `tolerance` px away; the boxes checked and
    /// the document, with WebKit's layout.
    static func compareWithWebKit(_ fixture: String, images: ImageOptions = offline, tolerance: Double,
                                  include: (ReferenceBox) -> Bool) throws -> (checked: [ReferenceBox], document: LaidOutDocument, reference: ReferenceLayout) {
        let htmlURL = directory.appendingPathComponent(fixture)
        let referenceURL = htmlURL.deletingPathExtension().appendingPathExtension("webkit.json")
        let reference = try JSONDecoder().decode(ReferenceLayout.self, from: Data(contentsOf: referenceURL))
        let document = LaidOutDocument(html: try String(contentsOf: htmlURL, encoding: .utf8), viewportWidth: 390, viewportHeight: 844,
                                       images: ImageStore(baseDirectory: directory.path, options: images))
        let ours = Dictionary(document.boxes.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        let checked = reference.boxes.filter(include)
        for box in checked {
            guard let frame = ours[box.path] else {
                Issue.record("\(fixture): \(box.path) missing")
                continue
            }
            let deltas = [frame.x - box.x, frame.y - box.y, frame.width - box.w, frame.height - box.h]
            #expect(deltas.allSatisfy { abs($0) <= tolerance },
                    "\(fixture): \(box.path) is \(frame), WebKit \(box.x), \(box.y), \(box.w)x\(box.h)")
        }
        return (checked, document, reference)
    }

    @Test(arguments: fixtures)
    func boxesMatchWebKit(fixture: String) throws {
        // The same boxes the fidelity script scores: not plain inline boxes, except images.
        let (checked, document, reference) = try Self.compareWithWebKit(fixture, tolerance: 1) { box in
            let isImage = box.path.split(separator: "/").last?.hasPrefix("img[") ?? false
            return box.w * box.h > 0 && (!box.display.hasPrefix("inline") || box.display == "inline-block" || isImage)
        }
        #expect(!checked.isEmpty)
        #expect(abs(max(document.height, 844) - reference.height) <= 1, "\(fixture): height \(document.height) vs \(reference.height)")
    }
}
