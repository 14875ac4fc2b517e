import CCairo

/// How inline content takes part in the Unicode bidi algorithm (UAX #9), which pango runs:
/// the paragraph's base direction comes from the container's `direction` (never from its
/// text), and each inline element's `unicode-bidi` becomes the explicit formatting
/// characters CSS Writing Modes § 2.4.2 maps it to, around its content. The characters ride
/// in the inline start and end items' own text, so every byte offset the layout hands out
/// (line starts, runs) stays an offset of `InlineContent`'s text.
enum Bidi {
    private static let lre = "\u{202A}", rle = "\u{202B}", pdf = "\u{202C}", lro = "\u{202D}", rlo = "\u{202E}"
    private static let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"

    /// What opens an inline element's content.
    static func opening(_ style: ComputedStyle) -> String {
        let rtl = style.direction.isRightToLeft
        switch style.unicodeBidi {
        case .normal: return ""
        case .embed: return rtl ? rle : lre
        case .isolate: return rtl ? rli : lri
        case .bidiOverride: return rtl ? rlo : lro
        case .isolateOverride: return (rtl ? rli : lri) + (rtl ? rlo : lro)
        case .plaintext: return fsi
        }
    }

    /// What closes it, in the reverse order of `opening`.
    static func closing(_ style: ComputedStyle) -> String {
        switch style.unicodeBidi {
        case .normal: return ""
        case .embed, .bidiOverride: return pdf
        case .isolate, .plaintext: return pdi
        case .isolateOverride: return pdf + pdi
        }
    }

    /// A PangoLayout's paragraph direction: the container's `direction`, or with
    /// `unicode-bidi: plaintext` each paragraph's first strong character. Without this,
    /// pango guesses from the text and right-aligns an LTR paragraph that starts in Arabic.
    static func setBaseDirection(of layout: OpaquePointer, _ container: ComputedStyle) {
        pango_layout_set_auto_dir(layout, container.unicodeBidi == .plaintext ? 1 : 0)
    }

    /// The pango alignment of a container's lines: `start`/`end` resolved by its direction;
    /// justified lines (and the last line of a justified paragraph) start at the start side.
    static func setAlignment(of layout: OpaquePointer, _ container: ComputedStyle) {
        let rtl = container.direction.isRightToLeft
        switch container.textAlign.physical(in: container.direction) {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .justify, .start, .end:
            pango_layout_set_justify(layout, 1)
            pango_layout_set_alignment(layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        }
    }
}
