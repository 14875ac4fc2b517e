/// Computes every element's style: user-agent rules, presentational attributes, author
/// `<style>` sheets and `style` attributes, ordered by origin, importance and specificity.
public struct StyledDocument: Sendable {
    public let dom: DOMDocument
    /// Indexed by node ID; nil for non-element nodes (text takes its parent's style).
    public let styles: [ComputedStyle?]

    public func style(of node: DOMDocument.NodeID) -> ComputedStyle? { styles[node] }
}

public enum Cascade {
    public static func style(_ dom: DOMDocument, media: MediaContext) -> StyledDocument {
        let userAgentCSS = UserAgentStylesheet.css + (dom.mode == .quirks ? UserAgentStylesheet.quirksCSS : "")
        let userAgent = Stylesheet.parse(userAgentCSS, media: media)
        let author = Stylesheet(rules: authorSheets(in: dom).flatMap { Stylesheet.parse($0, media: media).rules })
        let rootFontSize = 16.0
        var styles = [ComputedStyle?](repeating: nil, count: dom.nodes.count)
        var root = ComputedStyle()
        root.display = .block
        root.lineHeightQuirk = dom.mode != .noQuirks
        // Walk parents before children (node IDs are in document order, parents first).
        for id in dom.nodes.indices where dom[id].tag != nil {
            let parentStyle = dom[id].parent.flatMap { styles[$0] } ?? root
            var (declarations, userAgentCount) = orderedDeclarations(for: id, in: dom, userAgent: userAgent, author: author)
            if dom.mode != .quirks {
                let userAgentPart = declarations[..<userAgentCount]
                declarations = Array(userAgentPart) + declarations[userAgentCount...].filter { !QuirkyLengths.usesUnitlessLength($0) }
            }
            var style = parentStyle.inheritedForChild()
            // font-size first: em lengths in every other property depend on it.
            for declaration in declarations where declaration.name == "font-size" || declaration.name == "font" {
                style.apply(declaration, parent: parentStyle, rootFontSize: rootFontSize)
            }
            var userAgentMargin = style.margin
            for (index, declaration) in declarations.enumerated() where declaration.name != "font-size" {
                style.apply(declaration, parent: parentStyle, rootFontSize: rootFontSize)
                if index == userAgentCount - 1 { userAgentMargin = style.margin }
            }
            if dom.mode == .quirks {
                // Default margins from the UA sheet are "quirky": ignored at the top of body and cells.
                style.quirkyMarginTop = userAgentMargin.top != .px(0) && style.margin.top == userAgentMargin.top
                style.quirkyMarginBottom = userAgentMargin.bottom != .px(0) && style.margin.bottom == userAgentMargin.bottom
            }
            if style.display == .inline, dom[id].tag == "html" { style.display = .block }
            if dom[id].tag == "table", style.blockAlign != nil {
                // Tables never take the legacy -webkit- alignments from outside (Blink's
                // StyleAdjuster): they go back to start alignment.
                style.textAlign = .left
                style.blockAlign = nil
            }
            styles[id] = style
        }
        return StyledDocument(dom: dom, styles: styles)
    }

    /// The text of every `<style>` element, wherever it stands (mail puts them in `body` too).
    static func authorSheets(in dom: DOMDocument) -> [String] {
        dom.nodes.indices.compactMap { id in
            guard dom[id].tag == "style" else { return nil }
            let type = dom[id].attributes["type"]?.lowercased() ?? "text/css"
            return type == "text/css" || type.isEmpty ? dom.textContent(of: id) : nil
        }
    }

    private static func orderedDeclarations(
        for id: DOMDocument.NodeID, in dom: DOMDocument, userAgent: Stylesheet, author: Stylesheet
    ) -> (declarations: [Declaration], userAgentCount: Int) {
        let inline = dom[id].attributes["style"].map(parseDeclarationList) ?? []
        let uaMatched = matching(userAgent, id, dom)
        let authorMatched = matching(author, id, dom)
        var result: [Declaration] = []
        result += uaMatched.flatMap { $0.filter { !$0.important } }
        let userAgentCount = result.count
        result += PresentationalHints.declarations(for: id, in: dom)
        result += authorMatched.flatMap { $0.filter { !$0.important } }
        result += inline.filter { !$0.important }
        result += authorMatched.flatMap { $0.filter { $0.important } }
        result += inline.filter { $0.important }
        return (result, userAgentCount)
    }

    /// Declaration blocks of the rules that match, in ascending specificity then source order.
    private static func matching(_ sheet: Stylesheet, _ id: DOMDocument.NodeID, _ dom: DOMDocument) -> [[Declaration]] {
        var hits: [(specificity: Int, order: Int, declarations: [Declaration])] = []
        for (order, rule) in sheet.rules.enumerated() {
            var best = -1
            for selector in rule.selectors where selector.specificity > best && selector.matches(id, in: dom) {
                best = selector.specificity
            }
            if best >= 0 { hits.append((best, order, rule.declarations)) }
        }
        hits.sort { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
        return hits.map(\.declarations)
    }
}
