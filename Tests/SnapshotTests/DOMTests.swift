import Testing
@testable import RenderCore

@Test func appendBuildsTree() {
    var doc = DOMDocument()
    let html = doc.append(.element("html"), to: doc.root)
    let body = doc.append(.element("body"), to: html)
    doc.append(.text("hi"), to: body)
    #expect(doc.first(tag: "body") == body)
    #expect(doc.textContent(of: html) == "hi")
    #expect(doc[body].parent == html)
}
