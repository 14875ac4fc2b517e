/// The built-in mail `snapshot render` shows when no file is given: several screens long, so
/// the default offsets never clamp, and touching each feature of the engine.
public enum SampleMail {
    public static let html: String = {
        let paragraphs = [
            "Thanks for joining the beta. This message walks through what changed this month, what is coming next, and how to tell us what you think.",
            "We rebuilt the inbox list so that long threads load in a fraction of the time. Threads with hundreds of replies now open instantly, and search results arrive while you type.",
            "Attachments got a new preview: images, PDFs and spreadsheets open in place, and you can swipe between them without leaving the message.",
            "Notifications are quieter. Newsletters and receipts are grouped into a daily summary, so the only banners you see are from people.",
        ]
        let section = { (index: Int) -> String in
            """
            <h2>\(index). \(["What changed", "Faster threads", "Better previews", "Quieter notifications", "What is next", "Thank you"][index % 6])</h2>
            <p>\(paragraphs[index % paragraphs.count])</p>
            <p>\(paragraphs[(index + 1) % paragraphs.count]) <a href="https://example.com/notes">Read the release notes</a>.</p>
            """
        }
        return """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Product update</title>
        <style>
          body { font-family: Helvetica, Arial, sans-serif; color: #222; font-size: 16px; line-height: 1.5; margin: 0; padding: 16px; }
          h1 { font-size: 26px; line-height: 1.2; margin: 8px 0 16px; color: #111; }
          h2 { font-size: 19px; margin: 24px 0 8px; color: #1a4f8b; }
          .lead { font-size: 18px; color: #444; }
          .card { background: #f3f6fa; border: 1px solid #d5dde8; padding: 12px 16px; margin: 16px 0; }
          blockquote { border-left: 4px solid #9db3cf; margin: 16px 0; padding: 4px 12px; color: #555; font-style: italic; }
          pre { background: #272b33; color: #e6e6e6; padding: 10px; font-size: 13px; }
          table.stats { width: 100%; border-spacing: 0; margin: 12px 0; }
          table.stats td { border-bottom: 1px solid #dde3ea; padding: 8px 4px; }
          .num { text-align: right; font-weight: bold; }
          .footer { font-size: 13px; color: #777; text-align: center; margin-top: 32px; }
          @media (prefers-color-scheme: dark) {
            body { color: #ddd; } h1 { color: #fff; } h2 { color: #6ea8ff; } .lead { color: #bbb; }
            .card { background: #1c2430; border-color: #33404f; } blockquote { color: #aaa; border-left-color: #4a6285; }
            table.stats td { border-bottom-color: #333; } .footer { color: #999; }
          }
        </style></head>
        <body>
        <h1>Your October product update</h1>
        <p class="lead">Hello Alex, here is <strong>everything new</strong> in the app this month, in <em>five minutes</em> of reading.</p>
        <div class="card"><b>Highlights</b>
          <ul><li>Threads open up to four times faster</li><li>Attachment previews in place</li><li>A daily summary for newsletters</li></ul>
        </div>
        \((0..<6).map(section).joined(separator: "\n"))
        <blockquote>The new search is the first one I actually trust. — a beta tester</blockquote>
        <table class="stats">
          <tr><td>Median thread open time</td><td class="num">120 ms</td></tr>
          <tr><td>Search results while typing</td><td class="num">under 50 ms</td></tr>
          <tr><td>Crash-free sessions</td><td class="num">99.97 %</td></tr>
        </table>
        <ol><li>Update the app from the store.</li><li>Open any long thread.</li><li>Tell us how it feels.</li></ol>
        <pre>Build 4.12.0 (2026.10.28)
        Release channel: beta</pre>
        <hr>
        \((6..<10).map(section).joined(separator: "\n"))
        <p class="footer">You receive this mail because you joined the beta.<br>Example Inc., 1 Infinite Loop, Cupertino<br><a href="https://example.com/unsubscribe">Unsubscribe</a></p>
        </body></html>
        """
    }()
}
