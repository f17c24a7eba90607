#if Configuration
/// One invalid value of a declared setting: which key, where the value came from, the value
/// (unless it is secret), and what was expected.
///
/// ```text
/// analytics.sampleRate: the configuration file demo.json gives "half"; expected a number from 0.0 to 1.0.
/// ```
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// The dot-separated key.
    public let key: String
    /// Where the value came from: `the environment variable ANALYTICS_SAMPLE_RATE`,
    /// `the configuration file demo.json`, `the command line (--analytics-sample-rate)`,
    /// `the defaults`.
    public let source: String
    /// The value as found, quoted when it is text; `nil` for a secret's value, which is
    /// never shown.
    public let value: String?
    /// What the key allows (``ConfigurationSetting/Kind/description``).
    public let expected: String

    /// The problem in one line.
    public var description: String {
        "\(key): \(source) gives \(value ?? "a secret value (not shown)"); expected \(expected)."
    }
}
#endif  // Configuration
