import Foundation
import Synchronization

/// Where the demo's output goes: standard output, written line by line, unbuffered.
///
/// `print` buffers whole blocks when standard output is a pipe, so a process reading the
/// demo (a test waiting for it to serve, `| grep`) would see nothing until it exits.
///
/// Output that goes away (`| head -1`, `>/dev/full`, `>&-`) does not stop the program: the
/// first failed write stops the printing, says so once on standard error, and the demo goes
/// on, winds down and writes its trace. SIGPIPE is ignored from the start
/// (``ProcessStart``), so a closed pipe is an `EPIPE` error here rather than death.
enum Console {
    /// Set once a write has failed: nothing more is printed.
    private static let stopped = Atomic(false)

    /// Whether printing has stopped because standard output went away.
    static var hasStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Writes `text` and a newline to standard output at once; nothing once printing has
    /// stopped.
    static func writeLine(_ text: String = "") {
        guard !hasStopped else { return }
        if let error = CLibrary.writeAll((text + "\n").utf8, to: CLibrary.standardOutput) {
            stopPrinting(because: error.description)
        }
    }

    /// Stops printing and says why on standard error, once.
    static func stopPrinting(because reason: String) {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Standard error may be gone too; nothing more can be done about that.
        _ = CLibrary.writeAll(
            "appservices-demo: standard output failed (\(reason)); printing stops, the program goes on.\n".utf8,
            to: CLibrary.standardError
        )
    }
}
