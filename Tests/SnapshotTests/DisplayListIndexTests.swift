import Foundation
import Testing
@testable import RenderCore

/// The banded index against the full scan it replaces: the same pixels for any visible rect,
/// a balanced clip stack, painting order kept, and far fewer entries for a long mail.
@Suite struct DisplayListIndexTests {
    /// A long mail with clipped boxes (one clipped to nothing, one clipping text that
    /// overflows it) among paragraphs, tables and borders.
    static let clippedMail: String = {
        var html = "<html><body style=\"font-family:Arial;font-size:15px\">"
        for section in 0..<40 {
            html += "<h2 style=\"color:#1a4f8b\">Section \(section)</h2>"
            html += "<p>Paragraph \(section) with <b>bold</b> and <a href=\"#\">a link</a>, long enough to wrap over two or three lines in a narrow phone viewport.</p>"
            html += "<div style=\"overflow:hidden;height:30px;border:2px solid #c33;background:#fee\">Clipped box \(section): this text is taller than its box, so the box's clip cuts it off after the first line or two of text.</div>"
            html += "<div style=\"overflow:hidden;height:0\">Hidden entirely \(section)</div>"
            html += "<table border=\"1\" cellpadding=\"4\" width=\"100%\"><tr><td>Cell \(section)</td><td style=\"overflow:hidden\">Other</td></tr></table>"
            html += "<div style=\"opacity:0.5;background:#08f;padding:6px\">Half-transparent group \(section)<div style=\"overflow:hidden;border-radius:12px;height:24px;background:#fc0\">Rounded clip inside the group, with text taller than the box allows it to show</div></div>"
            html += "<div style=\"opacity:0.7\"></div>"
        }
        return html + "</body></html>"
    }()

    static let document = LaidOutDocument(html: clippedMail, viewportWidth: 390, viewportHeight: 844)

    /// Draws entries as a frame does: clipped to the viewport, shifted to the offset.
    static func draw(_ entries: [DisplayList.Entry], offset: Double) -> PixelImage {
        let canvas = Canvas(pixelWidth: 390, pixelHeight: 844, scale: 1)!
        canvas.fill(Rect(x: 0, y: 0, width: 390, height: 844), .white)
        canvas.save()
        canvas.clip(to: Rect(x: 0, y: 0, width: 390, height: 844))
        canvas.translate(0, -offset)
        Rasterizer.draw(entries, on: canvas)
        canvas.restore()
        return canvas.image
    }

    static func visibleRect(_ offset: Double) -> Rect { Rect(x: 0, y: offset, width: 390, height: 844) }

    @Test func mailIsLongAndClipsAndGroups() {
        #expect(Self.document.height > 5 * 844)
        let items = Self.document.displayList.entries.map(\.item)
        #expect(items.contains { if case .pushClip = $0 { return true } else { return false } })
        #expect(items.contains { if case .pushRoundedClip = $0 { return true } else { return false } })
        #expect(items.contains { if case .pushGroup = $0 { return true } else { return false } })
    }

    @Test(arguments: [-120.0, 0, 37.5, 400, 1000.25, 2111, 3000])
    func indexDrawsWhatTheFullScanDraws(offset: Double) {
        let rect = Self.visibleRect(offset)
        let scanned = Self.document.displayList.entries(intersecting: rect)
        let indexed = Self.document.displayIndex.entries(intersecting: rect)
        #expect(indexed.count < scanned.count)
        // Painting order kept: the indexed entries are a subsequence of the scanned ones.
        var remaining = scanned.map(\.bounds)[...]
        for bounds in indexed.map(\.bounds) {
            guard let found = remaining.firstIndex(of: bounds) else { Issue.record("out of order: \(bounds)"); break }
            remaining = remaining[(found + 1)...]
        }
        #expect(Self.draw(indexed, offset: offset) == Self.draw(scanned, offset: offset))
    }

    @Test func clipStackStaysBalanced() {
        for offset in stride(from: -200.0, through: Self.document.height + 200, by: 173) {
            var depth = 0
            for entry in Self.document.displayIndex.entries(intersecting: Self.visibleRect(offset)) {
                switch entry.item {
                case .pushClip, .pushRoundedClip, .pushGroup: depth += 1
                case .popClip, .popGroup: depth -= 1; #expect(depth >= 0)
                default: break
                }
            }
            #expect(depth == 0, "offset \(offset)")
        }
    }

    @Test func groupsAreKeptOnlyWhereTheirContentsAre() {
        var list = DisplayList()
        let top = Rect(x: 0, y: 100, width: 50, height: 50), bottom = Rect(x: 0, y: 3000, width: 50, height: 50)
        list.append(.pushGroup(opacity: 0.5), bounds: Rect(x: 0, y: 0, width: 390, height: 6000))
        list.append(.fill(top, .black), bounds: top)
        list.append(.pushGroup(opacity: 0.5), bounds: .zero)  // an empty group, nested
        list.append(.popGroup, bounds: .zero)
        list.append(.popGroup, bounds: .zero)
        list.append(.pushGroup(opacity: 0.5), bounds: .zero)
        list.append(.fill(bottom, .black), bounds: bottom)
        list.append(.popGroup, bounds: .zero)
        let index = DisplayListIndex(list)
        let kinds = index.entries(intersecting: Rect(x: 0, y: 0, width: 390, height: 844)).map { entry -> String in
            switch entry.item {
            case .pushGroup: return "push"
            case .popGroup: return "pop"
            default: return "fill"
            }
        }
        #expect(kinds == ["push", "fill", "pop"])
        #expect(index.entries(intersecting: Rect(x: 0, y: 2800, width: 390, height: 844)).count == 3)
        #expect(index.entries(intersecting: Rect(x: 0, y: 1500, width: 390, height: 844)).isEmpty)
    }

    @Test func clippedAwayEntriesAreSkippedWithTheirClip() {
        var list = DisplayList()
        let far = Rect(x: 0, y: 5000, width: 100, height: 100)
        list.append(.fill(Rect(x: 0, y: 0, width: 390, height: 6000), .white), bounds: Rect(x: 0, y: 0, width: 390, height: 6000))
        list.append(.pushClip(far), bounds: far)
        // Reaches into the query by its bounds, but its clip keeps it far below.
        list.append(.fill(Rect(x: 0, y: 0, width: 390, height: 6000), .black), bounds: Rect(x: 0, y: 0, width: 390, height: 6000))
        list.append(.popClip, bounds: far)
        list.append(.fill(Rect(x: 0, y: 10, width: 10, height: 10), .black), bounds: Rect(x: 0, y: 10, width: 10, height: 10))
        let index = DisplayListIndex(list)
        let top = index.entries(intersecting: Rect(x: 0, y: 0, width: 390, height: 844)).map(\.bounds)
        #expect(top == [list.entries[0].bounds, list.entries[4].bounds])
        let bottom = index.entries(intersecting: Rect(x: 0, y: 4800, width: 390, height: 844)).count
        #expect(bottom == 4)  // background, push, the clipped fill, pop
    }
}
