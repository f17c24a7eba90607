#if Configuration
public import Configuration

/// A declared configuration key: its type, the values it allows, its default, whether it is
/// secret, and what it does.
///
/// Declared settings given to ``LayeredConfiguration/settings`` are checked each time the
/// configuration is read, at launch and on every reload: a value of the wrong type or out
/// of range is an error naming the key, where the value came from, and the value (never a
/// secret's), with every such problem listed at once. Their defaults form the lowest layer,
/// and secret ones are marked secret in every layer.
///
/// ```swift
/// extension ConfigurationSetting {
///     static let sampleRate = ConfigurationSetting(
///         "analytics.sampleRate",
///         .double(in: 0...1),
///         default: 1.0,
///         summary: "the share of sessions whose events are uploaded"
///     )
///     static let crashReporterDSN = ConfigurationSetting(
///         "crashReporter.dsn",
///         .string,
///         isSecret: true,
///         summary: "where crash reports go"
///     )
/// }
///
/// let layers = LayeredConfiguration(settings: [.sampleRate, .crashReporterDSN])
/// let reader = try await layers.makeReader()  // throws if ANALYTICS_SAMPLE_RATE=half
/// let rate = reader.double(forKey: ConfigurationSetting.sampleRate.key)
/// ```
///
/// ``key`` is swift-configuration's `ConfigKey`, so a setting names its key wherever a
/// `ConfigKey` is taken: reading it, and listing the keys an initializer requires.
public struct ConfigurationSetting: Sendable {
    /// The dot-separated name of the key (`analytics.sampleRate`); in a JSON file, nested
    /// objects (`{"analytics": {"sampleRate": 0.5}}`).
    public let name: String
    /// The values the key allows.
    public let kind: Kind
    /// The value used when no layer has one, or `nil` for none.
    public let defaultValue: ConfigValue?
    /// Whether the value is secret: never printed in logs, reports, traces or errors.
    public let isSecret: Bool
    /// What the key does, and what happens without it; for help texts.
    public let summary: String

    /// Declares a setting.
    ///
    /// - Parameters:
    ///   - name: The dot-separated key.
    ///   - kind: The values it allows.
    ///   - defaultValue: The value used when no layer has one. Default: none.
    ///   - isSecret: Whether its value is secret. Default: `false`.
    ///   - summary: What it does. Default: empty.
    public init(
        _ name: String,
        _ kind: Kind,
        default defaultValue: ConfigValue? = nil,
        isSecret: Bool = false,
        summary: String = ""
    ) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.isSecret = isSecret
        self.summary = summary
    }

    /// The key, as swift-configuration's readers take it.
    public var key: ConfigKey { ConfigKey(name) }

    /// The environment variable that sets the key (`ANALYTICS_SAMPLE_RATE` for
    /// `analytics.sampleRate`), as ``LayeredConfiguration``'s environment layer spells it.
    public var environmentVariable: String {
        let provider = EnvironmentVariablesProvider(environmentVariables: [:])
        let lookup = try? provider.value(forKey: AbsoluteConfigKey(key), type: .string)
        return lookup?.encodedKey ?? name
    }
}
#endif  // Configuration
