import Foundation
import Testing
@testable import RenderCore

/// Line rules browsers apply and pango does not by itself: a negative text-indent, which
/// lines justify, text-align-last, no break after `:` before a letter or digit, `<wbr>`, and
/// the monospace font-size quirk. Expected boxes are Chromium's (chromium_ref.py boxes,
/// fonts/fonts.conf, width 390) for Tests/Fixtures/text/line-rules.html.
@Suite struct TextLineRulesTests {
    static let document: LaidOutDocument = {
        let url = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/text/line-rules.html")
        let html = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
    }()

    func frame(_ path: String) -> Rect? {
        Self.document.boxes.first { $0.path == path }?.frame
    }

    func expectBox(_ path: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                   sourceLocation: SourceLocation = #_sourceLocation) {
        guard let frame = frame(path) else {
            Issue.record("\(path) missing", sourceLocation: sourceLocation)
            return
        }
        let deltas = [frame.x - x, frame.y - y, frame.width - width, frame.height - height]
        #expect(deltas.allSatisfy { abs($0) <= 0.5 }, "\(path) is \(frame), Chromium \(x), \(y), \(width)x\(height)",
                sourceLocation: sourceLocation)
    }

    @Test func negativeIndentShiftsOnlyTheFirstLine() {
        // Left to the box's edge at 40 on the second line, not indented by 30.
        expectBox("/body[0]/div[0]/span[0]", 150.3, 21, 26.7, 17)
    }

    @Test func firstLineHangsIntoTheMargin() {
        // The first div (40 px from the left) holds two lines, baselines near 16 and 36.
        let runs = Self.document.displayList.entries.compactMap { entry -> GlyphRun? in
            if case .glyphs(let run) = entry.item { return run } else { return nil }
        }
        func lineStart(baselineBelow limit: Double, above floor: Double) -> Double? {
            runs.filter { ($0.glyphs.first?.y ?? 0) > floor && ($0.glyphs.first?.y ?? 0) < limit }
                .compactMap { $0.glyphs.first?.x }.min()
        }
        let first = lineStart(baselineBelow: 20, above: 0), second = lineStart(baselineBelow: 40, above: 20)
        #expect(first.map { abs($0 - 10) < 1.5 } == true, "first line starts at \(String(describing: first))")
        #expect(second.map { abs($0 - 40) < 1.5 } == true, "second line starts at \(String(describing: second))")
    }

    @Test func linesEndingInBreaksAndTheLastLineAreNotJustified() {
        expectBox("/body[0]/div[1]/span[0]", 66.7, 71, 24.9, 17)   // before <br>: left, unstretched
        expectBox("/body[0]/div[1]/span[1]", 40, 91, 24.9, 17)
        expectBox("/body[0]/div[1]/span[2]", 294.3, 91, 26.7, 17)  // a wrapped line: stretched to the edge
    }

    @Test func textAlignLastCentresTheLastLine() {
        expectBox("/body[0]/div[2]/span[0]", 182, 161, 95.2, 17)
    }

    @Test func noBreakAfterAColonBeforeADigit() {
        // `border:8px` stays whole and overflows its 75 px box, as in browsers.
        expectBox("/body[0]/div[3]/span[0]", 40, 211, 76.5, 17)
        expectBox("/body[0]/div[3]", 40, 190, 75, 60)
    }

    @Test func wbrIsABreakOpportunity() {
        expectBox("/body[0]/div[4]/span[0]", 40, 261, 99.6, 37)
    }

    @Test func monospaceDefaultsTo13Pixels() {
        expectBox("/body[0]/div[5]/code[0]", 40, 312, 38.4, 18)
        expectBox("/body[0]/div[5]/pre[0]", 40, 347, 300, 20)       // its 1em margins are 13 px too
        expectBox("/body[0]/div[5]/kbd[0]", 40, 385, 28.8, 18)
        expectBox("/body[0]/div[5]/span[0]", 73.3, 385, 38.4, 18)
        expectBox("/body[0]/div[5]/code[1]", 116.1, 381, 24, 23)     // an explicit size is kept
        expectBox("/body[0]/div[5]/code[2]", 144.6, 385, 57.6, 18)   // `monospace, monospace` is 16 px
    }

    @Test func monospaceKeywordSizesFollowWebKitsTable() {
        func size(_ css: String) -> Double {
            let html = "<!DOCTYPE html><body><code style=\"\(css)\">x</code><span id=s>y</span></body>"
            let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
            let code = document.boxes.first { $0.path == "/body[0]/code[0]" }
            return ((code?.frame.width ?? 0) / 0.6).rounded()  // Liberation Mono advances 0.6 em
        }
        #expect(size("") == 13)
        #expect(size("font-size:small") == 12)
        #expect(size("font-size:large") == 16)
        #expect(size("font-size:xx-large") == 26)
        #expect(size("font-size:1em") == 13)
        #expect(size("font-size:16px") == 16)
        #expect(size("font:medium monospace") == 13)
        #expect(size("font:14px monospace") == 14)
    }
}
