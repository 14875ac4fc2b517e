import Foundation
import Testing
@testable import RenderCore

/// Mail markup that is not quite CSS or HTML, read as WebKit reads it (both seen in corpus
/// mails whose template variables were never filled in).
@Suite struct LenientParsingTests {
    /// HTML's legacy colour rules: a named colour, else every non-hex character is 0 and the
    /// digits are split in three. Each value's colour was read from WebKit's page.
    @Test(arguments: [
        ("{{ var:header_color }}", "#00EA00"), ("chucknorris", "#C00000"), ("sick", "#00C000"), ("#12345", "#123450"),
        ("zz", "#000000"), ("1234567890abcdef1234", "#1289EF"), ("#ffff", "#FFFF00"), ("rgb(255,0,0)", "#002500"),
        ("#f00f", "#F00F00"), ("hsl(120,100%,50%)", "#000150"), ("red", "#FF0000"), ("#abc", "#AABBCC"),
    ])
    func legacyColours(value: String, expected: String) {
        let page = PaintedPage("<body style='margin:0'><table cellspacing=0 cellpadding=0><tr><td bgcolor='\(value)' width=100 height=20></td></tr></table>", height: 30)
        #expect(page.colour(50, 10) == expected)
    }

    @Test func transparentIsNoColour() {
        let page = PaintedPage("<body style='margin:0'><table cellspacing=0 cellpadding=0><tr><td bgcolor='transparent' width=100 height=20></td></tr></table>", height: 30)
        #expect(page.colour(50, 10) == "#FFFFFF")
    }

    /// An unquoted url() with spaces is a bad-url token: the whole declaration goes, its
    /// colour too, as the browsers drop it.
    @Test func badURLDropsTheWholeDeclaration() {
        let html = "<body style='margin:0'><div style='background:#00ff00 url({{ background-url }}) no-repeat;height:20px'></div>"
        #expect(PaintedPage(html, height: 30).colour(50, 10) == "#FFFFFF")
        let good = "<body style='margin:0'><div style='background:#00ff00 url(x.png) no-repeat;height:20px'></div>"
        #expect(PaintedPage(good, height: 30).colour(50, 10) == "#00FF00")
    }
}
