import Synchronization

/// Hands each lifecycle event to every open ``ServiceComposite/lifecycleEvents(bufferingPolicy:)``
/// stream.
///
/// Streams end their subscription from any thread when they terminate, so the table of
/// continuations is behind a lock; yielding happens outside it.
final class LifecycleEventBroadcaster: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<LifecycleEvent>.Continuation] = [:]
        var nextID = 0
    }

    private let state = Locked(State())
    /// How many streams are open, read without the lock on every lifecycle callback.
    private let receiverCount = Atomic<Int>(0)

    func makeStream(
        bufferingPolicy: AsyncStream<LifecycleEvent>.Continuation.BufferingPolicy
    ) -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self, bufferingPolicy: bufferingPolicy)
        add(continuation)
        return stream
    }

    /// Takes over the open streams of `other`, the broadcaster of a composite nested in
    /// this one's, which announces nothing from then on.
    func takeOver(_ other: LifecycleEventBroadcaster) {
        let taken = other.state.withLock { state in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        other.receiverCount.subtract(taken.count, ordering: .relaxed)
        for continuation in taken { add(continuation) }
    }

    /// Hands events to `continuation` until its stream terminates.
    private func add(_ continuation: AsyncStream<LifecycleEvent>.Continuation) {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        receiverCount.add(1, ordering: .relaxed)
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            if state.withLock({ $0.continuations.removeValue(forKey: id) }) != nil {
                receiverCount.subtract(1, ordering: .relaxed)
            }
        }
    }

    /// Whether any stream is open: read on every lifecycle callback, so without the lock.
    @inline(__always)
    var hasReceivers: Bool { receiverCount.load(ordering: .relaxed) > 0 }

    func yield(_ event: LifecycleEvent) {
        // No receivers is the common case: check without taking the lock.
        guard hasReceivers else { return }
        let receivers: [AsyncStream<LifecycleEvent>.Continuation]? = state.withLock { state in
            state.continuations.isEmpty ? nil : Array(state.continuations.values)
        }
        guard let receivers else { return }
        for receiver in receivers { receiver.yield(event) }
    }

    func finish() {
        let receivers = state.withLock { state in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        receiverCount.store(0, ordering: .relaxed)
        for receiver in receivers { receiver.finish() }
    }

    deinit {
        finish()
    }
}
