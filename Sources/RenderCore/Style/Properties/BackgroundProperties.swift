/// The registry's background properties (`PropertyRegistry`), parsed by `BackgroundParser`.
extension PropertyRegistry {
    static let backgrounds: [CSSProperty] = [
        .shorthand("background", ["background-color", "background-image", "background-position", "background-size",
                                  "background-repeat", "background-clip", "background-origin", "background-blend-mode"],
                   example: "red url(a.png) no-repeat") { style, value, _ in
            if let parsed = BackgroundParser.shorthand(value.text, context: value.backgroundContext(current: style.color)) {
                style.background = parsed.layers
                style.backgroundColor = parsed.color
            }
        },
        .longhand("background-color", example: "red", copy: { $0.backgroundColor = $1.backgroundColor }) { style, value, _ in
            if let color = PropertyValues.color(value.text, current: style.color) { style.backgroundColor = color }
        },
        .longhand("background-image", example: "url(a.png)", copy: { $0.background.images = $1.background.images },
                  parse: LayerLonghand.images(\.background)),
        // The two axes are kept together, as one list of positions.
        .longhand("background-position", example: "right bottom",
                  copy: { $0.background.positions = $1.background.positions }, parse: LayerLonghand.positions(\.background)),
        .longhand("background-position-x", example: "right", copy: { $0.background.positions = $1.background.positions },
                  parse: LayerLonghand.positionAxis(\.background, horizontal: true)),
        .longhand("background-position-y", example: "bottom", copy: { $0.background.positions = $1.background.positions },
                  parse: LayerLonghand.positionAxis(\.background, horizontal: false)),
        .longhand("background-size", aliases: ["-webkit-background-size"], example: "cover",
                  copy: { $0.background.sizes = $1.background.sizes }, parse: LayerLonghand.sizes(\.background)),
        .longhand("background-repeat", example: "no-repeat", copy: { $0.background.repeats = $1.background.repeats },
                  parse: LayerLonghand.repeats(\.background)),
        .longhand("background-clip", aliases: ["-webkit-background-clip"], example: "content-box",
                  copy: { $0.background.clips = $1.background.clips }, parse: LayerLonghand.clips(\.background)),
        .longhand("background-origin", aliases: ["-webkit-background-origin"], example: "content-box",
                  copy: { $0.background.origins = $1.background.origins }, parse: LayerLonghand.origins(\.background)),
        .longhand("background-blend-mode", example: "multiply",
                  copy: { $0.background.blendModes = $1.background.blendModes }) { style, value, _ in
            if let modes = BackgroundParser.list(value.text, BackgroundParser.blendMode) { style.background.blendModes = modes }
        },
        .longhand("background-attachment", example: "fixed", copy: { $0.backgroundAttachment = $1.backgroundAttachment }) { style, value, _ in
            style.applyBackgroundAttachment(value.keyword)
        },
        .longhand("box-shadow", aliases: ["-webkit-box-shadow"], example: "1px 1px red",
                  copy: { $0.boxShadows = $1.boxShadows }) { style, value, _ in
            style.boxShadows = BackgroundParser.shadows(value.text, current: style.color, allowInset: true, fontSize: value.fontSize,
                                                        rootFontSize: value.rootFontSize)
        },
    ]
}

/// The parsers the layer longhands of `background-*` and `mask-*` share: one list per
/// property, of the layers at `layers` (CSS Backgrounds §2.2, CSS Masking §7).
enum LayerLonghand {
    typealias Layers = WritableKeyPath<ComputedStyle, BackgroundLayers> & Sendable

    static func images(_ layers: Layers) -> CSSProperty.Parse {
        { style, value, _ in
            if let images = BackgroundParser.images(value.text, context: value.backgroundContext(current: style.color)) {
                style[keyPath: layers].images = images
            }
        }
    }

    static func positions(_ layers: Layers) -> CSSProperty.Parse {
        { style, value, _ in
            let context = value.backgroundContext(current: style.color)
            if let positions = BackgroundParser.list(value.text, { BackgroundParser.position($0, context: context) }) {
                style[keyPath: layers].positions = positions
            }
        }
    }

    /// `*-position-x` or `-y`: one axis of each layer's position, the other axis kept (a layer
    /// without a position starts at the top left).
    static func positionAxis(_ layers: Layers, horizontal: Bool) -> CSSProperty.Parse {
        { style, value, _ in
            let context = value.backgroundContext(current: style.color)
            guard let axes = BackgroundParser.list(value.text, { BackgroundParser.positionAxis($0, horizontal: horizontal, context: context) })
            else { return }
            let positions = style[keyPath: layers].positions
            style[keyPath: layers].positions = axes.indices.map { index in
                var position = positions.isEmpty ? .topLeft : positions[index % positions.count]
                if horizontal { position.x = axes[index] } else { position.y = axes[index] }
                return position
            }
        }
    }

    static func sizes(_ layers: Layers) -> CSSProperty.Parse {
        { style, value, _ in
            let context = value.backgroundContext(current: style.color)
            if let sizes = BackgroundParser.list(value.text, { BackgroundParser.size($0, context: context) }) {
                style[keyPath: layers].sizes = sizes
            }
        }
    }

    static func repeats(_ layers: Layers) -> CSSProperty.Parse {
        { style, value, _ in
            if let repeats = BackgroundParser.list(value.text, BackgroundParser.repeatStyle) { style[keyPath: layers].repeats = repeats }
        }
    }

    static func clips(_ layers: Layers) -> CSSProperty.Parse {
        { style, value, _ in
            if let clips = BackgroundParser.list(value.text, BackgroundParser.box) { style[keyPath: layers].clips = clips }
        }
    }

    static func origins(_ layers: Layers) -> CSSProperty.Parse {
        { style, value, _ in
            if let origins = BackgroundParser.list(value.text, BackgroundParser.box), !origins.contains(.text) {
                style[keyPath: layers].origins = origins
            }
        }
    }
}
