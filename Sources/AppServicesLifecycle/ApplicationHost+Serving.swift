public import AppServices
public import Configuration
import Logging
import ServiceLifecycle
import UnixSignals

extension ApplicationHost {
    /// Reads the configuration layers again and posts `ConfigurationDidChange` with the
    /// new reader, as the reload signal does.
    ///
    /// Call it to reload on another trigger (an admin endpoint, a file watcher). When the
    /// layers cannot be read, nothing is posted and the services keep the configuration
    /// they have.
    ///
    /// - Returns: The new reader, or `nil` when the host has no
    ///   `Configuration-swift.struct/configurationLayers` to reload.
    /// - Throws: `ConfigurationError` naming the file and the problem when the file is
    ///   missing or malformed.
    @discardableResult
    public func reloadConfiguration() async throws(ConfigurationError) -> ConfigReader? {
        guard let layers = configuration.configurationLayers else { return nil }
        let reader = try await layers.makeReader()
        await MainActor.run { _ = composite.post(ConfigurationDidChange(reader: reader)) }
        return reader
    }

    /// Starts trapping the reload signal, when there is a signal and something to reload.
    func trapReloadSignal() async -> UnixSignalsSequence? {
        guard let signal = configuration.reloadSignal, configuration.configurationLayers != nil else { return nil }
        return await UnixSignalsSequence(trapping: signal)
    }

    /// Serves until graceful shutdown or cancellation, reloading the configuration on each
    /// reload signal meanwhile.
    func serve(reloadingOn signals: UnixSignalsSequence?) async {
        logger.info("The application is active and serving until graceful shutdown.")
        if let signals {
            // The sequence ends at graceful shutdown, and when the task is cancelled.
            for await signal in signals.cancelOnGracefulShutdown() {
                await reload(on: signal)
            }
        } else {
            // Returns at graceful shutdown; throws when the task is cancelled, which ends
            // serving just the same.
            try? await gracefulShutdown()
        }
        let cause = Task.isCancelled ? "Cancelled" : "Graceful shutdown"
        logger.info("\(cause): the application winds down.")
    }

    private func reload(on signal: UnixSignal) async {
        do {
            try await reloadConfiguration()
            logger.info("Reloaded the configuration on \(signal) and told the services.")
        } catch {
            logger.error(
                "Could not reload the configuration on \(signal): \(error.message) The services keep the previous one.",
                metadata: ["file": "\(error.file)"]
            )
        }
    }
}
