import AppServicesLintCore
import Foundation

/// `appservices-lint`: the tool behind the `AppServicesLint` build plugin.
///
/// ```
/// appservices-lint [--warnings-as-errors] [--output STAMP] PATH...
/// ```
///
/// Reads the Swift files named (a folder stands for every `.swift` file under it) as one
/// target, and prints each problem as `path:line:column: warning: message`, the form SwiftPM
/// and Xcode show at its place. With `--warnings-as-errors` they are errors and the exit
/// status is 1 when there is any. `--output` names a file to create when missing: the build
/// plugin's declared output, so that the build runs the lint again only when a source changed.
@main
struct AppServicesLintCommand {
    static func main() {
        var warningsAsErrors = false
        var stamp: String?
        var paths: [String] = []
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--warnings-as-errors":
                warningsAsErrors = true
            case "--output":
                guard let path = arguments.next() else { fail("--output needs a file path") }
                stamp = path
            case "-h", "--help":
                print("usage: appservices-lint [--warnings-as-errors] [--output STAMP] PATH...")
                return
            default:
                if argument.hasPrefix("-") { fail("unknown option '\(argument)'") }
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { fail("no Swift file or folder given") }

        var files: [SourceFile] = []
        for path in paths {
            for file in swiftFiles(at: path) {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    fail("cannot read '\(file)' as UTF-8 text")
                }
                files.append(SourceFile(path: file, text: text))
            }
        }
        let diagnostics = ServiceLinter().lint(files)
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.rendered(asError: warningsAsErrors) + "\n").utf8))
        }
        if let stamp, !FileManager.default.fileExists(atPath: stamp) {
            // Written once and never touched again, so that the target's module is not
            // rebuilt for it; the build system reruns the lint when an input changes.
            let text = "// AppServicesLint checked this target's services. This file declares nothing.\n"
            guard FileManager.default.createFile(atPath: stamp, contents: Data(text.utf8)) else {
                fail("cannot write '\(stamp)'")
            }
        }
        if warningsAsErrors, !diagnostics.isEmpty { exit(1) }
    }

    /// The `.swift` files at `path`: the file itself, or those under a folder, sorted.
    static func swiftFiles(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            fail("'\(path)' does not exist")
        }
        guard isFolder.boolValue else { return [path] }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".swift") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("appservices-lint: error: \(message)\n".utf8))
        exit(2)
    }
}
