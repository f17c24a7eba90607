import AppServices
import AppServicesLifecycle
import AppServicesTesting
import Configuration
import Foundation
import Testing

/// The reload path the reload signal takes, called directly: sending SIGHUP to the test
/// process would reach every test running in it. The demo's tests send a real SIGHUP to a
/// child process.
@MainActor
struct ConfigurationReloadTests {
    let logs = LogCapture()

    func makeHost(_ services: [any AppService], layers: LayeredConfiguration?) -> ApplicationHost {
        ApplicationHost(
            composite: ServiceComposite(services, configuration: .init(logger: logs.logger())),
            configuration: .init(configurationLayers: layers, logger: logs.logger(label: "host"))
        )
    }

    /// A configuration file holding `json`, alone in a new temporary directory.
    func makeFile(_ json: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "appservices-reload-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "config.json")
        try Data(json.utf8).write(to: file)
        return file
    }

    @Test("Reloading reads the file again and posts the new configuration to the services")
    func reloadPostsChange() async throws {
        let file = try makeFile(#"{"feed": {"interval": 5}}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let layers = LayeredConfiguration(
            arguments: ["app", "--config", file.path],
            environment: [:],
            defaults: ["feed.interval": 60]
        )
        let listener = ConfigurationListener()
        let host = makeHost([listener], layers: layers)

        try Data(#"{"feed": {"interval": 10}}"#.utf8).write(to: file)
        let reader = try await host.reloadConfiguration()

        #expect(reader?.int(forKey: "feed.interval") == 10)
        #expect(listener.changes.map { $0.reader.int(forKey: "feed.interval") } == [10])
    }

    @Test("A reload of a malformed file names the file, posts nothing, and the services keep their configuration")
    func malformedReload() async throws {
        let file = try makeFile(#"{"feed": {"interval": 5}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let listener = ConfigurationListener()
        let host = makeHost(
            [listener],
            layers: LayeredConfiguration(arguments: ["app", "--config", file.path], environment: [:])
        )

        let error = await #expect(throws: ConfigurationError.self) { try await host.reloadConfiguration() }

        #expect(error?.code == .malformedFile)
        #expect(error?.file == file.path)
        #expect(error?.message.contains(file.path) == true)
        #expect(listener.changes.isEmpty)
    }

    @Test("A host without configuration layers has nothing to reload")
    func nothingToReload() async throws {
        let listener = ConfigurationListener()
        let host = makeHost([listener], layers: nil)

        #expect(try await host.reloadConfiguration() == nil)
        #expect(listener.changes.isEmpty)
    }
}
