/// The registry's visual effects (`PropertyRegistry`): opacity, transforms, filters, blending,
/// clip paths and masks, parsed by `EffectParser` and `BackgroundParser`.
extension PropertyRegistry {
    static let effects: [CSSProperty] = [
        .longhand("opacity", example: "0.5", copy: { $0.opacity = $1.opacity }) { style, value, _ in
            if let number = PropertyValues.number(value.text) { style.opacity = min(1, max(0, number)) }
            else if value.text.hasSuffix("%"), let number = Double(value.text.dropLast()), number.isFinite {
                style.opacity = min(1, max(0, number / 100))
            }
        },
        .longhand("transform", aliases: ["-webkit-transform"], example: "rotate(10deg)",
                  copy: { $0.transform = $1.transform }) { style, value, _ in
            if let functions = EffectParser.transform(value.text, length: { value.length($0, auto: false) }) { style.transform = functions }
        },
        .longhand("transform-origin", aliases: ["-webkit-transform-origin"], example: "left top",
                  copy: { $0.transformOrigin = $1.transformOrigin }) { style, value, _ in
            if let origin = EffectParser.origin(value.text, length: { value.length($0, auto: false) }) { style.transformOrigin = origin }
        },
        .longhand("filter", aliases: ["-webkit-filter"], example: "blur(2px)", copy: { $0.filters = $1.filters }) { style, value, _ in
            if let list = EffectParser.filters(value.text, currentColor: style.color, length: { value.length($0, auto: false) }) {
                style.filters = list
            }
        },
        .longhand("backdrop-filter", aliases: ["-webkit-backdrop-filter"], example: "blur(2px)",
                  copy: { $0.backdropFilters = $1.backdropFilters }) { style, value, _ in
            if let list = EffectParser.filters(value.text, currentColor: style.color, length: { value.length($0, auto: false) }) {
                style.backdropFilters = list
            }
        },
        .longhand("mix-blend-mode", example: "multiply", copy: { $0.blendMode = $1.blendMode }) { style, value, _ in
            if let mode = BlendMode(rawValue: value.keyword) { style.blendMode = mode }
        },
        .longhand("clip-path", aliases: ["-webkit-clip-path"], example: "circle(50%)", copy: { $0.clipPath = $1.clipPath }) { style, value, _ in
            if let parsed = EffectParser.clipPath(value.text, length: { value.length($0, auto: false) }) { style.clipPath = parsed }
        },
        // Only the mask's image is drawn (its position, size, repeat: their initial values).
        .longhand("mask-image", aliases: ["-webkit-mask-image"], example: "linear-gradient(red, blue)",
                  copy: { $0.maskImage = $1.maskImage }) { style, value, _ in
            if let layers = BackgroundParser.images(value.text, context: value.backgroundContext(current: style.color)) {
                style.maskImage = layers.last ?? nil
            }
        },
        .shorthand("mask", aliases: ["-webkit-mask"], ["mask-image"], example: "linear-gradient(red, blue)") { style, value, _ in
            if let layers = BackgroundParser.shorthand(value.text, context: value.backgroundContext(current: style.color))?.layers.images {
                style.maskImage = layers.last ?? nil
            }
        },
    ]
}
