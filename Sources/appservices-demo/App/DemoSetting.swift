import AppServices
import Configuration

/// The demo's configuration keys, declared once: their types and allowed values, defaults,
/// secrecy and meaning. The configuration layers check every value against them at launch
/// and on each reload, and `--help` is made from them, so neither can disagree with the
/// other.
enum DemoSetting {
    /// The share of sessions whose events are uploaded.
    static let sampleRate = ConfigurationSetting(
        "analytics.sampleRate",
        .double(in: 0...1),
        default: 1.0,
        summary: "the share of sessions whose events are uploaded, from 0 to 1; reloaded on SIGHUP"
    )
    /// The theme the appearance command applies.
    static let theme = ConfigurationSetting(
        "appearance.theme",
        .string(oneOf: ["system", "light", "dark"]),
        default: "system",
        summary: "the theme the appearance command applies: system, light or dark"
    )
    /// Where crash reports go.
    static let crashReporterDSN = ConfigurationSetting(
        "crashReporter.dsn",
        .string,
        isSecret: true,
        summary: "where crash reports go; without it, crash reporting is skipped"
    )
    /// The feature flags to turn on.
    static let featureFlags = ConfigurationSetting(
        "featureFlags.enabled",
        .stringArray,
        default: ConfigValue(.stringArray(["new-inbox", "compact-layout"]), isSecret: false),
        summary: "the feature flags to turn on (comma-separated in the environment)"
    )
    /// The log level.
    static let logLevel = ConfigurationSetting(
        "log.level",
        .string(oneOf: ["trace", "debug", "info", "notice", "warning", "error", "critical"]),
        default: "info",
        summary: "the log level: trace, debug, info, notice, warning, error or critical"
    )

    /// Every key, in the order `--help` lists them.
    static let all = [sampleRate, theme, crashReporterDSN, featureFlags, logLevel]

    /// The settings for `--help`: each key with its environment variable, then what it
    /// does and its default, in lines short enough not to be wrapped.
    static var helpText: String {
        let keyWidth = (all.map(\.name.count).max() ?? 0) + 2
        return all.map { setting in
            """
              \(setting.name.padding(to: keyWidth))\(setting.environmentVariable)
                  \(setting.summary)
                  default: \(shownDefault(of: setting))\(setting.isSecret ? "; secret: never printed" : "")
            """
        }
        .joined(separator: "\n")
    }

    /// A setting's default as `--help` shows it.
    private static func shownDefault(of setting: ConfigurationSetting) -> String {
        switch setting.defaultValue?.content {
        case .string(let text): text
        case .double(let number): "\(number)"
        case .stringArray(let texts): texts.joined(separator: ",")
        case let other?: "\(other)"
        case nil: "none"
        }
    }
}
