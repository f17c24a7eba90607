#if Configuration
public import Configuration
public import Foundation
public import Logging
import Synchronization

/// The default configuration reader: command-line arguments, then environment variables,
/// then a JSON file, then in-memory defaults. The first layer that has a key wins.
///
/// ```swift
/// // app --config ./app.json --http-timeout 10   (or APP_CONFIG_FILE=./app.json, HTTP_TIMEOUT=10)
/// let layers = LayeredConfiguration(
///     defaults: ["http.timeout": 30, "crashReporter.enabled": true],
///     secretKeys: ["crashReporter.dsn"]
/// )
/// let reader = try await layers.makeReader()
/// let timeout = reader.int(forKey: "http.timeout")    // 10
/// ```
///
/// Keys are dot-separated (`http.timeout`); each layer spells them its own way:
/// `--http-timeout` on the command line, `HTTP_TIMEOUT` in the environment, nested objects
/// (`{"http": {"timeout": 10}}`) in the file.
///
/// **The file.** Its path comes from the command-line option ``fileOption`` (`--config`),
/// else the environment variable ``fileEnvironmentVariable`` (`APP_CONFIG_FILE`), else
/// ``defaultFilePath`` (on Apple platforms, the app's `AppConfiguration.json` resource, when
/// it has one: ``bundledFilePath(in:)``). A file named by an argument
/// or a variable must exist; the default file may be absent. A file that cannot be used
/// (missing, a directory, unreadable, larger than ``maximumFileSize``, not a JSON object)
/// is a ``ConfigurationError`` naming the file and the problem, never a crash.
///
/// **Declared settings.** Keys declared in ``settings`` are checked each time the layers
/// are read: a value of the wrong type or out of range, in any layer that wins, fails the
/// read with one ``ConfigurationError`` listing every problem (key, source, value, except
/// secrets' values). Keys nobody declared are logged once as a warning: in the file, every
/// one; in the environment, the variables under a declared prefix (`ANALYTICS_` for
/// `analytics.sampleRate`).
///
/// **Secrets.** Values of the keys in ``secretKeys`` are marked secret in every layer, so
/// swift-configuration's access reporters redact them, and a launch plan given these keys
/// (``LaunchPlan/Configuration-swift.struct``) keeps their values out of its logs, report
/// and trace.
public struct LayeredConfiguration: Sendable {
    /// The command-line arguments, program name first. Default: the process's.
    public var arguments: [String]
    /// The environment variables. Default: the process's.
    public var environment: [String: String]
    /// The name of the command-line option that names the file, without its two dashes and
    /// used as written (`configFile` is `--configFile`, not `--config-file`). Default:
    /// `config` (`--config <path>` or `--config=<path>`).
    public var fileOption: String
    /// The environment variable that names the file. Default: `APP_CONFIG_FILE`.
    public var fileEnvironmentVariable: String
    /// The file used when neither the arguments nor the environment name one; it may be
    /// missing. Default: on Apple platforms, the main bundle's `AppConfiguration.json`
    /// resource when it has one (``bundledFilePath(in:)``); elsewhere, none.
    public var defaultFilePath: String?
    /// The lowest layer: values used when no other layer has the key. They win over the
    /// defaults of ``settings``.
    public var defaults: [AbsoluteConfigKey: ConfigValue]
    /// Dot-separated keys whose values are secret; includes the secret ``settings``, always:
    /// setting it sets the keys besides theirs.
    public var secretKeys: Set<String> {
        get { otherSecretKeys.union(settings.lazy.filter(\.isSecret).map(\.name)) }
        set { otherSecretKeys = newValue }
    }
    /// The secret keys given besides the secret settings.
    private var otherSecretKeys: Set<String>
    /// The declared keys, checked each time the layers are read. Their defaults join
    /// ``defaults`` and their secrecy joins ``secretKeys``. Default: none, nothing checked.
    public var settings: [ConfigurationSetting]
    /// The largest configuration file accepted, in bytes. Default: 256 KiB.
    ///
    /// swift-configuration 1.4.0 parses a JSON file in time quadratic in its number of
    /// keys (80,000 keys take 1.5 s, 160,000 take 5.7 s), so a limit keeps a mistaken or
    /// hostile file from stalling a launch or a reload. Real configuration files are a few
    /// kilobytes.
    public var maximumFileSize: Int
    /// Told about every configuration lookup (swift-configuration's access reporting), or
    /// `nil`. Secret values reach it marked secret.
    public var accessReporter: (any AccessReporter)?
    /// Where unknown keys are reported, once each. Default:
    /// `Logger.appServicesDefault(label:)` labelled `AppServices.Configuration`.
    public var logger: Logger
    /// The unknown keys reported so far, shared by copies, so that each is reported once
    /// however often the layers are read again.
    private let reportedUnknownKeys = ReportedKeys()
    /// The files read so far, shared by copies: a default file that may be missing, read
    /// before, must be there when the layers are read again (a reload), or every value it
    /// gave would fall back to its default without a word.
    private let filesRead = ReportedKeys()

    /// The path of the `AppConfiguration.json` resource of `bundle`, or `nil` when it has
    /// none: the default file of an app on Apple platforms, shipped with it.
    public static func bundledFilePath(in bundle: Bundle = .main) -> String? {
        bundle.path(forResource: "AppConfiguration", ofType: "json")
    }

    /// ``defaultFilePath``'s default: the main bundle's resource on Apple platforms, where
    /// an app ships its files in its bundle; none elsewhere (a server names its file).
    public static var platformDefaultFilePath: String? {
        #if canImport(Darwin)
        return bundledFilePath()
        #else
        return nil
        #endif
    }

    /// Creates the layers; every parameter has the default described on its property
    /// (`environment: nil` stands for the process's environment).
    public init(
        arguments: [String] = CommandLine.arguments,
        environment: [String: String]? = nil,
        fileOption: String = "config",
        fileEnvironmentVariable: String = "APP_CONFIG_FILE",
        defaultFilePath: String? = LayeredConfiguration.platformDefaultFilePath,
        defaults: [AbsoluteConfigKey: ConfigValue] = [:],
        secretKeys: Set<String> = [],
        settings: [ConfigurationSetting] = [],
        maximumFileSize: Int = 1 << 18,
        accessReporter: (any AccessReporter)? = nil,
        logger: Logger = .appServicesDefault(label: "AppServices.Configuration")
    ) {
        self.arguments = arguments
        self.environment = environment ?? ProcessInfo.processInfo.environment
        self.fileOption = fileOption
        self.fileEnvironmentVariable = fileEnvironmentVariable
        self.defaultFilePath = defaultFilePath
        self.defaults = defaults
        self.otherSecretKeys = secretKeys
        self.settings = settings
        self.maximumFileSize = maximumFileSize
        self.accessReporter = accessReporter
        self.logger = logger
    }

    /// The configuration file to read and whether it must exist, by the precedence above;
    /// `nil` when no layer names one.
    public var file: (path: String, isRequired: Bool)? {
        if let path = namedFile?.path { return (path, true) }
        return defaultFilePath.map { ($0, false) }
    }

    /// The file named by an argument or an environment variable, with how it was named.
    private var namedFile: (path: String, namedBy: String)? {
        if let argument = fileArgument { return (argument, "--\(fileOption)") }
        return environment[fileEnvironmentVariable].map { ($0, fileEnvironmentVariable) }
    }

    /// The path after the last `--<fileOption>` (or in `--<fileOption>=<path>`), before a
    /// `--` that ends the options: the one argument that follows, whatever comes after it
    /// (`app --config app.json serve`) and whatever it holds (a comma); empty when the
    /// option ends the arguments or the options (`app --config -- serve`), which reading
    /// then reports. `nil` without the option.
    private var fileArgument: String? {
        let option = "--\(fileOption)"
        var path: String?
        var index = arguments.index(after: arguments.startIndex)
        while index < arguments.endIndex, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == option {
                let next = arguments.index(after: index)
                // Without a value before the arguments or the options end (`--`), the
                // option names no file, which reading reports.
                guard next < arguments.endIndex, arguments[next] != "--" else {
                    path = ""
                    break
                }
                path = arguments[next]
                index = next
            } else if argument.hasPrefix(option + "=") {
                path = String(argument.dropFirst(option.count + 1))
            }
            if index < arguments.endIndex { index = arguments.index(after: index) }
        }
        return path
    }

    /// Reads the file (if any), checks the declared settings, and builds the layered reader.
    ///
    /// The file is read on the calling task's thread, with no time limit, as
    /// ``makeReaderBlocking()`` reads it: at a server's start-up, name a regular local file
    /// (a named pipe with no writer, or a stalled network mount, holds the caller).
    ///
    /// - Throws: ``ConfigurationError`` when a named file is missing, any file cannot be
    ///   read, is larger than ``maximumFileSize`` or is not a JSON object, or values of
    ///   ``settings`` are invalid (every one listed); the message names the file or keys.
    public func makeReader() async throws(ConfigurationError) -> ConfigReader {
        try makeReaderBlocking()
    }

    /// ``makeReader()``, on the calling thread, for a synchronous caller: an app's launch
    /// plan factory (`makeLaunchPlan()`), which runs before the application delegate
    /// returns from `willFinishLaunching`.
    ///
    /// It reads the file on the calling thread: an app's bundled `AppConfiguration.json`
    /// is a few kilobytes, read in well under a millisecond; ``maximumFileSize`` bounds the
    /// rest. A server reading a file it does not control calls it on a thread of its own,
    /// never on the tasks' threads (`ApplicationHost` does for its reloads).
    ///
    /// ```swift
    /// override func makeLaunchPlan() throws -> LaunchPlan? {
    ///     let layers = LayeredConfiguration(secretKeys: ["crashReporter.dsn"])
    ///     return try LaunchPlan(configuration: .init(blocking: layers)) {
    ///         CrashReporterInitializer()
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``ConfigurationError``, as ``makeReader()`` does.
    public func makeReaderBlocking() throws(ConfigurationError) -> ConfigReader {
        let layers = try readLayers()
        // The file read, if any: a default file that does not exist was not.
        let read = layers.lazy.compactMap { layer -> String? in
            if case .file(let path) = layer.source { return path }
            return nil
        }.first
        if !settings.isEmpty {
            let validator = ConfigurationValidator(settings: settings)
            let problems = validator.problems(in: layers)
            guard problems.isEmpty else {
                let count = problems.count == 1 ? "an invalid value" : "\(problems.count) invalid values"
                throw ConfigurationError(
                    code: .invalidValues,
                    file: read ?? "",
                    message: (["The configuration has \(count):"] + problems.map { "  \($0)" }).joined(separator: "\n"),
                    problems: problems
                )
            }
            let known = Set(defaults.keys.map { $0.components.joined(separator: ".") }).union(secretKeys)
            let unknown = reportedUnknownKeys.firstReports(
                of: validator.unknownKeys(in: layers, known: known, ignoring: [fileEnvironmentVariable])
            )
            if !unknown.isEmpty {
                // Not "ignored": a reader still returns their values to whoever asks.
                logger.warning(
                    "Unknown configuration keys (misspelt, or not declared as settings): \(unknown.joined(separator: "; "))."
                )
            }
        }
        return ConfigReader(providers: layers.map(\.provider), accessReporter: accessReporter)
    }

    /// The layers, highest precedence first, with the file read.
    func readLayers() throws(ConfigurationError) -> [ConfigurationLayer] {
        let secret = SecretKeyMatcher(secretKeys)
        var layers = [
            ConfigurationLayer(
                provider: CommandLineArgumentsProvider(
                    arguments: arguments,
                    secretsSpecifier: .dynamic { key, _ in secret.matches(key) }
                ),
                source: .commandLine,
                keys: []
            ),
            ConfigurationLayer(
                provider: EnvironmentVariablesProvider(
                    environmentVariables: environment,
                    secretsSpecifier: .dynamic { key, _ in secret.matches(key) }
                ),
                source: .environment,
                keys: Array(environment.keys)
            ),
        ]
        if let named = namedFile, named.path.isEmpty {
            throw ConfigurationError(
                code: .unreadableFile,
                file: named.path,
                message: "\(named.namedBy) is empty, so it names no configuration file. "
                    + "Give it the path of a JSON file, or leave it out."
            )
        }
        if let (path, mayBeMissing) = file.map({ ($0.path, !$0.isRequired) }),
            case let readBefore = mayBeMissing && filesRead.contains(path),
            let file = try ConfigurationFile.read(
                path: path,
                isRequired: !mayBeMissing || readBefore,
                maximumSize: maximumFileSize,
                remedy: readBefore
                    ? "It was read before: the configuration keeps what it has. Put the file back (write a new one "
                        + "elsewhere and rename it into place), or pass another one with --\(fileOption) or "
                        + "\(fileEnvironmentVariable)."
                    : "Fix the file, or pass another one with --\(fileOption) or \(fileEnvironmentVariable).",
                secret: secret
            )
        {
            _ = filesRead.firstReports(of: [path])
            layers.append(
                ConfigurationLayer(
                    provider: ConfigurationFileProvider(file: file),
                    source: .file(path: path),
                    keys: file.keys,
                    fileValues: file.values
                )
            )
        }
        layers.append(defaultsLayer(secret: secret))
        return layers
    }

    /// The in-memory defaults: the declared settings' defaults, then the explicit ones,
    /// each marked secret where a secret key says so.
    private func defaultsLayer(secret: SecretKeyMatcher) -> ConfigurationLayer {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for setting in settings {
            if let value = setting.defaultValue { values[AbsoluteConfigKey(setting.key)] = value }
        }
        values.merge(defaults) { _, explicit in explicit }
        let kinds = Dictionary(settings.map { (AbsoluteConfigKey($0.key), $0.kind) }) { first, _ in first }
        for (key, value) in values {
            let content = kinds[key]?.normalized(value.content) ?? value.content
            values[key] = ConfigValue(content, isSecret: value.isSecret || secret.matches(key.description))
        }
        return ConfigurationLayer(
            provider: InMemoryProvider(name: "defaults", values: values),
            source: .defaults,
            keys: []
        )
    }
}

extension LayeredConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The layers without any of their values: the arguments, the environment and the
    /// defaults are counted, not shown, since any of them may hold a secret (a value of a
    /// key in ``secretKeys``, a credential nobody declared), and printing a configuration
    /// (`logger.info("starting with \(configuration)")`) must not print one. The file's path
    /// and the secret keys' names are shown.
    public var description: String {
        let file = file.map { "\($0.path)\($0.isRequired ? "" : " (may be missing)")" } ?? "none"
        return "LayeredConfiguration(\(arguments.count) arguments, \(environment.count) environment variables, "
            + "file: \(file), \(defaults.count) defaults, \(settings.count) settings, "
            + "secret keys: [\(secretKeys.sorted().joined(separator: ", "))])"
    }

    /// The same as ``description``: no value of any layer.
    public var debugDescription: String { description }

    /// A mirror with the ``description`` alone, so that `dump` and the debugger's summary
    /// show no value of any layer either.
    public var customMirror: Mirror { Mirror(self, children: ["summary": description], displayStyle: .struct) }
}

/// Keys already reported, so that each is reported once.
private final class ReportedKeys: Sendable {
    private let reported = Mutex<Set<String>>([])

    /// The keys of `keys` not reported before, now marked reported.
    func firstReports(of keys: [String]) -> [String] {
        reported.withLock { reported in keys.filter { reported.insert($0).inserted } }
    }

    /// Whether `key` was reported.
    func contains(_ key: String) -> Bool { reported.withLock { $0.contains(key) } }
}

/// Decides whether a key, as any provider spells it (`crashReporter.dsn`,
/// `--crash-reporter-dsn`, `CRASH_REPORTER_DSN`), is one of the secret keys.
///
/// Spellings are compared with case and punctuation removed, so every layer agrees; two
/// keys that differ only in punctuation are both treated as secret, which errs on the safe
/// side.
struct SecretKeyMatcher: Sendable {
    private let normalizedKeys: Set<String>

    init(_ keys: some Sequence<String>) {
        normalizedKeys = Set(keys.map(Self.normalized))
    }

    func matches(_ key: String) -> Bool {
        !normalizedKeys.isEmpty && normalizedKeys.contains(Self.normalized(key))
    }

    private static func normalized(_ key: String) -> String {
        String(key.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }
}
#endif  // Configuration
