public import Foundation

/// Where a ``LaunchHistory`` is kept between launches: a few hundred bytes, read once as the
/// launch begins and written whole: once then, on the thread that begins the launch, so
/// that a launch that crashes at once still counts, and later, as it changes: a migration's
/// outcome before the initializers after it start, other changes (the first frame reached)
/// off the main thread.
///
/// Three come with the library: ``UserDefaultsLaunchHistoryStore`` (the default on Apple
/// platforms), ``FileLaunchHistoryStore`` (a file in a directory; what `ApplicationHost`
/// uses on Linux) and ``InMemoryLaunchHistoryStore`` (for tests). Write your own to keep it
/// elsewhere: ``load()`` returns what ``save(_:)`` last saved, or `nil` when nothing was
/// saved yet (a first launch).
public protocol LaunchHistoryStore: Sendable {
    /// What the store holds, for messages (`"file /var/lib/app/launch-history.json"`).
    var description: String { get }
    /// The bytes saved last, or `nil` when none were saved.
    ///
    /// - Throws: When the store cannot be read; the launch then counts as a first launch,
    ///   and the error is reported once.
    func load() throws -> Data?
    /// Replaces what the store holds with `data`, all or nothing: a reader never sees part
    /// of it, even when two launches in one process save at once.
    func save(_ data: Data) throws
}

/// Keeps the launch history in a file, `launch-history.json` in a directory of your choice,
/// replaced atomically: written to a temporary file beside it, then renamed over it.
public struct FileLaunchHistoryStore: LaunchHistoryStore {
    /// The file.
    public let file: URL

    /// Keeps the history in `launch-history.json` in `directory`, which is made when the
    /// history is first saved.
    public init(directory: URL) {
        file = directory.appending(path: "launch-history.json")
    }

    /// The file, for messages.
    public var description: String { "file \(file.path(percentEncoded: false))" }

    /// The file's bytes, or `nil` when there is no file.
    public func load() throws -> Data? {
        do {
            return try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        }
    }

    /// Writes `data` to a new file beside the history and renames it over the history.
    public func save(_ data: Data) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }
}

/// Keeps the launch history in user defaults, under one key: the default on Apple
/// platforms. User defaults are removed with the app, so after a reinstall the history
/// starts again as a first launch (see ``LaunchMemory/installMarker``).
///
/// Its limit: after the device restarts, user defaults cannot be read until it is first
/// unlocked, and read as empty. An application the system launches into the background
/// before then (a VoIP push, a location event) finds no history, so that launch counts as a
/// first launch, for as long as its process runs: its `onFirstLaunch` and `once`
/// migrations are due in it. The library cannot tell this from a first launch yet.
public struct UserDefaultsLaunchHistoryStore: LaunchHistoryStore {
    /// The suite, or `nil` for the standard user defaults.
    public let suiteName: String?
    /// The key the history is kept under.
    public let key: String

    /// Keeps the history under `key` in the user defaults of `suiteName` (the standard
    /// ones when `nil`).
    public init(suiteName: String? = nil, key: String = "AppServices.launchHistory") {
        self.suiteName = suiteName
        self.key = key
    }

    /// The suite and key, for messages.
    public var description: String { "user defaults \(suiteName ?? "standard"), key \(key)" }

    /// The data under the key, or `nil`.
    ///
    /// - Throws: When something else than data is kept there.
    public func load() throws -> Data? {
        guard let value = defaults.object(forKey: key) else { return nil }
        guard let data = value as? Data else {
            throw LaunchHistoryError("\(description) holds \(type(of: value)), not the data of a launch history")
        }
        return data
    }

    /// Sets the data under the key (user defaults replace a value whole).
    public func save(_ data: Data) throws { defaults.set(data, forKey: key) }

    private var defaults: UserDefaults { suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard }
}

/// Keeps the launch history in memory, for tests: one instance stands for one install, and
/// survives as many simulated launches as the test makes with it.
public final class InMemoryLaunchHistoryStore: LaunchHistoryStore {
    private let data = Locked<Data?>(nil)

    /// An empty store: the next launch is the install's first.
    public init() {}

    /// For messages.
    public var description: String { "memory" }

    /// What was saved last.
    public func load() throws -> Data? { data.withLock { $0 } }

    /// Keeps `data`.
    public func save(_ data: Data) throws { self.data.withLock { $0 = data } }

    /// Replaces what the store holds, as a test that simulates a damaged store does.
    public func replace(with data: Data?) { self.data.withLock { $0 = data } }

    /// Empties the store, as deleting the app does with its user defaults.
    public func erase() { data.withLock { $0 = nil } }
}

/// What went wrong reading the launch history, naming the store.
struct LaunchHistoryError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
