public import Foundation
package import Logging

/// What the launches of this install have been, as this launch found it: the version that
/// ran before, whether this is the first launch (and whether after a reinstall), how many
/// launches there were, how many in a row never reached their first frame, and the
/// migrations done.
///
/// It is read once, before the launch plan starts (``LaunchMemory`` says from where; again
/// at the device's unlock when it could not be read before, ``isAvailable``), and
/// initializers and services read it from their context (``InitializerContext/history``,
/// ``AppContext/launchHistory``).
public struct LaunchHistory: Sendable, Hashable, Codable {
    /// The version running now.
    public let currentVersion: AppVersion
    /// The version of the launch before this one, or `nil` on a first launch (and while
    /// the history is not available, ``isAvailable``).
    public let previousVersion: AppVersion?
    /// Whether no launch of this install came before (the store held no history; not while
    /// the history is not available, ``isAvailable``).
    public let isFirstLaunch: Bool
    /// Whether this first launch follows an earlier install of the app on this device (see
    /// ``InstallMarker``). Not when the store held a history it could not read: that one is
    /// this install's, damaged (``problem`` says so).
    public let isFirstLaunchAfterReinstall: Bool
    /// The launches of this install, this one included; 0 when the history was not
    /// available (``isAvailable``).
    public let launchCount: Int
    /// The launches in a row, just before this one, that never reached their first frame:
    /// they stopped (crashed, were killed) before it, or the app never reported it. A launch
    /// that ends in order before its first frame (`willTerminate`: a server stopped during
    /// its start) does not count, also when its launch plan failed (a server host winds
    /// down after a failed start): safe mode is for launches that crash or are killed. A
    /// start that fails in order, a database not up yet, is its supervisor's to retry; in
    /// safe mode a server would serve without its plan until its next restart.
    ///
    /// A launch into the background (a background task, a push, a location event) counts
    /// only until its launch work is done (its ``LaunchPhase/critical`` phase is ready), since
    /// the system ends such a process as a matter of course, and again from the moment it
    /// comes to the foreground (a scene connects, or the application will enter the
    /// foreground) until its first frame.
    public let launchesWithoutFirstFrame: Int
    /// Whether this launch runs the plan's safe mode (``LaunchPlan/SafeMode``), because
    /// ``launchesWithoutFirstFrame`` reached its threshold.
    public let isSafeMode: Bool
    /// The migrations done, by name, with the version that did each.
    public let completedMigrations: [String: AppVersion]
    /// Why the stored history could not be used, when it could not (it was unreadable or
    /// damaged, and this launch counts as a first launch; or it was not available, see
    /// ``isAvailable``); `nil` when it was fine.
    public let problem: String?

    /// Whether this launch runs a newer version than the one before.
    public var isUpgrade: Bool { previousVersion.map { $0 < currentVersion } ?? false }

    /// Whether the launch could read the history. Not when its store, or the install
    /// marker that tells a missing history from a first launch, was locked
    /// (``LaunchHistoryUnavailableError``): after a restart, before the device's first
    /// unlock, the system may launch the application into the background (a VoIP push, a
    /// background task, a location event) while user defaults read as empty.
    ///
    /// Until it can read the history, such a launch knows nothing of the launches before it
    /// and leaves their history alone: it is not a first launch (nor an upgrade, nor in safe
    /// mode), its ``launchCount`` is 0, its ``problem`` says what was locked, and it writes
    /// nothing. Its migrations wait for the history, and the initializers that depend on
    /// them with them; one whose budget runs out first, or whose launch is cancelled, fails
    /// (its dependents do not run over data it did not migrate). A migration that runs
    /// before launch returns cannot wait: it is not due in such a launch (its dependents
    /// run), and stays due for the next. Throttled initializers are due as in a first launch.
    ///
    /// When the device is unlocked (`applicationProtectedDataDidBecomeAvailable`, or the
    /// application coming to the foreground), the launch reads the history again and takes
    /// it as if it had read it as it began, in the mode it began in (never safe mode): it
    /// counts in the history it writes, the history services and initializers read from then
    /// on is the real one, and the waiting migrations decide by it. A store that still reads
    /// as empty then (user defaults read before the unlock can stay empty for the rest of the
    /// process) is not believed: the launch stays without the history, and the waiting
    /// migrations fail. A launch whose process ends before the unlock wrote nothing, so the
    /// next launch finds the history as it was.
    ///
    /// Keep what a launch before the first unlock must do (report a VoIP push's call) out of
    /// the migrations' dependents and their phase: it cannot read protected data anyway, and
    /// they wait until the unlock.
    public var isAvailable: Bool { launchCount > 0 }
}

/// Where the launch history is kept and what it is compared with: the store, the install
/// marker, this launch's version, and the wall clock throttled work is timed with.
///
/// A launch plan has one (``LaunchPlan/Configuration/memory``); its default,
/// ``standard``, keeps the history in user defaults and the install marker in the keychain
/// on Apple platforms, with the version from the main bundle. Elsewhere the default keeps
/// the history in memory only, so every launch is a first launch: give a Linux host a
/// directory (``directory(_:version:)``; for `ApplicationHost`, pass it as its
/// configuration's `launchMemory`, which has none by default).
public struct LaunchMemory: Sendable {
    /// Where the history is kept.
    public var store: any LaunchHistoryStore
    /// What tells a reinstall from a new install, or `nil` to never call a launch a
    /// reinstall. It also tells a store that reads as empty before the device's first
    /// unlock (user defaults) from a first launch (``LaunchHistory/isAvailable``): without
    /// one, such a launch counts as a first launch.
    public var installMarker: (any InstallMarker)?
    /// The version running now.
    public var version: AppVersion
    /// The wall clock: when a throttled initializer last succeeded is kept as a date, since
    /// it must compare across launches.
    public var now: @Sendable () -> Date
    /// The version that ran last on an install that kept no launch history yet, asked when
    /// the store holds none; `nil` (the default) makes every such launch a first launch.
    ///
    /// Set it in the first release of an app that adopts the library: its users' installs
    /// ran earlier versions, which kept no history, and without it the update would count
    /// as every user's first launch (``Migration/Trigger/onFirstLaunch`` migrations, an
    /// onboarding among them, would run again, and no ``Migration/Trigger/whenUpgrading(from:)``
    /// migration would). Answer from what the app kept itself, such as a version it stored
    /// in user defaults, and `nil` for a new install:
    ///
    /// ```swift
    /// memory.versionBeforeHistory = {
    ///     UserDefaults.standard.string(forKey: "lastRunVersion").map { AppVersion($0) }
    /// }
    /// ```
    ///
    /// With a version, the launch is not a first launch: its ``LaunchHistory/previousVersion``
    /// is that version, and it counts as the install's second launch (how many ran before
    /// is not known).
    public var versionBeforeHistory: (@Sendable () -> AppVersion?)?

    /// A memory kept in `store`, with `installMarker`, for `version`.
    public init(
        store: any LaunchHistoryStore,
        installMarker: (any InstallMarker)? = nil,
        version: AppVersion,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.installMarker = installMarker
        self.version = version
        self.now = now
    }

    /// On Apple platforms: the history in the standard user defaults, the marker in the
    /// keychain, the version the main bundle's `CFBundleShortVersionString` gives (with its
    /// `CFBundleVersion` build number, as in `"2.4 (311)"`, which compares as `2.4`).
    /// Elsewhere: in memory, no marker, the version `"0"`.
    public static var standard: LaunchMemory {
        #if canImport(Darwin)
        var memory = LaunchMemory(store: UserDefaultsLaunchHistoryStore(), version: bundleVersion)
        #if canImport(Security)
        memory.installMarker = KeychainInstallMarker()
        #endif
        return memory
        #else
        return LaunchMemory(store: InMemoryLaunchHistoryStore(), version: "0")
        #endif
    }

    /// The history in `launch-history.json` in `directory`, for `version`, with no install
    /// marker: a host on a server, or a command-line tool.
    ///
    /// One process at a time uses a directory's history: each launch reads it once and
    /// writes its whole record back, so two processes on one directory at once (two workers
    /// of a server, overlapping runs of a tool) overwrite each other's migrations and counts.
    /// Give each its own directory.
    public static func directory(_ directory: URL, version: AppVersion) -> LaunchMemory {
        LaunchMemory(store: FileLaunchHistoryStore(directory: directory), version: version)
    }

    /// The main bundle's version, or `"0"` when it has none.
    static var bundleVersion: AppVersion {
        let info = Bundle.main.infoDictionary ?? [:]
        guard let short = info["CFBundleShortVersionString"] as? String else { return "0" }
        guard let build = info["CFBundleVersion"] as? String, build != short else { return AppVersion(short) }
        return AppVersion("\(short) (\(build))")
    }
}

/// The history as it is stored: one JSON object, replaced whole.
struct LaunchRecord: Codable, Equatable, Sendable {
    /// The version of the latest launch.
    var version: String?
    var launchCount = 0
    /// Consecutive launches that have not reached their first frame; this launch counts
    /// until it does.
    var launchesWithoutFirstFrame = 0
    /// Migrations done (or given up), by name, with the version that did them.
    var migrations: [String: String] = [:]
    /// Migrations that were due and have not succeeded (they failed, or did not get to run),
    /// by name, with the version an upgrade migration was upgrading from (empty for the
    /// others): they stay due, whatever the next launch is, until they succeed.
    var pending: [String: String] = [:]
    /// When throttled initializers last succeeded, by name, in seconds since 1970.
    var lastSuccesses: [String: Double] = [:]

    init() {}

    /// The fields' names in the stored object.
    private enum CodingKeys: String, CodingKey {
        case version, launchCount, launchesWithoutFirstFrame, migrations, pending, lastSuccesses
    }

    /// Reads a record written by any version of the library: a field missing (one a later
    /// version added, read back after a downgrade, or an earlier version's record that
    /// lacks one) takes its empty value rather than making the whole history unreadable,
    /// which would count the launch as a first launch and run every migration again.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(String.self, forKey: .version)
        // Counts are kept within what a launch can add one to, whatever the store held.
        let counts = 0...Int(Int32.max)
        launchCount = (try container.decodeIfPresent(Int.self, forKey: .launchCount) ?? 0).clamped(to: counts)
        launchesWithoutFirstFrame = (try container.decodeIfPresent(Int.self, forKey: .launchesWithoutFirstFrame) ?? 0)
            .clamped(to: counts)
        migrations = try Self.decodeTable(.migrations, in: container) { try $0.decode(String.self, forKey: $1) }
        pending = try Self.decodeTable(.pending, in: container) { try $0.decode(String.self, forKey: $1) }
        lastSuccesses = try Self.decodeTable(.lastSuccesses, in: container) { try $0.decode(Double.self, forKey: $1) }
    }

    /// Writes the record as the synthesized encoding would: one JSON object, its tables
    /// objects keyed by name.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encode(launchCount, forKey: .launchCount)
        try container.encode(launchesWithoutFirstFrame, forKey: .launchesWithoutFirstFrame)
        try Self.encodeTable(migrations, .migrations, in: &container) { try $0.encode($1, forKey: $2) }
        try Self.encodeTable(pending, .pending, in: &container) { try $0.encode($1, forKey: $2) }
        try Self.encodeTable(lastSuccesses, .lastSuccesses, in: &container) { try $0.encode($1, forKey: $2) }
    }

    // The tables are read and written entry by entry, each value through the container's
    // method for its concrete type, in the format a `Dictionary` has, so that records
    // written before and after read the same. A `Dictionary` coded whole goes through the
    // generic path for every entry: for a history of 250 entries that was 0.47 ms of each
    // launch's encoding, and 0.56 ms of its decoding, against 0.17 and 0.37 ms this way
    // (Linux, 2026-11-28), on the main thread as the launch begins.

    /// The name of an entry in one of the record's tables.
    private struct EntryName: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// The table under `key`: empty when it is missing or `null`, as a field a record of
    /// another version lacks.
    private static func decodeTable<Value>(
        _ key: CodingKeys,
        in container: KeyedDecodingContainer<CodingKeys>,
        _ decode: (KeyedDecodingContainer<EntryName>, EntryName) throws -> Value
    ) throws -> [String: Value] {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return [:] }
        let entries = try container.nestedContainer(keyedBy: EntryName.self, forKey: key)
        let names = entries.allKeys
        var table: [String: Value] = [:]
        table.reserveCapacity(names.count)
        for name in names { table[name.stringValue] = try decode(entries, name) }
        return table
    }

    /// Writes `table` under `key`.
    private static func encodeTable<Value>(
        _ table: [String: Value],
        _ key: CodingKeys,
        in container: inout KeyedEncodingContainer<CodingKeys>,
        _ encode: (inout KeyedEncodingContainer<EntryName>, Value, EntryName) throws -> Void
    ) throws {
        var entries = container.nestedContainer(keyedBy: EntryName.self, forKey: key)
        for (name, value) in table { try encode(&entries, value, EntryName(stringValue: name)) }
    }
}

extension Comparable {
    /// The value, or the nearest bound of `range` when it lies outside.
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

/// Keeps one launch's history: reads it once as the launch begins, and writes it back
/// whenever it changes: off the calling thread, except where a write must be done before the
/// launch goes on (its beginning, a migration's outcome, a return to the foreground).
final class LaunchMemoryKeeper: Sendable {
    /// Where the history is kept, and for which version: the plan's, unless a host
    /// replaced it before the launch began (``use(_:)``).
    var memory: LaunchMemory { current.withLock { $0 } }
    private let current: Locked<LaunchMemory>
    private let logger: Logger
    private let state = Locked(State())
    /// Writes run here, one at a time, each writing the latest record.
    private let writes = DispatchQueue(label: "AppServices.launchHistory", qos: .utility)

    private struct State {
        var history: LaunchHistory?
        /// The record as this launch found it.
        var loaded = LaunchRecord()
        /// The record as it is now.
        var record = LaunchRecord()
        /// A write is queued and will write the record as it is when it runs.
        var isWriteQueued = false
        /// What ``use(_:)`` put in place of the plan's memory.
        var replacement: LaunchMemory?
        /// Whether this launch counts in the record as one without a first frame now.
        var counting = Counting.untilFirstFrame
        /// Whether the application came to the foreground during this launch: a launch
        /// into the background that did so is no longer set aside when its work is done.
        var cameToForeground = false
        /// Whether the launch did its launch work (its critical phase, or it stopped).
        var launchWorkDone = false
        /// Whether a scene the system connected went to the background without coming to
        /// the foreground: the launch is in the background, whatever its reason says.
        var sceneStayedInBackground = false
        /// Whether the record is written back: not when the launch could not read the
        /// history, which it would replace.
        var isWritable = true
        /// The migrations waiting for a history that could not be read, by waiter.
        var waitingForHistory: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
        /// Whether a read after the unlock still found no history: the store is not read again
        /// in this process, and no migration waits for it.
        var gaveUpReading = false
    }

    /// What the install marker said, when it was asked.
    private enum MarkerState: Equatable {
        case unasked, placed, absent
        case locked(LaunchHistoryUnavailableError)
    }

    /// Whether a launch counts as one without a first frame, which the record says at once
    /// (a launch that stops in its first milliseconds must have counted).
    enum Counting {
        /// It counts until its first frame.
        case untilFirstFrame
        /// A launch into the background that did its launch work: it does not count while it
        /// stays there (the system ends such a process as a matter of course), and counts
        /// again once it comes to the foreground.
        case setAside
        /// It reached its first frame.
        case reachedFirstFrame

        /// `record`, as this launch writes it once it has read the history (`before`): a
        /// launch that reached its first frame before (reported early), or set itself aside,
        /// counts as it did then.
        func applied(to record: LaunchRecord, before: LaunchRecord) -> LaunchRecord {
            var record = record
            switch self {
            case .untilFirstFrame: break
            case .setAside: record.launchesWithoutFirstFrame = before.launchesWithoutFirstFrame
            case .reachedFirstFrame: record.launchesWithoutFirstFrame = 0
            }
            return record
        }
    }

    init(memory: LaunchMemory, logger: Logger) {
        self.current = Locked(memory)
        self.logger = logger
    }

    /// Keeps the history in `memory` instead. Returns `false`, changing nothing, when the
    /// launch has already read the history. Called before the launch begins, on the thread
    /// that begins it.
    func use(_ memory: LaunchMemory) -> Bool {
        state.withLock { state in
            guard state.history == nil else { return false }
            current.withLock { $0 = memory }
            state.replacement = memory
            return true
        }
    }

    /// The memory ``use(_:)`` put in place of the plan's, if any: a launch that hands over
    /// to a merged one hands it on.
    var replacement: LaunchMemory? { state.withLock { $0.replacement } }

    /// The history this launch found, once it has begun.
    var history: LaunchHistory? { state.withLock { $0.history } }

    /// Reads the history (once; later calls return what the first found), counts this
    /// launch as one without a first frame until ``firstFrameReached()``, and writes that
    /// back before it returns. A store that cannot be read, or holds something else than a
    /// history, is reported once, here, and the launch counts as a first launch; one that is
    /// locked (``LaunchHistoryUnavailableError``) leaves the launch without the history until
    /// ``readAgain(migrations:)`` reads it.
    ///
    /// Of `migrations` (the plan's that an upgrade, a first launch or a reinstall makes due),
    /// those this launch finds due are marked in ``LaunchRecord/pending`` in the same write:
    /// they stay due until they succeed, so that one that does not get to run (a launch that
    /// stops, or ends in the background before its phase) is not lost when the next launch is
    /// no longer an upgrade.
    func begin(
        safeModeAfter threshold: Int?,
        migrations: [(name: String, trigger: Migration.Trigger)] = []
    ) -> LaunchHistory {
        if let history { return history }
        let found: Found
        switch read(safeModeAfter: threshold, migrations: migrations) {
        case .locked(let error): return beginWithoutHistory(error)
        case .found(let read): found = read
        }
        let first = state.withLock { state in
            if let earlier = state.history { return earlier }
            state.history = found.history
            state.loaded = found.before
            // A first frame reported before the launch began (a host that reports it
            // early) counts.
            state.record = state.counting.applied(to: found.record, before: found.before)
            return found.history
        }
        if first == found.history {
            // Written before the launch goes on, not queued: a launch that crashes in its
            // first milliseconds (in didFinishLaunching itself, the commonest crash loop)
            // must still count as one without a first frame.
            writes.sync { write() }
            // Then the install is marked: a process that stops in between leaves a history
            // without a marker, which the next launch marks, rather than a marker without a
            // history, which it would take for a reinstall.
            placeMarker(known: found.marker)
        }
        return first
    }

    /// What reading the store found: the history as this launch sees it, the record as it
    /// was and as this launch writes it back, what the install marker said, and whether
    /// the store held a history that could be read.
    private struct Found {
        let history: LaunchHistory
        let before: LaunchRecord
        let record: LaunchRecord
        let marker: MarkerState
        let storeHeldHistory: Bool
    }

    /// Reads the store (and, when it holds no history, the install marker), and works out
    /// this launch's history and record; ``begin(safeModeAfter:migrations:)`` says how.
    /// `again`: read after the device's unlock (``readAgain(migrations:)``), which logs what
    /// a store it cannot read means then.
    private func read(
        safeModeAfter threshold: Int?,
        migrations: [(name: String, trigger: Migration.Trigger)],
        again: Bool = false
    ) -> Reading {
        var problem: String?
        var stored: LaunchRecord?
        var marker = MarkerState.unasked
        var adoptedVersionBeforeHistory = false
        do {
            if let data = try memory.store.load() { stored = try JSONDecoder().decode(LaunchRecord.self, from: data) }
        } catch let error as LaunchHistoryUnavailableError {
            return .locked(error)
        } catch {
            let message =
                "The launch history in \(memory.store.description) could not be read (\(error)); "
                + "this launch counts as a first launch and writes a new history."
            // Read again after the unlock, such a store is left alone, and `readAgain` says so.
            if !again { logger.error("\(message)", metadata: ["store": "\(memory.store.description)"]) }
            problem = again ? "\(error)" : message
        }
        if stored == nil, problem == nil {
            // No history: a first launch, or a store that reads as empty while locked (user
            // defaults before the first unlock), which the marker, locked then too, tells.
            marker = markerState()
            if case .locked(let error) = marker { return .locked(error) }
            // An install that ran a version before it kept a history is no first launch.
            if let earlier = memory.versionBeforeHistory?() {
                var adopted = LaunchRecord()
                adopted.version = earlier.text
                adopted.launchCount = 1
                stored = adopted
                adoptedVersionBeforeHistory = true
            }
        }
        // A history that could not be read is this install's, damaged: no reinstall.
        let reinstall = stored == nil && marker == .placed
        let before = stored ?? LaunchRecord()
        let history = LaunchHistory(
            currentVersion: memory.version,
            previousVersion: before.version.map { AppVersion($0) },
            isFirstLaunch: stored == nil,
            isFirstLaunchAfterReinstall: reinstall,
            launchCount: before.launchCount + 1,
            launchesWithoutFirstFrame: before.launchesWithoutFirstFrame,
            isSafeMode: threshold.map { before.launchesWithoutFirstFrame >= $0 } ?? false,
            completedMigrations: Self.versions(of: before.migrations),
            problem: problem
        )
        var record = before
        record.version = memory.version.text
        record.launchCount += 1
        record.launchesWithoutFirstFrame += 1
        for (name, trigger) in migrations where record.pending[name] == nil {
            guard Launch.migrationNotDue(name, trigger, history, before) == nil else { continue }
            let upgrade = if case .upgrading = trigger.base { true } else { false }
            record.pending[name] = upgrade ? history.previousVersion?.text ?? "" : ""
        }
        let held = stored != nil && !adoptedVersionBeforeHistory
        return .found(Found(history: history, before: before, record: record, marker: marker, storeHeldHistory: held))
    }

    /// What ``read(safeModeAfter:migrations:)`` came to.
    private enum Reading {
        case found(Found)
        case locked(LaunchHistoryUnavailableError)
    }

    /// Reads the history again, for a launch that could not (``LaunchHistory/isAvailable``):
    /// the device may have been unlocked since. When it can be read now, the launch takes
    /// it as if it had read it as it began (counted, its due `migrations` marked pending,
    /// written), in the mode it chose then (no safe mode), keeping what it did meanwhile (its
    /// first frame, or its launch work done in the background; its throttled successes),
    /// and the migrations waiting for it (``historyAvailable()``) go on. Returns the history
    /// when it changed.
    ///
    /// A store that still holds no history it can read is not believed: the marker or the
    /// store said one was there (user defaults read before the unlock may stay empty for the
    /// rest of the process). The launch then stays without the history, and writes nothing.
    func readAgain(migrations: @autoclosure () -> [(name: String, trigger: Migration.Trigger)]) -> LaunchHistory? {
        guard state.withLock({ $0.history != nil && !$0.isWritable && !$0.gaveUpReading }) else { return nil }
        guard case .found(let found) = read(safeModeAfter: nil, migrations: migrations(), again: true) else {
            return nil
        }
        guard found.storeHeldHistory else {
            let waiting = state.withLock { state in
                state.gaveUpReading = true
                defer { state.waitingForHistory = [:] }
                return Array(state.waitingForHistory.values)
            }
            for continuation in waiting { continuation.resume() }
            logger.warning(
                """
                The launch history still cannot be read after the device's unlock (\(memory.store.description) \
                \(found.history.problem.map { "could not be read: \($0)" } ?? "reads as empty, though a history is there")): \
                this launch leaves it alone and writes nothing, and its migrations waiting for it fail, holding back what \
                depends on them; the next launch reads it.
                """,
                metadata: ["store": "\(memory.store.description)"]
            )
            return nil
        }
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
            guard !state.isWritable else { return nil }  // read again on another thread first
            var record = state.counting.applied(to: found.record, before: found.before)
            record.lastSuccesses.merge(state.record.lastSuccesses) { _, meanwhile in meanwhile }
            state.history = found.history
            state.loaded = found.before
            state.record = record
            state.isWritable = true
            defer { state.waitingForHistory = [:] }
            return Array(state.waitingForHistory.values)
        }
        guard let waiting else { return nil }
        placeMarker(known: found.marker)
        writes.sync { write() }
        logger.notice(
            "The launch history can be read now: this launch counts in it, and its migrations waiting for it go on.",
            metadata: ["store": "\(memory.store.description)"]
        )
        for continuation in waiting { continuation.resume() }
        return found.history
    }

    /// Returns once the launch has read the history: at once when it did as it began, else
    /// when ``readAgain(migrations:)`` reads it or gives up, or when the calling task is
    /// cancelled. The history may still be unavailable then.
    func historyAvailable() async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    // Cancelled before this ran: the handler below found nothing to resume.
                    guard !state.isWritable && !state.gaveUpReading && !Task.isCancelled else { return true }
                    state.waitingForHistory[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waitingForHistory.removeValue(forKey: id) }?.resume()
        }
    }

    /// Begins a launch that cannot read the history (``LaunchHistory/isAvailable``): it
    /// knows no launch before it, and writes nothing, so that the next launch finds the
    /// history as it was.
    private func beginWithoutHistory(_ error: LaunchHistoryUnavailableError) -> LaunchHistory {
        let message =
            "The launch history cannot be read yet: \(error). This launch leaves it alone and writes nothing until the "
            + "device is unlocked; its migrations, and what depends on them, wait until then."
        let history = LaunchHistory(
            currentVersion: memory.version,
            previousVersion: nil,
            isFirstLaunch: false,
            isFirstLaunchAfterReinstall: false,
            launchCount: 0,
            launchesWithoutFirstFrame: 0,
            isSafeMode: false,
            completedMigrations: [:],
            problem: message
        )
        let first = state.withLock { state in
            if let earlier = state.history { return earlier }
            state.history = history
            state.isWritable = false
            return history
        }
        if first == history { logger.notice("\(message)", metadata: ["store": "\(memory.store.description)"]) }
        return first
    }

    /// The versions that did each migration, each distinct version parsed once: most
    /// migrations of a history share a handful of versions.
    private static func versions(of migrations: [String: String]) -> [String: AppVersion] {
        var parsed: [String: AppVersion] = [:]
        return migrations.mapValues { text in
            if let version = parsed[text] { return version }
            let version = AppVersion(text)
            parsed[text] = version
            return version
        }
    }

    /// The launch reached its first frame: the count of launches without one starts again.
    func firstFrameReached() {
        change { record, counting in
            record.launchesWithoutFirstFrame = 0
            counting = .reachedFirstFrame
        }
    }

    /// The launch did its launch work (or stopped). One into the background (`inBackground`,
    /// by its reason, or because a scene the system connected stayed in the background,
    /// ``sceneStayedInBackground()``) no longer counts as a launch without a first frame,
    /// while it stays in the background (see ``Counting``). Not once it has come to the
    /// foreground: it counts until its first frame.
    func launchWorkDone(inBackground: Bool) {
        let setAside = state.withLock { state in
            state.launchWorkDone = true
            guard inBackground || state.sceneStayedInBackground else { return false }
            return Self.setAsideInBackground(&state)
        }
        if setAside { scheduleWrite() }
    }

    /// Sets a launch that counts until its first frame aside, unless it came to the
    /// foreground; whether it did.
    private static func setAsideInBackground(_ state: inout State) -> Bool {
        guard state.history != nil, state.counting == .untilFirstFrame, !state.cameToForeground else {
            return false
        }
        state.record.launchesWithoutFirstFrame = state.loaded.launchesWithoutFirstFrame
        state.counting = .setAside
        return true
    }

    /// The application terminates in order (`willTerminate`: a server stopped during its
    /// start, an application the system ends as it launches) before its first frame: no
    /// crash, so the launch no longer counts as one without a first frame, in the background
    /// or not.
    func terminatedInOrder() {
        let setAside = state.withLock { state in
            guard state.history != nil, state.counting == .untilFirstFrame else { return false }
            state.record.launchesWithoutFirstFrame = state.loaded.launchesWithoutFirstFrame
            state.counting = .setAside
            return true
        }
        if setAside { scheduleWrite() }
    }

    /// A scene the system connected went to the background without coming to the foreground
    /// (to handle an event): the launch is one into the background, whatever its reason
    /// said as the scene connected, and once it did its work it is set aside again, unless
    /// something came to the foreground.
    func sceneStayedInBackground() {
        let setAside = state.withLock { state in
            state.sceneStayedInBackground = true
            return state.launchWorkDone && Self.setAsideInBackground(&state)
        }
        if setAside { scheduleWrite() }
    }

    /// The application is coming to the foreground, or a scene connects (`inForeground`
    /// `false`: it may stay in the background, ``sceneStayedInBackground()``): a launch set
    /// aside in the background counts again until its first frame, written before this
    /// returns, as at the launch's beginning.
    func comingToForeground(inForeground: Bool = true) {
        let counts = state.withLock { state in
            if inForeground { state.cameToForeground = true }
            guard state.history != nil, state.counting == .setAside else { return false }
            state.record.launchesWithoutFirstFrame = state.loaded.launchesWithoutFirstFrame + 1
            state.counting = .untilFirstFrame
            return true
        }
        if counts { writes.sync { write() } }
    }

    /// What the record holds, for deciding whether a migration or throttled initializer is
    /// due; `nil` before the launch began.
    func record() -> LaunchRecord? { state.withLock { $0.history == nil ? nil : $0.record } }

    /// The record as this launch found it; `nil` before the launch began.
    func loadedRecord() -> LaunchRecord? { state.withLock { $0.history == nil ? nil : $0.loaded } }

    /// Changes the record and writes it back: off the calling thread, or, with `now`,
    /// before this returns (a migration's outcome: work done must not be done again
    /// because the process stopped before a queued write ran).
    func change(writingNow now: Bool = false, _ body: @Sendable (inout LaunchRecord) -> Void) {
        change { record, _ in body(&record) }
        if now { waitForWrites() }
    }

    /// Changes the record, and whether this launch counts in it, and writes the record back.
    private func change(_ body: (inout LaunchRecord, inout Counting) -> Void) {
        let changed = state.withLock { state in
            let before = state.record
            body(&state.record, &state.counting)
            return state.record != before
        }
        if changed { scheduleWrite() }
    }

    /// Waits until every write asked for so far is done.
    func waitForWrites() {
        writes.sync {}
    }

    /// Returns once every write asked for so far is done, without blocking a thread.
    func writesDone() async {
        await withCheckedContinuation { continuation in writes.async { continuation.resume() } }
    }

    private func scheduleWrite() {
        let queue = state.withLock { state in
            defer { state.isWriteQueued = true }
            return !state.isWriteQueued
        }
        guard queue else { return }
        writes.async { [self] in write() }
    }

    /// Writes the record as it is now; on the writes queue.
    private func write() {
        let record = state.withLock { state in
            state.isWriteQueued = false
            return state.isWritable ? state.record : nil
        }
        guard let record else { return }
        do {
            // Unsorted: sorting the keys of a history of 250 entries costs a third more.
            try memory.store.save(try JSONEncoder().encode(record))
        } catch {
            logger.error(
                "The launch history could not be written to \(memory.store.description): \(error).",
                metadata: ["store": "\(memory.store.description)"]
            )
        }
    }

    /// Asks the install marker whether an earlier install placed it; locked when it cannot
    /// be read yet.
    private func markerState() -> MarkerState {
        guard let marker = memory.installMarker else { return .absent }
        do {
            return try marker.isPlaced() ? .placed : .absent
        } catch let error as LaunchHistoryUnavailableError {
            return .locked(error)
        } catch {
            logger.warning("Could not tell a reinstall from a new install: \(error).")
            return .absent
        }
    }

    /// Places the install marker unless it is known to be placed (`known`, what the launch
    /// asked already).
    private func placeMarker(known: MarkerState) {
        guard let marker = memory.installMarker, known != .placed else { return }
        do {
            if known == .unasked, try marker.isPlaced() { return }
            try marker.place()
        } catch {
            logger.warning("Could not mark this install (\(marker.description)): \(error).")
        }
    }
}

extension LaunchMemory {
    /// Counts one whole launch of ``version`` in ``store``, as the launch keeps it: the
    /// history read and written back, the install marked, and, with `reachingFirstFrame`,
    /// the first frame reached. It records no migration and no initializer run. For the
    /// test kit's steps, which set up the launches that came before the one a test makes.
    package func recordLaunch(reachingFirstFrame: Bool, logger: Logger) {
        let keeper = LaunchMemoryKeeper(memory: self, logger: logger)
        _ = keeper.begin(safeModeAfter: nil)
        if reachingFirstFrame { keeper.firstFrameReached() }
        keeper.waitForWrites()
    }
}
