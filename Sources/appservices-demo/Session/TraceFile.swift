import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file the launch's Chrome trace goes to, opened before the session so that a path
/// that cannot be written is reported before anything runs, not after.
final class TraceFile {
    /// The path as given.
    let path: String
    /// The absolute path, as the demo announces it.
    let absolutePath: String
    private let descriptor: Int32

    /// Opens (creating or emptying) the file at `path` for writing.
    ///
    /// A file that is no regular file (`/dev/full`, a pipe) gets a newline at once, which
    /// JSON ignores, so that one that cannot take data fails here too.
    ///
    /// - Throws: ``TraceFileError`` naming the file and the problem.
    init(path: String) throws(TraceFileError) {
        self.path = path
        absolutePath = URL(fileURLWithPath: path).path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TraceFileError(.cannotOpen, path: path, errno: errno) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            try write(Data("\n".utf8))
        }
    }

    deinit { close(descriptor) }

    /// Writes `data` whole.
    ///
    /// - Throws: ``TraceFileError`` naming the file and the problem.
    func write(_ data: Data) throws(TraceFileError) {
        var written = 0
        while written < data.count {
            let result = data[data.startIndex + written..<data.endIndex].withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress, $0.count)
            }
            if result >= 0 {
                written += result
            } else if errno != EINTR {
                throw TraceFileError(.cannotWrite, path: path, errno: errno)
            }
        }
    }
}

/// The trace file cannot be opened or written.
///
/// ```text
/// The trace file /nonexistent/dir/x.json cannot be opened for writing: No such file or directory.
/// Pass another path with --trace.
/// ```
struct TraceFileError: Error, CustomStringConvertible {
    enum Code {
        case cannotOpen
        case cannotWrite
    }

    private let code: Code
    /// The path of the trace file.
    let path: String
    /// What the system said: "No space left on device".
    let problem: String

    init(_ code: Code, path: String, errno: Int32) {
        self.code = code
        self.path = path
        self.problem = String(cString: strerror(errno))
    }

    var description: String {
        switch code {
        case .cannotOpen:
            "The trace file \(path) cannot be opened for writing: \(problem). Pass another path with --trace."
        case .cannotWrite:
            "The trace file \(path) cannot be written: \(problem). Pass another path with --trace."
        }
    }
}
