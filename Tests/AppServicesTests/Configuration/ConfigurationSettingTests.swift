import AppServices
import AppServicesTesting
import Configuration
import Foundation
import Logging
import Testing

/// Declared settings checked when the layers are read.
struct ConfigurationSettingTests {
    static let rate = ConfigurationSetting("analytics.sampleRate", .double(in: 0...1), default: 1.0)
    static let level = ConfigurationSetting("log.level", .string(oneOf: ["debug", "info"]), default: "info")
    static let retries = ConfigurationSetting("http.retries", .int(in: 0...5), default: 3)
    static let token = ConfigurationSetting("api.token", .int, isSecret: true)
    static let settings = [rate, level, retries, token]

    /// A JSON file in a fresh temporary directory.
    static func file(_ json: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appending(path: "appservices-settings-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "config.json")
        try Data(json.utf8).write(to: file)
        return file.path
    }

    @Test(
        "A value of the wrong type, not finite, or out of range is refused, naming key, source and value",
        arguments: [
            (
                "ANALYTICS_SAMPLE_RATE", "abc",
                #"analytics.sampleRate: the environment variable ANALYTICS_SAMPLE_RATE gives "abc"; expected a number from 0.0 to 1.0."#
            ),
            ("ANALYTICS_SAMPLE_RATE", "-3", "the environment variable ANALYTICS_SAMPLE_RATE gives -3.0;"),
            ("ANALYTICS_SAMPLE_RATE", "1e300", "the environment variable ANALYTICS_SAMPLE_RATE gives 1e+300;"),
            ("ANALYTICS_SAMPLE_RATE", "nan", "the environment variable ANALYTICS_SAMPLE_RATE gives nan;"),
            ("ANALYTICS_SAMPLE_RATE", "inf", "the environment variable ANALYTICS_SAMPLE_RATE gives inf;"),
            (
                "LOG_LEVEL", "loud",
                #"log.level: the environment variable LOG_LEVEL gives "loud"; expected one of debug, info."#
            ),
            (
                "HTTP_RETRIES", "2.5",
                #"http.retries: the environment variable HTTP_RETRIES gives "2.5"; expected a whole number from 0 to 5."#
            ),
        ]
    )
    func invalidValue(variable: String, value: String, line: String) async throws {
        let layers = LayeredConfiguration(arguments: ["app"], environment: [variable: value], settings: Self.settings)
        let error = await #expect(throws: ConfigurationError.self) { try await layers.makeReader() }
        #expect(error?.code == .invalidValues)
        #expect(error?.problems.count == 1)
        #expect(error?.message.contains(line) == true, "\(error?.message ?? "")")
    }

    @Test("Every invalid value is reported at once, one line each, and a secret's value is never shown")
    func everyProblemAtOnce() async throws {
        let path = try Self.file(#"{"analytics": {"sampleRate": "half"}, "log": {"level": 5}}"#)
        let layers = LayeredConfiguration(
            arguments: ["app", "--config", path],
            environment: ["API_TOKEN": "hunter2-secret"],
            settings: Self.settings
        )
        let error = await #expect(throws: ConfigurationError.self) { try await layers.makeReader() }
        let lines = error?.message.split(separator: "\n").map(String.init) ?? []
        #expect(
            lines == [
                "The configuration has 3 invalid values:",
                #"  analytics.sampleRate: the configuration file \#(path) gives "half"; expected a number from 0.0 to 1.0."#,
                "  log.level: the configuration file \(path) gives 5; expected one of debug, info.",
                "  api.token: the environment variable API_TOKEN gives a secret value (not shown); expected a whole number.",
            ]
        )
        #expect(error?.problems.map(\.key) == ["analytics.sampleRate", "log.level", "api.token"])
        #expect(error?.problems.last?.value == nil)
        #expect(!(error?.message.contains("hunter2") ?? true))
    }

    @Test("A file's Boolean is not a number, nor its number a Boolean, though the reader would convert them")
    func jsonTypesAreKeptApart() async throws {
        let path = try Self.file(
            #"{"analytics": {"sampleRate": true}, "http": {"retries": false}, "sync": {"enabled": 2, "tags": [1, 2]}}"#
        )
        let settings =
            Self.settings + [
                ConfigurationSetting("sync.enabled", .bool), ConfigurationSetting("sync.tags", .stringArray),
            ]
        let layers = LayeredConfiguration(arguments: ["app", "--config", path], environment: [:], settings: settings)
        let error = await #expect(throws: ConfigurationError.self) { try await layers.makeReader() }
        #expect(
            error?.problems.map { "\($0.key) \($0.value ?? "-")" } == [
                "analytics.sampleRate true", "http.retries false", "sync.enabled 2", "sync.tags an array",
            ]
        )

        let valid = try Self.file(
            #"{"analytics": {"sampleRate": 1}, "http": {"retries": 2}, "sync": {"enabled": true}}"#
        )
        let reader = try await LayeredConfiguration(
            arguments: ["app", "--config", valid],
            environment: [:],
            settings: settings
        )
        .makeReader()
        #expect(reader.double(forKey: Self.rate.key) == 1.0)
        #expect(reader.bool(forKey: "sync.enabled") == true)
    }

    @Test("Valid values pass, the declared defaults fill in, and the setting's ConfigKey reads its value")
    func validValues() async throws {
        let layers = LayeredConfiguration(
            arguments: ["app"],
            environment: ["ANALYTICS_SAMPLE_RATE": "0.25"],
            settings: Self.settings
        )
        let reader = try await layers.makeReader()
        #expect(reader.double(forKey: Self.rate.key) == 0.25)
        #expect(reader.string(forKey: Self.level.key) == "info")
        #expect(reader.int(forKey: Self.retries.key) == 3)
        #expect(layers.secretKeys.contains("api.token"))
        #expect(Self.rate.environmentVariable == "ANALYTICS_SAMPLE_RATE")
    }

    @Test("Setting the secret keys keeps the secret settings secret")
    func secretKeysKeepSecretSettings() async throws {
        var layers = LayeredConfiguration(
            arguments: ["app"],
            environment: ["API_TOKEN": "7"],
            settings: Self.settings
        )
        layers.secretKeys = ["payments.apiKey"]
        #expect(layers.secretKeys == ["payments.apiKey", "api.token"])
        let plan = try await LaunchPlan.Configuration(layers)
        #expect(plan.secretKeys.contains("api.token"))
        #expect(try await layers.makeReader().int(forKey: Self.token.key, isSecret: false) == 7)
    }

    @Test("The file option takes the one argument after it, whatever follows it or it holds")
    func fileOptionArgument() throws {
        let path = try Self.file(#"{"http": {"retries": 2}}"#)
        for arguments in [
            ["app", "--config", path, "serve"], ["app", "--config=\(path)", "serve", "--port", "80"],
            ["app", "--config", "/elsewhere.json", "--config", path],
        ] {
            #expect(LayeredConfiguration(arguments: arguments, environment: [:]).file?.path == path)
        }
        #expect(
            LayeredConfiguration(arguments: ["app", "--config", "a,b.json"], environment: [:]).file?.path == "a,b.json"
        )
        #expect(LayeredConfiguration(arguments: ["app", "--", "--config", path], environment: [:]).file == nil)
        for arguments in [["app", "--config"], ["app", "--config", "--", "serve"]] {
            let missing = LayeredConfiguration(arguments: arguments, environment: [:])
            #expect(missing.file?.path == "", "\(arguments)")
            #expect(throws: ConfigurationError.self) { try missing.makeReaderBlocking() }
        }
    }

    @Test("Unknown keys in the file and under declared prefixes in the environment are warned about once")
    func unknownKeysOnce() async throws {
        let path = try Self.file(#"{"anaytics": {"sampleRate": 0.5}, "log": {"level": "debug"}}"#)
        let logs = LogCapture()
        let layers = LayeredConfiguration(
            arguments: ["app", "--config", path],
            environment: ["ANALYTICS_SAMPEL_RATE": "0.5", "HOME": "/root", "APP_CONFIG_FILE": "x"],
            // `app.name` makes APP_ a declared prefix: the file's variable is still not unknown.
            settings: Self.settings + [ConfigurationSetting("app.name", .string)],
            logger: logs.logger()
        )
        _ = try await layers.makeReader()
        _ = try await layers.makeReader()

        #expect(
            logs.messages(at: .warning) == [
                "Unknown configuration keys (misspelt, or not declared as settings): the environment variable "
                    + "ANALYTICS_SAMPEL_RATE; anaytics.sampleRate in the configuration file \(path)."
            ]
        )
    }

    @Test("Keys given defaults or secrecy besides the settings are known: the application reads them")
    func defaultsAndSecretKeysAreKnown() async throws {
        let path = try Self.file(#"{"http": {"timeout": 10}, "db": {"password": "s3cr3t"}, "htp": {"timeout": 5}}"#)
        let logs = LogCapture()
        var layers = LayeredConfiguration(
            arguments: ["app", "--config", path],
            environment: ["HTTP_TIMEOUT": "12", "HTTP_TIMEOUTS": "1"],
            settings: Self.settings,
            logger: logs.logger()
        )
        layers.defaults = [AbsoluteConfigKey(["http", "timeout"]): 30]
        layers.secretKeys = ["db.password"]
        let reader = try await layers.makeReader()
        #expect(reader.int(forKey: "http.timeout") == 12)
        #expect(
            logs.messages(at: .warning) == [
                "Unknown configuration keys (misspelt, or not declared as settings): the environment variable "
                    + "HTTP_TIMEOUTS; htp.timeout in the configuration file \(path)."
            ]
        )
    }
}
