import AppServicesTesting
import Logging
import Testing

/// The test kit's log capture: what each logger wrote, in order, with its label, level and
/// metadata.
@Suite struct LogCaptureTests {
    @Test("Entries keep their order across loggers, each with its label, level and merged metadata")
    func entries() {
        let logs = LogCapture()
        var host = logs.logger(label: "host")
        host[metadataKey: "scene"] = "main"
        let service = logs.logger(label: "service", level: .info)
        host.debug("connected", metadata: ["role": "window"])
        service.debug("not captured: below the logger's level")
        service.warning("late answer")
        host.error("failed")

        #expect(logs.entries.map(\.label) == ["host", "service", "host"])
        #expect(logs.entries.map(\.level) == [.debug, .warning, .error])
        #expect(logs.entries[0].metadata == ["scene": "main", "role": "window"])
        #expect(logs.messages(at: .warning) == ["late answer"])
        #expect(
            logs.text == "[debug] connected role=window scene=main\n[warning] late answer\n[error] failed scene=main"
        )
    }

    @Test("Clearing forgets what was captured; loggers made before keep writing into it")
    func clear() {
        let logs = LogCapture()
        let logger = logs.logger()
        logger.info("before")
        logs.clear()
        logger.info("after")
        #expect(logs.entries.map(\.message) == ["after"])
        #expect(logs.entries.map(\.label) == ["test"])
    }
}
