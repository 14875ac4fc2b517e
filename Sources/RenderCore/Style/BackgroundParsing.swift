import Foundation

/// The `background-*` properties and the `background` shorthand, as comma-separated layer
/// lists (CSS Backgrounds 3). Each function returns nil for a value a browser would drop.
extension BackgroundParser {
    typealias Context = GradientParser.Context

    /// One `<bg-image>`: `none` (.some(nil)), `url(…)` or a gradient; nil if it is neither.
    static func image(_ word: String, context: Context = Context()) -> BackgroundImage?? {
        let lower = word.lowercased()
        if lower == "none" { return .some(nil) }
        if lower.hasPrefix("url(") {
            guard lower.hasSuffix(")") else { return nil }
            var url = String(word.dropFirst(4).dropLast()).trimmingWhitespaces()
            if let first = url.first, first == "\"" || first == "'", url.count >= 2, url.last == first { url = String(url.dropFirst().dropLast()) }
            return url.isEmpty ? .some(nil) : .some(.url(url))
        }
        if lower.contains("gradient(") {
            guard let gradient = GradientParser.parse(word, context) else { return nil }
            return .some(.gradient(gradient))
        }
        return nil
    }

    /// The comma-separated layers of a value (a single empty layer is invalid).
    static func layers(_ value: String) -> [String]? {
        let layers = GradientParser.splitCommas(value)
        return layers.contains(where: \.isEmpty) ? nil : layers
    }

    static func images(_ value: String, context: Context) -> [BackgroundImage?]? {
        guard let layers = layers(value) else { return nil }
        var result: [BackgroundImage?] = []
        for layer in layers {
            guard let image = image(layer, context: context) else { return nil }
            result.append(image)
        }
        return result
    }

    static func list<T>(_ value: String, _ parse: ([String]) -> T?) -> [T]? {
        guard let layers = layers(value) else { return nil }
        var result: [T] = []
        for layer in layers {
            guard let item = parse(PropertyValues.components(layer.lowercased())) else { return nil }
            result.append(item)
        }
        return result
    }

    /// `repeat-x`, `repeat-y`, or one or two of `repeat | space | round | no-repeat`.
    static func repeatStyle(_ words: [String]) -> (x: BackgroundRepeat, y: BackgroundRepeat)? {
        if words == ["repeat-x"] { return (.repeat, .noRepeat) }
        if words == ["repeat-y"] { return (.noRepeat, .repeat) }
        let values = words.compactMap(BackgroundRepeat.init(rawValue:))
        guard values.count == words.count else { return nil }
        switch values.count {
        case 1: return (values[0], values[0])
        case 2: return (values[0], values[1])
        default: return nil
        }
    }

    static func box(_ words: [String]) -> BackgroundBox? {
        guard words.count == 1 else { return nil }
        return BackgroundBox(rawValue: words[0])
    }

    static func blendMode(_ words: [String]) -> BlendMode? {
        guard words.count == 1 else { return nil }
        return BlendMode(rawValue: words[0])
    }

    /// `auto | cover | contain | <length-percentage>{1,2}` (negative sizes are invalid).
    static func size(_ words: [String], context: Context) -> BackgroundSize? {
        if words == ["cover"] { return .cover }
        if words == ["contain"] { return .contain }
        guard (1...2).contains(words.count) else { return nil }
        var lengths: [Length] = []
        for word in words {
            guard let length = PropertyValues.length(word, fontSize: context.fontSize, rootFontSize: context.rootFontSize) else { return nil }
            if case .px(let v) = length, v < 0 { return nil }
            if case .percent(let v) = length, v < 0 { return nil }
            lengths.append(length)
        }
        if lengths.count == 1 && lengths[0] == .auto { return .auto }
        return .explicit(lengths[0], lengths.count > 1 ? lengths[1] : .auto)
    }

    /// `<position>` of one to four words: keywords, lengths, and keyword-offset pairs
    /// (`right 10px bottom 5px`); nil if the words do not make one.
    static func position(_ words: [String], context: Context) -> BackgroundPosition? {
        enum Axis { case x, y, either }
        func keyword(_ word: String) -> (axis: Axis, offset: Double, fromEnd: Bool)? {
            switch word.lowercased() {
            case "left": return (.x, 0, false)
            case "right": return (.x, 0, true)
            case "top": return (.y, 0, false)
            case "bottom": return (.y, 0, true)
            case "center": return (.either, 50, false)
            default: return nil
            }
        }
        func length(_ word: String) -> Length? {
            PropertyValues.length(word, fontSize: context.fontSize, rootFontSize: context.rootFontSize, allowAuto: false)
        }
        func axis(_ k: (axis: Axis, offset: Double, fromEnd: Bool), _ offset: Length? = nil) -> BackgroundPosition.Axis {
            if let offset { return .init(offset: offset, fromEnd: k.fromEnd) }
            return .init(offset: .percent(k.fromEnd ? 100 : k.offset), fromEnd: false)
        }
        let centre = BackgroundPosition.Axis(offset: .percent(50))
        switch words.count {
        case 1:
            if let k = keyword(words[0]) {
                return k.axis == .y ? BackgroundPosition(x: centre, y: axis(k)) : BackgroundPosition(x: axis(k), y: centre)
            }
            guard let l = length(words[0]) else { return nil }
            return BackgroundPosition(x: .init(offset: l), y: centre)
        case 2:
            let a = keyword(words[0]), b = keyword(words[1])
            if let a, let b {
                // Two keywords in either order (`top left`), but not two of one axis.
                if a.axis == .y || b.axis == .x {
                    guard a.axis != .x, b.axis != .y else { return nil }
                    return BackgroundPosition(x: axis(b), y: axis(a))
                }
                return BackgroundPosition(x: axis(a), y: axis(b))
            }
            // With a length, the first is horizontal and the second vertical.
            let x: BackgroundPosition.Axis, y: BackgroundPosition.Axis
            if let a { guard a.axis != .y else { return nil }; x = axis(a) } else if let l = length(words[0]) { x = .init(offset: l) } else { return nil }
            if let b { guard b.axis != .x else { return nil }; y = axis(b) } else if let l = length(words[1]) { y = .init(offset: l) } else { return nil }
            return BackgroundPosition(x: x, y: y)
        case 3, 4:
            // Keyword-offset pairs: each edge keyword may be followed by its offset.
            var groups: [(Axis, BackgroundPosition.Axis)] = []
            var index = 0
            while index < words.count {
                guard let k = keyword(words[index]) else { return nil }
                index += 1
                if index < words.count, keyword(words[index]) == nil {
                    guard k.axis != .either, let l = length(words[index]) else { return nil }
                    groups.append((k.axis, axis(k, l)))
                    index += 1
                } else {
                    groups.append((k.axis, axis(k)))
                }
            }
            guard groups.count == 2 else { return nil }
            let (firstAxis, first) = groups[0], (secondAxis, second) = groups[1]
            if firstAxis == .y || secondAxis == .x {
                guard firstAxis != .x, secondAxis != .y else { return nil }
                return BackgroundPosition(x: second, y: first)
            }
            return BackgroundPosition(x: first, y: second)
        default:
            return nil
        }
    }

    /// `background-position-x` / `-y`: one keyword, length, or keyword with an offset.
    static func positionAxis(_ words: [String], horizontal: Bool, context: Context) -> BackgroundPosition.Axis? {
        let start = horizontal ? "left" : "top", end = horizontal ? "right" : "bottom"
        let lengthOf = { PropertyValues.length($0, fontSize: context.fontSize, rootFontSize: context.rootFontSize, allowAuto: false) }
        switch words.count {
        case 1:
            if words[0] == start { return .init(offset: .percent(0)) }
            if words[0] == end { return .init(offset: .percent(100)) }
            if words[0] == "center" { return .init(offset: .percent(50)) }
            return lengthOf(words[0]).map { .init(offset: $0) }
        case 2:
            guard words[0] == start || words[0] == end, let l = lengthOf(words[1]) else { return nil }
            return .init(offset: l, fromEnd: words[0] == end)
        default:
            return nil
        }
    }

    /// The `background` shorthand: every layer's image, position / size, repeat, attachment
    /// and boxes, and the colour in the last layer; what a layer omits takes its initial value.
    static func shorthand(_ value: String, context: Context) -> (layers: BackgroundLayers, color: RGBA)? {
        guard let layerTexts = layers(value) else { return nil }
        var result = BackgroundLayers()
        result.images = []; result.sizes = []; result.positions = []; result.repeats = []
        result.clips = []; result.origins = []; result.blendModes = []
        var colour = RGBA.transparent
        for (index, text) in layerTexts.enumerated() {
            guard let layer = shorthandLayer(text, isLast: index == layerTexts.count - 1, context: context) else { return nil }
            result.images.append(layer.layer.image)
            result.sizes.append(layer.layer.size)
            result.positions.append(layer.layer.position)
            result.repeats.append((layer.layer.repeatX, layer.layer.repeatY))
            result.clips.append(layer.layer.clip)
            result.origins.append(layer.layer.origin)
            result.blendModes.append(.normal)
            if let c = layer.color { colour = c }
        }
        return (result, colour)
    }

    private static func shorthandLayer(_ text: String, isLast: Bool, context: Context) -> (layer: BackgroundLayer, color: RGBA?)? {
        // Split `center/cover` into `center / cover` outside of functions.
        var words: [String] = []
        for word in PropertyValues.components(text) {
            if word.contains("(") || !word.contains("/") { words.append(word); continue }
            var part = ""
            for ch in word {
                if ch == "/" { if !part.isEmpty { words.append(part) }; words.append("/"); part = "" } else { part.append(ch) }
            }
            if !part.isEmpty { words.append(part) }
        }
        var layer = BackgroundLayer()
        var colour: RGBA?, seenImage = false, seenRepeat = false, seenAttachment = false, seenPosition = false
        var boxes: [BackgroundBox] = []
        func isPositionWord(_ word: String) -> Bool {
            ["left", "right", "top", "bottom", "center"].contains(word.lowercased())
                || PropertyValues.length(word, fontSize: context.fontSize, rootFontSize: context.rootFontSize, allowAuto: false) != nil
        }
        var index = 0
        while index < words.count {
            let word = words[index], lower = word.lowercased()
            if !seenImage, let image = image(word, context: context) {
                layer.image = image; seenImage = true; index += 1
            } else if !seenRepeat, lower == "repeat-x" || lower == "repeat-y" || BackgroundRepeat(rawValue: lower) != nil {
                var run = [lower]
                if BackgroundRepeat(rawValue: lower) != nil, index + 1 < words.count, BackgroundRepeat(rawValue: words[index + 1].lowercased()) != nil {
                    run.append(words[index + 1].lowercased())
                }
                guard let repeats = repeatStyle(run) else { return nil }
                (layer.repeatX, layer.repeatY) = repeats
                seenRepeat = true; index += run.count
            } else if !seenAttachment, ["scroll", "fixed", "local"].contains(lower) {
                seenAttachment = true; index += 1
            } else if boxes.count < 2, let box = BackgroundBox(rawValue: lower) {
                boxes.append(box); index += 1
            } else if !seenPosition, isPositionWord(word) {
                var run: [String] = []
                while index < words.count, run.count < 4, isPositionWord(words[index]) { run.append(words[index]); index += 1 }
                guard let position = position(run, context: context) else { return nil }
                layer.position = position
                seenPosition = true
                if index < words.count, words[index] == "/" {
                    index += 1
                    var sizeWords: [String] = []
                    while index < words.count, sizeWords.count < 2, size([words[index].lowercased()], context: context) != nil {
                        sizeWords.append(words[index].lowercased()); index += 1
                    }
                    guard let size = size(sizeWords, context: context) else { return nil }
                    layer.size = size
                }
            } else if isLast, colour == nil, let c = PropertyValues.color(word, current: context.current) {
                colour = c; index += 1
            } else {
                return nil
            }
        }
        if let first = boxes.first { layer.origin = first; layer.clip = boxes.count > 1 ? boxes[1] : first }
        // `text` is a clip only.
        if layer.origin == .text { return nil }
        return (layer, colour)
    }
}
