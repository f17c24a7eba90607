/// Work the composite owns, each piece under an id it hands out: completion-handler work
/// and its deadline timers, or background work services started. A piece is removed when
/// it ends, so what remains is what still runs.
///
/// Its state is written here only; the composite and the fan-out reserve ids, store and
/// remove entries through it.
struct OwnedTasks<Entry> {
    private var entries: [Int: Entry] = [:]
    private var nextID = 0

    /// A new id, for an entry stored once its task exists.
    mutating func reserveID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// The entry with `id`; set it to `nil` when its work ends.
    subscript(id: Int) -> Entry? {
        get { entries[id] }
        set { entries[id] = newValue }
    }

    /// How many entries remain.
    var count: Int { entries.count }

    /// The remaining entries, oldest first.
    var inOrder: [(id: Int, entry: Entry)] {
        entries.sortedOnce { $0.key < $1.key }.map { (id: $0.key, entry: $0.value) }
    }

    /// Any remaining entry.
    var any: Entry? { entries.first?.value }

    /// Every remaining entry, in no particular order.
    var all: Dictionary<Int, Entry>.Values { entries.values }
}

/// A piece of completion-handler work: a service's part of a callback, or the deadline
/// timer of one, with what completes its gate at once when the application terminates
/// (the system ends the process when `applicationWillTerminate` returns, before a cancelled
/// task could run again).
struct HandlerWork {
    /// The work.
    let task: Task<Void, Never>
    /// For a deadline timer: expires its gate, calling the completion handler.
    let atTermination: (@MainActor () -> Void)?
}
