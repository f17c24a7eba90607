import AppServicesLintCore
import Foundation
import Testing

/// The warning the migration article shows for a UIKit method pasted into a service is the
/// one the lint prints for the article's own code block, so the article cannot drift from
/// the plugin.
struct ArticleWarningTests {
    /// The text of each fenced block of `markdown` in the language `language`, in order.
    static func blocks(_ language: String, in markdown: String) -> [(start: Int, text: String)] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(Int, String)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```" + language else {
                index += 1
                continue
            }
            let start = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            blocks.append((start, body.joined(separator: "\n")))
            index += 1
        }
        return blocks
    }

    @Test("The migration article's first step shows the warning the plugin gives its pasted UIKit method")
    func migrationArticle() throws {
        let article = try Repository.text("Sources/AppServices/Documentation.docc/MigratingAMassiveAppDelegate.md")
        let shown = try #require(Self.blocks("text", in: article).first { $0.text.contains(": warning: ") })
        let code = try #require(Self.blocks("swift", in: article).last { $0.start < shown.start })
        let path = try #require(shown.text.split(separator: ":").first.map(String.init))
        let diagnostics = ServiceLinter().lint([SourceFile(path: path, text: code.text)])
        #expect(diagnostics.map { $0.rendered() }.joined(separator: "\n") == shown.text)
        #expect(diagnostics.count == 1)
        #expect(shown.text.contains("UIApplicationDelegate's method"))
    }
}
