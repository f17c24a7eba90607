import Foundation
import Logging

#if Configuration
import Configuration
#endif

/// Removes secret configuration values from text before it is logged or reported.
///
/// It knows the values (read once, marked secret) of the plan's secret keys and replaces
/// every occurrence with ``placeholder``: in error messages, skip reasons, and every message
/// and metadata value logged through an initializer's logger.
///
/// Besides the exact value, it replaces the obvious derived forms: the percent-encoded copy
/// of a text value, and for a URL-shaped secret (`https://user:password@host/path`) its
/// user and password parts, plain and percent-encoded, when they have at least
/// ``minimumDerivedLength`` characters. Other transformations (base64, hashes, a part cut
/// out by the code) are not recognised: code that derives values from a secret must not
/// log them.
struct SecretRedactor: Sendable {
    /// What a secret value is replaced with.
    static let placeholder = "<redacted>"
    /// The shortest derived part (a URL's user or password) that is redacted; shorter ones
    /// would blank out ordinary words.
    static let minimumDerivedLength = 6

    /// The values, longest first, so a value that contains another is replaced whole.
    private let values: [String]

    /// A redactor with no secrets: the only kind without the `Configuration` trait, where
    /// there are no configuration values to keep secret.
    init() { values = [] }

    #if Configuration
    /// Reads the values of `secretKeys` from `reader`.
    ///
    /// The rule is the value's, whichever layer gave it (the command line and the
    /// environment give every value as text): text is redacted whatever its length;
    /// numbers only from four characters, so that a secret `0` or `7` does not blank out
    /// every such digit in a report; booleans are not secrets. A list's elements are
    /// redacted each; a list the environment gives (comma-separated text, which also reads
    /// as one text) has its elements redacted from ``minimumDerivedLength`` characters,
    /// since that text may as well be one secret with commas in it.
    init(reader: ConfigReader, secretKeys: some Sequence<String>) {
        var found: Set<String> = []
        for key in secretKeys {
            let text = reader.string(forKey: ConfigKey(key), isSecret: true)
            if let text, Self.isSecretText(text) { found.formUnion(Self.forms(of: text)) }
            if let texts = reader.stringArray(forKey: ConfigKey(key), isSecret: true) {
                let shortest = text == nil ? 1 : Self.minimumDerivedLength
                found.formUnion(texts.filter { $0.count >= shortest && Self.isSecretText($0) }.flatMap(Self.forms))
            } else if text == nil, let texts = reader.textValues(forKey: ConfigKey(key), isSecret: true) {
                found.formUnion(texts.filter { $0.count >= 4 && $0 != "true" && $0 != "false" })
            }
        }
        values = found.sortedOnce { $0.count > $1.count }
    }

    /// Whether a value read as text is redacted: not empty, and not a number shorter than
    /// four characters or a boolean, which the command line and the environment give as
    /// text too.
    private static func isSecretText(_ text: String) -> Bool {
        if text.isEmpty || text == "true" || text == "false" { return false }
        if text.count < 4, Double(text) != nil { return false }
        return true
    }

    /// `text` and the forms derived from it that show up in output: its percent-encoded
    /// copy and, for a URL, its user and password parts.
    private static func forms(of text: String) -> Set<String> {
        var forms: Set<String> = [text]
        // RFC 3986's unreserved characters, and letters and digits alone: the two usual ways
        // to put a value into a query.
        let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        for allowed in [unreserved, .alphanumerics] {
            if let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed) { forms.insert(encoded) }
        }
        if let url = URLComponents(string: text), url.scheme != nil, url.host != nil {
            let parts = [url.user, url.password, url.percentEncodedUser, url.percentEncodedPassword]
            forms.formUnion(parts.compactMap { $0 }.filter { $0.count >= minimumDerivedLength })
        }
        return forms
    }
    #endif

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

    /// Gives `upstream` a provider that redacts what `upstream`'s metadata provider provides:
    /// the upstream handler merges it into each event after this handler has redacted the
    /// event, and still tells the provider's metadata from the call's (the unified log keeps
    /// the provider's private, whoever logs).
    init(upstream: any LogHandler, redactor: SecretRedactor) {
        var upstream = upstream
        metadataProvider = upstream.metadataProvider
        upstream.metadataProvider = Self.redacting(upstream.metadataProvider, redactor)
        self.upstream = upstream
        self.redactor = redactor
    }

    /// `provider`, its values redacted.
    private static func redacting(
        _ provider: Logger.MetadataProvider?,
        _ redactor: SecretRedactor
    ) -> Logger.MetadataProvider? {
        provider.map { provider in Logger.MetadataProvider { provider.get().mapValues(redactor.redact) } }
    }

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

    /// The provider as set; the upstream handler has it with its values redacted.
    var metadataProvider: Logger.MetadataProvider? {
        didSet { upstream.metadataProvider = Self.redacting(metadataProvider, redactor) }
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
