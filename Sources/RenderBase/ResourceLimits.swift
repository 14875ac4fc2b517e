import Foundation

/// Every bound on what one mail may cost, in one place (design §6, issue 6): the parser, the
/// styler, layout, the image decoder and the writers read them here, and the README lists
/// them. A limit that is reached never fails a render on its own: the part over it is left
/// out and one warning line says what was cut. Each value was chosen so that the worst input
/// the limit lets through still renders in well under 5 s and 1 GB (`make hostile`).
/// The warnings' wording is RenderCore's (`Scene/LimitWarnings.swift`).
public struct ResourceLimits: Sendable, Equatable {
    /// Elements nested deeper lose their own box; their content joins the ancestor at this depth.
    public var maximumDepth = 512
    /// Start tags after this many are not parsed (the rest of the mail is cut). Large
    /// newsletters hold a few thousand.
    public var maximumElements = 20_000
    /// Attributes after this many on one element are ignored.
    public var maximumAttributesPerElement = 256
    /// Author CSS (every `<style>` element together) past this many bytes is ignored.
    public var maximumStylesheetBytes = 1 << 20
    /// Author style rules after this many selectors are ignored (`a, b {…}` counts two).
    public var maximumStyleRules = 10_000
    /// Author selectors tried against elements, in all: past this, later elements are styled
    /// without the author's sheets (user-agent rules, attributes and `style` still apply).
    /// Rules are filed by id, class and tag, so a mail tries a few per element.
    public var maximumSelectorTests = 3_000_000
    /// Text (in UTF-8 bytes) of one paragraph — one inline formatting context — past this is cut.
    public var maximumParagraphBytes = 200 << 10
    /// Code points in one user-perceived character (a base and its combining marks, or a
    /// joined emoji sequence) past this are dropped.
    public var maximumScalarsPerCharacter = 32
    /// Forced line breaks (`<br>`) in one paragraph after this many are ignored.
    public var maximumParagraphLineBreaks = 5_000
    /// Text of the whole mail past this is cut.
    public var maximumTextBytes = 1 << 20
    /// `@font-face` rules after this many in the mail are not loaded (each is a font file to
    /// decode and register; a mail uses a few).
    public var maximumWebFonts = 64
    /// Floats after this many in the mail are laid out in the flow instead.
    public var maximumFloats = 2_000
    /// The laid-out mail is cut at this height (CSS px): frames show what fits.
    public var maximumDocumentHeight = 1_000_000.0
    /// Images with more pixels are not decoded (decompression bombs).
    public var maximumImagePixels = 40_000_000
    /// Image files larger than this are not read.
    public var maximumImageFileBytes = 50 << 20
    /// `data:` URIs longer than this are not decoded.
    public var maximumDataURIBytes = 30 << 20
    /// Frames one command may write (offsets after ranges and `end` are resolved, all scenes).
    public var maximumFrames = 10_000
    /// Pixels of one frame (width × height × scale²): a canvas is 4 bytes a pixel, one per worker.
    public var maximumFramePixels = 40_000_000
    /// Bytes one command may write in all (frames, goldens, films, artifacts).
    public var maximumOutputBytes: Int64 = 4 << 30

    /// As browsers clamp them (HTML § 4.9.11): not settable, since goldens depend on them.
    public static let maximumColspan = 1000
    public static let maximumRowspan = 65534
    /// Vertical writing-mode flows inside more flows than this are laid out horizontally
    /// (sizing each flow lays out all it holds).
    public static let maximumNestedVerticalFlows = 8
    /// Font sizes above this (CSS px) are drawn at it.
    public static let maximumFontSize = 2000.0
    /// cairo's image surfaces hold at most this many pixels a side.
    public static let maximumSurfaceSide = 32767

    public static let standard = ResourceLimits()

    public init() {}
}
