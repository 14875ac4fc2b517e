import Foundation
import Testing
@testable import RenderCore

/// Layout's output is an immutable fragment tree; what comes after layout reads it alone.
@Suite struct FragmentTreeTests {
    /// Parses, styles, builds the box tree and lays it out at 390 px, as `LaidOutDocument` does.
    static func layOut(_ html: String) throws -> LaidOutTree {
        FontAccess.shared.lockExclusively()
        defer { FontAccess.shared.unlock() }
        let dom = HTMLParser.parse(html)
        let styled = Cascade.style(dom, media: MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390,
                                                            deviceHeight: 844, darkMode: false))
        let root = try #require(BoxTreeBuilder(document: styled, fonts: .shared).build())
        return LayoutEngine(fonts: .shared).layoutDocument(root, viewportWidth: 390, viewportHeight: 844)
    }

    static func all(_ fragment: Fragment) -> [Fragment] {
        [fragment] + fragment.children.flatMap(all) + fragment.linesWithMarker.flatMap { $0.atomics.flatMap { all($0.box) } }
    }

    @Test func offsetsAreRelativeToTheParentAndFramesPlaced() throws {
        let tree = try Self.layOut("""
            <!DOCTYPE html><body style="margin:10px"><div style="padding:7px;position:relative;top:5px">\
            <p style="margin:3px 0 0 20px;height:30px">x</p></div></body>
            """)
        let body = try #require(tree.root.children.first)
        let div = try #require(body.children.first)
        let p = try #require(div.children.first)
        #expect(body.frame.x == 10 && body.frame.y == 10 && body.x == 10 && body.y == 10)
        // The relative offset moves the box and what it holds.
        #expect(div.frame.y == 15 && div.y == 5)
        #expect(p.x == 27 && p.y == 10 && p.frame.x == 37 && p.frame.y == 25 && p.height == 30)
        #expect(div.height == 7 + 3 + 30 + 7 && tree.height == body.frame.maxY + 10)
    }

    @Test func atomicInlinesAreFragmentsOnTheirLines() throws {
        let tree = try Self.layOut("""
            <!DOCTYPE html><body style="margin:0;font:16px/20px Arial">a <span style="display:inline-block;width:40px;\
            height:10px"></span> <img width=30 height=12 style="position:relative;z-index:1"> b</body>
            """)
        let body = try #require(tree.root.children.first)
        let lines = body.lines
        #expect(lines.count == 1)
        let atomics = try #require(lines.first).atomics
        #expect(atomics.map(\.box.kind) == [.inlineBlock, .image])
        #expect(atomics.map(\.box.width) == [40, 30])
        // The inline content in logical order names the same fragments the line holds.
        let items = try #require(body.inline).items.compactMap { item -> Fragment? in
            if case .atomic(let fragment) = item { return fragment }
            return nil
        }
        #expect(items.map(ObjectIdentifier.init) == atomics.map { ObjectIdentifier($0.box) })
        #expect(atomics[1].box.replaced != nil && atomics[0].box.replaced == nil)
        #expect(atomics[0].box.baseline == nil)  // no line inside
    }

    @Test func baselinesComeFromTheLastLineInside() throws {
        let tree = try Self.layOut("""
            <!DOCTYPE html><body style="margin:0;font:16px/20px Arial"><div><div style="padding-top:5px">one<br>two</div>            <div style="height:30px"></div></div></body>
            """)
        let outer = try #require(tree.root.children.first?.children.first)
        let text = try #require(outer.children.first)
        let last = try #require(text.lines.last)
        #expect(text.lines.count == 2 && text.baseline == 5 + last.y + last.baseline)
        // A block without lines takes its last child's with one, moved by where that child sits.
        #expect(outer.baseline == text.y + (text.baseline ?? 0) && outer.children.last?.baseline == nil)
    }

    @Test func eachFormattingContextCarriesItsOwnContent() throws {
        let tree = try Self.layOut("""
            <!DOCTYPE html><body style="margin:0"><table style="border-collapse:collapse"><colgroup><col span=2 \
            style="background:red"></colgroup><tr><td style="border:2px solid">a</td><td>b</td></tr></table>\
            <ul><li>item</li></ul></body>
            """)
        let fragments = Self.all(tree.root)
        let table = try #require(fragments.first { $0.kind == .table })
        #expect(table.table?.collapsesBorders == true && table.table?.columns.first?.span == 2 && table.bordersCollapse)
        let cells = fragments.filter { $0.kind == .cell }
        #expect(cells.map { $0.cell?.gridColumn } == [0, 1])
        #expect(cells.allSatisfy { $0.cell?.collapsedEdges?.count == 4 && $0.table == nil && $0.inline != nil })
        let item = try #require(fragments.first { $0.style.display == .listItem })
        #expect(item.markerLine != nil && item.lines.count == 1)
        #expect(fragments.filter { $0.kind == .block && $0.inline == nil }.allSatisfy { $0.lines.isEmpty })
    }

    /// What runs after layout (paint, stacking, scroll anchors, element boxes, text) reads
    /// fragments: the source of those stages never names the box tree's `Box`.
    @Test func stagesAfterLayoutNeverSeeTheBoxTree() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/RenderCore")
        let stages = ["Paint", "Raster", "Scene", "Scroll", "Compare", "Output", "Regression"]
        let boxType = try Regex(#"(^|[^A-Za-z_.])Box([^A-Za-z_]|$)"#)
        var files = 0
        for stage in stages {
            let folder = sources.appendingPathComponent(stage)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
                files += 1
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    #expect(code.firstMatch(of: boxType) == nil, "\(stage)/\(name):\(number + 1) names Box: \(line)")
                }
            }
        }
        #expect(files > 50)
    }
}
