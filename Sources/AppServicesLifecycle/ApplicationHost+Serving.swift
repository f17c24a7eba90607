public import AppServices
public import Configuration
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

extension ApplicationHost {
    /// Reads the configuration layers again and posts `ConfigurationDidChange` with the
    /// new reader, as the reload signal does.
    ///
    /// Call it to reload on another trigger (an admin endpoint, a file watcher). The
    /// reading is all or nothing: when the layers cannot be read, or a declared setting has
    /// an invalid value (`LayeredConfiguration/settings`), nothing is posted and the
    /// services keep the configuration they have. Once the application winds down, nothing
    /// is read or posted, and it throws. The reading is bounded: past the
    /// `Configuration-swift.struct/Budgets-swift.struct/reload` budget, or when graceful
    /// shutdown or cancellation arrives first, it is abandoned. When reloads overlap, the
    /// one started last wins: one started before it that ends after it posts nothing, so the
    /// services never go back to an older file.
    ///
    /// - Returns: The configuration the services have after the reload: the new reader, or,
    ///   when a reload started later ended first, that one's (this reading is not posted);
    ///   `nil` when the host has no `Configuration-swift.struct/configurationLayers` to
    ///   reload.
    /// - Throws: `ConfigurationError` naming the file and the problem, or every invalid
    ///   value; with the code `timedOut` or `cancelled` when the reading was abandoned, and
    ///   `notServing` once the application winds down.
    @discardableResult
    public func reloadConfiguration() async throws(ConfigurationError) -> ConfigReader? {
        try await reload()?.reader
    }

    /// ``reloadConfiguration()``: the reader the services have after it, and whether it is
    /// this reload's (`false`: a reload started later ended first, and this one posted
    /// nothing).
    private func reload() async throws(ConfigurationError) -> (reader: ConfigReader, posted: Bool)? {
        guard let layers = configuration.configurationLayers else { return nil }
        // Not once the application winds down: its services may have heard willTerminate.
        if await MainActor.run(body: { backgroundTasks.isWindingDown }) { throw notServing(layers) }
        let generation = reloads.withLock { reloads in
            reloads.started += 1
            return reloads.started
        }
        let reader = try await read(layers)
        let posted = await MainActor.run { () -> (reader: ConfigReader, posted: Bool)? in
            // The wind-down may have begun while the file was read.
            guard !backgroundTasks.isWindingDown else { return nil }
            let latest = reloads.withLock { reloads -> ConfigReader? in
                guard generation > reloads.posted else { return reloads.reader }
                reloads.posted = generation
                reloads.reader = reader
                return nil
            }
            if let latest {
                logger.info(
                    "A configuration reload started later ended first; this earlier one's reading is not posted."
                )
                return (latest, false)
            }
            _ = composite.post(ConfigurationDidChange(reader: reader))
            return (reader, true)
        }
        guard let posted else { throw notServing(layers) }
        return posted
    }

    /// The error of a reload once the application winds down.
    private func notServing(_ layers: LayeredConfiguration) -> ConfigurationError {
        ConfigurationError(
            code: .notServing,
            file: layers.file?.path ?? "",
            message: "The configuration was not reloaded: the application is winding down, or has wound down, "
                + "and its services hear no more changes."
        )
    }

    /// How reading the layers ended: the first of the reading, the budget and shutdown.
    private enum Reading: Sendable {
        case read(ConfigReader)
        case failed(ConfigurationError)
        case overBudget
        case stopped
    }

    /// Reads `layers` within the reload budget, unless shutdown or cancellation comes first.
    private func read(_ layers: LayeredConfiguration) async throws(ConfigurationError) -> ConfigReader {
        let budget = configuration.budgets.reload
        let clock = await MainActor.run { composite.configuration.clock }
        let (outcomes, outcome) = AsyncStream.makeStream(of: Reading.self, bufferingPolicy: .bufferingOldest(1))
        // On a thread of its own, not awaited once abandoned: opening the file may block (a
        // named pipe, a stalled network file system) and swift-configuration parses it in one
        // synchronous call that cannot be interrupted, which must hold none of the tasks'
        // few threads. The thread ends on its own; its result goes nowhere, since the stream
        // keeps only the first outcome.
        Thread.detachNewThread {
            do throws(ConfigurationError) {
                outcome.yield(.read(try layers.makeReaderBlocking()))
            } catch {
                outcome.yield(.failed(error))
            }
        }
        // Owned, cancelled below, and awaited: it ends at once when cancelled.
        let timer = Task {
            if (try? await clock.sleep(for: budget)) != nil { outcome.yield(.overBudget) }
        }
        let first = await withTaskCancellationOrGracefulShutdownHandler {
            await outcomes.first { _ in true }
        } onCancelOrGracefulShutdown: {
            outcome.yield(.stopped)
        }
        outcome.finish()
        timer.cancel()
        await timer.value
        let file = layers.file?.path ?? ""
        // What was being read, for the messages: the file, whose opening or parsing is what
        // can take long.
        let what = file.isEmpty ? "the configuration" : "the configuration file \(file)"
        switch first {
        case .read(let reader):
            return reader
        case .failed(let error):
            throw error
        case .overBudget:
            throw ConfigurationError(
                code: .timedOut,
                file: file,
                message: "Reading \(what) took longer than its budget of \(budget) and was abandoned. "
                    + "Check that the file is a regular file on a responsive file system and not too large, "
                    + "or raise the host's reload budget."
            )
        case .stopped, nil:
            // A plain cancellation too: the task that asked for the reload (an admin
            // request) was cancelled.
            let why = Task.isShuttingDownGracefully ? "Shutdown arrived" : "The reload's task was cancelled"
            throw ConfigurationError(
                code: .cancelled,
                file: file,
                message: "\(why) while \(what) was being read; the reading was abandoned."
            )
        }
    }

    /// The reload signal, when there is something to reload.
    private var activeReloadSignal: UnixSignal? {
        configuration.configurationLayers == nil ? nil : configuration.reloadSignal
    }

    /// Starts trapping the signals handled while serving: the reload signal, when there is
    /// something to reload, and the background-task signal.
    func trapServingSignals() async -> UnixSignalsSequence? {
        let signals = [activeReloadSignal, configuration.backgroundTaskSignal].compactMap(\.self)
        guard !signals.isEmpty else { return nil }
        return await UnixSignalsSequence(trapping: signals)
    }

    /// Serves until graceful shutdown or cancellation, reloading the configuration on each
    /// reload signal and running the due background tasks on each background-task signal
    /// meanwhile. Runs still going when serving ends are expired, and waited for.
    ///
    /// Serving also ends when `launch` fails after it began: a required initializer of a
    /// later phase (after the first frame, idle) that fails fails the launch, and a server
    /// does not go on half launched. Returns that failure.
    func serve(handling signals: UnixSignalsSequence?, watching launch: Launch?) async -> LaunchError? {
        // Shutdown may arrive while the services become active (a signal during
        // didBecomeActive, or a service that triggers it): then serving never begins, and
        // `whenServing` is not called.
        if Task.isShuttingDownGracefully || Task.isCancelled {
            logger.info("Shutdown arrived before the application began serving; it winds down.")
            return nil
        }
        logger.info("The application is active and serving until graceful shutdown.")
        configuration.whenServing?()
        let launchFailed = LaunchFailedFlag()
        let failure = await withTaskGroup(of: ServingEnd.self, returning: LaunchError?.self) { serving in
            serving.addTask {
                await self.handle(signals, launchFailed: launchFailed)
                return .shutdown
            }
            if let launch {
                serving.addTask {
                    do {
                        try await launch.waitUntilReady(.idle)
                        return .launchReady
                    } catch let error as LaunchError where error.code != .cancelled {
                        return .launchFailed(error)  // the launch has logged it
                    } catch {
                        return .launchReady  // cancelled: by the wind-down, which the shutdown began
                    }
                }
            }
            // The group waits for its children: whichever ends serving cancels the other (the
            // signals' loop, or the launch's watch).
            defer { serving.cancelAll() }
            while let end = await serving.next() {
                switch end {
                case .launchReady: continue
                case .shutdown: return nil
                case .launchFailed(let error):
                    launchFailed.raise()  // before the signals' loop is cancelled, which logs why
                    return error
                }
            }
            return nil
        }
        return failure
    }

    /// Whether serving ends because the launch failed: set before the signals' loop is
    /// cancelled, read as it ends.
    private final class LaunchFailedFlag: Sendable {
        private let raised = Mutex(false)
        func raise() { raised.withLock { $0 = true } }
        var isRaised: Bool { raised.withLock { $0 } }
    }

    /// How serving ended, or, for the launch's watch, that nothing ends it.
    private enum ServingEnd: Sendable {
        /// Graceful shutdown or cancellation; the background-task runs have ended.
        case shutdown
        /// The launch's later phases are ready, or its wind-down cancelled it.
        case launchReady
        /// A required initializer failed the launch after serving began.
        case launchFailed(LaunchError)
    }

    /// Handles `signals` until graceful shutdown or cancellation (the launch's failure
    /// cancels it too, `launchFailed`), then expires the background-task runs still going,
    /// and waits for them.
    private func handle(_ signals: UnixSignalsSequence?, launchFailed: LaunchFailedFlag) async {
        // Background-task runs go on beside the signals (a run may take minutes) as children
        // of this group, which waits for them: they are expired below, so it waits briefly.
        await withDiscardingTaskGroup { runs in
            if let signals {
                // The sequence ends at graceful shutdown, and when the task is cancelled.
                for await signal in signals.cancelOnGracefulShutdown() {
                    if signal == configuration.backgroundTaskSignal {
                        let started = await startDueBackgroundTasks(because: "on \(signal)")
                        for start in started { runs.addTask { _ = await self.finish([start]) } }
                    }
                    if signal == activeReloadSignal { await reload(on: signal) }
                }
            } else {
                // Returns at graceful shutdown; throws when the task is cancelled, which ends
                // serving just the same.
                try? await gracefulShutdown()
            }
            let cause =
                launchFailed.isRaised
                ? "A required initializer failed after the application began serving"
                : Task.isCancelled ? "Cancelled" : "Graceful shutdown"
            logger.info("\(cause): the application winds down.")
            await MainActor.run { backgroundTasks.windDown() }
        }
    }

    /// Reads the configuration again for the reload signal, and logs how that went.
    func reload(on signal: UnixSignal) async {
        logger.info("Reading the configuration again on \(signal), within \(configuration.budgets.reload).")
        do {
            if try await reload()?.posted == false {
                logger.info(
                    "The configuration reload on \(signal) was overtaken by a later one, which the services have."
                )
            } else {
                logger.info("Reloaded the configuration on \(signal) and told the services.")
            }
        } catch  where error.code == .cancelled {
            // An orderly stop overtook it: no error on a clean exit.
            logger.notice(
                "The configuration reload on \(signal) was abandoned: \(error.message) The services keep the previous one.",
                metadata: ["file": "\(error.file)", "code": "\(error.code)"]
            )
        } catch {
            let verdict =
                error.code == .invalidValues
                ? "Rejected the configuration reloaded" : "Could not reload the configuration"
            logger.error(
                "\(verdict) on \(signal): \(error.message) The services keep the previous one.",
                metadata: ["file": "\(error.file)", "code": "\(error.code)"]
            )
        }
    }
}
