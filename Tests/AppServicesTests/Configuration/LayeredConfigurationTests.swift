import AppServices
import Configuration
import Foundation
import Testing

struct LayeredConfigurationTests {
    /// A JSON file in a fresh temporary directory, removed by `cleanUp`.
    struct TemporaryFile {
        let path: String

        init(_ contents: String) throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent("config.json").path
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    }

    @Test(
        "Arguments beat environment variables, which beat the file, which beats the defaults",
        arguments: [
            (["argument", "environment", "file", "default"], 1),
            (["environment", "file", "default"], 2),
            (["file", "default"], 3),
            (["default"], 4),
        ]
    )
    func precedence(layers: [String], expected: Int) async throws {
        let file = try TemporaryFile(#"{"http": {"timeout": 3}}"#)
        defer { file.cleanUp() }
        var environment = ["APP_CONFIG_FILE": file.path]
        if layers.contains("environment") { environment["HTTP_TIMEOUT"] = "2" }
        let configuration = LayeredConfiguration(
            arguments: ["app"] + (layers.contains("argument") ? ["--http-timeout", "1"] : []),
            environment: environment,
            defaultFilePath: nil,
            defaults: layers.contains("default") ? ["http.timeout": 4] : [:]
        )
        var withoutFile = configuration
        withoutFile.environment["APP_CONFIG_FILE"] = nil

        let reader = try await (layers.contains("file") ? configuration : withoutFile).makeReader()
        #expect(reader.int(forKey: "http.timeout") == expected)
    }

    @Test("A default file read before is needed when the layers are read again: its values are not dropped silently")
    func defaultFileGoneAtReload() throws {
        let file = try TemporaryFile(#"{"feed": {"interval": 5}}"#)
        defer { file.cleanUp() }
        let layers = LayeredConfiguration(arguments: ["app"], environment: [:], defaultFilePath: file.path)
        #expect(try layers.makeReaderBlocking().int(forKey: "feed.interval") == 5)

        try FileManager.default.removeItem(atPath: file.path)  // replaced non-atomically: gone for a moment
        let error = try #require(throws: ConfigurationError.self) { try layers.makeReaderBlocking() }
        #expect(error.code == .fileNotFound)
        #expect(error.file == file.path)
        #expect(error.message.contains("It was read before"))

        // Missing at the first read, it is no error: a default file may not exist.
        let fresh = LayeredConfiguration(arguments: ["app"], environment: [:], defaultFilePath: file.path)
        #expect(try fresh.makeReaderBlocking().int(forKey: "feed.interval") == nil)
    }

    @Test("Printed, dumped or embedded in the host's configuration, the layers show none of their values")
    func printsNoValue() {
        let layers = LayeredConfiguration(
            arguments: ["app", "--db-password", "pw-271828"],
            environment: ["API_TOKEN": "tok-31415", "AWS_SECRET_ACCESS_KEY": "aws-16180"],
            defaultFilePath: nil,
            defaults: ["payments.apiKey": "sk_test_1234"],
            secretKeys: ["api.token", "payments.apiKey"]
        )
        var dumped = ""
        dump(layers, to: &dumped)
        for text in [
            String(describing: layers), String(reflecting: layers), dumped, "\([layers])",
            String(describing: Optional(layers)),
        ] {
            for value in ["pw-271828", "tok-31415", "aws-16180", "sk_test_1234"] {
                #expect(!text.contains(value), "\(value) in \(text)")
            }
        }
        #expect(
            String(describing: layers)
                == "LayeredConfiguration(3 arguments, 2 environment variables, file: none, 1 defaults, 0 settings, "
                + "secret keys: [api.token, payments.apiKey])"
        )
    }

    @Test("The file named by an argument beats the one named by the environment and the default one")
    func filePath() {
        let both = LayeredConfiguration(
            arguments: ["app", "--config", "/from/argument.json"],
            environment: ["APP_CONFIG_FILE": "/from/environment.json"],
            defaultFilePath: "/default.json"
        )
        #expect(both.file?.path == "/from/argument.json")
        #expect(both.file?.isRequired == true)
        let environmentOnly = LayeredConfiguration(
            arguments: ["app"],
            environment: ["APP_CONFIG_FILE": "/e.json"],
            defaultFilePath: "/d.json"
        )
        #expect(environmentOnly.file?.path == "/e.json")
        let defaultOnly = LayeredConfiguration(arguments: ["app"], environment: [:], defaultFilePath: "/d.json")
        #expect(defaultOnly.file?.path == "/d.json")
        #expect(defaultOnly.file?.isRequired == false)
        #expect(LayeredConfiguration(arguments: ["app"], environment: [:]).file == nil)
    }

    @Test("An app's bundled AppConfiguration.json is found in its bundle; without one there is no default file")
    func bundledFile() throws {
        // Two folders: a bundle object is kept per path, with what it found there.
        let emptyFolder = FileManager.default.temporaryDirectory.appending(path: "bundle-\(UUID().uuidString)")
        let directory = FileManager.default.temporaryDirectory.appending(path: "bundle-\(UUID().uuidString)")
        for folder in [emptyFolder, directory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        defer { for folder in [emptyFolder, directory] { try? FileManager.default.removeItem(at: folder) } }
        let empty = try #require(Bundle(path: emptyFolder.path))
        #expect(LayeredConfiguration.bundledFilePath(in: empty) == nil)

        let file = directory.appending(path: "AppConfiguration.json")
        try Data(#"{"http": {"timeout": 10}}"#.utf8).write(to: file)
        let bundle = try #require(Bundle(path: directory.path))
        let found = try #require(LayeredConfiguration.bundledFilePath(in: bundle))
        #expect(URL(filePath: found).resolvingSymlinksInPath() == file.resolvingSymlinksInPath())
        #if canImport(Darwin)
        #expect(LayeredConfiguration.platformDefaultFilePath == LayeredConfiguration.bundledFilePath(in: .main))
        #else
        #expect(LayeredConfiguration.platformDefaultFilePath == nil, "a server names its file")
        #endif
    }

    @Test("A malformed file is an error naming the file and the problem", arguments: ["{ not json", "[1, 2, 3]"])
    func malformedFile(contents: String) async throws {
        let file = try TemporaryFile(contents)
        defer { file.cleanUp() }
        let configuration = LayeredConfiguration(arguments: ["app", "--config", file.path], environment: [:])

        let error = await #expect(throws: ConfigurationError.self) { try await configuration.makeReader() }
        #expect(error?.code == .malformedFile)
        #expect(error?.file == file.path)
        #expect(error?.message.hasPrefix("The configuration file \(file.path) is not a valid JSON object: ") == true)
        #expect(error?.message.hasSuffix("Fix the file, or pass another one with --config or APP_CONFIG_FILE.") == true)
    }

    @Test("A named file that does not exist is an error; a default file that does not exist is not")
    func missingFile() async throws {
        let missing = "/nonexistent/\(UUID().uuidString).json"
        let named = LayeredConfiguration(arguments: ["app"], environment: ["APP_CONFIG_FILE": missing])
        let error = await #expect(throws: ConfigurationError.self) { try await named.makeReader() }
        #expect(error?.code == .fileNotFound)
        #expect(error?.message.contains(missing) == true)

        let optional = LayeredConfiguration(
            arguments: ["app"],
            environment: [:],
            defaultFilePath: missing,
            defaults: ["a": "b"]
        )
        #expect(try await optional.makeReader().string(forKey: "a") == "b")
    }

    @Test("Secret keys are marked secret in every layer, however the layer spells them")
    func secretsInEveryLayer() async throws {
        let file = try TemporaryFile(#"{"file": {"token": "from-file"}}"#)
        defer { file.cleanUp() }
        let reporter = SecrecyReporter()
        let configuration = LayeredConfiguration(
            arguments: ["app", "--argument-token", "from-argument", "--config", file.path],
            environment: ["ENVIRONMENT_TOKEN": "from-environment"],
            defaults: ["default.token": "from-default", "plain": "visible"],
            secretKeys: ["argument.token", "environmentToken", "file.token", "default.token"],
            accessReporter: reporter
        )
        let reader = try await configuration.makeReader()
        let keys = ["argument.token", "environmentToken", "file.token", "default.token", "plain"]
        #expect(
            keys.map { reader.string(forKey: ConfigKey($0)) } == [
                "from-argument", "from-environment", "from-file", "from-default", "visible",
            ]
        )
        #expect(keys.map { reporter.secrecy[$0] } == [true, true, true, true, false])
    }
}

/// Records, per key read, whether the value found was marked secret.
final class SecrecyReporter: AccessReporter, Sendable {
    private let recorded = Locked<[String: Bool]>([:])

    var secrecy: [String: Bool] { recorded.withLock { $0 } }

    func report(_ event: AccessEvent) {
        guard case .success(let value?) = event.result else { return }
        let key = event.metadata.key.components.joined(separator: ".")
        recorded.withLock { $0[key] = value.isSecret }
    }
}

extension LayeredConfigurationTests {
    @Test("A file over the size limit is refused with its size and the limit, before it is parsed")
    func fileTooLarge() async throws {
        let file = try TemporaryFile(#"{"http": {"timeout": 3}}"#)
        defer { file.cleanUp() }
        var layers = LayeredConfiguration(arguments: ["app", "--config", file.path], environment: [:])
        layers.maximumFileSize = 16

        let error = await #expect(throws: ConfigurationError.self) { try await layers.makeReader() }

        #expect(error?.code == .fileTooLarge)
        #expect(
            error?.message.hasPrefix(
                "The configuration file \(file.path) is 24 bytes, more than the limit of 16 bytes."
            ) == true
        )
    }

    @Test("A directory, or an empty path in the environment, is named in a sentence without Foundation's codes")
    func unreadablePaths() async throws {
        let directory = FileManager.default.temporaryDirectory.path
        let asDirectory = LayeredConfiguration(arguments: ["app", "--config", directory], environment: [:])
        let directoryError = await #expect(throws: ConfigurationError.self) { try await asDirectory.makeReader() }
        #expect(directoryError?.code == .unreadableFile)
        #expect(
            directoryError?.message.hasPrefix("The configuration file \(directory) is a directory, not a file.") == true
        )

        let empty = LayeredConfiguration(arguments: ["app"], environment: ["APP_CONFIG_FILE": ""])
        let emptyError = await #expect(throws: ConfigurationError.self) { try await empty.makeReader() }
        #expect(emptyError?.code == .unreadableFile)
        #expect(emptyError?.message.hasPrefix("APP_CONFIG_FILE is empty, so it names no configuration file.") == true)
        #expect(!(emptyError?.message.contains("Domain") ?? true))
    }

    /// An application delegate's plan factory: synchronous, as `makeLaunchPlan()` is.
    static func makeLaunchPlan(reading layers: LayeredConfiguration, into seen: Locked<[Int?]>) throws -> LaunchPlan {
        try LaunchPlan(configuration: .init(blocking: layers)) {
            ClosureInitializer.beforeLaunchReturns("feed") { context in
                seen.withLock { $0.append(context.configuration.int(forKey: "feed.refreshSeconds")) }
            }
        }
    }

    @Test("A synchronous plan factory reads the layers on the spot, checked, and the launch reads them")
    @MainActor func blockingReaderInAPlanFactory() throws {
        let file = try TemporaryFile(#"{"feed": {"refreshSeconds": 90}}"#)
        defer { file.cleanUp() }
        let setting = ConfigurationSetting("feed.refreshSeconds", .int(in: 5...3600), default: 60)
        let layers = LayeredConfiguration(
            arguments: ["app"],
            environment: [:],
            defaultFilePath: file.path,
            settings: [setting]
        )
        let seen = Locked<[Int?]>([])
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.attachLaunchPlan(Self.makeLaunchPlan(reading: layers, into: seen))

        #expect(composite.didFinishLaunching())
        #expect(seen.withLock { $0 } == [90])

        var invalid = layers
        invalid.environment = ["FEED_REFRESH_SECONDS": "1"]
        let error = #expect(throws: ConfigurationError.self) { try Self.makeLaunchPlan(reading: invalid, into: seen) }
        #expect(error?.code == .invalidValues)
        #expect(error?.problems.map(\.key) == ["feed.refreshSeconds"])
    }

    @Test("A whole number given as a number setting's default, or in the defaults, is that number")
    func wholeNumberDefaultsOfNumberSettings() async throws {
        let rate = ConfigurationSetting("analytics.sampleRate", .double(in: 0...1), default: 1)
        let timeout = ConfigurationSetting("http.timeout", .double)
        let layers = LayeredConfiguration(
            arguments: ["app"],
            environment: [:],
            defaultFilePath: nil,
            defaults: ["http.timeout": 30],
            settings: [rate, timeout]
        )

        let reader = try await layers.makeReader()

        #expect(reader.double(forKey: rate.key) == 1.0)
        #expect(reader.double(forKey: timeout.key) == 30.0)
    }

    @Test("An error names the file that was read, and no file when the default one does not exist")
    func errorNamesTheFileRead() async throws {
        let setting = ConfigurationSetting("http.retries", .int(in: 0...5))
        let missingDefault = LayeredConfiguration(
            arguments: ["app"],
            environment: ["HTTP_RETRIES": "9"],
            defaultFilePath: "/nonexistent/app.json",
            settings: [setting]
        )
        let error = await #expect(throws: ConfigurationError.self) { try await missingDefault.makeReader() }
        #expect(error?.code == .invalidValues)
        #expect(error?.file == "")

        let file = try TemporaryFile(#"{"http": {"retries": 7}}"#)
        defer { file.cleanUp() }
        var present = missingDefault
        present.defaultFilePath = file.path
        present.environment = [:]
        let fileError = await #expect(throws: ConfigurationError.self) { try await present.makeReader() }
        #expect(fileError?.file == file.path)
    }
}
