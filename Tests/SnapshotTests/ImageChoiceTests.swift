import Foundation
import Testing
@testable import RenderCore

/// `srcset`, `sizes` and `<picture>` as WebKit chooses (HTMLSrcsetParser's
/// pickBestImageCandidate at the scene's scale), and `object-fit` / `object-position`.
@Suite struct ImageChoiceTests {
    static func chosen(_ html: String, ratio: Double = 3, viewport: Double = 390) -> ImageSource {
        let dom = HTMLParser.parse(html)
        let image = dom.first(tag: "img")!
        let media = MediaContext(viewportWidth: viewport, viewportHeight: 844, deviceWidth: viewport, deviceHeight: 844, darkMode: false)
        return ImageSource.select(for: image, in: dom, context: ImageSource.Context(devicePixelRatio: ratio, media: media))
    }

    @Test func densityDescriptorsPickTheFirstAtOrAboveTheDeviceRatio() {
        let html = "<img src='a.png' srcset='b.png 2x, c.png 3x, d.png 4x'>"
        #expect(Self.chosen(html) == ImageSource(url: "c.png", density: 3))
        #expect(Self.chosen(html, ratio: 2) == ImageSource(url: "b.png", density: 2))
        #expect(Self.chosen(html, ratio: 1) == ImageSource(url: "a.png", density: 1))
        // None dense enough: the densest.
        #expect(Self.chosen("<img srcset='b.png 1.5x, a.png 1x'>") == ImageSource(url: "b.png", density: 1.5))
        // Written order breaks ties; a candidate with no descriptor is 1x.
        #expect(Self.chosen("<img srcset='x.png, y.png 1x'>", ratio: 1) == ImageSource(url: "x.png", density: 1))
    }

    @Test func widthDescriptorsUseSizesAndIgnoreSrc() {
        let html = "<img src='a.png' srcset='s.png 400w, m.png 800w, l.png 1600w' sizes='(max-width: 600px) 200px, 50vw'>"
        // 200 px slot at 3x wants 600 px: m.png is 4x (800 / 200).
        #expect(Self.chosen(html) == ImageSource(url: "m.png", density: 4))
        // Past 600 px the slot is 50vw of 1000 = 500 px: at 1x s.png (0.8x) is too thin, m.png (1.6x).
        #expect(Self.chosen(html, ratio: 1, viewport: 1000) == ImageSource(url: "m.png", density: 1.6))
        // No sizes: 100vw.
        #expect(Self.chosen("<img srcset='s.png 390w, l.png 1170w'>") == ImageSource(url: "l.png", density: 3))
    }

    @Test func srcsetParsingKeepsCommasInDataURLsAndDropsBadCandidates() {
        let candidates = ImageSource.Candidate.parse("data:image/png;base64,AAA= 2x, b.png 1x 2x, c.png 10q, d.png,, e.png 100w")
        #expect(candidates.map(\.url) == ["data:image/png;base64,AAA=", "d.png", "e.png"])
        #expect(candidates[0].density == 2 && candidates[2].width == 100)
    }

    @Test func pictureTakesTheFirstSourceThatApplies() {
        let html = """
            <picture>
            <source srcset="x.jxl" type="image/jxl">
            <source srcset="wide.png" media="(min-width: 600px)">
            <source srcset="phone.webp 1x, phone@3x.webp 3x" type="image/webp">
            <img src="fallback.png">
            </picture>
            """
        #expect(Self.chosen(html) == ImageSource(url: "phone@3x.webp", density: 3))
        #expect(Self.chosen(html, viewport: 800) == ImageSource(url: "wide.png", density: 1))
        #expect(Self.chosen("<picture><source srcset='x.jxl' type='image/jxl'><img src='f.png'></picture>") == ImageSource(url: "f.png"))
    }

    /// WebKit shows video in images (an `.mp4` in `<img>` plays on iOS), so a video `<source>`
    /// is chosen, as WebKitGTK chose it on caniemail's video-as-img page.
    @Test func aVideoSourceIsChosenAsWebKitChoosesIt() {
        #expect(Self.chosen("<picture><source srcset='v.mp4' type='video/mp4'><img src='f.png'></picture>") == ImageSource(url: "v.mp4"))
        #expect(Self.chosen("<picture><source srcset='v.ogv' type='video/ogg'><img src='f.png'></picture>") == ImageSource(url: "f.png"))
    }

    /// A 2x candidate lays out at half its pixel size.
    @Test func theChosenDensitySetsTheIntrinsicSize() {
        let store = ImageStore(baseDirectory: ImageFormatTests.directory.path, devicePixelRatio: 3)
        let page = PaintedPage("<body style='margin:0'><img srcset='halves.png 2x'>", height: 20, images: store)
        #expect(page.frames(containing: "/img[").first.map { [$0.width, $0.height] } == [8, 4])
    }

    // MARK: object-fit

    @Test func objectFitPlacesTheImageAsCSSImagesSays() {
        let box = Rect(x: 0, y: 0, width: 100, height: 100)
        let natural: (width: Double?, height: Double?, ratio: Double?) = (200, 100, 2)
        func placed(_ fit: ObjectFit, _ position: String = "50% 50%") -> [Double] {
            let position = ObjectPosition.parse(position.split(separator: " ").map(String.init)) {
                PropertyValues.length($0, fontSize: 16, rootFontSize: 16, allowAuto: false)
            }!
            let rect = ObjectPlacement.rect(for: natural, in: box, fit: fit, position: position)
            return [rect.x, rect.y, rect.width, rect.height]
        }
        #expect(placed(.fill) == [0, 0, 100, 100])
        #expect(placed(.contain) == [0, 25, 100, 50])
        #expect(placed(.cover) == [-50, 0, 200, 100])
        #expect(placed(.none) == [-50, 0, 200, 100])
        #expect(placed(.scaleDown) == [0, 25, 100, 50])
        #expect(placed(.contain, "left top") == [0, 0, 100, 50])
        #expect(placed(.cover, "right 10px top") == [-110, 0, 200, 100])
        #expect(placed(.contain, "bottom") == [0, 50, 100, 50])
        #expect(placed(.fill, "10px 5px") == [10, 5, 100, 100])
    }

    @Test func objectFitCoverClipsToTheBox() {
        let store = ImageStore(baseDirectory: ImageFormatTests.directory.path)
        let page = PaintedPage("""
            <body style="margin:0"><img src="halves.png" style="display:block;width:40px;height:40px;object-fit:cover;object-position:left">
            <img src="halves.png" style="display:block;width:40px;height:40px;object-fit:contain">
            """, height: 80, images: store)
        // cover, left: 80 x 40, only the red half inside the box.
        #expect(page.colour(5, 20) == "#FF0000")
        #expect(page.colour(35, 20) == "#FF0000")
        #expect(page.colour(45, 20) == "#FFFFFF")
        // contain: 40 x 20 centred, white above and below.
        #expect(page.colour(20, 45) == "#FFFFFF")
        #expect(page.colour(5, 60) == "#FF0000")
        #expect(page.colour(35, 60) == "#0000FF")
        #expect(page.colour(20, 75) == "#FFFFFF")
    }
}
