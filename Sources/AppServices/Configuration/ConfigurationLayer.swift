#if Configuration
import Configuration

/// One layer of a ``LayeredConfiguration`` as it was read: its provider, how messages name
/// where a value came from, and the keys it holds where they can be listed.
struct ConfigurationLayer: Sendable {
    /// Where values come from, for messages.
    enum Source: Sendable {
        case commandLine
        case environment
        case file(path: String)
        case defaults
    }

    let provider: any ConfigProvider
    let source: Source
    /// The keys the layer holds, as it spells them, for the unknown-key check: the file's
    /// dot-separated keys and the environment's variable names; empty for the others.
    let keys: [String]
    /// The file's values as JSON wrote them, by dot-separated key; empty for other layers.
    var fileValues: [String: JSONValue] = [:]

    /// Where a value found under `encodedKey` came from:
    /// `the environment variable ANALYTICS_SAMPLE_RATE`.
    func describe(encodedKey: String) -> String {
        switch source {
        case .commandLine: "the command line (\(encodedKey))"
        case .environment: "the environment variable \(encodedKey)"
        case .file(let path): "the configuration file \(path)"
        case .defaults: "the defaults"
        }
    }
}
#endif  // Configuration
