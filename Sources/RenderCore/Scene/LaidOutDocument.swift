import Foundation

/// A mail parsed, styled, laid out and painted once; frames are cut from it per offset.
/// Unchecked: every stored property is a `let`; its display list refers to decoded images and
/// fonts (`DecodedImage`, `FontHandle`), which are immutable or lock their caches, and frames
/// are drawn from it under `FontAccess.lockShared`.
public struct LaidOutDocument: @unchecked Sendable {
    /// Width and height in CSS px (layout coordinates; on screen they are × `zoomScale`).
    public let width: Double
    public let height: Double
    public let canvasColor: RGBA
    /// The colour scheme the mail declares, and how its colours are shown (the README's
    /// dark-mode rules).
    public let colorScheme: ColorScheme
    public let colorTreatment: ColorTreatment
    /// Text painted within WCAG contrast 1.5:1 of its background, one per element; each is
    /// also a warning.
    public let invisibleText: [InvisibleText]
    /// Characters no font covers, drawn as boxes; also a warning.
    public let missingCharacters: MissingCharacters
    public let displayList: DisplayList
    /// The display list filed by band, so a frame finds its entries without a full scan.
    public let displayIndex: DisplayListIndex
    /// Border boxes of rendered elements, keyed by DOM path below `html`.
    public let boxes: [ElementBox]
    /// The width laid out at, and the scale the web view shows the page at (1 without
    /// viewport rules).
    public let viewport: ViewportResolution
    public let zoomScale: Double
    /// The visible text in reading order, as laid out (`DocumentText`).
    public let text: String
    /// Every rendered `<img>`: its URL and what it shows.
    public let images: [ImageUse]
    /// CSS the mail uses that WebKit renders and this engine drops, each with the first element
    /// using it; each is also a warning.
    public let unsupportedFeatures: [UnsupportedFeature]
    /// The `position: fixed` and `position: sticky` elements, in tree order: where each is
    /// laid out and how a frame moves it.
    public let scrollAnchors: [AnchoredElement]
    /// Index in `scrollAnchors` by path, for `anchorTranslation(ofPath:placement:)`.
    let scrollAnchorIndex: [String: Int]

    public struct AnchoredElement: Sendable, Equatable {
        /// The element's DOM path (`/body[0]/div[2]`).
        public let path: String
        public let anchor: ScrollAnchor
        /// `fixed` or `sticky`.
        public var position: String {
            if case .fixed = anchor.kind { return "fixed" } else { return "sticky" }
        }
    }

    public struct UnsupportedFeature: Sendable, Equatable {
        /// As CSS: `mask-composite`, `display: ruby`.
        public let feature: String
        /// The first element using it (`/body[0]/div[2]`).
        public let path: String
        public var warning: String { "\(feature) is not supported yet (\(path)); frames may differ from iOS Mail" }
    }

    public struct ElementBox: Sendable, Equatable {
        public let path: String
        public let frame: Rect
        /// Its background, border and own text (anonymous blocks' text counts as their parent's).
        public internal(set) var paint: ElementPaint = .none
    }

    /// Runs the pipeline: parse → style → layout → paint.
    /// Problems met on the way (images that could not be shown), one line each.
    public let warnings: [String]

    /// `viewportWidth` is the view's width in points; under `.webkit` viewport rules the
    /// document is laid out at the width WebKit picks (980 px without a viewport meta) and
    /// `zoomScale` maps it back onto the view. `appearance` answers `prefers-color-scheme`
    /// and picks the default colours.
    /// `limits` bound what the mail may cost (`ResourceLimits`); each one reached is a warning.
    public init(html: String, viewportWidth: Double, viewportHeight: Double, fonts: FontSet = .shared,
                images: ImageStore? = nil, appearance: Appearance = .light, client: ClientProfile = .webview,
                viewportRules: ViewportRules = .none, limits: ResourceLimits = .standard, addedFonts: [TeamFont] = []) {
        // Layout recurses with the tree's depth: run it on a thread with a deep stack, whatever
        // thread (a test runner's, a worker's) called us.
        self = LargeStack.run {
            LaidOutDocument(building: html, viewportWidth: viewportWidth, viewportHeight: viewportHeight, fonts: fonts,
                            images: images, appearance: appearance, client: client, viewportRules: viewportRules, limits: limits,
                            addedFonts: addedFonts)
        }
    }

    private init(building html: String, viewportWidth: Double, viewportHeight: Double, fonts: FontSet,
                 images: ImageStore?, appearance: Appearance, client: ClientProfile, viewportRules: ViewportRules,
                 limits: ResourceLimits, addedFonts: [TeamFont]) {
        // Pango and fontconfig are not thread-safe: documents laid out on several threads at
        // once (parallel tests, API users) could otherwise resolve fonts differently, and
        // glyphs drawn meanwhile could find their font's face closed (`FontAccess`).
        FontAccess.shared.lockExclusively()
        defer { FontAccess.shared.unlock() }
        let dom = HTMLParser.parse(html, limits: limits)
        let budget = ResourceBudget(limits)
        let viewport = ViewportResolution.resolve(dom, rules: viewportRules, viewWidth: viewportWidth)
        let layoutWidth = viewport.layoutWidth
        self.viewport = viewport
        // Width media features see the layout viewport; device-width sees the screen.
        let media = MediaContext(viewportWidth: layoutWidth, viewportHeight: viewportHeight * layoutWidth / viewportWidth,
                                 deviceWidth: viewportWidth, deviceHeight: viewportHeight, darkMode: appearance.isDark,
                                 devicePixelRatio: images?.devicePixelRatio ?? 3)
        var styled = Cascade.style(dom, media: media, budget: budget)
        if client != .webview { styled = client.positioning(styled) }
        let paths = DOMPaths(dom)
        let unsupported = styled.unsupported.filter { !client.laysOutAsItsOwn($0.feature) }
            .map { UnsupportedFeature(feature: $0.feature, path: paths.path(of: $0.node) ?? "/") }
        self.unsupportedFeatures = unsupported
        let treatment = ColorTreatment.decide(appearance: appearance, client: client, styled: styled,
                                              hasImages: dom.first(tag: "img") != nil)
        if treatment == .invertLightness {
            styled = StyledDocument(dom: dom, styles: styled.styles.map { $0?.mappingColors(InvertLightness.transform) },
                                    colorScheme: styled.colorScheme, usesDarkDefaults: styled.usesDarkDefaults,
                                    fontFaces: styled.fontFaces,
                                    pseudoStyles: styled.pseudoStyles.mapValues { $0.mapStyles { $0.mappingColors(InvertLightness.transform) } },
                                    counterStyles: styled.counterStyles)
        }
        // A mail with web fonts lays out with a font set of its own (`FontSet.forWebFonts`).
        let fonts = styled.fontFaces.isEmpty && addedFonts.isEmpty ? fonts : FontSet.forWebFonts()
        let webFonts = DocumentFonts(rules: styled.fontFaces, added: addedFonts,
                                     resources: images ?? ImageStore(baseDirectory: nil, limits: limits), registry: fonts.webFonts,
                                     limits: limits)
        if !webFonts.faces.isEmpty {
            let withWebFonts = { (style: ComputedStyle) -> ComputedStyle in
                var style = style
                style.fontFaceFamilies = webFonts.privateFamilies(for: style.fontFamilies, weight: style.fontWeight, italic: style.italic,
                                                                  stretch: style.fontStretch)
                return style
            }
            styled = StyledDocument(dom: dom, styles: styled.styles.map { $0.map(withWebFonts) }, colorScheme: styled.colorScheme,
                                    usesDarkDefaults: styled.usesDarkDefaults, fontFaces: styled.fontFaces,
                                    pseudoStyles: styled.pseudoStyles.mapValues { $0.mapStyles(withWebFonts) },
                                    counterStyles: styled.counterStyles)
        }
        self.colorScheme = styled.colorScheme
        self.colorTreatment = treatment
        if styled.styles.contains(where: { $0?.fontSizeClamped ?? false }) {
            budget.warn("font sizes above \(Scene.format(ResourceLimits.maximumFontSize)) px are drawn at \(Scene.format(ResourceLimits.maximumFontSize)) px")
        }
        let imageChoice = ImageSource.Context(devicePixelRatio: images?.devicePixelRatio ?? 3, media: media)
        let builder = BoxTreeBuilder(document: styled, viewportHeight: viewportHeight * layoutWidth / viewportWidth, images: images,
                                     imageChoice: imageChoice, budget: budget, fonts: fonts)
        guard let root = builder.build() else {
            self.warnings = Self.unique(dom.warnings + unsupported.map(\.warning) + budget.warnings + webFonts.warnings + (images?.warnings ?? []))
            self.width = layoutWidth
            self.height = 0
            self.canvasColor = treatment.defaultCanvasColor
            self.displayList = DisplayList()
            self.displayIndex = DisplayListIndex(DisplayList())
            self.boxes = []
            self.text = ""
            self.images = []
            self.invisibleText = []
            self.missingCharacters = MissingCharacters(in: DisplayList())
            self.scrollAnchors = []
            self.scrollAnchorIndex = [:]
            self.zoomScale = viewport.zoomScale(contentWidth: layoutWidth, viewWidth: viewportWidth, rules: viewportRules)
            return
        }
        let engine = LayoutEngine(fonts: fonts, quirksMode: dom.mode == .quirks, images: images)
        let laidOut = engine.layoutDocument(root, viewportWidth: layoutWidth, viewportHeight: viewportHeight * layoutWidth / viewportWidth)
        // From here on only the fragments are read: the box tree was layout's working state.
        let fragments = laidOut.root, fullHeight = laidOut.height
        // Past this the mail is cut: frames and `end` see only what fits.
        let height = fullHeight <= limits.maximumDocumentHeight ? fullHeight : limits.maximumDocumentHeight
        if !(fullHeight <= limits.maximumDocumentHeight) {
            budget.warn("the mail is \(fullHeight.isFinite ? Scene.format(fullHeight.rounded()) : "\(fullHeight)") px tall; only its first \(ResourceLimits.count(Int(limits.maximumDocumentHeight))) px are shown")
        }
        var painter = Painter(images: images)
        let icbHeight = viewportHeight * layoutWidth / viewportWidth
        let anchors = ScrollAnchorFinder.find(in: fragments, viewportWidth: layoutWidth, viewportHeight: icbHeight, documentHeight: height)
        painter.scrollAnchors = Dictionary(anchors.map { (ObjectIdentifier($0.box), $0.anchor) }, uniquingKeysWith: { first, _ in first })
        self.scrollAnchors = anchors.compactMap { found in
            found.box.node.flatMap { paths.path(of: $0) }.map { AnchoredElement(path: $0, anchor: found.anchor) }
        }
        self.scrollAnchorIndex = Dictionary(scrollAnchors.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        painter.paintCanvasBackground(root: fragments, canvas: Rect(x: 0, y: 0, width: max(layoutWidth, fragments.width),
                                                               height: max(height, viewportHeight * layoutWidth / viewportWidth)))
        painter.paint(fragments)
        var boxes: [ElementBox] = []
        var widest = layoutWidth
        Self.collect(fragments, paths: paths, owner: nil, into: &boxes, widest: &widest)
        self.width = widest
        self.height = height
        self.canvasColor = Self.canvasColor(styled, dom, default: treatment.defaultCanvasColor)
        self.displayList = painter.list
        self.displayIndex = DisplayListIndex(painter.list)
        self.boxes = boxes
        self.text = DocumentText.text(of: fragments)
        self.images = Self.imageUses(dom, paths: paths, boxes: boxes, store: images, choice: imageChoice)
        let invisible = InvisibleText.find(in: painter.list, canvas: canvasColor, paths: paths,
                                           unknownAreas: painter.missingBackgroundImages)
        self.invisibleText = invisible.found
        let stopped = invisible.stoppedEarly
            ? ["the invisible-text check stopped early: the mail paints too many overlapping backgrounds"] : []
        let missing = MissingCharacters(in: painter.list)
        self.missingCharacters = missing
        self.warnings = Self.unique(dom.warnings + unsupported.map(\.warning) + budget.warnings + webFonts.warnings + (images?.warnings ?? [])
                                    + invisible.found.map(\.warning) + stopped
                                    + (missing.warning.map { [$0] } ?? []))
        self.zoomScale = viewport.zoomScale(contentWidth: widest, viewWidth: viewportWidth, rules: viewportRules)
    }

    /// What each rendered `<img>` shows, in document order.
    private static func imageUses(_ dom: DOMDocument, paths: DOMPaths, boxes: [ElementBox], store: ImageStore?,
                                  choice: ImageSource.Context) -> [ImageUse] {
        let frames = Dictionary(boxes.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        let options = store?.options ?? ImageOptions()
        return dom.nodes.indices.compactMap { node in
            guard dom[node].tag == "img", let path = paths.path(of: node), let frame = frames[path] else { return nil }
            let url = ImageSource.select(for: node, in: dom, context: choice).url
            let shown: ImageUse.Shown, file: String?
            switch store?.origin(of: url) {
            case .data?: (shown, file) = (.data, nil)
            case .messagePart?: (shown, file) = (.messagePart, nil)
            case .file(let path)?: (shown, file) = (.file, path)
            case .asset(let path)?: (shown, file) = (.asset, path)
            case nil: (shown, file) = (options.showsPlaceholder(source: url) ? .placeholder : .broken, nil)
            }
            return ImageUse(path: path, url: ImageStore.trimmed(url), shown: shown, file: file, frame: frame)
        }
    }

    /// Each warning once, in the order first said (parsing and the box tree may both cut text).
    private static func unique(_ lines: [String]) -> [String] {
        var seen = Set<String>()
        return lines.filter { seen.insert($0).inserted }
    }

    /// `owner`: the index in `boxes` of the nearest element above, which takes the text of
    /// anonymous blocks.
    /// `turn`: how the boxes inside a vertical flow are turned into place (`VerticalFlowLayout`).
    /// `columns`: the multi-column strip the box lies in, whose slices move its frame.
    private static func collect(_ box: Fragment, paths: DOMPaths, owner: Int?, into boxes: inout [ElementBox], widest: inout Double,
                                turn: AffineTransform = .identity, columns: (set: ColumnSet, stripY: Double)? = nil) {
        var owner = owner
        let columns = box.columnSet.map { ($0, box.frame.y) } ?? columns
        func shown(_ rect: Rect) -> Rect { columns.map { $0.set.shown(rect, stripY: $0.stripY) } ?? rect }
        let text = OwnText(box.inline)
        let ownFrame = turn.boundingBox(of: box.frame)
        if let node = box.node, !box.isRoot, let path = paths.path(of: node) {
            boxes.append(ElementBox(path: path, frame: shown(ownFrame),
                                    paint: ElementPaint(style: box.style, border: box.border, text: text.block)))
            owner = boxes.count - 1
        } else if let owner, !text.block.isEmpty {
            let paint = boxes[owner].paint
            boxes[owner].paint = ElementPaint(background: paint.background, color: paint.color ?? box.style.color, border: paint.border,
                                              text: ElementPaint.collapsed(paint.text + " " + text.block))
        }
        widest = max(widest, ownFrame.maxX)
        var turn = turn
        if box.role.contains(.verticalFlow), let content = box.children.first {
            let frame = content.frame
            turn = turn.concatenating(AffineTransform(content.style.transform, origin: (frame.x, frame.y), box: frame))
        }
        for child in box.children { collect(child, paths: paths, owner: owner, into: &boxes, widest: &widest, turn: turn, columns: columns) }
        var inlineFrames: [ObjectIdentifier: (node: DOMDocument.NodeID, frame: Rect, style: ComputedStyle)] = [:]
        var inlineOrder: [ObjectIdentifier] = []
        let origin = (x: box.frame.x + box.contentX, y: box.frame.y + box.contentY)
        for line in box.lines {
            for atomic in line.atomics { collect(atomic.box, paths: paths, owner: owner, into: &boxes, widest: &widest, turn: turn, columns: columns) }
            for fragment in line.inlineFragments {
                guard let node = fragment.box.node else { continue }
                let frame = shown(turn.boundingBox(of: fragment.borderBox.offsetBy(dx: origin.x, dy: origin.y)))
                let key = ObjectIdentifier(fragment.box)
                if let known = inlineFrames[key] {
                    inlineFrames[key] = (node, known.frame.union(frame), known.style)
                } else {
                    inlineFrames[key] = (node, frame, fragment.box.style)
                    inlineOrder.append(key)
                }
            }
        }
        for key in inlineOrder {
            if let entry = inlineFrames[key], let path = paths.path(of: entry.node) {
                boxes.append(ElementBox(path: path, frame: entry.frame,
                                        paint: ElementPaint(style: entry.style, border: entry.style.usedBorder, text: text.inline[key] ?? "")))
            }
        }
    }

    /// The canvas takes the root's background, or the body's when the root has none (CSS 2.1 §14.2).
    private static func canvasColor(_ styled: StyledDocument, _ dom: DOMDocument, default base: RGBA) -> RGBA {
        if let html = dom.first(tag: "html"), let style = styled.style(of: html), style.backgroundColor.a > 0 {
            return style.backgroundColor.over(base)
        }
        if let body = dom.first(tag: "body"), let style = styled.style(of: body), style.backgroundColor.a > 0 {
            return style.backgroundColor.over(base)
        }
        return base
    }
}

extension RGBA {
    /// This colour composited over an opaque one.
    func over(_ base: RGBA) -> RGBA {
        RGBA(r: r * a + base.r * (1 - a), g: g * a + base.g * (1 - a), b: b * a + base.b * (1 - a), a: 1)
    }
}

/// DOM paths as the reference tools name elements: `/body[0]/table[0]/tbody[0]/tr[1]`,
/// each step the tag and its index among same-tag element siblings, below `html`.
struct DOMPaths {
    private var paths: [String?]

    init(_ dom: DOMDocument) {
        paths = [String?](repeating: nil, count: dom.nodes.count)
        guard let html = dom.first(tag: "html") else { return }
        paths[html] = ""
        // Each parent's children in one pass, counting per tag (a scan per child would be
        // quadratic in a wide parent).
        for parent in dom.nodes.indices where parent >= html {
            guard let parentPath = paths[parent] else { continue }
            var seen: [String: Int] = [:]
            for child in dom[parent].children {
                guard let tag = dom[child].tag else { continue }
                let index = seen[tag, default: 0]
                seen[tag] = index + 1
                paths[child] = parentPath + "/\(tag)[\(index)]"
            }
        }
    }

    func path(of node: DOMDocument.NodeID) -> String? { paths[node] }
}
