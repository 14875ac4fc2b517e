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
        .longhand("background-image", example: "url(a.png)", copy: { $0.background.images = $1.background.images }) { style, value, _ in
            if let images = BackgroundParser.images(value.text, context: value.backgroundContext(current: style.color)) {
                style.background.images = images
            }
        },
        // The two axes are kept together, as one list of positions.
        .longhand("background-position", example: "right bottom",
                  copy: { $0.background.positions = $1.background.positions }) { style, value, _ in
            let context = value.backgroundContext(current: style.color)
            if let positions = BackgroundParser.list(value.text, { BackgroundParser.position($0, context: context) }) {
                style.background.positions = positions
            }
        },
        .longhand("background-position-x", example: "right", copy: { $0.background.positions = $1.background.positions },
                  parse: positionAxis(horizontal: true)),
        .longhand("background-position-y", example: "bottom", copy: { $0.background.positions = $1.background.positions },
                  parse: positionAxis(horizontal: false)),
        .longhand("background-size", aliases: ["-webkit-background-size"], example: "cover",
                  copy: { $0.background.sizes = $1.background.sizes }) { style, value, _ in
            let context = value.backgroundContext(current: style.color)
            if let sizes = BackgroundParser.list(value.text, { BackgroundParser.size($0, context: context) }) { style.background.sizes = sizes }
        },
        .longhand("background-repeat", example: "no-repeat", copy: { $0.background.repeats = $1.background.repeats }) { style, value, _ in
            if let repeats = BackgroundParser.list(value.text, BackgroundParser.repeatStyle) { style.background.repeats = repeats }
        },
        .longhand("background-clip", aliases: ["-webkit-background-clip"], example: "content-box",
                  copy: { $0.background.clips = $1.background.clips }) { style, value, _ in
            if let clips = BackgroundParser.list(value.text, BackgroundParser.box) { style.background.clips = clips }
        },
        .longhand("background-origin", aliases: ["-webkit-background-origin"], example: "content-box",
                  copy: { $0.background.origins = $1.background.origins }) { style, value, _ in
            if let origins = BackgroundParser.list(value.text, BackgroundParser.box), !origins.contains(.text) {
                style.background.origins = origins
            }
        },
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

    /// `background-position-x` or `-y`: one axis of each layer's position, the other axis kept
    /// (a layer without a position starts at the top left).
    private static func positionAxis(horizontal: Bool) -> CSSProperty.Parse {
        { style, value, _ in
            let context = value.backgroundContext(current: style.color)
            guard let axes = BackgroundParser.list(value.text, { BackgroundParser.positionAxis($0, horizontal: horizontal, context: context) })
            else { return }
            let positions = style.background.positions
            style.background.positions = axes.indices.map { index in
                var position = positions.isEmpty ? .topLeft : positions[index % positions.count]
                if horizontal { position.x = axes[index] } else { position.y = axes[index] }
                return position
            }
        }
    }
}
