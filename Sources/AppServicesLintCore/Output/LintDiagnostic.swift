/// A problem the lint found: where, and a message that names the member, the requirement it
/// nearly matches and the capability.
package struct LintDiagnostic: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Where the member (or the conformance) is written.
    package var location: SourceLocation
    /// The message, one line.
    package var message: String

    /// Creates a diagnostic.
    package init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// The line SwiftPM and Xcode show as a warning at its place:
    /// `path:line:column: warning: message`; `error:` instead with `asError`.
    package func rendered(asError: Bool = false) -> String {
        "\(location): \(asError ? "error" : "warning"): \(message)"
    }

    /// ``rendered(asError:)`` as a warning.
    package var description: String { rendered() }

    /// Orders by place, then message.
    package static func < (lhs: LintDiagnostic, rhs: LintDiagnostic) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}
