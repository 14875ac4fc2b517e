/// What iOS WebKit draws for a form control or embedded content (RenderThemeIOS.mm), as
/// display-list items: fills and rings the rasterizer already knows, and `ControlGlyph`s for
/// the shapes it does not (checkmark, chevrons, play triangle).
///
/// A control that still looks native (`FormControlStyle.isNative`) is drawn by the theme
/// instead of its CSS background and border; a restyled one keeps its CSS painting and gets
/// only the parts CSS cannot express (a checkbox's mark, a select's chevrons).
public enum ControlGlyph: Sendable, Equatable {
    /// iOS's checkmark (RenderThemeIOS::paintCheckbox's path), 65 % of the box wide, centred.
    case checkmark
    /// iOS's up/down chevrons of a closed select (paintMenuListButtonDecorations).
    case selectChevrons
    /// The play triangle of a video's start button or an audio bar.
    case play
}

struct ControlPainting {
    typealias Entry = (item: DisplayList.Item, bounds: Rect)

    let box: Fragment
    /// The border box, in document coordinates.
    let frame: Rect

    private var control: Control? { box.control }
    private var style: ComputedStyle { box.style }
    /// iOS's control tint: `accent-color`, else system blue (RenderThemeIOS's controlTintColor).
    private var tint: RGBA { style.accentColor ?? FormControlStyle.systemBlue }

    /// Whether the theme draws the control's background and border instead of CSS.
    var replacesCSSBackground: Bool {
        guard let control, !style.visibilityHidden else { return false }
        switch control.kind {
        case .video, .frame, .marquee, .meter, .progress, .audio: return false
        default: return FormControlStyle.isNative(control.kind, style)
        }
    }

    /// The theme's drawing under the control's content (its text).
    func background() -> [Entry] {
        guard let control, replacesCSSBackground else { return [] }
        switch control.kind {
        case .textField(let search):
            // html.css (iOS): a white field, 1 px border, 5 px corners; search fields grey.
            let radii = Self.radii(5)
            if search { return [(.roundedFill(frame, radii, FormControlStyle.opaqueTertiaryFill), frame)] }
            return field(radii)
        case .textArea:
            return field(Self.radii(5))
        case .button(let prominent):
            // Button-like controls: a pill (adjustRoundBorderRadius: half the height below 45 px,
            // else 35 % of the smaller side / 2), grey, or system blue for submit buttons.
            let fill = prominent ? FormControlStyle.systemBlue : FormControlStyle.opaqueSecondaryFill
            return [(.roundedFill(frame, pillRadii, fill), frame)]
        case .select, .dateField:
            return [(.roundedFill(frame, pillRadii, FormControlStyle.opaqueSecondaryFill), frame)]
        case .colorWell(let colour):
            let inner = content
            return [(.roundedFill(frame, Self.radii(5), FormControlStyle.opaqueSecondaryFill), frame),
                    (.roundedFill(inner, Self.radii(3), colour), inner)]
        case .checkbox(let checked):
            return checkbox(checked)
        case .radio(let checked):
            return radio(checked)
        case .range(let ratio):
            return range(ratio)
        default:
            return []
        }
    }

    /// The theme's drawing of replaced controls and media, over their content box, and the
    /// marks a restyled control keeps.
    func foreground() -> [Entry] {
        guard let control, !style.visibilityHidden else { return [] }
        switch control.kind {
        case .select:
            return [selectChevrons()]
        case .checkbox(true) where !replacesCSSBackground && !style.appearanceNone:
            return [(.controlGlyph(.checkmark, content, style.color), content)]
        case .meter(let ratio, let region):
            return meter(ratio, region)
        case .progress(let ratio):
            return progress(ratio)
        case .video(let controls):
            return video(startButton: controls)
        case .audio:
            return audio()
        default:
            return []
        }
    }

    // MARK: Fields and buttons

    private func field(_ radii: CornerRadii) -> [Entry] {
        [(.roundedFill(frame, radii, FormControlStyle.fieldBackground), frame),
         (.roundedBorder(frame, radii, widths: Edges(1), colors: Edges(FormControlStyle.secondaryLabel), styles: Edges(.solid)), frame)]
    }

    private var pillRadii: CornerRadii {
        let minimum = min(frame.width, frame.height)
        if frame.height >= 45 { return Self.radii(minimum * 0.35 / 2) }
        return CornerRadii(Edges(CornerRadius(.px(frame.height / 2))), box: frame)
    }

    private func selectChevrons() -> Entry {
        // 0.65 em wide (63 × 73 units), centred vertically, at the end of the content box.
        let width = 0.65 * style.fontSize, height = width * 73 / 63
        let end = frame.maxX - box.border.right - 0.5 * style.fontSize
        let rect = Rect(x: end - width, y: frame.y + (frame.height - height) / 2, width: width, height: height)
        return (.controlGlyph(.selectChevrons, rect, style.color), rect)
    }

    // MARK: Checkboxes and radios

    private func checkbox(_ checked: Bool) -> [Entry] {
        // paintCheckbox: 5 px corners on a 16 px box, scaled with the box.
        let radii = Self.radii(5 * frame.height / 16)
        if !checked { return ring(radii) }
        return [(.roundedFill(frame, radii, tint), frame),
                (.controlGlyph(.checkmark, frame, .white), frame)]
    }

    private func radio(_ checked: Bool) -> [Entry] {
        let radii = Self.radii(frame.width / 2)
        if !checked { return ring(radii) }
        // The inner circle is 6/14 of the outer one.
        let inset = frame.width * 2 / 7
        let inner = frame.insetBy(inset)
        let innerRadii = Self.radii(inner.width / 2)
        return [(.roundedFill(frame, radii, tint), frame),
                (.roundedFill(inner, innerRadii, .white), inner)]
    }

    /// An empty checkbox or radio: the control background inside a 1.5 px secondary-label
    /// border (a 3 px stroke clipped to the shape).
    private func ring(_ radii: CornerRadii) -> [Entry] {
        [(.roundedFill(frame, radii, FormControlStyle.controlBackground), frame),
         (.roundedBorder(frame, radii, widths: Edges(1.5), colors: Edges(FormControlStyle.secondaryLabel), styles: Edges(.solid)), frame)]
    }

    // MARK: Range, meter, progress

    private func range(_ ratio: Double) -> [Entry] {
        // paintSliderTrack: a 4 px track inset 1 px, in a 1 px control-background edge; the
        // value part in the tint colour; a 16 px white thumb (adjustSliderThumbSize).
        let box = content
        var track = Rect(x: box.x + 1, y: box.y + box.height / 2 - 2, width: max(0, box.width - 2), height: 4)
        let trackRadii = Self.radii(2)
        var entries: [Entry] = [
            (.roundedFill(track.insetBy(-1), Self.radii(3), FormControlStyle.controlBackground), track.insetBy(-1)),
            (.roundedFill(track, trackRadii, FormControlStyle.opaqueFill), track),
        ]
        let thumbSize = min(16, box.height, box.width)
        let thumbX = box.x + (box.width - thumbSize) * ratio
        track.width = max(0, thumbX + thumbSize / 2 - track.x)
        entries.append((.roundedFill(track, trackRadii, tint), track))
        let thumb = Rect(x: thumbX, y: box.y + (box.height - thumbSize) / 2, width: thumbSize, height: thumbSize)
        let round = Self.radii(thumbSize / 2)
        // html.css (iOS): box-shadow 0 6px 13px and 0 0.5px 4px, both rgba(0, 0, 0, 0.2).
        let shade = RGBA(r: 0, g: 0, b: 0, a: 0.2)
        for (dy, blur) in [(6.0, 13.0), (0.5, 4.0)] {
            let shadow = BoxShadowShape(BoxShadow(dx: 0, dy: dy, blur: blur, spread: 0, color: shade), borderBox: thumb, radii: round, border: Edges(0))
            entries.append((.boxShadow(shadow), shadow.bounds))
        }
        entries.append((.roundedFill(thumb, round, .white), thumb))
        return entries
    }

    private func meter(_ ratio: Double, _ region: Control.MeterRegion) -> [Entry] {
        // paintMeter: a pill in the control background, inset 1 px the tertiary fill, the
        // value's share in green, yellow or red by its region.
        let rect = content
        guard rect.width > 2, rect.height > 2 else { return [] }
        let outer = CornerRadii(Edges(CornerRadius(.px(min(rect.width, rect.height) / 2))), box: rect)
        let inner = rect.insetBy(1)
        let innerRadii = CornerRadii(Edges(CornerRadius(.px(min(inner.width, inner.height) / 2))), box: inner)
        let colour: RGBA
        switch region {
        case .optimum: colour = FormControlStyle.systemGreen
        case .suboptimal: colour = FormControlStyle.systemYellow
        case .evenLessGood: colour = FormControlStyle.systemRed
        }
        var entries: [Entry] = [(.roundedFill(rect, outer, FormControlStyle.controlBackground), rect),
                                (.roundedFill(inner, innerRadii, FormControlStyle.opaqueTertiaryFill), inner)]
        if ratio > 0 {
            entries.append((.pushRoundedClip(inner, innerRadii), inner))
            let filled = Rect(x: inner.x - inner.width * (1 - ratio), y: inner.y, width: inner.width, height: inner.height)
            entries.append((.roundedFill(filled, innerRadii, colour), inner))
            entries.append((.popClip, inner))
        }
        return entries
    }

    private func progress(_ ratio: Double?) -> [Entry] {
        // paintProgressBar: a 4 px bar centred in the box, inset 1 px, corners 2.5 × 1.5 px
        // (drawn round); the value's share in the tint colour.
        let rect = content
        let track = Rect(x: rect.x + 1, y: rect.y + (rect.height - 4) / 2, width: max(0, rect.width - 2), height: 4)
        let radii = Self.radii(1.5)
        var entries: [Entry] = [(.roundedFill(track, radii, FormControlStyle.opaqueFill), track)]
        if let ratio, ratio > 0 {
            let filled = Rect(x: track.x, y: track.y, width: track.width * ratio, height: track.height)
            entries.append((.roundedFill(filled, radii, tint), filled))
        }
        return entries
    }

    // MARK: Media

    /// The poster scaled to fit (object-fit: contain, video's UA default), else the placeholder
    /// of a poster that could not load, else a black frame;
    /// with controls, iOS's start button over it: a translucent disc with a white play triangle.
    private func video(startButton: Bool) -> [Entry] {
        let rect = content
        guard rect.width > 0, rect.height > 0 else { return [] }
        var entries: [Entry] = []
        if let poster = box.replaced?.image {
            let scale = min(rect.width / Double(poster.width), rect.height / Double(poster.height))
            let size = (width: Double(poster.width) * scale, height: Double(poster.height) * scale)
            let shown = Rect(x: rect.x + (rect.width - size.width) / 2, y: rect.y + (rect.height - size.height) / 2,
                             width: size.width, height: size.height)
            entries.append((.image(poster, shown), shown))
        } else {
            entries.append((.fill(rect, box.replaced?.placeholderColor ?? .black), rect))
        }
        let diameter = min(56, rect.width * 0.5, rect.height * 0.5)
        guard startButton, diameter >= 12 else { return entries }
        let disc = Rect(x: rect.x + (rect.width - diameter) / 2, y: rect.y + (rect.height - diameter) / 2, width: diameter, height: diameter)
        let round = Self.radii(diameter / 2)
        entries.append((.roundedFill(disc, round, RGBA(r: 0.2, g: 0.2, b: 0.2, a: 0.6)), disc))
        entries.append((.controlGlyph(.play, disc.insetBy(diameter * 0.3), .white), disc))
        return entries
    }

    /// The audio control bar: a grey pill with a play triangle and an empty timeline.
    private func audio() -> [Entry] {
        let rect = content
        guard rect.width > 0, rect.height > 0 else { return [] }
        let pill = CornerRadii(Edges(CornerRadius(.px(rect.height / 2))), box: rect)
        let glyphSize = min(rect.height * 0.4, 12)
        let glyph = Rect(x: rect.x + rect.height / 2, y: rect.y + (rect.height - glyphSize) / 2, width: glyphSize, height: glyphSize)
        let lineStart = glyph.maxX + rect.height / 2
        let line = Rect(x: lineStart, y: rect.y + rect.height / 2 - 2, width: max(0, rect.maxX - rect.height / 2 - lineStart), height: 4)
        return [(.roundedFill(rect, pill, FormControlStyle.opaqueSecondaryFill), rect),
                (.controlGlyph(.play, glyph, .black), glyph),
                (.roundedFill(line, Self.radii(2), FormControlStyle.opaqueFill), line)]
    }

    // MARK: Geometry

    private var content: Rect {
        Rect(x: frame.x + box.contentX, y: frame.y + box.border.top + box.padding.top,
             width: box.contentWidth, height: box.contentHeight)
    }

    private static func radii(_ radius: Double) -> CornerRadii {
        CornerRadii(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }
}
