import AppServices
import AppServicesTesting
import Configuration
import Foundation
import Logging
import Testing
import UnixSignals

@testable import AppServicesLifecycle

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

    @Test("A reload once the application has wound down reads nothing and posts nothing")
    func reloadAfterWindDown() async throws {
        let file = try makeFile(#"{"feed": {"interval": 5}}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let listener = ConfigurationListener()
        let host = makeHost(
            [listener],
            layers: LayeredConfiguration(arguments: ["app", "--config", file.path], environment: [:])
        )
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive)

        let error = await #expect(throws: ConfigurationError.self) { try await host.reloadConfiguration() }

        #expect(error?.code == .notServing)
        #expect(error?.message.contains("winding down") == true)
        #expect(listener.changes.isEmpty, "no service heard a change after willTerminate")
    }

    @Test("A host without configuration layers has nothing to reload")
    func nothingToReload() async throws {
        let listener = ConfigurationListener()
        let host = makeHost([listener], layers: nil)

        #expect(try await host.reloadConfiguration() == nil)
        #expect(listener.changes.isEmpty)
    }
}

/// Reloads that must not change anything: invalid values, and readings that take too long
/// or are overtaken by shutdown.
@MainActor
struct BoundedReloadTests {
    let logs = LogCapture()
    let clock = TestClock()

    func makeHost(_ listener: ConfigurationListener, layers: LayeredConfiguration) -> ApplicationHost {
        ApplicationHost(
            composite: ServiceComposite([listener], configuration: .init(logger: logs.logger(), clock: clock)),
            configuration: .init(configurationLayers: layers, logger: logs.logger(label: "host"))
        )
    }

    /// A named pipe in a new temporary directory: reading it blocks until something writes.
    /// A host whose configuration file is `pipe`, with a listener for its changes.
    func makeHostReading(_ pipe: URL) -> (ConfigurationListener, ApplicationHost) {
        let listener = ConfigurationListener()
        let layers = LayeredConfiguration(arguments: ["app", "--config", pipe.path], environment: [:])
        return (listener, makeHost(listener, layers: layers))
    }

    func makePipe() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "appservices-fifo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "config.json")
        try #require(mkfifo(file.path, 0o644) == 0)
        return file
    }

    /// Lets the reading blocked on `pipe` go (it then finds no JSON, and nobody listens).
    func release(_ pipe: URL) {
        Thread.detachNewThread {
            let descriptor = open(pipe.path, O_WRONLY)
            if descriptor >= 0 { close(descriptor) }
            try? FileManager.default.removeItem(at: pipe.deletingLastPathComponent())
        }
    }

    @Test("A reload with an invalid value is rejected whole: nothing is posted, every problem is named")
    func invalidReloadRejected() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "appservices-reload-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "config.json")
        try Data(#"{"feed": {"interval": 5, "name": "a"}}"#.utf8).write(to: file)
        let layers = LayeredConfiguration(
            arguments: ["app", "--config", file.path],
            environment: [:],
            settings: [
                ConfigurationSetting("feed.interval", .int(in: 1...60)),
                ConfigurationSetting("feed.name", .string),
            ]
        )
        let listener = ConfigurationListener()
        let host = makeHost(listener, layers: layers)

        try Data(#"{"feed": {"interval": "often", "name": "b"}}"#.utf8).write(to: file)
        let error = await #expect(throws: ConfigurationError.self) { try await host.reloadConfiguration() }

        #expect(error?.code == .invalidValues)
        #expect(error?.problems.map(\.key) == ["feed.interval"])
        #expect(listener.changes.isEmpty, "the valid change of feed.name is not applied either")
    }

    @Test("A reload that takes longer than its budget is abandoned at the budget, and nothing is posted")
    func reloadOverBudget() async throws {
        let pipe = try makePipe()
        defer { release(pipe) }
        let (listener, host) = makeHostReading(pipe)

        async let reload: ConfigurationError? = {
            do throws(ConfigurationError) {
                try await host.reloadConfiguration()
                return nil
            } catch { return error }
        }()
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))

        let error = await reload
        #expect(error?.code == .timedOut)
        #expect(error?.message.contains("budget of 5.0 seconds") == true)
        #expect(error?.message.contains("Reading the configuration file \(pipe.path) took longer") == true)
        #expect(listener.changes.isEmpty)
    }

    @Test("Overlapping reloads: the one started last wins, and an earlier one ending after it posts nothing")
    func overlappingReloads() async throws {
        let pipe = try makePipe()
        let directory = pipe.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The pipe keeps a second name, to be written once its first name is a plain file.
        let kept = directory.appending(path: "kept")
        try #require(link(pipe.path, kept.path) == 0)
        let (listener, host) = makeHostReading(pipe)

        async let first = host.reloadConfiguration()
        // Opening the pipe to write returns once the first reload has opened it to read.
        let writer = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: open(kept.path, O_WRONLY)) }
        }
        try #require(writer >= 0)
        let newer = directory.appending(path: "newer.json")
        try Data(#"{"feed": {"interval": 10}}"#.utf8).write(to: newer)
        try #require(rename(newer.path, pipe.path) == 0)
        _ = try await host.reloadConfiguration()
        #expect(listener.changes.map { $0.reader.int(forKey: "feed.interval") } == [10])

        let older = Array(#"{"feed": {"interval": 5}}"#.utf8)
        #expect(older.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == older.count)
        close(writer)
        let firstReader = try await first
        #expect(firstReader?.int(forKey: "feed.interval") == 10, "the configuration the services have")
        #expect(listener.changes.map { $0.reader.int(forKey: "feed.interval") } == [10])
        #expect(logs.messages(at: .info).contains { $0.contains("this earlier one's reading is not posted") })
    }

    @Test("A reload under way when the application winds down posts nothing when it ends", .timeLimit(.minutes(1)))
    func reloadOvertakenByWindDown() async throws {
        let pipe = try makePipe()
        defer { try? FileManager.default.removeItem(at: pipe.deletingLastPathComponent()) }
        let (listener, host) = makeHostReading(pipe)
        let reload = Locked<Task<ConfigurationError?, Never>?>(nil)
        let writer = Locked<Int32>(-1)
        try await runInServiceGroup(
            host,
            logger: logs.logger(),
            shutdownAfter: .didBecomeActive,
            whenReached: {
                // Outside the group's graceful shutdown, as an admin endpoint of another service.
                reload.withLock {
                    $0 = Task.detached { () -> ConfigurationError? in
                        do throws(ConfigurationError) {
                            try await host.reloadConfiguration()
                            return nil
                        } catch { return error }
                    }
                }
                // Opening the pipe to write returns once the reload has opened it to read.
                let opened = await withCheckedContinuation { continuation in
                    Thread.detachNewThread { continuation.resume(returning: open(pipe.path, O_WRONLY)) }
                }
                writer.withLock { $0 = opened }
            }
        )
        let descriptor = writer.withLock { $0 }
        try #require(descriptor >= 0)
        let json = Array(#"{"feed": {"interval": 10}}"#.utf8)
        #expect(json.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == json.count)
        close(descriptor)

        let error = await reload.withLock { $0 }?.value
        #expect(error?.code == .notServing)
        #expect(listener.changes.isEmpty, "no service heard a change after willTerminate")
    }

    @Test("A reload overtaken by cancellation (shutdown) is abandoned at once")
    func reloadCancelled() async throws {
        let pipe = try makePipe()
        defer { release(pipe) }
        let (listener, host) = makeHostReading(pipe)

        let reload = Task { () -> ConfigurationError? in
            do throws(ConfigurationError) {
                try await host.reloadConfiguration()
                return nil
            } catch { return error }
        }
        reload.cancel()

        let error = await reload.value
        #expect(error?.code == .cancelled)
        #expect(error?.message.contains("the configuration file \(pipe.path) was being read") == true)
        #expect(
            error?.message.hasPrefix("The reload's task was cancelled") == true,
            "no shutdown: a plain cancellation"
        )
        #expect(listener.changes.isEmpty)
    }

    @Test("A reload signal's reading abandoned by a stop is a notice, not an error")
    func signalReloadCancelledIsNoError() async throws {
        let pipe = try makePipe()
        defer { release(pipe) }
        let (_, host) = makeHostReading(pipe)

        let reload = Task { await host.reload(on: .sighup) }
        reload.cancel()
        await reload.value

        #expect(logs.messages(at: .error).isEmpty, "\(logs.messages(at: .error))")
        #expect(
            logs.messages(at: .notice).contains { $0.hasPrefix("The configuration reload on SIGHUP was abandoned:") }
        )
    }
}
