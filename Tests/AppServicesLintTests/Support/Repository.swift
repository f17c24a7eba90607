import AppServicesLintCore
import Foundation

/// The checkout these tests run in, and its files.
enum Repository {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift files under `folder` (relative to the root), sorted, with root-relative paths.
    static func swiftFiles(under folder: String) throws -> [SourceFile] {
        let base = root.appending(path: folder)
        let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try found.filter { $0.hasSuffix(".swift") }.sorted().map { relative in
            SourceFile(
                path: folder + "/" + relative,
                text: try String(contentsOf: base.appending(path: relative), encoding: .utf8)
            )
        }
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appending(path: path), encoding: .utf8)
    }
}
