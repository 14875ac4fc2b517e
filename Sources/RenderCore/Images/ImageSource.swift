/// The URL an `<img>` loads and the pixel density it is drawn at, chosen as WebKit chooses
/// (HTML § 4.8.4.3, WebKit's HTMLSrcsetParser): the first `<source>` of an enclosing
/// `<picture>` whose `media` matches and whose `type` can be shown, else the image's own
/// `srcset` and `src`; among the candidates, the lowest density at or above the device's.
struct ImageSource: Equatable {
    var url: String
    /// Image pixels per CSS pixel: the intrinsic size is the decoded size over this.
    var density = 1.0

    /// What decides the choice: the device's pixel ratio (the scene's scale) and the media
    /// features `<source media>` and `sizes` are evaluated against (nil: none match but the
    /// defaults).
    struct Context {
        var devicePixelRatio = 3.0
        var media: MediaContext?
    }

    static func select(for node: DOMDocument.NodeID, in dom: DOMDocument, context: Context) -> ImageSource {
        let attributes = dom[node].attributes
        if let picture = dom[node].parent, dom[picture].tag == "picture" {
            for sibling in dom[picture].children {
                if sibling == node { break }
                guard dom[sibling].tag == "source", let chosen = fromSource(dom[sibling].attributes, context: context) else { continue }
                return chosen
            }
        }
        let src = ImageStore.trimmed(attributes["src"] ?? "")
        guard let srcset = attributes["srcset"] else { return ImageSource(url: src) }
        var candidates = Candidate.parse(srcset)
        if !src.isEmpty { candidates.append(Candidate(url: src, isSrc: true)) }
        return pick(candidates, sourceSize: sourceSize(attributes["sizes"], context: context), ratio: context.devicePixelRatio)
            ?? ImageSource(url: src)
    }

    /// A `<source>` that applies: a srcset with at least one candidate, a matching `media`
    /// and a `type` this renderer decodes.
    private static func fromSource(_ attributes: [String: String], context: Context) -> ImageSource? {
        guard let srcset = attributes["srcset"] else { return nil }
        if let media = attributes["media"], !matches(media, context.media) { return nil }
        if let type = attributes["type"], !supportedTypes.contains(type.trimmingWhitespaces().lowercased()) { return nil }
        let candidates = Candidate.parse(srcset)
        return pick(candidates, sourceSize: sourceSize(attributes["sizes"], context: context), ratio: context.devicePixelRatio)
    }

    /// MIME types of the formats `DecodedImage` decodes (the empty type counts as given none),
    /// and the video types WebKit shows in an image (iOS plays an `.mp4` in `<img>`): a
    /// `<source>` of those is chosen as WebKit chooses it, then fails here as an image that
    /// does not load.
    static let supportedTypes: Set<String> = [
        "", "image/png", "image/apng", "image/jpeg", "image/jpg", "image/pjpeg", "image/gif", "image/webp", "image/bmp",
        "image/x-bmp", "image/x-icon", "image/vnd.microsoft.icon", "image/tiff", "image/avif", "image/heic", "image/heif",
        "image/svg+xml", "video/mp4", "video/quicktime", "video/x-m4v",
    ]

    private static func matches(_ query: String, _ media: MediaContext?) -> Bool {
        let list = CSSTokenList(query)
        guard let media else { return query.trimmingWhitespaces().isEmpty }
        return CSSMediaQueryList(list: list, range: 0..<list.tokens.count).matches(media)
    }

    /// `sizes`: the first entry whose media condition matches gives the slot's width in CSS
    /// pixels; no attribute (or no valid entry) means `100vw`.
    static func sourceSize(_ sizes: String?, context: Context) -> Double {
        let viewport = context.media?.viewportWidth ?? 390
        func length(_ text: Substring) -> Double? {
            let text = text.trimmingWhitespaces().lowercased()
            if text.hasSuffix("vw"), let number = PropertyValues.finiteNumber(Substring(text.dropLast(2))), number >= 0 {
                return number * viewport / 100
            }
            // Percentages are not lengths here (HTML § 4.8.4.3.11).
            guard !text.hasSuffix("%"), case .px(let value)? = PropertyValues.length(text, fontSize: 16, rootFontSize: 16, allowAuto: false),
                  value >= 0 else { return nil }
            return value
        }
        for entry in (sizes ?? "").split(separator: ",") {
            let entry = entry.trimmingWhitespaces()
            guard !entry.isEmpty else { continue }
            // The length is the last component; a media condition may come before it.
            let split = entry.lastIndex(where: { $0 == " " || $0 == ")" }).map { entry.index(after: $0) } ?? entry.startIndex
            let condition = entry[..<split].trimmingWhitespaces()
            guard let value = length(entry[split...]) else { continue }
            if condition.isEmpty || matches(String(condition), context.media) { return value }
        }
        return viewport
    }

    /// HTMLSrcsetParser's pickBestImageCandidate: `w` descriptors become densities against
    /// the source size (and then `src` does not count); the candidates sorted by density;
    /// the first at or above the device's ratio, else the densest; of equal densities the
    /// first written.
    static func pick(_ candidates: [Candidate], sourceSize: Double, ratio: Double) -> ImageSource? {
        var densities: [(candidate: Candidate, density: Double)] = []
        var ignoreSrc = false
        for candidate in candidates {
            if let width = candidate.width {
                densities.append((candidate, sourceSize > 0 ? Double(width) / sourceSize : .infinity))
                ignoreSrc = true
            } else {
                densities.append((candidate, candidate.density ?? 1))
            }
        }
        if ignoreSrc { densities.removeAll { $0.candidate.isSrc } }
        guard !densities.isEmpty else { return nil }
        // Stable: equal densities keep their written order.
        let sorted = densities.enumerated().sorted { ($0.element.density, $0.offset) < ($1.element.density, $1.offset) }.map(\.element)
        let chosen = sorted.first { $0.density >= ratio } ?? sorted[sorted.count - 1]
        let first = sorted.first { $0.density == chosen.density } ?? chosen
        return ImageSource(url: first.candidate.url, density: first.density.isFinite && first.density > 0 ? first.density : 1)
    }

    /// One entry of a `srcset` (or the `src`, as a 1x candidate).
    struct Candidate: Equatable {
        var url: String
        var density: Double?
        var width: Int?
        var isSrc = false

        /// HTML § 4.8.4.3.10 as WebKit implements it: URLs run to white space (a trailing
        /// comma ends one without descriptors, so `data:` URLs with commas survive);
        /// descriptors run to a comma outside parentheses; a candidate with an invalid
        /// descriptor is dropped.
        static func parse(_ srcset: String) -> [Candidate] {
            let scalars = Array(srcset.unicodeScalars)
            func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
            var candidates: [Candidate] = []
            var index = 0
            while index < scalars.count {
                while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "," { index += 1 }
                guard index < scalars.count else { break }
                let start = index
                while index < scalars.count, !isSpace(scalars[index]) { index += 1 }
                var end = index
                var descriptors: [String] = []
                if scalars[end - 1] == "," {
                    while end > start, scalars[end - 1] == "," { end -= 1 }
                    if end == start { continue }
                } else {
                    var current = "", inParentheses = false
                    while index < scalars.count {
                        let c = scalars[index]
                        index += 1
                        if inParentheses {
                            current.unicodeScalars.append(c)
                            if c == ")" { inParentheses = false }
                        } else if c == "," {
                            break
                        } else if isSpace(c) {
                            if !current.isEmpty { descriptors.append(current); current = "" }
                        } else {
                            current.unicodeScalars.append(c)
                            if c == "(" { inParentheses = true }
                        }
                    }
                    if !current.isEmpty { descriptors.append(current) }
                }
                var candidate = Candidate(url: String(String.UnicodeScalarView(scalars[start..<end])))
                if candidate.applying(descriptors) { candidates.append(candidate) }
            }
            return candidates
        }

        /// WebKit's parseDescriptors: one `x`, or one `w` (with an optional `h`); anything
        /// else invalidates the candidate.
        private mutating func applying(_ descriptors: [String]) -> Bool {
            var hasHeight = false
            for descriptor in descriptors {
                let kind = descriptor.last, number = descriptor.dropLast()
                switch kind {
                case "x":
                    guard density == nil, width == nil, !hasHeight, let value = Double(number), value.isFinite, value >= 0,
                          number.first != "+" else { return false }
                    density = value
                case "w":
                    guard density == nil, width == nil, number.allSatisfy(\.isASCIIDigit), let value = Int(number), value > 0 else { return false }
                    width = value
                case "h":
                    guard density == nil, !hasHeight, number.allSatisfy(\.isASCIIDigit), let value = Int(number), value > 0 else { return false }
                    hasHeight = true
                default:
                    return false
                }
            }
            return !hasHeight || width != nil
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
