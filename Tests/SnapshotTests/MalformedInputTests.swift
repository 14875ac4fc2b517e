import Foundation
import Testing
@testable import RenderCore

/// Malformed HTML and CSS lay out to something finite, never a crash: documents built
/// from a fixed seed out of broken tags, stray table parts, odd CSS and extreme values.
@Suite struct MalformedInputTests {
    static let fragments = [
        "<table>", "</table>", "<tr>", "<td>", "</td>", "<td colspan=999999>", "<td rowspan=0>", "<th width=-5>",
        "<div style=\"width:1e30px;height:-4px\">", "</div>", "<p>", "<span style=\"font-size:1e9px\">", "</span>",
        "<img src=\"data:image/png;base64,AAAA\" width=NaN>", "<img src=\"../../etc/passwd\">", "<img>", "<br clear=all>",
        "<ul><li>", "<ol start=-3><li value=99999999999999>", "<center>", "<font size=+9 color=zzz>", "<a href>",
        "<div style=\"float:left;width:120%\">", "<div style=\"float:right;clear:both;margin:-50px\">",
        "<style>td{padding:9999px} @media (max-width:{}) { p { color: rgb(1,2 } } @@@ }</style>",
        "<style>* { display: table-cell !important; } .x { border: 1px dotted; border-radius: 50% }</style>",
        "<div style=\"display:inline-block;width:calc(100% - 10px);line-height:-2\">", "text ", "&nbsp;", "&#0;", "\u{0}",
        "<pre>\tx\n\ny</pre>", "<table style=\"table-layout:fixed;width:0\"><col width=50%><tr><td>", "<!--", "-->",
        "<td style=\"word-break:break-all;overflow-wrap:anywhere\">aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "<sup><sub>",
        "<div style=\"position:relative;top:1e12px\">", "<div style=\"opacity:-1;border:thick double red\">", "漢字かな",
    ]

    @Test func randomBrokenDocumentsLayOutToFiniteResults() {
        var generator = SeededGenerator(seed: 0x5EED)
        for index in 0..<150 {
            var html = ""
            let count = 5 + Int(generator.next() % 60)
            for _ in 0..<count { html += generator.pick(Self.fragments) }
            let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
            #expect(document.height.isFinite && document.height >= 0, "document \(index): height \(document.height)")
            #expect(document.boxes.allSatisfy { $0.frame.x.isFinite && $0.frame.y.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite },
                    "document \(index) has a non-finite box")
        }
    }

    @Test func deeplyNestedTablesAndDivsFinish() {
        let nestedTables = String(repeating: "<table><tr><td>", count: 60) + "deep" + String(repeating: "</td></tr></table>", count: 60)
        let nestedDivs = String(repeating: "<div style=\"padding-left:1px\">", count: 400) + "deep"
        for html in [nestedTables, nestedDivs] {
            let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
            #expect(document.height > 0)
        }
    }
}
