import FuzzSupport
import RenderCore

/// A small document with the elements, ids, classes and attributes selectors reach for, and
/// the presentational attributes mail uses.
private let body = """
<div id="main" class="wrapper outer" lang="en" dir="ltr" data-x="1">\
<table class="t" width="600" bgcolor="#eeeeee" align="center" cellpadding="4" border="1"><tbody>\
<tr><td class="cell first" colspan="2" style="padding:4px" valign="top">a</td></tr>\
<tr><td width="50%">b</td><th height="20">c</th></tr></tbody></table>\
<p class="lead"><a href="https://example.com/x" title="t">link</a> <span>s</span><b>b</b><i>i</i>\
<img src="cid:none" alt="i" width="10" height="10" hspace="2"><br>text</p>\
<ul><li>1</li><li class="last">2</li></ul><ol start="3"><li>3</li></ol><h1>h</h1><blockquote>q</blockquote>\
<input type="checkbox" checked><center><font color="red" size="5" face="Arial">f</font></center>\
<pre>p</pre><hr size="3"></div>
"""

/// CSS alone: the tokenizer, the rule and declaration parsers, media queries, and the cascade
/// (selector matching, value parsing, inheritance) over a fixed document, with the input as a
/// `<style>` sheet and as a `style` attribute.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let css = fuzzText(data, size)
    let media = MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844,
                             darkMode: size % 2 == 1)
    _ = CSSTokenizer.tokenize(css)
    _ = Stylesheet.parse(css, media: media)
    _ = parseDeclarationList(css)
    let inline = css.replacingOccurrences(of: "\"", with: "'")  // stays inside the attribute
    let dom = HTMLParser.parse("<!DOCTYPE html><html><head><style>\(css)</style></head><body style=\"\(inline)\">\(body)</body></html>")
    _ = Cascade.style(dom, media: media)
    return 0
}
