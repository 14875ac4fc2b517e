/// The user-agent rules of form controls and embedded content, and the colours iOS draws
/// controls in. Stated once: the UA sheet is generated from these values, and `isNative`
/// asks whether a control still holds them (WebKit drops a control's native look, as
/// `RenderTheme::isControlStyled` does, once the author restyles its background or border).
///
/// Geometry is WebKitGTK's, measured with `webkit_ref.py boxes` (iOS's own metrics, 11 px
/// system-ui text with 0.2em/0.5em padding, need iOS's font and cannot be measured here):
/// a text field is 2 px border + 1 px padding around a line of 13.33 px sans-serif, a button
/// 2 px border + 2/6/3 px padding, a select 1 px border around an internal padding, a
/// checkbox 12 px with 3px 2px margins. The look is iOS's (RenderThemeIOS.mm, html.css).
/// WebKitGTK draws control text in its desktop font, whose normal line is 16 px at 13.33 px;
/// our sans-serif (Liberation Sans) makes 15, so controls take `line-height: 1.2` to keep
/// WebKit's heights.
enum FormControlStyle {
    // MARK: iOS system colours (light appearance; UIKit's values composited on white where
    // WebKit uses their opaque variants)
    static let systemBlue = RGBA(bytes: 0, 122, 255)
    static let systemGreen = RGBA(bytes: 52, 199, 89)
    static let systemYellow = RGBA(bytes: 255, 204, 0)
    static let systemRed = RGBA(bytes: 255, 59, 48)
    /// -apple-system-secondary-label: rgba(60, 60, 67, 0.6).
    static let secondaryLabel = RGBA(bytes: 60, 60, 67, alpha: 0.6)
    /// -apple-system-opaque-fill (systemFill 120,120,128 at 0.2 on white).
    static let opaqueFill = RGBA(bytes: 228, 228, 230)
    /// -apple-system-opaque-secondary-fill (secondarySystemFill at 0.16 on white).
    static let opaqueSecondaryFill = RGBA(bytes: 235, 235, 236)
    /// -apple-system-opaque-tertiary-fill (tertiarySystemFill at 0.12 on white).
    static let opaqueTertiaryFill = RGBA(bytes: 240, 240, 241)
    /// -webkit-control-background.
    static let controlBackground = RGBA.white
    /// The placeholder text colour (-apple-system-placeholder-text: rgba(60, 60, 67, 0.3)).
    static let placeholderText = RGBA(bytes: 60, 60, 67, alpha: 0.3)

    // MARK: UA defaults a control keeps while it looks native

    /// Text fields and text areas: white, 2 px inset grey border (WebKitGTK's geometry).
    static let fieldBackground = RGBA.white
    static let fieldBorder = RGBA(bytes: 128, 128, 128)
    /// Buttons: WebKitGTK's 2 px outset border in the button face colour.
    static let buttonFace = RGBA(bytes: 192, 192, 192)
    /// Selects: a 1 px black border (WebKitGTK).
    static let selectBorder = RGBA.black

    static let css = """
    input, textarea, select, button { margin: 0; font-size: 13.333333px; font-family: sans-serif;
        font-weight: normal; font-style: normal; color: black; letter-spacing: normal; word-spacing: normal;
        line-height: 1.2; text-transform: none; text-indent: 0; text-shadow: none; display: inline-block;
        text-align: start; white-space: pre; vertical-align: baseline }
    input, textarea { background-color: white; border: 2px inset rgb(128, 128, 128); padding: 1px }
    textarea { white-space: pre-wrap }
    input[type=checkbox], input[type=radio] { margin: 3px 2px; padding: 0; border: 0 none; background-color: transparent }
    input[type=range] { margin: 2px; padding: 0; border: 0 none; background-color: transparent }
    input[type=color] { padding: 1px 2px; border: 2px inset rgb(128, 128, 128) }
    input[type=submit], input[type=reset], input[type=button], input[type=file], button { padding: 2px 6px 3px;
        border: 2px outset rgb(192, 192, 192); background-color: rgb(192, 192, 192); text-align: center;
        box-sizing: border-box; color: rgb(0, 122, 255) }
    input[type=submit], button[type=submit] { color: white }
    input[disabled], textarea[disabled] { opacity: 0.4 }
    input[type=submit][disabled], input[type=reset][disabled], input[type=button][disabled], button[disabled],
        select[disabled] { color: rgba(60, 60, 67, 0.3); opacity: 1 }
    input[type=checkbox][disabled], input[type=radio][disabled], input[type=date][disabled], input[type=time][disabled] { opacity: 1 }
    input[type=date], input[type=time], input[type=datetime-local], input[type=month], input[type=week] {
        padding: 3px 1px; color: rgb(0, 122, 255); text-align: center }
    select { padding: 5px 19px 5px 8px; border: 1px solid black; background-color: white; box-sizing: border-box;
        color: rgb(0, 122, 255) }
    meter, progress { display: inline-block }
    fieldset { margin-left: 2px; margin-right: 2px; padding: 0.35em 0.75em 0.625em; border: 2px groove rgb(192, 192, 192) }
    legend { padding-left: 2px; padding-right: 2px }
    audio:not([controls]) { display: none }
    iframe { border: 2px inset }
    marquee { display: inline-block; width: 100%; overflow: hidden; white-space: nowrap }
    summary { display: block }
    dialog:not([open]) { display: none }
    dialog { display: block; position: absolute; inset-inline-start: 0; inset-inline-end: 0;
        width: fit-content; height: fit-content; margin: auto; border: solid; padding: 1em;
        background-color: white; color: black }
    [popover] { display: none }
    ruby > rt { display: block; font-size: 50%; text-align: center; line-height: normal }
    """

    /// Whether a control with these kind and computed style still shows the native look: its
    /// background and border are still the UA's, and `appearance` is not `none`.
    static func isNative(_ kind: Control.Kind, _ style: ComputedStyle) -> Bool {
        guard !style.appearanceNone, !style.background.hasImage else { return false }
        func border(_ width: Double, _ borderStyle: BorderStyle, _ colour: RGBA?) -> Bool {
            let sides = [style.borderWidth.top, style.borderWidth.right, style.borderWidth.bottom, style.borderWidth.left]
            let styles = [style.borderStyle.top, style.borderStyle.right, style.borderStyle.bottom, style.borderStyle.left]
            let colours = [style.borderColor.top, style.borderColor.right, style.borderColor.bottom, style.borderColor.left]
            return sides.allSatisfy { $0 == width } && styles.allSatisfy { $0 == borderStyle }
                && (colour == nil || colours.allSatisfy { $0 == colour })
        }
        let noBorder = style.borderStyle.top == .none && style.borderStyle.right == .none
            && style.borderStyle.bottom == .none && style.borderStyle.left == .none
        switch kind {
        case .textField, .textArea, .dateField, .colorWell:
            return style.backgroundColor == fieldBackground && border(2, .inset, fieldBorder)
        case .button:
            return style.backgroundColor == buttonFace && border(2, .outset, buttonFace)
        case .select:
            return style.backgroundColor == fieldBackground && border(1, .solid, selectBorder)
        case .checkbox, .radio, .range:
            return style.backgroundColor.a == 0 && noBorder
        case .meter, .progress, .video, .audio, .frame, .marquee:
            return true
        }
    }
}
