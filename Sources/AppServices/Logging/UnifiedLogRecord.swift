import Logging

/// The type of a unified-log entry: `OSLogType`'s cases, named here so that the mapping
/// from swift-log's levels is decided, and tested, on every platform.
enum UnifiedLogType: Sendable, Hashable {
    case debug
    case info
    case `default`
    case error
    case fault

    /// The entry type of a swift-log level; `OSLogHandler` documents the table and why
    /// a warning is an error.
    init(_ level: Logger.Level) {
        switch level {
        case .trace, .debug: self = .debug
        case .info: self = .info
        case .notice: self = .default
        case .warning, .error: self = .error
        case .critical: self = .fault
        }
    }
}

/// A piece of a unified-log entry's text, with whether the unified log may show it.
struct UnifiedLogSegment: Sendable, Hashable {
    /// Whether the unified log shows the text to anyone who reads the log, or only while a
    /// debugger is attached or the device's private-data setting is on.
    enum Privacy: Sendable, Hashable {
        case `public`
        case `private`
    }

    var text: String
    var privacy: Privacy

    static func `public`(_ text: String) -> Self { Self(text: text, privacy: .public) }
    static func `private`(_ text: String) -> Self { Self(text: text, privacy: .private) }
}

/// What one swift-log event becomes in the unified log: its entry type, its category and
/// its text in segments that carry their privacy. Every decision of `OSLogHandler` is
/// made here, on every platform, so the tests on Linux see what an Apple device writes;
/// the handler only hands the result to `os.Logger`.
///
/// The segments are in a fixed shape, because `os.Logger` takes privacy per interpolation
/// and its messages must be literals: public and private segments alternate, the first is
/// public (empty when the text starts with a private part), and there are at most
/// `maximumSegmentCount`. Past that the rest of the text is one private segment: a name
/// may then be hidden, never a payload shown.
struct UnifiedLogRecord: Sendable, Hashable {
    /// The metadata keys whose values are names the library gives to code (services,
    /// initializers, startup commands, callbacks, milestones, launch phases, gates,
    /// application states): public, so that a log read from a device says what ran.
    static let publicMetadataKeys: Set<String> = [
        "service", "services", "initializer", "command", "callback", "milestone", "phase", "gate", "state",
    ]
    /// The metadata keys that name the code that logged, in the order they are looked for
    /// when the category is chosen: a service's context, an initializer's, a command's.
    static let categoryMetadataKeys = ["service", "initializer", "command"]
    /// The most segments an entry has; `OSLogHandler` writes each count with its own literal.
    static let maximumSegmentCount = 10

    /// The entry's type.
    var type: UnifiedLogType
    /// The entry's category: the name of the service, initializer or command that logged,
    /// from the metadata where its value is public, or the default category.
    var category: String
    /// The entry's text, in the shape described above.
    var segments: [UnifiedLogSegment]

    /// The entry for an event.
    ///
    /// - Parameters:
    ///   - level: The event's level.
    ///   - message: The message text: private, since it interpolates whatever the caller
    ///     had at hand and swift-log does not say which part is which.
    ///   - metadata: The event's metadata, already merged (the handler's, the provider's,
    ///     then the call's); rendered in key order as `key=value`.
    ///   - error: The description of the error attached to the event, if any: private.
    ///   - defaultCategory: The category when no metadata names the code that logged.
    ///   - publicKeys: The metadata keys whose values are public.
    init(
        level: Logger.Level,
        message: String,
        metadata: Logger.Metadata,
        error: String? = nil,
        defaultCategory: String,
        publicKeys: Set<String> = publicMetadataKeys
    ) {
        type = UnifiedLogType(level)
        // From public values only: the unified log never hides a category, and keeps a
        // logger per category.
        category =
            Self.categoryMetadataKeys.lazy.filter(publicKeys.contains).compactMap { metadata[$0].map(Self.render) }
            .first { !$0.isEmpty } ?? defaultCategory
        var pieces: [UnifiedLogSegment] = [.private(message)]
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            pieces.append(.public(" \(key)="))
            pieces.append(publicKeys.contains(key) ? .public(Self.render(value)) : .private(Self.render(value)))
        }
        if let error {
            pieces.append(.public(" error="))
            pieces.append(.private(error))
        }
        segments = Self.shaped(pieces)
    }

    /// The whole text, as a reader with access to private data sees it.
    var text: String { segments.map(\.text).joined() }

    /// A metadata value as text: strings as they are, lists and dictionaries (in key order)
    /// in brackets.
    static func render(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): "[\(values.map(render).joined(separator: ", "))]"
        case .dictionary(let values):
            "[\(values.sorted { $0.key < $1.key }.map { "\($0.key): \(render($0.value))" }.joined(separator: ", "))]"
        }
    }

    /// `pieces` in the fixed shape: neighbours of one privacy joined, a public segment
    /// first, and the tail past the limit folded into one private segment.
    private static func shaped(_ pieces: [UnifiedLogSegment]) -> [UnifiedLogSegment] {
        var segments: [UnifiedLogSegment] = [.public("")]
        for piece in pieces {
            // An empty public piece adds nothing; an empty private one still shows that a
            // value was there.
            if piece.privacy == .public && piece.text.isEmpty { continue }
            if segments[segments.count - 1].privacy == piece.privacy {
                segments[segments.count - 1].text += piece.text
            } else {
                segments.append(piece)
            }
        }
        if segments.count > maximumSegmentCount {
            // The limit is even, so the last kept index is odd: a private segment.
            let tail = segments[(maximumSegmentCount - 1)...].map(\.text).joined()
            segments.removeSubrange((maximumSegmentCount - 1)...)
            segments.append(.private(tail))
        }
        return segments
    }
}
