import CCairo
import Foundation

/// WebKit's marks for an image that failed to load, snapped to device pixels as WebKit snaps
/// them (snapRectToDevicePixels). The icon is drawn after WebKit's bitmap (a blue square
/// with a white "?" in a light blue frame, colours read off WebKitGTK's rendering); on the
/// phone the system's own bitmap sits in the same 16 px square.
extension Canvas {
    /// RenderImage::paintIncompleteImageOutline: light grey (#D3D3D3), one device pixel wide,
    /// inside the rect. (WebKitGTK's Skia port truncates that width to 0 at 2× and shows none;
    /// CoreGraphics, the phone's, fills it.)
    func drawMissingImageOutline(_ rect: Rect) {
        let snapped = snappedToDevicePixels(rect)
        let pixel = devicePixelSize
        guard snapped.width > 2 * pixel, snapped.height > 2 * pixel else { return }
        let grey = RGBA(r: 211 / 255, g: 211 / 255, b: 211 / 255, a: 1)
        fill(Rect(x: snapped.x, y: snapped.y, width: snapped.width, height: pixel), grey)
        fill(Rect(x: snapped.x, y: snapped.maxY - pixel, width: snapped.width, height: pixel), grey)
        fill(Rect(x: snapped.x, y: snapped.y + pixel, width: pixel, height: snapped.height - 2 * pixel), grey)
        fill(Rect(x: snapped.maxX - pixel, y: snapped.y + pixel, width: pixel, height: snapped.height - 2 * pixel), grey)
    }

    /// The 16 px icon: a 1 px frame, a 1 px white gap, a 12 px blue square, a white "?".
    func drawBrokenImageIcon(_ rect: Rect) {
        let icon = snappedToDevicePixels(rect)
        let unit = icon.width / 16
        func rgb(_ r: Double, _ g: Double, _ b: Double) -> RGBA { RGBA(r: r / 255, g: g / 255, b: b / 255, a: 1) }
        fillGradient(.topToBottom(rgb(163, 191, 219), rgb(123, 162, 205)), in: icon)
        fill(icon.insetBy(unit), .white)
        fillGradient(.topToBottom(rgb(49, 157, 210), rgb(35, 132, 193)), in: icon.insetBy(2 * unit))
        // The question mark: a hook (an arc and a short stem) and a dot.
        let x = icon.x, y = icon.y
        cairo_save(context)
        setColor(.white)
        cairo_set_line_width(context, 1.3 * unit)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_new_path(context)
        cairo_arc(context, x + 8 * unit, y + 6.3 * unit, 1.9 * unit, Double.pi, 2.35 * Double.pi)
        cairo_line_to(context, x + 8 * unit, y + 9.4 * unit)
        cairo_stroke(context)
        cairo_rectangle(context, x + 7.35 * unit, y + 10.6 * unit, 1.3 * unit, 1.3 * unit)
        cairo_fill(context)
        cairo_restore(context)
    }

    /// One device pixel in points.
    private var devicePixelSize: Double {
        var dx = 1.0, dy = 0.0
        cairo_device_to_user_distance(context, &dx, &dy)
        return abs(dx) > 0 ? abs(dx) : 1
    }
}
