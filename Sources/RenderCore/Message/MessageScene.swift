import Foundation

extension Scene {
    /// A scene showing `message` as a mail reader does: its body, its `cid:` images, and the
    /// default header template (which paints its own background, light or dark), its height
    /// fitted to its content. Options a caller
    /// applies afterwards (`--header-html`, `--header-height`, colours) replace these; call
    /// `fitHeaderHeight()` again after changing the width or the header.
    /// `headerColor`: a colour for the header instead of the template's own background.
    public init(message: MailMessage, timeZone: TimeZone, headerColor: RGBA? = nil, fonts: FontSet = .shared) {
        self.init(html: message.bodyHTML)
        inlineImages = message.inlineImages
        self.message = message
        messageTimeZone = timeZone
        self.headerColor = headerColor
        headerHTML = MessageHeaderTemplate.html(for: message, timeZone: timeZone, background: headerColor == nil)
        // A message is self-contained: only its own parts and data: URIs resolve, no files.
        baseDirectory = nil
        fitHeaderHeight(fonts: fonts)
    }

    /// Sets `headerHeight` to the laid-out height of `headerHTML` at the viewport's width
    /// (whole points, at most 4096), so `H` follows the header's content.
    public mutating func fitHeaderHeight(fonts: FontSet = .shared) {
        guard let fragment = headerHTML else { return }
        let header = LaidOutDocument(html: SceneRenderer.headerDocument(fragment), viewportWidth: viewportWidth,
                                     viewportHeight: viewportHeight, fonts: fonts, appearance: appearance)
        headerHeight = min(4096, header.height.rounded(.up))
    }
}
