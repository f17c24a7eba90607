import Foundation

/// One release build of `AppServicesUIKit` and its dependencies, in a folder of its own.
struct SizeBuild {
    /// How the report names it.
    let name: String
    /// Its folder under `.build-size/`.
    let folder: String
    /// Arguments after the common ones (the traits).
    let extraArguments: [String]

    /// What is built: the UIKit adapter, and with it everything an app that adopts it links.
    static let target = "AppServicesUIKit"

    /// A build that failed, with its command.
    struct Failure: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        var description: String { "`\(command)` failed with status \(status); its output is above." }
    }

    func scratchPath(packageAt root: URL) -> URL {
        root.appending(path: ".build-size").appending(path: folder)
    }

    /// Where the modules' build folders are (`release` links to the host triple's).
    func productsFolder(packageAt root: URL) -> URL {
        scratchPath(packageAt: root).appending(path: "release")
    }

    /// Runs `swift build`, its output on standard error.
    func build(packageAt root: URL) throws {
        let arguments =
            [
                "swift", "build", "-c", "release", "--package-path", root.path(percentEncoded: false),
                "--scratch-path", scratchPath(packageAt: root).path(percentEncoded: false),
                "--target", Self.target,
                // Debug information is no code, and would be most of each object file.
                "-debug-info-format", "none",
            ] + extraArguments
        FileHandle.standardError.write(Data("== \(name): \(arguments.joined(separator: " "))\n".utf8))
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.standardError
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(command: arguments.joined(separator: " "), status: process.terminationStatus)
        }
    }
}
