/// A form control or embedded-content element, as the box tree carries it: what it is and the
/// state its drawing needs (checked, the value's share of the range). Paint draws it as iOS
/// does (`Painter.paintControl`); layout sizes it as WebKit does (`ControlBoxes`).
struct Control {
    enum Kind: Equatable {
        /// text, email, number, search, password, tel, url (and unknown types).
        case textField(search: Bool)
        /// Rows of text: its height is `rows` lines.
        case textArea(rows: Int)
        /// submit, reset, button, `<button>`, file. Submit buttons (`input[type=submit]`,
        /// `button[type=submit]`) are iOS's prominent ones: system blue with white labels.
        case button(prominent: Bool)
        case checkbox(checked: Bool)
        case radio(checked: Bool)
        /// The value's position between min and max, 0...1.
        case range(ratio: Double)
        /// date, time, datetime-local, month, week: the closed control.
        case dateField
        case colorWell(RGBA)
        /// The closed popup button showing the selected option.
        case select
        case meter(ratio: Double, region: MeterRegion)
        /// nil: indeterminate.
        case progress(ratio: Double?)
        /// The poster is the box's image when it loaded; with `controls` iOS shows its start button.
        case video(controls: Bool)
        case audio
        /// iframe, object, embed: the box WebKit leaves when the content is not loaded.
        case frame
        /// The first frame of a `<marquee>`: a scrolling or sliding one has not come in yet.
        case marquee(contentHidden: Bool)
    }

    /// A meter's value against its low, high and optimum (HTML § 4.10.14).
    enum MeterRegion: Equatable { case optimum, suboptimal, evenLessGood }

    var kind: Kind
    /// Texts the control is as wide as the widest of, besides the one it shows (a select's
    /// other options, as WebKit sizes its popup button).
    var sizingTexts: [String] = []

    /// Media and frames keep their natural ratio when one side is set; a checkbox, range or
    /// meter given a width keeps its default height.
    var hasIntrinsicRatio: Bool {
        switch kind {
        case .video, .frame: return true
        default: return false
        }
    }

    /// Buttons and selects are as wide as their content even as blocks (WebKit's RenderButton
    /// and RenderMenuList shrink to fit); auto margins then place them.
    var shrinksToFit: Bool {
        switch kind {
        case .button, .select: return true
        default: return false
        }
    }

    /// Single-line controls centre their line in a taller box, as WebKit's inner text block is
    /// centred (text fields, buttons, selects, date fields).
    var centresLine: Bool {
        switch kind {
        case .textField, .button, .select, .dateField: return true
        default: return false
        }
    }

    /// The distance from the border-box top to the baseline, for controls drawn without text:
    /// checkboxes, radios and ranges sit on the baseline with their border box (RenderTheme's
    /// baselinePosition); meters and progress bars 0.2em below it (html.css's
    /// `vertical-align: -0.2em`); the rest as replaced elements (bottom margin edge).
    func baselineFromTop(_ box: Box) -> Double? {
        switch kind {
        case .checkbox, .radio, .range: return box.height
        case .textArea: return box.height  // a scrolling box: its bottom edge (measured)
        case .meter, .progress:
            return box.style.verticalAlign == .baseline ? box.height - 0.2 * box.style.fontSize : box.height
        default: return nil
        }
    }
}

extension Control.MeterRegion {
    /// HTML's gauge regions: where the value lies against low/high relative to the optimum.
    static func of(value: Double, min: Double, max: Double, low: Double, high: Double, optimum: Double) -> Self {
        if optimum < low {
            return value <= low ? .optimum : value <= high ? .suboptimal : .evenLessGood
        }
        if optimum > high {
            return value >= high ? .optimum : value >= low ? .suboptimal : .evenLessGood
        }
        return value >= low && value <= high ? .optimum : .suboptimal
    }
}
