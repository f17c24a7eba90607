import AppServicesLifecycle
import ArgumentParser
import Foundation
import UnixSignals

/// The demo's entry point: makes the process safe to signal and to write from before
/// anything else runs, then runs the command (``AppServicesDemo``).
@main
enum ProcessStart {
    /// The environment variable that makes the demo pause right after the signals are held
    /// (see ``pauseIfAsked()``), so that tests can signal it at the earliest point.
    static let pauseVariable = "APPSERVICES_DEMO_PAUSE_AT_START"

    static func main() async {
        // First: a signal that arrives while the demo starts is served once the host runs.
        ApplicationHost.holdSignals([.sigterm, .sigint, .sighup, .sigusr1])
        // A reader that goes away is an EPIPE write error (handled by Console), not death.
        CLibrary.ignoreBrokenPipes()
        reopenClosedStandardStreams()
        pauseIfAsked()
        await AppServicesDemo.main()
    }

    /// Points standard output and standard error at /dev/null when the demo was started
    /// with them closed (`>&-`), so that no file the demo opens (the configuration, the
    /// trace) takes their place and receives its printing; printing stops, as for any
    /// output that went away.
    private static func reopenClosedStandardStreams() {
        for descriptor in [CLibrary.standardOutput, CLibrary.standardError] where CLibrary.isClosed(descriptor) {
            CLibrary.pointAtDevNull(descriptor)
            if descriptor == CLibrary.standardOutput { Console.stopPrinting(because: "it is closed") }
        }
    }

    /// With `APPSERVICES_DEMO_PAUSE_AT_START` set, says so on standard error and waits for
    /// a line (or the end) on standard input: the earliest point at which the demo can be
    /// signalled, with its signals held and nothing else done yet.
    private static func pauseIfAsked() {
        guard ProcessInfo.processInfo.environment[pauseVariable] != nil else { return }
        let note = "appservices-demo: paused at start with signals held; continuing at a line on standard input.\n"
        _ = CLibrary.writeAll(note.utf8, to: CLibrary.standardError)
        _ = readLine()
    }
}
