public import Foundation

/// Where a ``LaunchHistory`` is kept between launches: a few hundred bytes, read once as the
/// launch begins and written whole: once then, on the thread that begins the launch, so
/// that a launch that crashes at once still counts, and later, as it changes: a migration's
/// outcome before the initializers after it start, other changes (the first frame reached)
/// off the main thread.
///
/// Three come with the library: ``UserDefaultsLaunchHistoryStore`` (the default on Apple
/// platforms), ``FileLaunchHistoryStore`` (a file in a directory; what `ApplicationHost`
/// uses when its configuration's `launchMemory` names a directory, which it does not by
/// default) and ``InMemoryLaunchHistoryStore`` (for tests). Write your own to keep it
/// elsewhere: ``load()`` returns what ``save(_:)`` last saved, or `nil` when nothing was
/// saved yet (a first launch).
public protocol LaunchHistoryStore: Sendable {
    /// What the store holds, for messages (`"file /var/lib/app/launch-history.json"`).
    var description: String { get }
    /// The bytes saved last, or `nil` when none were saved.
    ///
    /// - Throws: ``LaunchHistoryUnavailableError`` when the store cannot be read yet (a
    ///   file the device's data protection keeps locked until its first unlock): the
    ///   launch then leaves the history alone (``LaunchHistory/isAvailable``). Any other
    ///   error when the store cannot be read; the launch then counts as a first launch,
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
    ///
    /// - Throws: ``LaunchHistoryUnavailableError`` on iOS, tvOS, watchOS and visionOS when
    ///   the file may not be read: there, only data protection refuses an app its own file
    ///   (before the device's first unlock).
    public func load() throws -> Data? {
        do {
            return try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch let error as CocoaError where error.code == .fileReadNoPermission && Self.refusesOnlyWhileLocked {
            throw LaunchHistoryUnavailableError(
                "\(description) is locked by data protection (\(error.localizedDescription))"
            )
        }
    }

    /// Whether a refusal to read the app's own file can only be data protection's.
    private static var refusesOnlyWhileLocked: Bool {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        true
        #else
        false
        #endif
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
/// After the device restarts, user defaults cannot be read until it is first unlocked, and
/// read as empty, as on a first launch. An application the system launches into the
/// background before then (a VoIP push, a location event) finds no history; the install
/// marker tells the two apart (`KeychainInstallMarker`, the default, cannot be read
/// before the first unlock either, and says so), and that launch leaves the history alone
/// (``LaunchHistory/isAvailable``). Without an install marker such a launch counts as a
/// first launch.
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

/// The launch history, or the install marker, cannot be read yet: the device's data
/// protection keeps it locked until the first unlock after a restart.
///
/// A ``LaunchHistoryStore`` throws it from ``LaunchHistoryStore/load()``, and an
/// ``InstallMarker`` from ``InstallMarker/isPlaced()``, when it knows the data is there
/// but locked, or cannot tell. A launch that meets it leaves the history alone: it is not
/// a first launch, runs no migration and writes nothing, and the next launch reads the
/// history as it was (``LaunchHistory/isAvailable``).
public struct LaunchHistoryUnavailableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What cannot be read, and why: `"keychain item AppServices.installMarker/install is
    /// locked until the device is first unlocked (OSStatus -25308)"`.
    public let description: String

    /// The error, saying what cannot be read and why.
    public init(_ description: String) { self.description = description }
}

/// What went wrong reading the launch history, naming the store.
struct LaunchHistoryError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
