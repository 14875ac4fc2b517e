import Testing
@testable import RenderCore

@Test func parserBuildsBrowserTree() {
    let doc = HTMLParser.parse("<table><tr><td>a<td>b</table><p class=x>Hi &amp; bye<!--[if mso]>hidden<![endif]-->")
    let table = doc.first(tag: "table")!
    let tbody = doc.elementChildren(of: table).first!
    #expect(doc[tbody].tag == "tbody")
    let row = doc.elementChildren(of: tbody).first!
    #expect(doc.elementChildren(of: row).count == 2)
    let p = doc.first(tag: "p")!
    #expect(doc[p].attributes["class"] == "x")
    #expect(doc.textContent(of: p) == "Hi & bye")
}

@Test func doctypeDecidesQuirksMode() {
    #expect(HTMLParser.parse("<p>x").mode == .quirks)
    #expect(HTMLParser.parse("<!DOCTYPE html><p>x").mode == .noQuirks)
    let transitional = #"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p>x"#
    #expect(HTMLParser.parse(transitional).mode == .limitedQuirks)
}
