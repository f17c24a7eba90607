import Foundation
import Testing

/// Builds a small package with the `AppServicesLint` plugin applied, as a user's would be,
/// and checks the warnings the build shows: the five near misses, each at its file and
/// line with its text, and nothing for the correct members and the non-service beside them.
///
/// The package is `Fixtures/NearMisses`, copied to `.build-lint-fixture/NearMisses` beside a
/// link named `AppServices` to this checkout (a path dependency is named after its folder).
/// The folder is kept between runs so that later builds are incremental; the plugin's output
/// is removed first, so that every run lints the sources again.
///
/// CI builds the same sources as a target of this package instead (`APPSERVICES_LINT_FIXTURE`
/// in the manifest), in its own build folder where swift-syntax and the tool are already
/// compiled, and names that build's output in `APPSERVICES_LINT_FIXTURE_LOG`; the test then
/// checks that output rather than building the copy.
struct LintPluginBuildTests {
    struct Warning: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let message: String
        var description: String { "\(file):\(line): \(message)" }
    }

    static let expected: Set<Warning> = [
        Warning(
            file: "CrashReporterInitializer.swift",
            line: 6,
            message: "'CrashReporterInitializer.requiredConfigurationKeys' does not satisfy Initializer's requirement "
                + "'var requiredConfigurationKeys: [RequiredConfigurationKey] { get }': it has type '[String]', not "
                + "'[RequiredConfigurationKey]'; AppServices uses Initializer's default instead, never this member"
        ),
        Warning(
            file: "SessionService.swift",
            line: 15,
            message: "'SessionService.applicationDidBecomeActive(_:)' is UIApplicationDelegate's method (it takes "
                + "'UIApplication'), which AppServices never calls on a service; write ApplicationStateHandling's "
                + "requirement 'func applicationDidBecomeActive(_ context: AppContext)' instead"
        ),
        Warning(
            file: "SessionService.swift",
            line: 16,
            message: "'SessionService.applicationDidEnterBackground(context:)' does not satisfy "
                + "ApplicationStateHandling's requirement 'func applicationDidEnterBackground(_ context: AppContext)': "
                + "its argument labels are (context:), not (_:); AppServices uses ApplicationStateHandling's default "
                + "instead, never this member"
        ),
        Warning(
            file: "SessionService.swift",
            line: 18,
            message: "'SessionService.applicationWillEnterForegound(_:)' does not satisfy ApplicationStateHandling's "
                + "requirement 'func applicationWillEnterForeground(_ context: AppContext)': its name is one letter off "
                + "'applicationWillEnterForeground'; AppServices uses ApplicationStateHandling's default instead, never "
                + "this member"
        ),
        Warning(
            file: "DeepLinkService.swift",
            line: 10,
            message: "'DeepLinkService.application(_:open:options:)' does not satisfy URLOpenHandling's requirement "
                + "'func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool': its "
                + "parameter 'options' has type '[String: Any]', not 'OpenURLOptions'; AppServices calls the type's "
                + "other 'application(_:open:options:)', never this member"
        ),
    ]

    @Test(
        "A package built with the plugin shows exactly the five near misses, at their lines",
        .timeLimit(.minutes(20))
    )
    func buildShowsTheNearMisses() async throws {
        let fixture = Repository.root.appending(path: "Tests/AppServicesLintTests/Fixtures/NearMisses")
        if let log = ProcessInfo.processInfo.environment["APPSERVICES_LINT_FIXTURE_LOG"] {
            let output = try String(contentsOf: URL(filePath: log), encoding: .utf8)
            Self.check(output, sources: fixture.appending(path: "Sources/NearMisses").path + "/")
            return
        }
        let work = Repository.root.appending(path: ".build-lint-fixture")
        let package = work.appending(path: "NearMisses")
        let files = FileManager.default
        try files.createDirectory(at: package, withIntermediateDirectories: true)
        let link = work.appending(path: "AppServices")
        if (try? files.destinationOfSymbolicLink(atPath: link.path)) != Repository.root.path {
            try? files.removeItem(at: link)
            try files.createSymbolicLink(at: link, withDestinationURL: Repository.root)
        }
        for item in ["Package.swift", "Sources", ".build/plugins/outputs"] {
            try? files.removeItem(at: package.appending(path: item))
        }
        for item in ["Package.swift", "Sources"] {
            try files.copyItem(at: fixture.appending(path: item), to: package.appending(path: item))
        }

        let (status, output) = try await Self.swiftBuild(package, log: work.appending(path: "build.log"))
        #expect(status == 0, "swift build failed:\n\(output)")

        Self.check(output, sources: package.appending(path: "Sources/NearMisses").path + "/")
    }

    /// Checks that a build's `output` shows exactly the expected warnings for the files in the
    /// folder `sources` (a path ending in `/`).
    static func check(_ output: String, sources: String) {
        let warnings = output.split(separator: "\n").compactMap { line -> Warning? in
            guard line.hasPrefix(sources), let range = line.range(of: ": warning: ") else { return nil }
            let place = line[line.index(line.startIndex, offsetBy: sources.count)..<range.lowerBound]
                .split(separator: ":")
            guard place.count == 3, let number = Int(place[1]) else { return nil }
            return Warning(file: String(place[0]), line: number, message: String(line[range.upperBound...]))
        }
        #expect(warnings.count == 5, "\(warnings.map(\.description).joined(separator: "\n"))")
        #expect(Set(warnings) == expected, "\(output)")
    }

    /// Runs `swift build` for `package`, its output written to `log`, off the test's threads.
    static func swiftBuild(_ package: URL, log: URL) async throws -> (Int32, String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
                    let handle = try FileHandle(forWritingTo: log)
                    let process = Process()
                    process.executableURL = URL(filePath: "/usr/bin/env")
                    process.arguments = ["swift", "build", "--package-path", package.path]
                    var environment = ProcessInfo.processInfo.environment
                    // The plugin must be declared, whatever this test run was started with.
                    environment["APPSERVICES_WITHOUT_LINT"] = nil
                    process.environment = environment
                    process.standardOutput = handle
                    process.standardError = handle
                    process.standardInput = FileHandle.nullDevice
                    try process.run()
                    process.waitUntilExit()
                    try handle.close()
                    let output = try String(contentsOf: log, encoding: .utf8)
                    continuation.resume(returning: (process.terminationStatus, output))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
