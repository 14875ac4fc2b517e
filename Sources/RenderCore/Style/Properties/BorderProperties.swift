/// The registry's border properties (`PropertyRegistry`): the sides' width, style and colour,
/// the radii, `border-image` (`BorderImageParser`) and the outline (`Outline`).
extension PropertyRegistry {
    static let borders: [CSSProperty] = {
        var properties: [CSSProperty] = [
            .shorthand("border", sides.flatMap { side in ["width", "style", "color"].map { "border-\(side)-\($0)" } },
                       example: "1px solid red", unitlessLengthQuirk: true) { style, value, _ in
                guard let border = borderParts(value, current: style.color) else { return }
                style.borderWidth = Edges(border.width); style.borderStyle = Edges(border.style); style.borderColor = Edges(border.color)
            },
            .shorthand("border-width", sides.map { "border-\($0)-width" }, example: "1px", unitlessLengthQuirk: true) { style, value, _ in
                let parts = PropertyValues.components(value.text).compactMap { value.borderWidth($0) }
                if let edges = PropertyValues.fourSides(parts) { style.borderWidth = edges }
            },
            .shorthand("border-style", sides.map { "border-\($0)-style" }, example: "solid") { style, value, _ in
                let parts = PropertyValues.components(value.keyword).compactMap { BorderStyle(rawValue: $0) }
                if let edges = PropertyValues.fourSides(parts) { style.borderStyle = edges }
            },
            .shorthand("border-color", sides.map { "border-\($0)-color" }, example: "red") { style, value, _ in
                let current = style.color
                let parts = PropertyValues.components(value.text).compactMap { PropertyValues.color($0, current: current) }
                if let edges = PropertyValues.fourSides(parts.map { Optional($0) }) { style.borderColor = edges }
            },
        ]
        let widthKeys: [WritableKeyPath<Edges<Double>, Double> & Sendable] = [\.top, \.right, \.bottom, \.left]
        let styleKeys: [WritableKeyPath<Edges<BorderStyle>, BorderStyle> & Sendable] = [\.top, \.right, \.bottom, \.left]
        let colorKeys: [WritableKeyPath<Edges<RGBA?>, RGBA?> & Sendable] = [\.top, \.right, \.bottom, \.left]
        for (index, side) in sides.enumerated() {
            let widthKey = widthKeys[index], styleKey = styleKeys[index], colorKey = colorKeys[index]
            properties.append(.shorthand("border-\(side)", ["width", "style", "color"].map { "border-\(side)-\($0)" },
                                         example: "1px solid red", unitlessLengthQuirk: true) { style, value, _ in
                guard let border = borderParts(value, current: style.color) else { return }
                style.borderWidth[keyPath: widthKey] = border.width
                style.borderStyle[keyPath: styleKey] = border.style
                style.borderColor[keyPath: colorKey] = border.color
            })
            properties.append(.longhand("border-\(side)-width", example: "1px", unitlessLengthQuirk: true,
                                        copy: { $0.borderWidth[keyPath: widthKey] = $1.borderWidth[keyPath: widthKey] }) { style, value, _ in
                if let width = value.borderWidth(value.text) { style.borderWidth[keyPath: widthKey] = width }
            })
        }
        for (index, side) in sides.enumerated() {
            let key = styleKeys[index]
            properties.append(.longhand("border-\(side)-style", example: "solid",
                                        copy: { $0.borderStyle[keyPath: key] = $1.borderStyle[keyPath: key] }) { style, value, _ in
                if let borderStyle = BorderStyle(rawValue: value.keyword) { style.borderStyle[keyPath: key] = borderStyle }
            })
        }
        for (index, side) in sides.enumerated() {
            let key = colorKeys[index]
            properties.append(.longhand("border-\(side)-color", example: "red",
                                        copy: { $0.borderColor[keyPath: key] = $1.borderColor[keyPath: key] }) { style, value, _ in
                if let color = PropertyValues.color(value.text, current: style.color) { style.borderColor[keyPath: key] = color }
            })
        }
        properties += [
            .shorthand("border-radius", aliases: ["-webkit-border-radius", "-moz-border-radius"],
                       ["border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius"],
                       example: "4px", unitlessLengthQuirk: true) { style, value, _ in
                if let corners = BorderRadiusValues.shorthand(value.text, length: { value.length($0, auto: false) }) {
                    style.borderRadius = corners
                }
            },
            .longhand("border-top-left-radius", example: "4px", copy: { $0.borderRadius.top = $1.borderRadius.top }) { style, value, _ in
                if let radius = BorderRadiusValues.corner(value.text, length: { value.length($0, auto: false) }) {
                    style.borderRadius.top = radius
                }
            },
            .longhand("border-top-right-radius", example: "4px", copy: { $0.borderRadius.right = $1.borderRadius.right }) { style, value, _ in
                if let radius = BorderRadiusValues.corner(value.text, length: { value.length($0, auto: false) }) {
                    style.borderRadius.right = radius
                }
            },
            .longhand("border-bottom-right-radius", example: "4px",
                      copy: { $0.borderRadius.bottom = $1.borderRadius.bottom }) { style, value, _ in
                if let radius = BorderRadiusValues.corner(value.text, length: { value.length($0, auto: false) }) {
                    style.borderRadius.bottom = radius
                }
            },
            .longhand("border-bottom-left-radius", example: "4px", copy: { $0.borderRadius.left = $1.borderRadius.left }) { style, value, _ in
                if let radius = BorderRadiusValues.corner(value.text, length: { value.length($0, auto: false) }) {
                    style.borderRadius.left = radius
                }
            },
            .shorthand("border-image", aliases: ["-webkit-border-image"],
                       ["border-image-source", "border-image-slice", "border-image-width", "border-image-outset", "border-image-repeat"],
                       example: "url(a.png) 30 round", parse: borderImage("border-image")),
            .longhand("border-image-source", example: "url(a.png)", copy: { $0.borderImage.source = $1.borderImage.source },
                      parse: borderImage("border-image-source")),
            .longhand("border-image-slice", example: "30 fill",
                      copy: { $0.borderImage.slice = $1.borderImage.slice; $0.borderImage.fill = $1.borderImage.fill },
                      parse: borderImage("border-image-slice")),
            .longhand("border-image-width", example: "2", copy: { $0.borderImage.width = $1.borderImage.width },
                      parse: borderImage("border-image-width")),
            .longhand("border-image-outset", example: "2px", copy: { $0.borderImage.outset = $1.borderImage.outset },
                      parse: borderImage("border-image-outset")),
            .longhand("border-image-repeat", example: "round",
                      copy: { $0.borderImage.repeatX = $1.borderImage.repeatX; $0.borderImage.repeatY = $1.borderImage.repeatY },
                      parse: borderImage("border-image-repeat")),
            .shorthand("outline", ["outline-width", "outline-style", "outline-color", "outline-offset"], example: "1px solid red",
                       parse: outline("outline")),
            .longhand("outline-width", example: "1px", copy: { $0.outline.width = $1.outline.width }, parse: outline("outline-width")),
            .longhand("outline-style", example: "dashed", copy: { $0.outline.style = $1.outline.style; $0.outline.isAuto = $1.outline.isAuto },
                      parse: outline("outline-style")),
            .longhand("outline-color", example: "red", copy: { $0.outline.color = $1.outline.color }, parse: outline("outline-color")),
            .longhand("outline-offset", example: "2px", copy: { $0.outline.offset = $1.outline.offset }, parse: outline("outline-offset")),
        ]
        return properties
    }()

    /// `border` and `border-top`…: width, style and colour in any order, an omitted one its
    /// initial value; nil when a part is none of them (the declaration is dropped whole).
    private static func borderParts(_ value: DeclaredValue, current: RGBA) -> (width: Double, style: BorderStyle, color: RGBA?)? {
        var width: Double = 3, style: BorderStyle = .none, colour: RGBA? = nil
        for part in PropertyValues.components(value.text) {
            if let s = BorderStyle(rawValue: part.lowercased()) { style = s }
            else if let w = value.borderWidth(part) { width = w }
            else if let c = PropertyValues.color(part, current: current) { colour = c }
            else { return nil }
        }
        return (width, style, colour)
    }

    /// One of the `border-image` properties, as `BorderImageParser` parses it.
    private static func borderImage(_ name: String) -> CSSProperty.Parse {
        { style, value, _ in BorderImageParser.apply(name, value.text, to: &style.borderImage, length: { value.length($0, auto: false) }) }
    }

    /// One of the outline properties, as `Outline.apply` parses it.
    private static func outline(_ name: String) -> CSSProperty.Parse {
        { style, value, _ in
            let current = style.color
            _ = style.outline.apply(name, value.text, width: { value.borderWidth($0) },
                                    length: { if case .px(let v)? = value.length($0, auto: false) { return v } else { return nil } },
                                    color: { PropertyValues.color($0, current: current) })
        }
    }
}
