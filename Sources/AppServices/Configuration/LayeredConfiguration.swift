public import Configuration
import Foundation
import SystemPackage

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
/// ``defaultFilePath`` (on Apple platforms, a bundle resource). A file named by an argument
/// or a variable must exist; the default file may be absent. A file that is not a JSON
/// object is a ``ConfigurationError`` naming the file and the problem, never a crash.
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
    /// The key whose command-line option names the file. Default: `config` (`--config <path>`).
    public var fileOption: String
    /// The environment variable that names the file. Default: `APP_CONFIG_FILE`.
    public var fileEnvironmentVariable: String
    /// The file used when neither the arguments nor the environment name one; it may be
    /// missing. Default: none.
    public var defaultFilePath: String?
    /// The lowest layer: values used when no other layer has the key.
    public var defaults: [AbsoluteConfigKey: ConfigValue]
    /// Dot-separated keys whose values are secret.
    public var secretKeys: Set<String>
    /// Told about every configuration lookup (swift-configuration's access reporting), or
    /// `nil`. Secret values reach it marked secret.
    public var accessReporter: (any AccessReporter)?

    /// Creates the layers; every parameter has the default described on its property
    /// (`environment: nil` stands for the process's environment).
    public init(
        arguments: [String] = CommandLine.arguments,
        environment: [String: String]? = nil,
        fileOption: String = "config",
        fileEnvironmentVariable: String = "APP_CONFIG_FILE",
        defaultFilePath: String? = nil,
        defaults: [AbsoluteConfigKey: ConfigValue] = [:],
        secretKeys: Set<String> = [],
        accessReporter: (any AccessReporter)? = nil
    ) {
        self.arguments = arguments
        self.environment = environment ?? ProcessInfo.processInfo.environment
        self.fileOption = fileOption
        self.fileEnvironmentVariable = fileEnvironmentVariable
        self.defaultFilePath = defaultFilePath
        self.defaults = defaults
        self.secretKeys = secretKeys
        self.accessReporter = accessReporter
    }

    /// The configuration file to read and whether it must exist, by the precedence above;
    /// `nil` when no layer names one.
    public var file: (path: String, isRequired: Bool)? {
        let named = ConfigReader(provider: CommandLineArgumentsProvider(arguments: arguments))
            .string(forKey: ConfigKey(fileOption))
        if let path = named ?? environment[fileEnvironmentVariable] { return (path, true) }
        return defaultFilePath.map { ($0, false) }
    }

    /// Reads the file (if any) and builds the layered reader.
    ///
    /// - Throws: ``ConfigurationError`` when a named file is missing or any file is not a
    ///   JSON object; the message names the file and the problem.
    public func makeReader() async throws(ConfigurationError) -> ConfigReader {
        let secret = SecretKeyMatcher(secretKeys)
        var providers: [any ConfigProvider] = [
            CommandLineArgumentsProvider(
                arguments: arguments,
                secretsSpecifier: .dynamic { key, _ in secret.matches(key) }
            ),
            EnvironmentVariablesProvider(
                environmentVariables: environment,
                secretsSpecifier: .dynamic { key, _ in secret.matches(key) }
            ),
        ]
        if let file {
            if let provider = try await fileProvider(path: file.path, isRequired: file.isRequired, secret: secret) {
                providers.append(provider)
            }
        }
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, value) in defaults {
            values[key] = ConfigValue(value.content, isSecret: value.isSecret || secret.matches(key.description))
        }
        providers.append(InMemoryProvider(name: "defaults", values: values))
        return ConfigReader(providers: providers, accessReporter: accessReporter)
    }

    private func fileProvider(
        path: String,
        isRequired: Bool,
        secret: SecretKeyMatcher
    ) async throws(ConfigurationError) -> FileProvider<JSONSnapshot>? {
        guard FileManager.default.fileExists(atPath: path) else {
            guard isRequired else { return nil }
            throw ConfigurationError(
                code: .fileNotFound,
                file: path,
                message: "The configuration file \(path) does not exist. Create it, or pass another one with "
                    + "--\(fileOption) or \(fileEnvironmentVariable)."
            )
        }
        do {
            return try await FileProvider<JSONSnapshot>(
                parsingOptions: .init(secretsSpecifier: .dynamic { key, _ in secret.matches(key) }),
                filePath: FilePath(path)
            )
        } catch {
            throw ConfigurationError(
                code: .malformedFile,
                file: path,
                message: "The configuration file \(path) is not a valid JSON object: \(Self.problem(in: error)). "
                    + "Fix the file, or pass another one with --\(fileOption) or \(fileEnvironmentVariable)."
            )
        }
    }

    /// What a parsing error says, without Foundation's domain-and-code wrapping.
    private static func problem(in error: any Error) -> String {
        let debugDescription = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        var problem = debugDescription ?? "\(error)"
        while problem.hasSuffix(".") { problem.removeLast() }
        return problem
    }
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
