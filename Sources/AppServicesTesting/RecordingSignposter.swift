public import AppServices

/// One signpost a ``RecordingSignposter`` recorded: an interval's beginning or end, or an
/// event.
public struct RecordedSignpost: Sendable, Hashable, CustomStringConvertible {
    /// What kind of signpost it is.
    public enum Kind: String, Sendable, Hashable {
        /// `Signposter.beginInterval(_:id:_:)`.
        case begin
        /// `Signposter.endInterval(_:id:_:)`.
        case end
        /// `Signposter.emitEvent(_:id:_:)`.
        case event
    }

    /// Whether it began an interval, ended one, or was an event.
    public let kind: Kind
    /// The signpost's static name, such as `Initializer`.
    public let name: String
    /// The identifier it was marked with.
    public let id: SignpostID
    /// Its message.
    public let message: String

    /// Creates a record.
    public init(kind: Kind, name: String, id: SignpostID, message: String) {
        self.kind = kind
        self.name = name
        self.id = id
        self.message = message
    }

    /// `begin Initializer #3: CrashReporter (critical), attempt 1`.
    public var description: String { "\(kind) \(name) #\(id): \(message)" }
}

/// An interval a ``RecordingSignposter`` recorded: its beginning and, once it ended, its end.
public struct RecordedInterval: Sendable, Hashable, CustomStringConvertible {
    /// The interval's static name, such as `Callback`.
    public let name: String
    /// Its identifier.
    public let id: SignpostID
    /// The message it began with.
    public let beginMessage: String
    /// The message it ended with; `nil` while it is open.
    public let endMessage: String?

    /// Creates a record.
    public init(name: String, id: SignpostID, beginMessage: String, endMessage: String?) {
        self.name = name
        self.id = id
        self.beginMessage = beginMessage
        self.endMessage = endMessage
    }

    /// `Initializer: CrashReporter (critical), attempt 1 -> CrashReporter (critical): succeeded`.
    public var description: String { "\(name): \(beginMessage) -> \(endMessage ?? "(open)")" }
}

/// A `Signposter` that records every signpost in memory, for tests: what Instruments
/// would show, as values a test can compare.
///
/// ```swift
/// let signposts = RecordingSignposter()
/// var configuration = ServiceComposite.Configuration(clock: TestClock())
/// configuration.signposter = signposts
/// let composite = ServiceComposite([PushService()], configuration: configuration)
/// // ... drive the composite ...
/// #expect(signposts.openIntervals.isEmpty)
/// #expect(signposts.intervals(named: "Callback").map(\.endMessage) == [...])
/// ```
///
/// It is thread-safe: the composite's launch marks signposts from several threads at once.
/// Identifiers count up from 1.
public final class RecordingSignposter: Signposter {
    private struct State {
        var isEnabled: Bool
        var nextID: UInt64 = 1
        var signposts: [RecordedSignpost] = []
    }

    private let state: Locked<State>

    /// Creates a signposter that records from now on, or, with `isEnabled` `false`, only
    /// once it is switched on.
    public init(isEnabled: Bool = true) {
        state = Locked(State(isEnabled: isEnabled))
    }

    /// Whether it records; set it to `false` to see what the composite does while no tool
    /// records signposts.
    public var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set { state.withLock { $0.isEnabled = newValue } }
    }

    /// A new identifier, one more than the last.
    public func makeSignpostID() -> SignpostID {
        state.withLock { state in
            defer { state.nextID += 1 }
            return SignpostID(state.nextID)
        }
    }

    /// Records the beginning of an interval.
    public func beginInterval(_ name: StaticString, id: SignpostID, _ message: String) {
        record(.begin, name, id, message)
    }

    /// Records the end of an interval.
    public func endInterval(_ name: StaticString, id: SignpostID, _ message: String) {
        record(.end, name, id, message)
    }

    /// Records an event.
    public func emitEvent(_ name: StaticString, id: SignpostID, _ message: String) {
        record(.event, name, id, message)
    }

    private func record(_ kind: RecordedSignpost.Kind, _ name: StaticString, _ id: SignpostID, _ message: String) {
        let signpost = RecordedSignpost(kind: kind, name: name.description, id: id, message: message)
        state.withLock { $0.signposts.append(signpost) }
    }

    /// Every signpost, in the order they were marked.
    public var signposts: [RecordedSignpost] { state.withLock { $0.signposts } }

    /// The events, in order.
    public var events: [RecordedSignpost] { signposts.filter { $0.kind == .event } }

    /// The events named `name`, in order.
    public func events(named name: String) -> [RecordedSignpost] { events.filter { $0.name == name } }

    /// Every interval, in the order they began, each with the first end that has its name
    /// and identifier.
    public var intervals: [RecordedInterval] {
        let signposts = self.signposts
        var ends: [Key: [String]] = [:]
        for signpost in signposts where signpost.kind == .end {
            ends[Key(signpost), default: []].append(signpost.message)
        }
        return signposts.filter { $0.kind == .begin }.map { begin in
            RecordedInterval(
                name: begin.name,
                id: begin.id,
                beginMessage: begin.message,
                endMessage: ends[Key(begin)]?.first
            )
        }
    }

    /// The intervals named `name`, in the order they began.
    public func intervals(named name: String) -> [RecordedInterval] { intervals.filter { $0.name == name } }

    /// The intervals that began and have not ended.
    public var openIntervals: [RecordedInterval] { intervals.filter { $0.endMessage == nil } }

    /// Ends that do not close exactly one interval: an end with no beginning, or a second
    /// end of one interval. Empty when every interval was ended at most once.
    public var unmatchedEnds: [RecordedSignpost] {
        var open: Set<Key> = []
        var unmatched: [RecordedSignpost] = []
        for signpost in signposts {
            switch signpost.kind {
            case .begin: open.insert(Key(signpost))
            case .end: if open.remove(Key(signpost)) == nil { unmatched.append(signpost) }
            case .event: break
            }
        }
        return unmatched
    }

    /// Forgets every signpost recorded so far.
    public func removeAll() {
        state.withLock { $0.signposts.removeAll() }
    }

    /// An interval's name and identifier, which its end repeats.
    private struct Key: Hashable {
        let name: String
        let id: SignpostID

        init(_ signpost: RecordedSignpost) {
            name = signpost.name
            id = signpost.id
        }
    }
}
