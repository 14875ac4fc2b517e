/// The visible text of a laid-out mail in reading order, roughly as a browser's `innerText`
/// gives it, so a test can check what a frame says without reading pixels.
///
/// It is read from the fragment tree's inline content: the text as it was laid out, after white
/// space processing and `text-transform`; `display: none` content (and so `<head>`, `<style>`,
/// `<script>`, `<title>`) never reached the tree. Text with `visibility: hidden` is left out
/// (it is laid out but not drawn), as are list markers (as in `innerText`). A broken image's
/// alt text counts where the engine draws it (the fallback box), never an image's own.
///
/// - Block boundaries (paragraphs included: one newline, not `innerText`'s blank line) and
///   `<br>` give a newline; a soft wrap gives nothing.
/// - Cells of a table row are separated by a tab; rows by a newline.
/// - No leading or trailing white space; blank lines collapse to at most one empty line.
struct DocumentText {
    private var out = ""
    /// Boundaries asked for since the last text, written only when more text follows: a
    /// block's (which a cell boundary replaces), a table row's (which it does not) and cells'.
    private var pendingNewline = false
    private var pendingRowBreak = false
    private var pendingTabs = 0
    /// A cell boundary waits and no text has come since: block boundaries at the start of
    /// the cell must not turn it into a new line.
    private var inCellStart = false

    static func text(of root: Fragment) -> String {
        var collector = DocumentText()
        collector.visit(root)
        return normalized(collector.out)
    }

    private mutating func visit(_ box: Fragment) {
        switch box.kind {
        case .image:
            // A drawn image has no text; a broken one has the alt text WebKit draws in it, if any.
            guard let broken = box.replaced?.brokenImage, broken.textLine != nil else { return }
            let isBlock = box.style.display.isBlockLevel
            if isBlock { blockBoundary() }
            emit(broken.text)
            if isBlock { blockBoundary() }
        case .inlineBlock:
            visitContents(box)  // an atomic inline sits in its line: no boundaries
        case .row:
            rowBoundary()
            for (index, cell) in box.children.enumerated() {
                if index > 0 { cellBoundary() }
                visitContents(cell)
            }
            rowBoundary()
        default:
            blockBoundary()
            visitContents(box)
            blockBoundary()
        }
    }

    private mutating func visitContents(_ box: Fragment) {
        // The floats of inline content come where the content meets them.
        for child in box.children where box.inline == nil || !child.isFloat { visit(child) }
        guard let content = box.inline else { return }
        for item in content.items {
            switch item {
            case .text(let text, let visible):
                if visible { emit(text) }
            case .lineBreak:
                emit("\n")
            case .atomic(let atomic), .outOfFlow(let atomic), .float(let atomic):
                visit(atomic)
            case .inlineStart, .inlineEnd:
                break  // their no-break spaces only carry margins, borders and padding
            }
        }
    }

    private mutating func blockBoundary() {
        if !inCellStart { pendingNewline = true }
    }

    private mutating func rowBoundary() {
        pendingRowBreak = true
        pendingNewline = false
        pendingTabs = 0  // empty cells at a row's end leave nothing
        inCellStart = false
    }

    private mutating func cellBoundary() {
        pendingNewline = false  // the end of the last block in the cell before
        pendingTabs += 1
        inCellStart = true
    }

    private mutating func emit(_ text: String) {
        guard !text.isEmpty else { return }
        if !out.isEmpty {
            if pendingNewline || pendingRowBreak {
                // A space that ends a line is not shown (a block, a float, ends it here).
                while out.hasSuffix(" ") { out.removeLast() }
                if !out.hasSuffix("\n") { out += "\n" }
            } else if pendingTabs > 0 {
                // A forced break that ends a cell opens no line there.
                while out.hasSuffix("\n") { out.removeLast() }
            }
            out += String(repeating: "\t", count: pendingTabs)
        }
        pendingNewline = false
        pendingRowBreak = false
        pendingTabs = 0
        inCellStart = false
        // Preserved newlines (`pre`, `pre-line`) are line separators in laid-out text.
        out.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.map { $0 == "\u{2028}" ? "\n" : $0 })
    }

    /// Lines holding only spaces and tabs become empty, runs of empty lines become one, and
    /// white space at both ends goes.
    static func normalized(_ text: String) -> String {
        func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if isBlank(line) {
                if let last = lines.last, last.isEmpty { continue }
                lines.append("")
            } else {
                lines.append(line)
            }
        }
        let joined = lines.joined(separator: "\n")
        let isEdge: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let first = joined.firstIndex(where: { !isEdge($0) }), let last = joined.lastIndex(where: { !isEdge($0) }) else { return "" }
        return String(joined[first...last])
    }
}
