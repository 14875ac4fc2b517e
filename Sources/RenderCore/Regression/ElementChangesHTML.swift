import Foundation

/// The report's part for a frame's element changes (`LayoutDiff`): the list, and outlines of
/// the changed elements over the expected and actual images.
enum ElementChangesHTML {
    /// Outlines drawn per image: enough to see where, few enough to stay readable.
    static let maximumOutlines = 12
    /// Changes listed per frame; result.json has them all.
    static let maximumListed = 100

    static let style = ".outline { position: absolute; border: 2px solid #f0f; box-sizing: border-box; pointer-events: none; }\n"
        + ".outline span { position: absolute; left: -2px; top: -18px; background: #f0f; color: white; font-size: 11px; padding: 0 3px; }\n"

    static func list(_ changes: ElementChanges?) -> String {
        guard let changes, !changes.changes.isEmpty else { return "" }
        let items = changes.changes.prefix(maximumListed).enumerated().map { index, change in
            "<li><b>\(index + 1)</b> <code>\(HTMLReport.escape(change.element))</code> \(HTMLReport.escape(change.change))</li>"
        }
        let more = changes.changes.count - items.count
        return "<p class=\"meta\">Elements that changed (the first \(maximumOutlines) outlined on the images):</p><ul class=\"changes\" style=\"list-style:none;padding-left:8px\">\(items.joined())</ul>\n"
            + (more > 0 ? "<p class=\"meta\">… and \(more) more in result.json</p>\n" : "")
    }

    /// Numbered outlines over the expected (`expected: true`) or the actual image.
    static func outlines(_ changes: ElementChanges?, expected: Bool) -> String {
        guard let changes, changes.viewport.count == 2, changes.viewport[0] > 0, changes.viewport[1] > 0 else { return "" }
        let width = changes.viewport[0], height = changes.viewport[1]
        return changes.changes.prefix(maximumOutlines).enumerated().compactMap { index, change -> String? in
            guard let rect = expected ? change.expectedRect : change.rect, rect.count == 4 else { return nil }
            func percent(_ value: Double, _ whole: Double) -> String { String(format: "%.3f%%", value / whole * 100) }
            return "<div class=\"outline\" style=\"left:\(percent(rect[0], width));top:\(percent(rect[1], height));"
                + "width:\(percent(rect[2], width));height:\(percent(rect[3], height))\"><span>\(index + 1)</span></div>"
        }.joined()
    }
}
