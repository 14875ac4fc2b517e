/// The registry's positioning properties (`PropertyRegistry`): the scheme, the offsets
/// (`inset` expands to them, `LogicalProperties`), `z-index` and `clip`.
extension PropertyRegistry {
    static let positioning: [CSSProperty] = [
        .longhand("position", example: "relative", copy: { $0.position = $1.position }) { style, value, _ in
            if let scheme = PositionScheme(keyword: value.keyword) { style.position = scheme }
        },
        .longhand("top", example: "1px", unitlessLengthQuirk: true, copy: { $0.positioning.offsets.top = $1.positioning.offsets.top }) { style, value, _ in
            if let offset = value.length() { style.positioning.offsets.top = offset }
        },
        .longhand("right", example: "1px", unitlessLengthQuirk: true, copy: { $0.positioning.offsets.right = $1.positioning.offsets.right }) { style, value, _ in
            if let offset = value.length() { style.positioning.offsets.right = offset }
        },
        .longhand("bottom", example: "1px", unitlessLengthQuirk: true, copy: { $0.positioning.offsets.bottom = $1.positioning.offsets.bottom }) { style, value, _ in
            if let offset = value.length() { style.positioning.offsets.bottom = offset }
        },
        .longhand("left", example: "1px", unitlessLengthQuirk: true, copy: { $0.positioning.offsets.left = $1.positioning.offsets.left }) { style, value, _ in
            if let offset = value.length() { style.positioning.offsets.left = offset }
        },
        .longhand("z-index", example: "2", copy: { $0.positioning.zIndex = $1.positioning.zIndex }) { style, value, _ in
            if let z = PositioningParser.zIndex(value.keyword) { style.positioning.zIndex = z }
        },
        .longhand("clip", example: "rect(1px, 2px, 3px, 4px)", copy: { $0.positioning.clip = $1.positioning.clip }) { style, value, _ in
            if let rect = PositioningParser.clip(value.text, length: { value.length($0, auto: false) }) { style.positioning.clip = rect }
        },
    ]
}
