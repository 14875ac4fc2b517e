/// The registry's visual effects (`PropertyRegistry`): opacity, transforms, filters, blending,
/// clip paths and masks, parsed by `EffectParser` and `BackgroundParser`.
extension PropertyRegistry {
    /// The properties whose change makes a stacking context: naming one in `will-change` makes
    /// it now (CSS Will Change §3; WebKit's WillChangeData::createsStackingContext).
    static let stackingWhenChanging: Set<String> = [
        "opacity", "transform", "-webkit-transform", "translate", "rotate", "scale", "perspective", "-webkit-perspective",
        "filter", "-webkit-filter", "backdrop-filter", "-webkit-backdrop-filter", "clip-path", "-webkit-clip-path",
        "mask", "-webkit-mask", "mask-image", "-webkit-mask-image", "mix-blend-mode", "isolation", "z-index",
        "position", "contain", "offset-path",
    ]
    /// Identifiers `will-change` refuses as features (the declaration is dropped).
    static let notAFeature: Set<String> = ["auto", "will-change", "none", "all", "inherit", "initial", "unset", "revert", "default"]

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
        .longhand("isolation", example: "isolate", copy: { $0.isolates = $1.isolates }) { style, value, _ in
            switch value.keyword {
            case "isolate": style.isolates = true
            case "auto": style.isolates = false
            default: break
            }
        },
        .longhand("will-change", example: "opacity", copy: { $0.willChangeStacks = $1.willChangeStacks }) { style, value, _ in
            // `auto`, or a list of features (`scroll-position`, `contents`, property names).
            let names = value.keyword.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespaces() }
            if names == ["auto"] { style.willChangeStacks = false; return }
            guard !names.contains(where: { $0.isEmpty || $0.contains(" ") || Self.notAFeature.contains($0) }) else { return }
            style.willChangeStacks = names.contains { Self.stackingWhenChanging.contains($0) }
        },
        .longhand("clip-path", aliases: ["-webkit-clip-path"], example: "circle(50%)", copy: { $0.clipPath = $1.clipPath }) { style, value, _ in
            if let parsed = EffectParser.clipPath(value.text, length: { value.length($0, auto: false) }) { style.clipPath = parsed }
        },
        .longhand("mask-image", aliases: ["-webkit-mask-image"], example: "linear-gradient(red, blue)",
                  copy: { $0.mask.images = $1.mask.images }, parse: LayerLonghand.images(\.mask)),
        .longhand("mask-position", aliases: ["-webkit-mask-position"], example: "right bottom",
                  copy: { $0.mask.positions = $1.mask.positions }, parse: LayerLonghand.positions(\.mask)),
        .longhand("-webkit-mask-position-x", example: "right",
                  copy: { $0.mask.positions = $1.mask.positions }, parse: LayerLonghand.positionAxis(\.mask, horizontal: true)),
        .longhand("-webkit-mask-position-y", example: "bottom",
                  copy: { $0.mask.positions = $1.mask.positions }, parse: LayerLonghand.positionAxis(\.mask, horizontal: false)),
        .longhand("mask-size", aliases: ["-webkit-mask-size"], example: "contain",
                  copy: { $0.mask.sizes = $1.mask.sizes }, parse: LayerLonghand.sizes(\.mask)),
        .longhand("mask-repeat", aliases: ["-webkit-mask-repeat"], example: "no-repeat",
                  copy: { $0.mask.repeats = $1.mask.repeats }, parse: LayerLonghand.repeats(\.mask)),
        .longhand("mask-origin", aliases: ["-webkit-mask-origin"], example: "content-box",
                  copy: { $0.mask.origins = $1.mask.origins }, parse: LayerLonghand.origins(\.mask)),
        .longhand("mask-clip", aliases: ["-webkit-mask-clip"], example: "content-box",
                  copy: { $0.mask.clips = $1.mask.clips }, parse: LayerLonghand.clips(\.mask)),
        // The shorthand's layers as `background` has them, less the colour; without a box
        // keyword they keep the mask's border box. Compositing and mode keywords keep their
        // initial values (`add`; `match-source`: an image's alpha).
        .shorthand("mask", aliases: ["-webkit-mask"], ["mask-image", "mask-position", "mask-size", "mask-repeat", "mask-origin",
                                                      "mask-clip"], example: "linear-gradient(red, blue) no-repeat") { style, value, _ in
            let ignored: Set<String> = ["add", "subtract", "intersect", "exclude", "alpha", "luminance", "match-source"]
            let words = value.text.split(separator: " ").filter { !ignored.contains($0.lowercased()) }
            guard var parsed = BackgroundParser.shorthand(words.joined(separator: " "),
                                                          context: value.backgroundContext(current: style.color)),
                  parsed.color == .transparent else { return }
            let lowered = value.text.lowercased()
            if !["border-box", "padding-box", "content-box"].contains(where: lowered.contains) {
                parsed.layers.origins = [.borderBox]; parsed.layers.clips = [.borderBox]
            }
            style.mask = parsed.layers
        },
    ]
}
