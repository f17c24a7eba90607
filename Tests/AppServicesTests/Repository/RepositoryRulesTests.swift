import Foundation
import Testing

/// Rules about the repository's files that no compiler checks.
@Suite struct RepositoryRulesTests {
    /// The repository's root, from this file's place in it.
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The files under `folder` (relative to the root) whose extension is one of `extensions`.
    static func files(under folder: String, extensions: Set<String>) -> [URL] {
        let base = root.appending(path: folder)
        return (FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }
            .filter { extensions.contains($0.pathExtension) && !$0.path.contains("/.build") }
    }

    /// `file`'s lines, numbered from 1, with its path from the root.
    static func lines(of file: URL) throws -> [(place: String, text: Substring)] {
        let path = String(file.path.dropFirst(root.path.count + 1))
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { ("\(path):\($0.offset + 1)", $0.element) }
    }

    @Test("Code and documentation cite no file outside the repository")
    func citesNothingOutside() throws {
        // Spelled in pieces, so that this file does not match itself.
        let outside = ["DESIGN" + ".md", "../" + "shared", "reference/" + "apple-api", "STYLE" + ".md"]
        var files = ["Sources", "Plugins", "Tests", "Benchmarks/Sources", "Benchmarks/Tests"].flatMap {
            Self.files(under: $0, extensions: ["swift", "md", "sh"])
        }
        files += ["Package.swift", "README.md", "CHANGELOG.md", ".ci/run", "Benchmarks/Package.swift"].map {
            Self.root.appending(path: $0)
        }
        #expect(files.count > 300)
        var citing: [String] = []
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            for line in try Self.lines(of: file) where outside.contains(where: line.text.contains) {
                citing.append(line.place)
            }
        }
        #expect(citing.isEmpty, "these lines cite files outside the repository: \(citing)")
    }

    @Test("The C library is imported in one internal file per module, CLibrary.swift, which Apple platforms compile")
    func cLibraryInOneFilePerModule() throws {
        let libraries = ["Glibc", "Musl", "Darwin", "Android", "WinSDK"]
        var elsewhere: [String] = []
        let files = ["Sources", "Plugins"].flatMap { Self.files(under: $0, extensions: ["swift"]) }
        for file in files where file.lastPathComponent != "CLibrary.swift" {
            for line in try Self.lines(of: file) {
                let words = line.text.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                if libraries.contains(String(words[index + 1])) { elsewhere.append(line.place) }
            }
        }
        #expect(elsewhere.isEmpty, "C library imports outside CLibrary.swift: \(elsewhere)")
    }
}
