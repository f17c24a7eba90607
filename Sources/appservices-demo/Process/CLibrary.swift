// The one file of the demo that calls the C library; the platform's C module is chosen here,
// once (Glibc and Musl exist only on Linux, Darwin only on Apple platforms).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#else
#error("appservices-demo needs the C library of Glibc, Musl, Darwin or Android.")
#endif

/// The C library calls the demo makes, in one place.
enum CLibrary {
    /// Standard output's descriptor.
    static let standardOutput = STDOUT_FILENO
    /// Standard error's descriptor.
    static let standardError = STDERR_FILENO

    /// Opens `path` for writing, creating or emptying it; the descriptor, or `errno`.
    static func openForWriting(_ path: String) -> Result<Int32, CError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        return descriptor >= 0 ? .success(descriptor) : .failure(CError(errno))
    }

    /// Whether `descriptor` is a regular file (not a device, a pipe or a terminal).
    static func isRegularFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Closes `descriptor`.
    static func closeFile(_ descriptor: Int32) {
        close(descriptor)
    }

    /// Writes `bytes` whole to `descriptor`, again after an interruption; the error of the
    /// first write that fails otherwise.
    static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> CError? {
        let bytes = Array(bytes)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result >= 0 {
                written += result
            } else if errno != EINTR {
                return CError(errno)
            }
        }
        return nil
    }

    /// Makes a write to a pipe whose reader went away an `EPIPE` error instead of the end of
    /// the process.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process at once with `status`, as a crash would end it: no wind-down, no
    /// first frame.
    static func endProcess(status: Int32) -> Never {
        exit(status)
    }

    /// Whether `descriptor` is closed.
    static func isClosed(_ descriptor: Int32) -> Bool {
        fcntl(descriptor, F_GETFD) == -1
    }

    /// Points the closed `descriptor` at /dev/null, so that no file opened later takes its
    /// number.
    static func pointAtDevNull(_ descriptor: Int32) {
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 && null != descriptor {
            dup2(null, descriptor)
            close(null)
        }
    }

    /// An `errno` value with what the system says of it.
    struct CError: Error {
        /// The `errno` value.
        let code: Int32
        init(_ code: Int32) { self.code = code }
        /// "No space left on device".
        var description: String { String(cString: strerror(code)) }
    }
}
