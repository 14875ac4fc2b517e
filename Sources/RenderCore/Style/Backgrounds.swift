/// What a background layer shows: an image by URL or a gradient (`none` layers are nil).
public enum BackgroundImage: Sendable, Equatable {
    case url(String)
    case gradient(CSSGradient)
}

public enum BackgroundSize: Sendable, Equatable {
    case auto, cover, contain
    case explicit(Length, Length)
}

/// A `background-position` (also a gradient's centre): each axis an offset from its start
/// edge, or from its end edge (`right 10px`); percentages are of the free space.
public struct BackgroundPosition: Sendable, Equatable {
    public struct Axis: Sendable, Equatable {
        public var offset: Length
        public var fromEnd = false

        /// The offset from the start edge, where `free` is what percentages refer to.
        public func resolve(_ free: Double) -> Double {
            let value = offset.resolve(free) ?? 0
            return fromEnd ? free - value : value
        }
    }

    public var x: Axis, y: Axis
    public static let topLeft = BackgroundPosition(x: .init(offset: .percent(0)), y: .init(offset: .percent(0)))
    public static let center = BackgroundPosition(x: .init(offset: .percent(50)), y: .init(offset: .percent(50)))

    /// The point mirrored through the centre (a prefixed gradient's end from its start corner).
    var opposite: BackgroundPosition {
        func mirror(_ axis: Axis) -> Axis {
            guard case .percent(let p) = axis.offset else { return axis }
            return Axis(offset: .percent(100 - p), fromEnd: axis.fromEnd)
        }
        return BackgroundPosition(x: mirror(x), y: mirror(y))
    }
}

/// How a layer repeats along one axis (CSS Backgrounds §3.4).
public enum BackgroundRepeat: String, Sendable, Equatable {
    case `repeat`, space, round, noRepeat = "no-repeat"
}

/// The boxes of `background-clip` and `background-origin` (`text`: clipped to the glyphs).
public enum BackgroundBox: String, Sendable, Equatable {
    case borderBox = "border-box", paddingBox = "padding-box", contentBox = "content-box", text
}

/// `background-blend-mode` (and `mix-blend-mode`) values.
/// One background layer, with its list entries picked out.
public struct BackgroundLayer: Sendable, Equatable {
    public var image: BackgroundImage?
    public var size: BackgroundSize = .auto
    public var position: BackgroundPosition = .topLeft
    public var repeatX: BackgroundRepeat = .repeat, repeatY: BackgroundRepeat = .repeat
    public var clip: BackgroundBox = .borderBox
    public var origin: BackgroundBox = .paddingBox
    public var blendMode: BlendMode = .normal
}

/// The background properties as CSS keeps them: one list per property; `images` sets how
/// many layers there are and the other lists are cycled to that length (CSS Backgrounds §2.2).
/// The first layer is on top.
public struct BackgroundLayers: Sendable, Equatable {
    public var images: [BackgroundImage?] = [nil]
    public var sizes: [BackgroundSize] = [.auto]
    public var positions: [BackgroundPosition] = [.topLeft]
    public var repeats: [(x: BackgroundRepeat, y: BackgroundRepeat)] = [(.repeat, .repeat)]
    public var clips: [BackgroundBox] = [.borderBox]
    public var origins: [BackgroundBox] = [.paddingBox]
    public var blendModes: [BlendMode] = [.normal]

    public init() {}

    /// The initial mask layers: no image, origin and clip at the border box (CSS Masking §7).
    static let maskInitial: BackgroundLayers = {
        var layers = BackgroundLayers()
        layers.origins = [.borderBox]
        return layers
    }()

    /// The layers, top first.
    public var layers: [BackgroundLayer] {
        images.indices.map { index in
            func pick<T>(_ list: [T], _ fallback: T) -> T { list.isEmpty ? fallback : list[index % list.count] }
            let repeats = pick(self.repeats, (BackgroundRepeat.repeat, BackgroundRepeat.repeat))
            return BackgroundLayer(image: images[index], size: pick(sizes, .auto), position: pick(positions, .topLeft),
                                   repeatX: repeats.x, repeatY: repeats.y, clip: pick(clips, .borderBox),
                                   origin: pick(origins, .paddingBox), blendMode: pick(blendModes, .normal))
        }
    }

    /// The background colour is clipped as the bottom layer is.
    public var colorClip: BackgroundBox { clips.isEmpty ? .borderBox : clips[(max(1, images.count) - 1) % clips.count] }

    /// Whether any layer shows an image or gradient.
    public var hasImage: Bool { images.contains { $0 != nil } }

    /// Every gradient colour through `transform` (dark mode); images are left alone.
    func mappingColors(_ transform: (RGBA) -> RGBA) -> BackgroundLayers {
        var copy = self
        copy.images = images.map { image in
            if case .gradient(let gradient)? = image { return .gradient(gradient.mappingColors(transform)) }
            return image
        }
        return copy
    }

    public static func == (a: BackgroundLayers, b: BackgroundLayers) -> Bool {
        a.images == b.images && a.sizes == b.sizes && a.positions == b.positions && a.clips == b.clips
            && a.origins == b.origins && a.blendModes == b.blendModes
            && a.repeats.map(\.x) == b.repeats.map(\.x) && a.repeats.map(\.y) == b.repeats.map(\.y)
    }
}

public struct BoxShadow: Sendable, Equatable {
    public var dx: Double, dy: Double, blur: Double, spread: Double
    public var color: RGBA
    /// `inset`: drawn inside the padding box (box shadows only).
    public var inset = false
}

enum BackgroundParser {
    /// `text-shadow` and `drop-shadow()` take no `inset` (such a layer is dropped); `box-shadow` does.
    static func shadows(_ value: String, current: RGBA, allowInset: Bool = false,
                        fontSize: Double = 16, rootFontSize: Double = 16) -> [BoxShadow] {
        guard value.lowercased() != "none" else { return [] }
        var result: [BoxShadow] = []
        var depth = 0, layer = ""
        func flush() {
            let parts = PropertyValues.components(layer)
            layer = ""
            let inset = parts.contains(where: { $0.lowercased() == "inset" })
            guard allowInset || !inset else { return }
            var lengths: [Double] = []
            var colour = current
            for part in parts {
                if case .px(let px)? = PropertyValues.length(part, fontSize: fontSize, rootFontSize: rootFontSize, allowAuto: false) { lengths.append(px) }
                else if let parsed = PropertyValues.color(part, current: current) { colour = parsed }
            }
            guard lengths.count >= 2 else { return }
            result.append(BoxShadow(dx: lengths[0], dy: lengths[1], blur: lengths.count > 2 ? max(0, lengths[2]) : 0,
                                    spread: lengths.count > 3 ? lengths[3] : 0, color: colour, inset: inset))
        }
        for ch in value {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if ch == "," && depth == 0 { flush() } else { layer.append(ch) }
        }
        flush()
        return result
    }
}

import Foundation
