
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

    func makeStream(bufferingPolicy: AsyncStream<LifecycleEvent>.Continuation.BufferingPolicy) -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self, bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ event: LifecycleEvent) {
        // No receivers is the common case: check without copying anything.
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
        for receiver in receivers { receiver.finish() }
    }

    deinit {
        finish()
    }
}
