import Foundation

/// Text that cannot be read: painted in a colour within WCAG contrast 1.5:1 of the background
/// it is actually painted on — the nearest background painted behind it in the display list,
/// composited down to the canvas. A white paragraph in a white container, which dark-mode
/// defaults make of many templates, is the case this catches.
///
/// Not counted: transparent text, text under `opacity: 0` or clipped out of sight (hidden
/// preheaders), generated text (alt text of broken images, which has no element of its own),
/// and text over an image or gradient, whose background is not one colour.
public struct InvisibleText: Sendable, Equatable {
    /// The element's DOM path (`/body[0]/div[1]/p[0]`).
    public let path: String
    public let color: RGBA
    public let background: RGBA
    public let contrast: Double

    /// Below this WCAG contrast ratio text counts as invisible.
    public static let threshold = 1.5

    /// The warning line (without the `snapshot: warning: ` prefix).
    public var warning: String {
        "text at \(path) is \(color.hexString) on \(background.hexString) (contrast \(Self.format(contrast)):1); it cannot be read"
    }

    /// Two decimals, rounded down, so a ratio shown as 1.50 is never one that failed.
    static func format(_ ratio: Double) -> String { String(format: "%.2f", (ratio * 100).rounded(.down) / 100) }

    /// WCAG 2 relative luminance of an opaque colour.
    static func luminance(_ color: RGBA) -> Double {
        func linear(_ c: Double) -> Double {
            let c = min(1, max(0, c))
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)
    }

    /// WCAG 2 contrast ratio of two opaque colours (1…21).
    public static func contrast(_ first: RGBA, _ second: RGBA) -> Double {
        let a = luminance(first), b = luminance(second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Steps (background filings per band and background tests per probe) the check may take:
    /// a hostile mail of thousands of overlapping page-tall backgrounds would otherwise cost
    /// minutes. Past it the check stops with what it found (`find` says so).
    static let maximumSteps = 20_000_000

    /// One finding per element (its first unreadable run), in painting order, and whether the
    /// check stopped early at `maximumSteps`.
    /// `unknownAreas`: areas painted with something that is not one colour though the list
    /// does not show it (background images that could not be loaded), by list position.
    static func find(in list: DisplayList, canvas: RGBA, paths: DOMPaths,
                     unknownAreas: [(position: Int, area: Rect)] = [],
                     maximumSteps: Int = InvisibleText.maximumSteps) -> (found: [InvisibleText], stoppedEarly: Bool) {
        var steps = 0
        // Painted backgrounds so far, filed by 256 px band so a run only looks at those near it.
        struct Painted { let rect: Rect; let color: RGBA? }  // nil: an image or gradient
        let band = 256.0
        var painted: [Painted] = []
        var bands: [Int: [Int]] = [:]
        func file(_ rect: Rect, _ color: RGBA?) {
            guard rect.width > 0, rect.height > 0, rect.y.isFinite, rect.maxY.isFinite else { return }
            let index = painted.count
            painted.append(Painted(rect: rect, color: color))
            let first = Int((rect.y / band).rounded(.down)), last = Int((rect.maxY / band).rounded(.down))
            guard last - first < 100_000 else { return }
            steps += last - first + 1
            for key in first...last { bands[key, default: []].append(index) }
        }
        var clips: [Rect?] = []  // nil: nothing visible
        var opacities: [Double] = [1]
        var found: [InvisibleText] = []
        var reported = Set<DOMDocument.NodeID>()
        /// The opaque colour under a point: the backgrounds painted so far, bottom to top, over
        /// the canvas; nil where the point is clipped away or an image lies on the way.
        func background(at point: (x: Double, y: Double)) -> RGBA? {
            if let clip = clips.last {
                guard let clip, point.x >= clip.x, point.x < clip.maxX, point.y >= clip.y, point.y < clip.maxY else { return nil }
            }
            var colour: RGBA? = canvas
            let candidates = bands[Int((point.y / band).rounded(.down))] ?? []
            steps += candidates.count
            for index in candidates {
                let item = painted[index]
                guard point.x >= item.rect.x, point.x < item.rect.maxX, point.y >= item.rect.y, point.y < item.rect.maxY else { continue }
                if let paint = item.color {
                    colour = paint.a >= 1 ? paint : colour.map { paint.over($0) }
                } else {
                    colour = nil
                }
            }
            return colour
        }
        var nextUnknown = 0
        for (position, entry) in list.entries.enumerated() {
            if steps > maximumSteps { return (found, true) }
            while nextUnknown < unknownAreas.count, unknownAreas[nextUnknown].position <= position {
                file(unknownAreas[nextUnknown].area, nil)
                nextUnknown += 1
            }
            let opacity = opacities.last ?? 1
            switch entry.item {
            case .pushClip(let rect), .pushRoundedClip(let rect, _):
                let current: Rect? = clips.isEmpty ? rect : clips[clips.count - 1]
                clips.append(current.flatMap { $0.intersection(rect) })
            case .popClip:
                _ = clips.popLast()
            case .pushGroup(let effects):
                opacities.append(opacity * effects.opacity)
            case .popGroup:
                if opacities.count > 1 { opacities.removeLast() }
            case .pushScrollAnchor, .popScrollAnchor:
                break  // checked where laid out, the place of the first frame at the top
            case .fill(let rect, let colour), .roundedFill(let rect, _, let colour):
                if opacity > 0, colour.a > 0 { file(rect, RGBA(r: colour.r, g: colour.g, b: colour.b, a: colour.a * opacity)) }
            case .image(_, let rect), .brokenImageIcon(let rect), .unloadedImage(let rect, _):
                if opacity > 0 { file(rect, nil) }
            case .backgroundLayer(let layer):
                if opacity > 0, let rect = layer.paintedArea { file(rect, nil) }
            case .border, .boxShadow, .backdropFilter, .roundedBorder, .borderImage, .textShadow, .textDecoration, .missingImageOutline, .controlGlyph:
                break
            case .glyphs(let run):
                // Text with a visible shadow reads through its shadow (white on white with a dark shadow).
                guard opacity > 0, run.color.a > 0, !run.shadows.contains(where: { $0.color.a > 0 }),
                      let node = run.node, !reported.contains(node),
                      let ink = run.inkBounds, let path = paths.path(of: node) else { continue }
                // Probed at the ink's middle height, near both ends and in the middle: text
                // counts as unreadable only where none of it can be read (a long word that
                // overflows its box onto the canvas is still read where it starts).
                let y = ink.y + ink.height / 2
                let inset = min(2, ink.width / 4)
                var shown: (text: RGBA, background: RGBA, ratio: Double)?
                var readable = false
                for x in [ink.x + ink.width / 2, ink.x + inset, ink.maxX - inset] {
                    guard let background = background(at: (x, y)) else { readable = true; break }
                    let text = run.color.over(background)
                    let ratio = contrast(text, background)
                    guard ratio < threshold else { readable = true; break }
                    if shown == nil { shown = (text, background, ratio) }
                }
                guard !readable, let shown else { continue }
                reported.insert(node)
                found.append(InvisibleText(path: path, color: shown.text, background: shown.background, contrast: shown.ratio))
            }
        }
        return (found, false)
    }
}
