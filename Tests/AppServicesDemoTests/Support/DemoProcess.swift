import Foundation
import Synchronization
import Testing

/// The built `appservices-demo`, run as a child process in a temporary working directory,
/// with its standard output and standard error read line by line as they arrive.
final class DemoProcess {
    /// Where the demo's standard output goes. Standard error is always read by the test.
    enum StandardOutput {
        /// Read by the test, interleaved with standard error.
        case captured
        /// The file at the path, such as `/dev/full`.
        case file(String)
        /// Closed before the demo starts (`>&-`), through `/bin/sh`.
        case closed
        /// A pipe of its own, which the test reads with ``firstStandardOutputLine()`` and
        /// closes with ``closeStandardOutput()``, as `| head -1` does.
        case ownPipe
    }

    /// The working directory, removed by ``cleanUp()``.
    let directory: URL
    let process = Process()
    /// Every line read so far, standard output and standard error interleaved.
    private(set) var output: [String] = []
    private var lines: AsyncStream<String>.Iterator
    private let exit: AsyncStream<Int32>
    private var watchdog: Task<Void, Never>?
    private let input = Pipe()
    private let ownOutput = Pipe()
    /// How long a demo may run before it is killed.
    static let patience = Duration.seconds(20)

    /// Marks both ends of `pipe` close-on-exec, so no other process started meanwhile
    /// inherits them.
    private static func closeOnExec(_ pipe: Pipe) {
        for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
    }

    /// Starts the demo with `arguments` in a new temporary directory, after `prepare` has
    /// written any files it needs there.
    init(
        _ arguments: [String],
        environment extra: [String: String] = [:],
        standardOutput: StandardOutput = .captured,
        prepare: (URL) throws -> Void = { _ in }
    ) throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "appservices-demo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try prepare(directory)

        let executable = try Self.executable()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // The launch history goes to the user's cache directory: here, this run's directory.
        process.environment = Self.environment(adding: ["XDG_CACHE_HOME": directory.path].merging(extra) { $1 })

        let pipe = Pipe()
        // Demos start in parallel: a pipe inherited by another test's child keeps a reader
        // (or writer) open that this test closed. The child still gets its own ends, which
        // the launch duplicates onto its standard streams.
        for shared in [pipe, input, ownOutput] { Self.closeOnExec(shared) }
        process.standardInput = input
        process.standardError = pipe
        switch standardOutput {
        case .captured:
            process.standardOutput = pipe
        case .file(let path):
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        case .closed:
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"exec "$0" "$@" >&-"#, executable.path] + arguments
        case .ownPipe:
            process.standardOutput = ownOutput
        }
        let (lines, linesContinuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        let splitter = LineSplitter(continuation: linesContinuation)
        self.lines = lines.makeAsyncIterator()

        let (exit, exitContinuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .unbounded)
        self.exit = exit
        process.terminationHandler = { process in
            exitContinuation.yield(process.terminationStatus)
            exitContinuation.finish()
        }
        try process.run()
        let reader = pipe.fileHandleForReading
        // Plain blocking read(2)s on a thread of their own, off the tasks' threads: each
        // returns what has arrived. (On Linux, Foundation's `readabilityHandler` was seen to
        // miss the end of the output, and `read(upToCount:)` to wait for the whole count.)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reader.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                splitter.consume(Data(buffer[..<count]))
            }
            splitter.finish()
        }
        let pid = process.processIdentifier
        let patience = Self.patience
        watchdog = Task {
            // Only a safety net: a demo that stops answering is killed, so the test fails
            // with the output so far instead of hanging. Passing runs never get near it.
            do { try await Task.sleep(for: patience) } catch { return }
            kill(pid, SIGKILL)
        }
    }

    deinit {
        watchdog?.cancel()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Reads lines until one contains `text`, and returns it; `nil`, recording an issue
    /// with the output, if the output ended first.
    @discardableResult
    func waitForLine(containing text: String) async -> String? {
        while let line = await lines.next() {
            output.append(line)
            if line.contains(text) { return line }
        }
        Issue.record("appservices-demo ended without printing \"\(text)\". Output:\n\(transcript)")
        return nil
    }

    /// Reads the rest of the output and waits for the process to exit; returns its status.
    func waitForExit() async -> Int32? {
        while let line = await lines.next() { output.append(line) }
        for await status in exit {
            watchdog?.cancel()
            if process.terminationReason == .uncaughtSignal && status == SIGKILL {
                Issue.record("appservices-demo was killed after \(Self.patience). Output:\n\(transcript)")
            }
            return status
        }
        return nil
    }

    /// The output so far, one line after another.
    var transcript: String { output.joined(separator: "\n") }

    /// Writes a line to the demo's standard input.
    func sendInputLine() {
        input.fileHandleForWriting.write(Data("\n".utf8))
    }

    /// The first line the demo wrote to its own standard output pipe (`.ownPipe`); reads no
    /// further.
    func firstStandardOutputLine() async -> String? {
        let reader = ownOutput.fileHandleForReading
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var line: [UInt8] = []
                var byte: UInt8 = 0
                while true {
                    let count = read(reader.fileDescriptor, &byte, 1)
                    if count < 0 && errno == EINTR { continue }
                    guard count == 1, byte != UInt8(ascii: "\n") else { break }
                    line.append(byte)
                }
                continuation.resume(returning: line.isEmpty ? nil : String(decoding: line, as: UTF8.self))
            }
        }
    }

    /// Closes the reading end of the demo's own standard output pipe, as `head` does when it
    /// has read enough: the demo's next write fails with `EPIPE`.
    func closeStandardOutput() {
        try? ownOutput.fileHandleForReading.close()
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Removes the working directory.
    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The demo executable, built next to the test bundle.
    private static func executable() throws -> URL {
        var directories = [Bundle.main.bundleURL]
        // On macOS the tests run inside an .xctest bundle loaded by a runner elsewhere.
        directories += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        let candidates = directories.map { $0.appending(path: "appservices-demo") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "appservices-demo is not built next to the tests (looked at \(candidates.map(\.path)))"
        )
    }

    /// The test's environment without the variables that configure the demo, so that a
    /// developer's shell cannot change what the tests see, plus `extra`.
    private static func environment(adding extra: [String: String]) -> [String: String] {
        let configuring: Set = [
            "APP_CONFIG_FILE", "ANALYTICS_SAMPLE_RATE", "APPEARANCE_THEME", "CRASH_REPORTER_DSN",
            "FEATURE_FLAGS_ENABLED", "LOG_LEVEL", "APPSERVICES_DEMO_PAUSE_AT_START",
        ]
        return ProcessInfo.processInfo.environment.filter { !configuring.contains($0.key) }
            .merging(extra) { _, new in new }
    }
}

/// Cuts the bytes of a pipe into lines as they arrive.
private final class LineSplitter: Sendable {
    private let pending = Mutex(Data())
    private let continuation: AsyncStream<String>.Continuation

    init(continuation: AsyncStream<String>.Continuation) {
        self.continuation = continuation
    }

    func consume(_ data: Data) {
        let lines = pending.withLock { pending in
            pending.append(data)
            var lines: [String] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
            return lines
        }
        for line in lines { continuation.yield(line) }
    }

    /// The output ended: passes on what is left of the last line, and ends the lines.
    func finish() {
        let rest = pending.withLock { $0 }
        if !rest.isEmpty { continuation.yield(String(decoding: rest, as: UTF8.self)) }
        continuation.finish()
    }
}
