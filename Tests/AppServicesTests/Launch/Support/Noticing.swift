import AppServices
import Logging
import Metrics

/// Passes every message on, then tells the probe something happened.
struct NoticingLogHandler: LogHandler {
    var inner: any LogHandler
    let probe: Probe

    static func logger(wrapping logger: Logger, probe: Probe) -> Logger {
        var wrapped = Logger(label: logger.label) { _ in NoticingLogHandler(inner: logger.handler, probe: probe) }
        wrapped.logLevel = logger.logLevel
        return wrapped
    }

    func log(event: LogEvent) {
        inner.log(event: event)
        probe.noteChange()
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }
}

/// Passes every timer value on (to `inner`, if any), then tells the probe something
/// happened: the launch records one for every run that finishes.
final class NoticingMetrics: MetricsFactory, Sendable {
    let inner: (any MetricsFactory)?
    let probe: Probe

    init(wrapping inner: (any MetricsFactory)?, probe: Probe) {
        self.inner = inner
        self.probe = probe
    }

    final class NoticingTimer: TimerHandler, Sendable {
        let inner: (any TimerHandler)?
        let probe: Probe

        init(inner: (any TimerHandler)?, probe: Probe) {
            self.inner = inner
            self.probe = probe
        }

        func recordNanoseconds(_ duration: Int64) {
            inner?.recordNanoseconds(duration)
            probe.noteChange()
        }
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        NoticingTimer(inner: inner?.makeTimer(label: label, dimensions: dimensions), probe: probe)
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        inner?.makeCounter(label: label, dimensions: dimensions) ?? NOOPMetricsHandler.instance
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        inner?.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate) ?? NOOPMetricsHandler.instance
    }

    func destroyCounter(_ handler: any CounterHandler) { inner?.destroyCounter(handler) }
    func destroyRecorder(_ handler: any RecorderHandler) { inner?.destroyRecorder(handler) }
    func destroyTimer(_ handler: any TimerHandler) {
        if let handler = handler as? NoticingTimer, let wrapped = handler.inner { inner?.destroyTimer(wrapped) }
    }
}
