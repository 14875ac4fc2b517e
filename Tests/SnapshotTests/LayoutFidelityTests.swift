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

    @Test(arguments: fixtures)
    func boxesMatchWebKit(fixture: String) throws {
        let htmlURL = Self.directory.appendingPathComponent(fixture)
        let html = try String(contentsOf: htmlURL, encoding: .utf8)
        let referenceURL = htmlURL.deletingPathExtension().appendingPathExtension("webkit.json")
        let reference = try JSONDecoder().decode(ReferenceLayout.self, from: Data(contentsOf: referenceURL))
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844,
                                       images: ImageStore(baseDirectory: Self.directory.path, options: Self.offline))
        let ours = Dictionary(document.boxes.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        for box in reference.boxes where box.w * box.h > 0 {
            // The same boxes the fidelity script scores: not plain inline boxes, except images.
            let isImage = box.path.split(separator: "/").last?.hasPrefix("img[") ?? false
            if box.display.hasPrefix("inline") && box.display != "inline-block" && !isImage { continue }
            checked += 1
            guard let frame = ours[box.path] else {
                Issue.record("\(fixture): \(box.path) missing")
                continue
            }
            let deltas = [frame.x - box.x, frame.y - box.y, frame.width - box.w, frame.height - box.h]
            #expect(deltas.allSatisfy { abs($0) <= 1 },
                    "\(fixture): \(box.path) is \(frame), WebKit \(box.x), \(box.y), \(box.w)x\(box.h)")
        }
        #expect(checked > 0)
        #expect(abs(max(document.height, 844) - reference.height) <= 1, "\(fixture): height \(document.height) vs \(reference.height)")
    }
}
