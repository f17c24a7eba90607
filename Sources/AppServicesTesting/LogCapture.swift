import AppServices
public import Logging

/// Collects log messages in memory, so tests can check what was logged (and what never
/// was, such as secret values).
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

    private let captured = Locked<[Entry]>([])

    /// Creates an empty capture.
    public init() {}

    /// A logger that writes into this capture at `level` and above.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { label in Handler(label: label, capture: self) }
        logger.logLevel = level
        return logger
    }

    /// Every captured entry, in order.
    public var entries: [Entry] { captured.withLock { $0 } }

    /// The messages logged at exactly `level`.
    public func messages(at level: Logger.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }

    /// Every entry rendered as text (message and metadata), one per line.
    public var text: String { entries.map(\.description).joined(separator: "\n") }

    /// Forgets everything captured so far.
    public func clear() { captured.withLock { $0.removeAll() } }

    fileprivate func append(_ entry: Entry) { captured.withLock { $0.append(entry) } }

    private struct Handler: LogHandler {
        let label: String
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var merged = metadata
            if let extra = event.metadata { merged.merge(extra) { _, new in new } }
            capture.append(Entry(level: event.level, message: "\(event.message)", metadata: merged, label: label))
        }
    }
}
