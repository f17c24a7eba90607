#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a target line or the summary to standard output, unbuffered, so each line
/// appears as soon as its target is measured.
func emit(_ line: String) {
    write(line + "\n", to: 1)
}

/// Writes a line of detail to standard error, so standard output keeps only the target
/// lines and the summary.
func diagnose(_ line: String) {
    write(line + "\n", to: 2)
}

private func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Whether this is an optimized build; the check measures nothing else.
func isReleaseBuild() -> Bool {
    #if DEBUG
    return false
    #else
    return true
    #endif
}
