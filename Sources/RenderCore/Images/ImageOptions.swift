/// How a mail's images are shown (`--images`, `--placeholder-color`, `--assets`,
/// `--assets-map`; the suite's `images`, `placeholderColor`, `assets`, `assetsMap`).
public struct ImageOptions: Sendable, Equatable {
    /// What an image that cannot load (remote and not among the assets, missing, undecodable)
    /// becomes.
    public enum Failed: String, CaseIterable, Sendable {
        /// A flat box of the size the loaded image would have: the phone with images on,
        /// minus their pixels.
        case placeholder
        /// WebKit's broken image: the phone with remote content blocked.
        case blocked
    }

    public var failed: Failed = .placeholder
    public var placeholderColor: RGBA = Self.defaultPlaceholderColor
    public var assets = AssetMap()

    /// #C8C8C8: neutral on light and dark pages, and the grey `../shared/tools/fill_images.py`
    /// gives the reference browsers, so frames compare with theirs.
    public static let defaultPlaceholderColor = RGBA(r: 200 / 255.0, g: 200 / 255.0, b: 200 / 255.0, a: 1)

    public init(failed: Failed = .placeholder) { self.failed = failed }

    /// Whether an image whose source did not load is shown as a placeholder: an image with no
    /// source has nothing to load, and is broken in either mode.
    func showsPlaceholder(source: String) -> Bool {
        failed == .placeholder && !ImageStore.trimmed(source).isEmpty
    }
}

/// Where an image's bytes came from (`layout --json` reports it per image).
public enum ImageOrigin: Sendable, Equatable {
    case data
    /// A part of the `.eml` message (`cid:`).
    case messagePart
    /// A file in the mail's folder (or an `--allow-dir` folder).
    case file(String)
    /// A remote URL found among the team's assets.
    case asset(String)
}

/// What an `<img>` shows, as `layout --json` reports it.
public struct ImageUse: Sendable, Equatable {
    public enum Shown: String, Sendable {
        case data, messagePart = "message-part", file, asset, placeholder, broken
    }
    public let path: String
    public let url: String
    public let shown: Shown
    /// The file read, for `file` and `asset`.
    public let file: String?
    /// The border box, as in `boxes`.
    public let frame: Rect
}
