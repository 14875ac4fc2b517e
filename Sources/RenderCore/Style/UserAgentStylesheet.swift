/// The user-agent defaults, following the HTML standard's rendering section (as WebKit ships it).
enum UserAgentStylesheet {
    static let css = """
    html, address, blockquote, body, center, div, dl, dt, dd, fieldset, form, figure, figcaption,
    footer, header, h1, h2, h3, h4, h5, h6, hr, legend, main, nav, ol, ul, p, pre, section, article,
    aside, details, summary, menu, dir, listing, plaintext, xmp, hgroup, search { display: block }
    head, style, script, title, meta, link, template, base, area, datalist, param, noscript, noembed,
    noframes, rp, input[type=hidden], [hidden] { display: none }
    body { margin: 8px }
    p, dl, multicol { margin-block: 1em }
    blockquote, figure { margin-block: 1em; margin-inline: 40px }
    h1 { font-size: 2em; margin-block: 0.67em; font-weight: bold }
    h2 { font-size: 1.5em; margin-block: 0.83em; font-weight: bold }
    h3 { font-size: 1.17em; margin-block: 1em; font-weight: bold }
    h4 { font-size: 1em; margin-block: 1.33em; font-weight: bold }
    h5 { font-size: 0.83em; margin-block: 1.67em; font-weight: bold }
    h6 { font-size: 0.67em; margin-block: 2.33em; font-weight: bold }
    ul, ol, menu, dir { margin-block: 1em; padding-inline-start: 40px }
    ol { list-style-type: decimal }
    ul ul, ol ul, ul menu, ol menu { list-style-type: circle }
    ul ul ul, ul ol ul, ol ul ul, ol ol ul { list-style-type: square }
    ul ul, ul ol, ol ol, ol ul { margin-block: 0 }
    li { display: list-item }
    ol, ul, menu, dir { counter-reset: list-item }
    q::before { content: open-quote }
    q::after { content: close-quote }
    dd { margin-inline-start: 40px }
    bdi, output { unicode-bidi: isolate }
    bdo { unicode-bidi: bidi-override }
    table { display: table; border-spacing: 2px; box-sizing: border-box }
    caption { display: table-caption; text-align: center }
    colgroup { display: table-column-group }
    col { display: table-column }
    thead { display: table-header-group; vertical-align: middle }
    tbody { display: table-row-group; vertical-align: middle }
    tfoot { display: table-footer-group; vertical-align: middle }
    tr { display: table-row; vertical-align: inherit }
    td, th { display: table-cell; vertical-align: inherit; padding: 1px }
    th { font-weight: bold; text-align: center }
    b, strong { font-weight: bold }
    i, em, cite, var, dfn, address { font-style: italic }
    u, ins { text-decoration: underline }
    s, strike, del { text-decoration: line-through }
    a[href] { color: -webkit-link; text-decoration: underline }
    pre, code, kbd, samp, tt, xmp, listing, plaintext { font-family: monospace }
    pre, xmp, listing, plaintext { white-space: pre; margin-block: 1em }
    hr { border-style: inset; border-width: 1px; margin: 0.5em auto; color: gray; overflow: hidden }
    center { text-align: -webkit-center }
    small { font-size: smaller }
    big { font-size: larger }
    sub { vertical-align: sub; font-size: smaller }
    sup { vertical-align: super; font-size: smaller }
    mark { background-color: yellow; color: black }
    nobr { white-space: nowrap }
    """ + "\n" + FormControlStyle.css

    /// The defaults a document gets in dark mode when its root declares a colour scheme with
    /// `dark` (rules E2–E5): iOS's labelColor for text. Links take `-webkit-link`, WebKit's
    /// dark link colour (#9E9EFF) in an element whose used scheme is dark, wherever it is.
    /// Without such a declaration dark mode changes no default colour (E1).
    static let darkDefaultsCSS = """
    html { color: #ffffff }
    mark { color: black }
    """

    /// Extra rules in quirks mode (WebKit's quirks.css): tables do not inherit text styles.
    static let quirksCSS = """
    table { white-space: normal; line-height: normal; font-weight: normal; font-size: medium;
            font-style: normal; text-align: start }
    """
}
