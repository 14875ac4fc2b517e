import Foundation
import RenderCore

/// `snapshot init [DIR]`: a starter suite that `snapshot record` and `snapshot check` run as
/// it is, commented with `"//"` keys (the suite loader ignores them; JSON has no comments).
extension SnapshotCommand {
    static let starterSuite = """
    {
      "//": "A snapshot suite: each scene is a mail rendered at scroll offsets and compared with its goldens. `snapshot record` writes the goldens, `snapshot check` compares, `snapshot help check` lists the options; README.md, 'The suite file', lists every key. Keys starting with // are comments.",
      "golden": "golden",
      "defaults": {
        "//": "Applied to every scene; a scene's own keys replace them.",
        "device": "iphone-14",
        "offsets": [0, 50, 150],
        "message": {
          "//": "The header an HTML mail is shown under (a .eml message brings its own).",
          "from": "\\"Acme Team\\" <team@acme.example>",
          "to": "you@example.com",
          "subject": "Welcome to Acme",
          "date": "2024-03-05T09:41:00Z"
        }
      },
      "scenes": [
        {
          "//": "Mails are read from this folder. Add scenes here: \\"html\\" takes inline HTML instead of \\"mail\\".",
          "name": "welcome",
          "mail": "mails/welcome.html"
        }
      ]
    }

    """

    static let starterMail = """
    <!DOCTYPE html>
    <html>
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width">
    <style>
      body { margin: 0; background: #f4f4f7; font-family: Helvetica, Arial, sans-serif; color: #51545e; }
      .card { background: #ffffff; margin: 16px; padding: 24px; border-radius: 8px; }
      h1 { color: #333333; font-size: 22px; margin: 0 0 12px; }
      p { font-size: 16px; line-height: 1.5; margin: 0 0 16px; }
      .button { display: inline-block; background: #22BC66; color: #ffffff; padding: 12px 24px; border-radius: 4px; text-decoration: none; font-weight: bold; }
      .timestamp { font-size: 12px; color: #a8aaaf; }
      .footer { text-align: center; font-size: 12px; color: #a8aaaf; padding: 16px; }
    </style>
    </head>
    <body>
      <div class="card">
        <h1>Welcome, Jane!</h1>
        <p class="timestamp">Sent 5 March 2024, 09:41</p>
        <p>Thanks for trying Acme. We're thrilled to have you on board. To get the most out of Acme, do this primary next step:</p>
        <p><a class="button" href="https://acme.example/start">Do this next</a></p>
        <p>For reference, here's your login information:</p>
        <table style="background:#f4f4f7;width:100%;padding:12px;border-collapse:collapse">
          <tr><td style="padding:6px 12px"><strong>Login page:</strong> acme.example/login</td></tr>
          <tr><td style="padding:6px 12px"><strong>Username:</strong> jane@example.com</td></tr>
        </table>
        <p></p>
        <h2 style="color:#333333;font-size:18px;margin:24px 0 8px">Three things to try first</h2>
        <ol style="font-size:16px;line-height:1.5;padding-left:20px;margin:0 0 16px">
          <li>Import your contacts from a CSV file or another service.</li>
          <li>Invite your colleagues, so that your whole team works in one place.</li>
          <li>Set up your first project and pick the template that fits it best.</li>
        </ol>
        <p>Have questions? Just reply to this mail: we're always happy to help out.</p>
        <p>Cheers,<br>The Acme team</p>
        <p>P.S. Need help getting started? Check out our help centre, where you'll find guides for every step, from importing your data to inviting your colleagues.</p>
      </div>
      <div class="footer">Acme, Inc. · 1234 Street Rd. · Suite 1234<br>You received this mail because you signed up for Acme.</div>
    </body>
    </html>

    """

    /// The files `init` writes, relative to its folder.
    static let starterFiles: [(path: String, contents: String)] = [
        (defaultSuite, starterSuite),
        ("mails/welcome.html", starterMail),
    ]

    func initSuite(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("init takes at most one folder, got \(arguments.positionals.count)")
        }
        let folder = arguments.positionals.first
        let targets = Self.starterFiles.map { file in
            (path: folder.map { ($0 as NSString).appendingPathComponent(file.path) } ?? file.path, contents: file.contents)
        }
        // Nothing is written unless every file is new: init never overwrites a user's work.
        let existing = targets.map(\.path).filter { FileManager.default.fileExists(atPath: $0) }
        guard existing.isEmpty else {
            throw UsageError("\(existing.joined(separator: " and ")) already exist\(existing.count == 1 ? "s" : ""); init overwrites nothing (move \(existing.count == 1 ? "it" : "them") away or give another folder)")
        }
        // All or nothing: a file that cannot be written (a read-only `mails/`, a file named
        // `mails`) takes back the ones written before it.
        var written: [String] = []
        do {
            for target in targets {
                let parent = (target.path as NSString).deletingLastPathComponent
                if !parent.isEmpty { try OutputFolder.create(parent) }
                try AtomicFile.write(Data(target.contents.utf8), to: target.path)
                written.append(target.path)
            }
        } catch {
            for path in written { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        for path in written { standardOutput("wrote \(path)") }
        let suite = targets[0].path
        let suffix = folder == nil ? "" : " " + suite
        standardOutput("next: `snapshot record\(suffix)` writes the goldens, `snapshot check\(suffix)` compares them (`snapshot help check` for options)")
        return 0
    }
}
