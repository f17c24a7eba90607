import AppServices
import InMemoryLogging
public import Logging

/// Collects log messages in memory, so tests can check what was logged (and what never
/// was, such as secret values).
///
/// The messages are kept by swift-log's own `InMemoryLogHandler`; this adds the questions
/// tests ask of them: the messages at a level, the whole log as text, and which logger
/// wrote each.
///
/// ```swift
/// let logs = LogCapture()
/// let composite = ServiceComposite(services, configuration: .init(logger: logs.logger()))
/// ...
/// #expect(logs.messages(at: .warning).contains { $0.contains("PushService") })
/// ```
public final class LogCapture: Sendable {
    /// One captured message.
    public struct Entry: Sendable, CustomStringConvertible {
        /// The level.
        public let level: Logger.Level
        /// The message text.
        public let message: String
        /// The merged metadata.
        public let metadata: Logger.Metadata
        /// The logger's label.
        public let label: String

        /// The level, message and metadata on one line.
        public var description: String {
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "[\(level)] \(message)" + (pairs.isEmpty ? "" : " " + pairs.joined(separator: " "))
        }
    }

    /// The handler every logger of this capture writes to (each a copy with its own
    /// metadata, sharing the messages).
    private let handler = InMemoryLogHandler()

    /// The metadata key under which each logger's label travels to ``handler``, taken out
    /// again in ``entries``.
    private static let labelKey = "log-capture.label"

    /// Creates an empty capture.
    public init() {}

    /// A logger that writes into this capture at `level` and above.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        var handler = self.handler
        handler.metadata[Self.labelKey] = .string(label)
        var logger = Logger(label: label) { _ in handler }
        logger.logLevel = level
        return logger
    }

    /// Every captured entry, in order.
    public var entries: [Entry] {
        handler.entries.map { entry in
            var metadata = entry.metadata
            let label = metadata.removeValue(forKey: Self.labelKey).map { "\($0)" } ?? ""
            return Entry(level: entry.level, message: "\(entry.message)", metadata: metadata, label: label)
        }
    }

    /// The messages logged at exactly `level`.
    public func messages(at level: Logger.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }

    /// Every entry rendered as text (message and metadata), one per line.
    public var text: String { entries.map(\.description).joined(separator: "\n") }

    /// Forgets everything captured so far.
    public func clear() { handler.clear() }
}
