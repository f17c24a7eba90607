// The one file of this module that calls the C library. The platform's C module is chosen
// here, once: Glibc and Musl exist only on Linux, Darwin only on Apple platforms, and a call
// qualified with one of them (`Glibc.read`) compiles nowhere else. Everything else in the
// module calls the functions below.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#else
#error("AppServices needs the C library of Glibc, Musl, Darwin or Android.")
#endif
#if Configuration
import Foundation
#endif

/// The C library calls the module makes, in one place.
enum CLibrary {
    /// A `pthread_mutex_t` at a stable address, which ThreadSanitizer sees on every
    /// platform (see ``Locked``).
    ///
    /// A mutex must not move once initialized, so it lives in memory allocated once and
    /// freed in ``destroy()``.
    struct PThreadMutex {
        private let storage: UnsafeMutablePointer<pthread_mutex_t>

        /// Allocates and initializes a mutex.
        init() {
            storage = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            let status = pthread_mutex_init(storage, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
        }

        /// Waits for the mutex and takes it.
        func lock() { pthread_mutex_lock(storage) }

        /// Gives the mutex back.
        func unlock() { pthread_mutex_unlock(storage) }

        /// Destroys the mutex and frees its memory; call once, when nothing uses it any more.
        func destroy() {
            pthread_mutex_destroy(storage)
            storage.deallocate()
        }
    }

    /// The value of the process's environment variable `name`, if it is set.
    static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// An `errno` value as a sentence fragment: "Permission denied".
    static func describe(_ error: Int32) -> String {
        String(cString: strerror(error))
    }

    #if Configuration
    /// Why a file could not be read whole.
    enum ReadFailure: Error {
        /// Nothing is at the path.
        case notFound
        /// `open` failed with `errno`.
        case cannotOpen(errno: Int32)
        /// `fstat` failed with `errno`.
        case cannotExamine(errno: Int32)
        /// The path names a directory.
        case isDirectory
        /// The file's size, above the limit, as `fstat` reports it.
        case tooLarge(size: Int)
        /// More bytes than the limit arrived (a file that grew, or no regular file).
        case exceedsLimit
        /// `read` failed with `errno`.
        case cannotRead(errno: Int32)
    }

    /// Reads the file at `path` whole, refusing it when it holds more than `maximumSize`
    /// bytes.
    ///
    /// It reads up to one byte past the limit, so that a file that grows while it is read,
    /// or that is no regular file (a pipe), is refused as well.
    static func readFile(atPath path: String, maximumSize: Int) -> Result<Data, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            return .failure(error == ENOENT ? .notFound : .cannotOpen(errno: error))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.cannotExamine(errno: errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(.isDirectory) }
        if (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) > maximumSize {
            return .failure(.tooLarge(size: Int(status.st_size)))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= maximumSize {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.cannotRead(errno: errno)) }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data.count <= maximumSize ? .success(data) : .failure(.exceedsLimit)
    }
    #endif
}
