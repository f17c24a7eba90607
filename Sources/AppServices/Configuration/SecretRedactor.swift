import Configuration
import Logging

/// Removes secret configuration values from text before it is logged or reported.
///
/// It knows the values (read once, marked secret) of the plan's secret keys and replaces
/// every occurrence with ``placeholder``: in error messages, skip reasons, and every message
/// and metadata value logged through an initializer's logger.
struct SecretRedactor: Sendable {
    /// What a secret value is replaced with.
    static let placeholder = "<redacted>"

    /// The values, longest first, so a value that contains another is replaced whole.
    private let values: [String]

    /// A redactor with no secrets.
    init() { values = [] }

    /// Reads the values of `secretKeys` from `reader`.
    ///
    /// Text values are redacted whatever their length; numbers only from four characters,
    /// so that a secret `0` does not blank out every zero in a report. Booleans are not
    /// secrets.
    init(reader: ConfigReader, secretKeys: some Sequence<String>) {
        var found: Set<String> = []
        for key in secretKeys {
            if let text = reader.string(forKey: ConfigKey(key), isSecret: true) {
                if !text.isEmpty { found.insert(text) }
            } else if let texts = reader.stringArray(forKey: ConfigKey(key), isSecret: true) {
                found.formUnion(texts.filter { !$0.isEmpty })
            } else if let texts = reader.textValues(forKey: ConfigKey(key), isSecret: true) {
                found.formUnion(texts.filter { $0.count >= 4 && $0 != "true" && $0 != "false" })
            }
        }
        values = found.sorted { $0.count > $1.count }
    }

    /// Whether there is nothing to redact.
    var isEmpty: Bool { values.isEmpty }

    /// `text` with every secret value replaced by ``placeholder``.
    func redact(_ text: String) -> String {
        var text = text
        for value in values where text.contains(value) {
            text = text.replacing(value, with: Self.placeholder)
        }
        return text
    }

    /// `value` with every secret replaced, recursively.
    func redact(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .string(let text): .string(redact(text))
        case .stringConvertible(let convertible): .string(redact(convertible.description))
        case .array(let values): .array(values.map(redact))
        case .dictionary(let values): .dictionary(values.mapValues(redact))
        }
    }

    /// A logger that writes through `logger`'s handler with secrets removed; `logger` itself
    /// when there is nothing to redact.
    func redacting(_ logger: Logger) -> Logger {
        guard !isEmpty else { return logger }
        let upstream = logger.handler
        return Logger(label: logger.label) { _ in RedactingLogHandler(upstream: upstream, redactor: self) }
    }
}

/// Passes log events on with secret values removed from the message, the metadata and the
/// attached error.
struct RedactingLogHandler: LogHandler {
    var upstream: any LogHandler
    let redactor: SecretRedactor

    var logLevel: Logger.Level {
        get { upstream.logLevel }
        set { upstream.logLevel = newValue }
    }

    // Metadata set on the logger is redacted when it is set, since the upstream handler
    // merges it into every event after this handler has seen the event.
    var metadata: Logger.Metadata {
        get { upstream.metadata }
        set { upstream.metadata = newValue.mapValues(redactor.redact) }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { upstream.metadataProvider }
        set { upstream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { upstream[metadataKey: key] }
        set { upstream[metadataKey: key] = newValue.map(redactor.redact) }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(redactor.redact(event.message.description))"
        event.metadata = event.metadata?.mapValues(redactor.redact)
        if let error = event.error { event.error = RedactedError(description: redactor.redact("\(error)")) }
        upstream.log(event: event)
    }
}

/// An error reduced to its redacted description.
struct RedactedError: Error, CustomStringConvertible {
    let description: String
}
