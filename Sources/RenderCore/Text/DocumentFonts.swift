import Foundation

/// The web fonts one document may use: its `@font-face` rules loaded and registered under
/// private names, and the team's `--font-dir` faces. Maps a style's font stack to the
/// private families that serve it, matched as CSS Fonts §5 says.
struct DocumentFonts {
    struct Face {
        let family: String          // lowercased CSS name
        let weights: ClosedRange<Int>
        let italic: Bool
        var stretches: ClosedRange<Double> = 100...100
        let privateFamily: String
    }

    /// Later faces first: among equal matches, the last defined wins (CSS Fonts §4.5).
    private(set) var faces: [Face] = []
    private(set) var warnings: [String] = []

    init() {}

    /// Loads each rule's first usable source: `data:` URIs and files inside the mail's folder
    /// (as images are read); remote URLs are never fetched, and warned about once each.
    init(rules: [FontFaceRule], added: [TeamFont], resources: ImageStore, registry: WebFontRegistry, limits: ResourceLimits) {
        let limit = limits.maximumWebFonts
        if rules.count > limit {
            warn("the mail has more than \(ResourceLimits.count(limit)) @font-face rules; the rest are not loaded")
        }
        for face in added.compactMap({ registry.register($0.sfnt, ranges: []) }) {
            faces.append(Face(family: face.family.lowercased(), weights: face.weight...face.weight, italic: face.italic,
                              stretches: face.stretch...face.stretch, privateFamily: face.privateFamily))
        }
        for rule in rules.prefix(limit) {
            guard let registered = load(rule, resources: resources, registry: registry) else { continue }
            faces.append(Face(family: rule.family.lowercased(), weights: rule.weights, italic: rule.italic,
                              stretches: rule.stretches, privateFamily: registered.privateFamily))
        }
        faces.reverse()
    }

    private mutating func load(_ rule: FontFaceRule, resources: ImageStore, registry: WebFontRegistry) -> RegisteredFace? {
        for source in rule.sources {
            let url = ImageStore.trimmed(source.url)
            guard let bytes = resources.bytes(for: url, noun: "font") else {
                // A remote font loads only from the team's assets (`AssetMap`).
                if let scheme = ImageStore.scheme(of: url.lowercased()), scheme != "data", scheme != "cid" {
                    warn("font \(ImageStore.describe(url)) for '\(rule.family)' is remote; not fetched (the next source or family is used)")
                }
                continue
            }
            guard let sfnt = SfntFile.sfnt(from: bytes), let face = registry.register(sfnt, ranges: rule.unicodeRanges) else {
                warn("font \(ImageStore.describe(url)) for '\(rule.family)' is not a TTF, OTF, WOFF or WOFF2 font; not used")
                continue
            }
            return face
        }
        return nil
    }

    private mutating func warn(_ line: String) {
        if !warnings.contains(line) { warnings.append(line) }
    }

    /// The private families for a stack: those of the web-font names before the first name
    /// the fixed set knows, each family's faces best match first.
    func privateFamilies(for stack: [String], weight: Int, italic: Bool, stretch: Double = 100) -> [String] {
        guard !faces.isEmpty else { return [] }
        var result: [String] = []
        for name in stack {
            let key = name.lowercased()
            let candidates = faces.filter { $0.family == key }
            if candidates.isEmpty {
                if FontSet.familyAliases[key] != nil { break }
                continue
            }
            result += Self.ordered(candidates, weight: weight, italic: italic, stretch: stretch).map(\.privateFamily)
        }
        return result
    }

    /// CSS Fonts §5.2 step 4: the nearest width first (up to normal: narrower ones, nearest
    /// first, then wider; past it the other way), then style (italic, else normal; or the other
    /// way), then the nearest weight: for 400–500 up to 500, then down, then up; below 400 down
    /// then up; above 500 up then down. Stable, so later-defined faces stay ahead among equals.
    static func ordered(_ faces: [Face], weight: Int, italic: Bool, stretch: Double = 100) -> [Face] {
        func stretchRank(_ face: Face) -> Double {
            if face.stretches.contains(stretch) { return 0 }
            let narrower = face.stretches.upperBound < stretch
            let distance = narrower ? stretch - face.stretches.upperBound : face.stretches.lowerBound - stretch
            return (narrower == (stretch <= 100) ? 0 : 10_000) + distance
        }
        func styleRank(_ face: Face) -> Int { face.italic == italic ? 0 : 1 }
        func weightRank(_ face: Face) -> Int {
            if face.weights.contains(weight) { return 0 }
            let below = face.weights.upperBound < weight
            let distance = below ? weight - face.weights.upperBound : face.weights.lowerBound - weight
            switch weight {
            case 400...500:
                if !below && face.weights.lowerBound <= 500 { return distance }
                return below ? 1000 + distance : 2000 + distance
            case ..<400: return below ? distance : 1000 + distance
            default: return below ? 1000 + distance : distance
            }
        }
        return faces.enumerated().sorted {
            (stretchRank($0.element), styleRank($0.element), weightRank($0.element), $0.offset)
                < (stretchRank($1.element), styleRank($1.element), weightRank($1.element), $1.offset)
        }.map(\.element)
    }
}
