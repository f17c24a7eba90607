import Foundation
import Testing

/// Every Swift code block of the documentation (the DocC articles, the README, and the
/// doc comments of the UIKit adapter and its test kit, which compile differently on iOS and
/// here) must appear in code that is compiled: the examples target or its tests. A block is found
/// when its lines, leading whitespace removed, appear in the same order and next to each
/// other in one compiled file, so an article may show an excerpt of a function body.
///
/// A block that cannot be compiled here (SwiftUI exists only on Apple platforms) is marked
/// with `<!-- not compiled: reason -->` on the line before it, and is listed by this test
/// so the exceptions stay visible.
struct DocumentationSnippetTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Block: CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let lines: [String]
        let exemption: String?
        var testDescription: String { "\(file):\(line)" }
    }

    static func documents() -> [URL] {
        let catalog = root.appending(path: "Sources/AppServices/Documentation.docc")
        let articles =
            (try? FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)) ?? []
        return [root.appending(path: "README.md")]
            + articles.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// The source files whose doc comments' code blocks are checked too.
    static func commentedSources() -> [URL] {
        [
            "Sources/AppServicesUIKit", "Sources/AppServicesUIKitTesting", "Sources/AppServicesSwiftUI",
            "Sources/AppServicesSwiftUITesting",
        ].flatMap {
            folder -> [URL] in
            let files = FileManager.default.enumerator(
                at: root.appending(path: folder),
                includingPropertiesForKeys: nil
            )
            return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted {
                $0.path < $1.path
            }
        }
    }

    static func blocks() -> [Block] {
        documents().flatMap { blocks(in: $0, commentPrefix: nil) }
            + commentedSources().flatMap { blocks(in: $0, commentPrefix: "///") }
    }

    /// The Swift code blocks of `document`; with `commentPrefix`, only those in lines that
    /// start with it (after indentation), with the prefix removed.
    static func blocks(in document: URL, commentPrefix: String?) -> [Block] {
        guard let text = try? String(contentsOf: document, encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n").map { line -> String in
            guard let commentPrefix else { return line }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix(commentPrefix) ? String(trimmed.dropFirst(commentPrefix.count)) : ""
        }
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
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
            let previous = start > 0 ? lines[start - 1] : ""
            let exemption =
                previous.hasPrefix("<!-- not compiled:")
                ? String(previous.dropFirst("<!-- not compiled:".count).dropLast("-->".count)).trimmingCharacters(
                    in: .whitespaces
                )
                : nil
            let name = document.path.replacingOccurrences(of: root.path + "/", with: "")
            blocks.append(Block(file: name, line: start + 1, lines: body, exemption: exemption))
            index += 1
        }
        return blocks
    }

    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static let compiledFiles: [[String]] = {
        let folders = [
            "Sources/AppServicesExamples", "Tests/AppServicesExamplesTests", "Tests/AppServicesUIKitTestingTests",
            "Tests/AppServicesSwiftUITestingTests",
        ]
        return folders.flatMap { folder -> [[String]] in
            let enumerator = FileManager.default.enumerator(
                at: root.appending(path: folder),
                includingPropertiesForKeys: nil
            )
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.compactMap { file in
                (try? String(contentsOf: file, encoding: .utf8)).map { normalized($0.components(separatedBy: "\n")) }
            }
        }
    }()

    static func isCompiled(_ block: [String]) -> Bool {
        let needle = normalized(block)
        guard !needle.isEmpty else { return true }
        return compiledFiles.contains { haystack in
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { start in
                haystack[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
    }

    @Test("Every Swift code block of every document is found, and every article and the README have some")
    func findsBlocks() throws {
        let blocks = Self.blocks()
        for document in Self.documents() + Self.commentedSources() {
            let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            let fences = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
                .filter { $0.trimmingCharacters(in: .whitespaces).hasSuffix("```swift") }.count
            let found = blocks.filter { $0.file == name }.count
            #expect(found == fences, "\(name): \(fences) Swift blocks, \(found) found")
            if document.pathExtension == "md", document.lastPathComponent != "AppServices.md" {
                #expect(found > 0, "\(name) has no Swift block")
            }
        }
        #expect(Self.commentedSources().count >= 5)
        // The README and the catalog's 14 articles: a catalog that moved is not one without articles.
        #expect(Self.documents().count >= 15)
    }

    @Test("Every Swift code block of the documentation is compiled", arguments: blocks().filter { $0.exemption == nil })
    func blockIsCompiled(_ block: Block) {
        #expect(
            Self.isCompiled(block.lines),
            "\(block.file):\(block.line): this block does not appear in compiled code (Sources/AppServicesExamples, Tests/AppServicesExamplesTests, Tests/AppServicesUIKitTestingTests, Tests/AppServicesSwiftUITestingTests)"
        )
    }

    @Test("Blocks that cannot be compiled here say why")
    func exemptionsSayWhy() {
        for block in Self.blocks() where block.exemption != nil {
            #expect(block.exemption?.isEmpty == false, "\(block.file):\(block.line)")
        }
    }
}
