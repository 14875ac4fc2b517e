/// Builds the boxes of form controls and embedded content: text-bearing controls (fields,
/// buttons, selects, text areas, date fields) as inline-blocks around the text they show, so
/// their baseline and height come from that line as in WebKit; the others as replaced boxes
/// of WebKit's default sizes. Sizes measured in WebKitGTK (`webkit_ref.py boxes`), see
/// `FormControlStyle`.
struct ControlBoxes {
    let dom: DOMDocument
    let images: ImageStore?

    /// What becomes of an element: a control's box, or nil when it is no control.
    func box(for node: DOMDocument.NodeID, tag: String, style: ComputedStyle) -> Box? {
        let attributes = dom[node].attributes
        switch tag {
        case "input": return input(node, attributes, style)
        case "textarea": return textArea(node, attributes, style)
        case "select": return select(node, style)
        case "meter": return meter(node, attributes, style)
        case "progress": return progress(node, attributes, style)
        case "video": return video(node, attributes, style)
        case "audio": return replaced(node, style, .audio, width: 250, height: 31)  // WebKitGTK's control bar
        case "iframe", "embed": return frame(node, attributes, style)
        case "object": return object(node, attributes, style)
        default: return nil
        }
    }

    // MARK: input

    private func input(_ node: DOMDocument.NodeID, _ attributes: [String: String], _ style: ComputedStyle) -> Box? {
        let type = (attributes["type"] ?? "text").trimmingWhitespaces().lowercased()
        let value = attributes["value"]
        switch type {
        case "checkbox":
            return replaced(node, style, .checkbox(checked: attributes["checked"] != nil), width: 12, height: 12)
        case "radio":
            return replaced(node, style, .radio(checked: attributes["checked"] != nil), width: 12, height: 12)
        case "range":
            let ratio = Self.ratio(value: attributes["value"], min: attributes["min"], max: attributes["max"], defaultMax: 100, middle: true)
            return replaced(node, style, .range(ratio: ratio), width: 129, height: 20)
        case "color":
            let colour = value.flatMap { CSSColor.parse($0) } ?? .black
            return replaced(node, style, .colorWell(colour), width: 36, height: 17)
        case "submit", "reset", "button", "file":
            let label: String
            switch type {
            case "submit": label = value ?? "Submit"
            case "reset": label = value ?? "Reset"
            case "file": label = "Choose File"
            default: label = value ?? ""
            }
            return textBox(node, style, .button(prominent: type == "submit" && attributes["disabled"] == nil), text: label)
        case "date", "time", "datetime-local", "month", "week":
            // The closed control is as wide as WebKit's widest value of the type (measured in
            // em of the control's font); an empty one shows no text, as on iOS.
            let ems: Double = ["date": 5.0426, "time": 2.6719, "datetime-local": 7.9758, "month": 4.2809, "week": 0.15][type] ?? 5.0426
            var sized = style
            if sized.width.isAuto { sized.width = .px(ems * style.fontSize); sized.borderBoxSizing = false }
            return textBox(node, sized, .dateField, text: value.map(Self.singleLine) ?? "")
        default:
            var sized = style
            if sized.width.isAuto {
                // RenderTextControlSingleLine: `size` average characters plus a little more,
                // in WebKitGTK's measured widths (146 px at 13.33 px, 167 px at 16 px for 20).
                let size = attributes["size"].flatMap { Int($0.trimmingWhitespaces()) }.flatMap { $0 > 0 ? $0 : nil } ?? 20
                let width = Double(min(size, 1000)) * Self.averageCharacterWidth(style.fontSize) + (0.45 * style.fontSize).rounded()
                sized.width = .px(sized.borderBoxSizing ? width + Self.horizontalChrome(style) : width)
            }
            let shown = (value.map(Self.singleLine)).flatMap { $0.isEmpty ? nil : $0 }
            if let shown {
                let text = type == "password" ? String(repeating: "•", count: shown.count) : shown
                return textBox(node, sized, .textField(search: type == "search"), text: text)
            }
            var placeholderStyle = sized
            placeholderStyle.color = FormControlStyle.placeholderText
            let placeholder = attributes["placeholder"].map(Self.singleLine) ?? ""
            return textBox(node, sized, .textField(search: type == "search"), text: placeholder, textStyle: placeholderStyle)
        }
    }

    // MARK: textarea, select

    private func textArea(_ node: DOMDocument.NodeID, _ attributes: [String: String], _ style: ComputedStyle) -> Box {
        let rows = attributes["rows"].flatMap { Int($0.trimmingWhitespaces()) }.flatMap { $0 > 0 ? min($0, 1000) : nil } ?? 2
        let cols = attributes["cols"].flatMap { Int($0.trimmingWhitespaces()) }.flatMap { $0 > 0 ? min($0, 1000) : nil } ?? 20
        var sized = style
        if sized.width.isAuto { sized.width = .px(Double(cols) * Self.averageCharacterWidth(style.fontSize)) }
        var text = dom[node].children.compactMap { dom[$0].text }.joined()
        if text.hasPrefix("\n") { text.removeFirst() }  // HTML drops a newline right after <textarea>
        if text.isEmpty, let placeholder = attributes["placeholder"] {
            var placeholderStyle = sized
            placeholderStyle.color = FormControlStyle.placeholderText
            return textBox(node, sized, .textArea(rows: rows), text: placeholder, textStyle: placeholderStyle)
        }
        return textBox(node, sized, .textArea(rows: rows), text: text)
    }

    /// The closed popup button: the selected option's label (the first option's when none
    /// is selected).
    private func select(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> Box {
        var options: [DOMDocument.NodeID] = []
        func gather(_ parent: DOMDocument.NodeID) {
            for child in dom[parent].children where options.count < 10_000 {
                switch dom[child].tag {
                case "option": options.append(child)
                case "optgroup": gather(child)
                default: break
                }
            }
        }
        gather(node)
        let chosen = options.last { dom[$0].attributes["selected"] != nil } ?? options.first
        func label(_ option: DOMDocument.NodeID) -> String {
            let text = dom[option].attributes["label"] ?? dom.textContent(of: option).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return String(text.prefix(1000))
        }
        let box = textBox(node, style, .select, text: chosen.map(label) ?? "")
        // As wide as its widest option (measured at layout; the first 200 options).
        box.control?.sizingTexts = options.prefix(200).filter { $0 != chosen }.map(label).filter { !$0.isEmpty }
        return box
    }

    // MARK: meter, progress

    private func meter(_ node: DOMDocument.NodeID, _ attributes: [String: String], _ style: ComputedStyle) -> Box {
        func number(_ name: String) -> Double? { Self.number(attributes[name]) }
        let minimum = number("min") ?? 0
        let maximum = max(minimum, number("max") ?? 1)
        let value = Swift.min(Swift.max(number("value") ?? 0, minimum), maximum)
        let low = Swift.min(Swift.max(number("low") ?? minimum, minimum), maximum)
        let high = Swift.min(Swift.max(number("high") ?? maximum, low), maximum)
        let optimum = Swift.min(Swift.max(number("optimum") ?? (minimum + maximum) / 2, minimum), maximum)
        let ratio = maximum > minimum ? (value - minimum) / (maximum - minimum) : 0
        let region = Control.MeterRegion.of(value: value, min: minimum, max: maximum, low: low, high: high, optimum: optimum)
        // html.css: 5em × 1em.
        return replaced(node, style, .meter(ratio: ratio, region: region), width: 5 * style.fontSize, height: style.fontSize)
    }

    private func progress(_ node: DOMDocument.NodeID, _ attributes: [String: String], _ style: ComputedStyle) -> Box {
        let ratio: Double? = attributes["value"] == nil ? nil
            : Self.ratio(value: attributes["value"], min: nil, max: attributes["max"], defaultMax: 1, middle: false)
        // html.css: 10em wide; WebKitGTK's bar is 6 px tall.
        return replaced(node, style, .progress(ratio: ratio), width: 10 * style.fontSize, height: 6)
    }

    // MARK: media and frames

    /// A video shows its poster at the poster's size, else a 300 × 150 frame (or its
    /// attributes' size).
    private func video(_ node: DOMDocument.NodeID, _ attributes: [String: String], _ style: ComputedStyle) -> Box {
        let poster = attributes["poster"].flatMap { $0.isEmpty ? nil : images?.image(for: $0) }
        let kind = Control.Kind.video(controls: attributes["controls"] != nil)
        let box: Box
        if let poster {
            box = replaced(node, style, kind, width: Double(poster.width), height: Double(poster.height))
            box.image = poster
        } else {
            box = replaced(node, style, kind, width: 300, height: 150)
            // A poster that cannot load stands as the flat placeholder of `--images placeholder`
            // (the phone would show it), in the frame's default size.
            let options = images?.options ?? ImageOptions()
            if let source = attributes["poster"], options.showsPlaceholder(source: source) { box.placeholderColor = options.placeholderColor }
        }
        applyDimensionAttributes(attributes, to: box)
        return box
    }

    /// An `<object>` of a declared non-image type is the empty box a blocked plugin leaves; one
    /// of an image type shows the image when it loads; otherwise (no type: nothing fetched to
    /// learn it; an image that fails) its fallback content shows, as in WebKit offline (nil).
    private func object(_ node: DOMDocument.NodeID, _ attributes: [String: String], _ style: ComputedStyle) -> Box? {
        let type = (attributes["type"] ?? "").trimmingWhitespaces().lowercased()
        if type.isEmpty { return nil }
        if type.hasPrefix("image/") {
            guard let data = attributes["data"], let image = images?.image(for: data) else { return nil }
            let box = Box(kind: .image, node: node, style: style)
            box.image = image
            box.intrinsicWidth = Double(image.width)
            box.intrinsicHeight = Double(image.height)
            applyDimensionAttributes(attributes, to: box)
            return box
        }
        return frame(node, attributes, style)
    }

    private func frame(_ node: DOMDocument.NodeID, _ attributes: [String: String], _ style: ComputedStyle) -> Box {
        let box = replaced(node, style, .frame, width: 300, height: 150)
        applyDimensionAttributes(attributes, to: box)
        return box
    }

    /// `width` and `height` attributes as the natural size (one alone keeps the ratio).
    private func applyDimensionAttributes(_ attributes: [String: String], to box: Box) {
        func pixels(_ raw: String?) -> Double? {
            guard let raw, let dimension = PresentationalHints.dimension(raw), dimension.hasSuffix("px"),
                  let value = Double(dimension.dropLast(2)), value >= 0 else { return nil }
            return min(value, 100_000)
        }
        let width = pixels(attributes["width"]), height = pixels(attributes["height"])
        let ratio = box.aspectRatio ?? 0.5
        if let width, let height { box.intrinsicWidth = width; box.intrinsicHeight = height }
        else if let width { box.intrinsicWidth = width; box.intrinsicHeight = width * ratio }
        else if let height, ratio > 0 { box.intrinsicHeight = height; box.intrinsicWidth = height / ratio }
    }

    // MARK: Building blocks

    private func replaced(_ node: DOMDocument.NodeID, _ style: ComputedStyle, _ kind: Control.Kind, width: Double, height: Double) -> Box {
        let box = Box(kind: .image, node: node, style: style)
        box.intrinsicWidth = width
        box.intrinsicHeight = height
        box.control = Control(kind: kind)
        return box
    }

    /// An inline-block holding one run of text. An empty control still holds a line (a
    /// zero-width space), so its height and baseline are a line's, as in WebKit.
    private func textBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle, _ kind: Control.Kind, text: String,
                         textStyle: ComputedStyle? = nil) -> Box {
        var boxStyle = style
        if boxStyle.display != .inlineBlock && !boxStyle.display.isBlockLevel { boxStyle.display = .inlineBlock }
        let box = Box(kind: boxStyle.display.isBlockLevel ? .block : .inlineBlock, node: node, style: boxStyle)
        var content = InlineContent()
        var runStyle = (textStyle ?? style).inheritedForChild()
        runStyle.display = .inline
        let shown = String(text.prefix(10_000))
        content.items.append(.text(shown.isEmpty ? "\u{200B}" : shown, runStyle))
        box.inlineContent = content
        box.control = Control(kind: kind)
        return box
    }

    /// WebKitGTK's average character width of the control font, whole pixels (7 at 13.33 px).
    static func averageCharacterWidth(_ fontSize: Double) -> Double { (0.52 * fontSize).rounded() }

    private static func horizontalChrome(_ style: ComputedStyle) -> Double {
        func px(_ length: Length) -> Double { if case .px(let v) = length { return v }; return 0 }
        let border = style.usedBorder
        return border.left + border.right + px(style.padding.left) + px(style.padding.right)
    }

    private static func singleLine(_ text: String) -> String {
        String(text.prefix(10_000).map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }

    /// A numeric attribute's value: finite, else nil.
    private static func number(_ raw: String?) -> Double? {
        raw.flatMap { Double($0.trimmingWhitespaces()) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A value's place between min and max, 0...1; a missing value is the middle (range) or 0.
    private static func ratio(value: String?, min: String?, max: String?, defaultMax: Double, middle: Bool) -> Double {
        let minimum = number(min) ?? 0
        var maximum = number(max) ?? defaultMax
        if maximum <= minimum { maximum = middle ? Swift.max(minimum, defaultMax) : defaultMax }
        guard maximum > minimum else { return 0 }
        let fallback = middle ? (minimum + maximum) / 2 : minimum
        let value = Swift.min(Swift.max(number(value) ?? fallback, minimum), maximum)
        return (value - minimum) / (maximum - minimum)
    }
}
