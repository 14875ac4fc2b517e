import Foundation
import Testing
@testable import RenderCore

/// Layout against headless Chromium, without Chromium at test time: each fixture under
/// Tests/Fixtures/layout has the border boxes Chromium measured for it (chromium_ref.py
/// boxes, fonts/fonts.conf, width 390) beside it. Every block-level box, table part and
/// image must agree to within a pixel.
@Suite struct LayoutFidelityTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/layout")

    /// The pages with Chromium's boxes beside them. (Broken images are WebKit's, and their
    /// pages carry WebKit's boxes: WebKitBrokenImageTests.)
    static var fixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".html") && names.contains($0.dropLast(5) + ".chromium.json") }.sorted()
    }

    struct ChromiumBox: Decodable { let path: String; let x, y, w, h: Double; let display: String }
    struct ChromiumLayout: Decodable { let height: Double; let boxes: [ChromiumBox] }

    /// Chromium measured the fixtures offline: its remote images failed.
    static let offline = ImageOptions(failed: .blocked)

    @Test func fixturesArePresent() { #expect(Self.fixtures.count >= 15) }

    @Test(arguments: fixtures)
    func boxesMatchChromium(fixture: String) throws {
        let htmlURL = Self.directory.appendingPathComponent(fixture)
        let html = try String(contentsOf: htmlURL, encoding: .utf8)
        let referenceURL = htmlURL.deletingPathExtension().appendingPathExtension("chromium.json")
        let reference = try JSONDecoder().decode(ChromiumLayout.self, from: Data(contentsOf: referenceURL))
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
                    "\(fixture): \(box.path) is \(frame), Chromium \(box.x), \(box.y), \(box.w)x\(box.h)")
        }
        #expect(checked > 0)
        #expect(abs(max(document.height, 844) - reference.height) <= 1, "\(fixture): height \(document.height) vs \(reference.height)")
    }
}
