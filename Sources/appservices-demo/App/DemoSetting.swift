import Configuration

/// One configuration key of the demo: its default, how the environment spells it, and what
/// it does. The defaults and `--help` are both made from ``all``, so they cannot disagree.
struct DemoSetting: Sendable {
    /// The dot-separated key, as in the JSON file (`{"analytics": {"sampleRate": 0.5}}`).
    let key: String
    /// The environment variable that overrides it.
    let environmentVariable: String
    /// The built-in default, or `nil` for none.
    let defaultValue: ConfigValue?
    /// What it does, and what happens without it.
    let meaning: String
    /// Whether its value is secret: never printed in logs, the report or the trace.
    var isSecret = false

    static let all: [DemoSetting] = [
        DemoSetting(
            key: "analytics.sampleRate",
            environmentVariable: "ANALYTICS_SAMPLE_RATE",
            defaultValue: 1.0,
            meaning: "the share of sessions whose events are uploaded; reloaded on SIGHUP"
        ),
        DemoSetting(
            key: "appearance.theme",
            environmentVariable: "APPEARANCE_THEME",
            defaultValue: "system",
            meaning: "the theme the appearance command applies"
        ),
        DemoSetting(
            key: "crashReporter.dsn",
            environmentVariable: "CRASH_REPORTER_DSN",
            defaultValue: nil,
            meaning: "where crash reports go; without it, crash reporting is skipped",
            isSecret: true
        ),
        DemoSetting(
            key: "featureFlags.enabled",
            environmentVariable: "FEATURE_FLAGS_ENABLED",
            defaultValue: ConfigValue(.stringArray(["new-inbox", "compact-layout"]), isSecret: false),
            meaning: "the feature flags to turn on (comma-separated in the environment)"
        ),
        DemoSetting(
            key: "log.level",
            environmentVariable: "LOG_LEVEL",
            defaultValue: "info",
            meaning: "the log level: trace, debug, info, notice, warning, error or critical"
        ),
    ]

    /// The built-in defaults, the lowest configuration layer.
    static var defaults: [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for setting in all {
            if let value = setting.defaultValue { values[AbsoluteConfigKey(ConfigKey(setting.key))] = value }
        }
        return values
    }

    /// The keys whose values are secret.
    static var secretKeys: Set<String> { Set(all.filter(\.isSecret).map(\.key)) }
}

extension DemoSetting {
    /// The default as `--help` shows it.
    var shownDefault: String {
        switch defaultValue?.content {
        case .string(let text): text
        case .double(let number): "\(number)"
        case .stringArray(let texts): texts.joined(separator: ",")
        case let other?: "\(other)"
        case nil: "none"
        }
    }

    /// The settings for `--help`: each key with its environment variable, then what it
    /// does and its default, in lines short enough not to be wrapped.
    static var helpText: String {
        let keyWidth = (all.map(\.key.count).max() ?? 0) + 2
        return all.map { setting in
            """
              \(setting.key.padding(to: keyWidth))\(setting.environmentVariable)
                  \(setting.meaning)
                  default: \(setting.shownDefault)\(setting.isSecret ? "; secret: never printed" : "")
            """
        }
        .joined(separator: "\n")
    }
}
