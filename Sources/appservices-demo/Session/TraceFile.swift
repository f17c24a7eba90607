import Foundation

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
        switch CLibrary.openForWriting(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw TraceFileError(.cannotOpen, path: path, error: error)
        }
        if !CLibrary.isRegularFile(descriptor) {
            try write(Data("\n".utf8))
        }
    }

    deinit { CLibrary.closeFile(descriptor) }

    /// Writes `data` whole.
    ///
    /// - Throws: ``TraceFileError`` naming the file and the problem.
    func write(_ data: Data) throws(TraceFileError) {
        if let error = CLibrary.writeAll(data, to: descriptor) {
            throw TraceFileError(.cannotWrite, path: path, error: error)
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

    init(_ code: Code, path: String, error: CLibrary.CError) {
        self.code = code
        self.path = path
        self.problem = error.description
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
