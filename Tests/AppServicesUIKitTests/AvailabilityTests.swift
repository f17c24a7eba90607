import Foundation
import Testing

/// The library's availability checks name visionOS: there, `*` alone is always true, since
/// visionOS 2 (the package's oldest) is newer than any version `*` stands for. So a check of
/// `iOS 26.0, *` would call an iOS 26 method on visionOS 2, or claim a callback that
/// visionOS 2 replaced with another (the window scene's geometry). UIKit's newest methods,
/// and `Task.immediate`, came to visionOS with the same version (visionOS 26 and 27).
@Suite struct AvailabilityTests {
    static let sources = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Sources")

    /// The modules built for visionOS: the core and the adapters (not the shims, which
    /// stand in for Apple's frameworks on Linux, nor the examples).
    static let modules = [
        "AppServices", "AppServicesUIKit", "AppServicesSwiftUI", "AppServicesCallKit", "AppServicesMetricKit",
    ]

    @Test("Every availability check of an iOS 19 or later version names visionOS too")
    func checksNameVisionOS() throws {
        var checked = 0
        var missing: [String] = []
        for module in Self.modules {
            let folder = Self.sources.appending(path: module)
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            #expect(!files.isEmpty, "\(module)")
            for file in files {
                let lines = try String(contentsOf: file, encoding: .utf8).split(
                    separator: "\n",
                    omittingEmptySubsequences: false
                )
                for (number, line) in lines.enumerated() {
                    guard let range = line.range(of: #"available\(iOS (19|2\d)[.0-9]*,"#, options: .regularExpression)
                    else { continue }
                    checked += 1
                    // PushKit's VoIP method with metadata names its platforms one by one.
                    let arguments = line[range.lowerBound...]
                    if !arguments.contains("visionOS"), !arguments.contains("macCatalyst") {
                        missing.append(
                            "\(module)/\(file.lastPathComponent):\(number + 1): "
                                + line.trimmingCharacters(in: .whitespaces)
                        )
                    }
                }
            }
        }
        #expect(checked >= 10)
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }
}
