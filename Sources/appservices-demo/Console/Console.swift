import Foundation

/// Where the demo's output goes: standard output, written line by line, unbuffered.
///
/// `print` buffers whole blocks when standard output is a pipe, so a process reading the
/// demo (a test waiting for it to serve, `| grep`) would see nothing until it exits.
enum Console {
    /// Writes `text` and a newline to standard output at once.
    static func writeLine(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
