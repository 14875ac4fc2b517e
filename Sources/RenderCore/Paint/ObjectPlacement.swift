/// Where an image of `natural` size is drawn in a content box under `object-fit` and
/// `object-position`: the rect may reach past the box (cover, none), and is clipped to it.
struct ObjectPlacement {
    static func rect(for natural: (width: Double?, height: Double?, ratio: Double?), in box: Rect,
                     fit: ObjectFit, position: ObjectPosition) -> Rect {
        var size = (width: box.width, height: box.height)
        // An image without a ratio (an SVG with neither size nor viewBox) is sized as `fill`.
        guard let ratio = natural.ratio, ratio > 0, box.width > 0, box.height > 0 else {
            return place(size, in: box, position)
        }
        func contained(cover: Bool) -> (width: Double, height: Double) {
            let wide = box.width / box.height < ratio
            return wide != cover ? (box.width, box.width / ratio) : (box.height * ratio, box.height)
        }
        // The natural size; a missing side from the ratio, else CSS's 300 × 150 (WebKit draws
        // an SVG with only a viewBox that large under `none`, not the box's size).
        let own = DecodedImage.defaultSize(width: natural.width, height: natural.height, ratio: ratio)
        switch fit {
        case .fill: break
        case .contain: size = contained(cover: false)
        case .cover: size = contained(cover: true)
        case .none: size = own
        case .scaleDown:
            let fitted = contained(cover: false)
            size = fitted.width < own.width ? fitted : own
        }
        return place(size, in: box, position)
    }

    private static func place(_ size: (width: Double, height: Double), in box: Rect, _ position: ObjectPosition) -> Rect {
        Rect(x: box.x + position.x.resolve(box.width - size.width), y: box.y + position.y.resolve(box.height - size.height),
             width: size.width, height: size.height)
    }
}
