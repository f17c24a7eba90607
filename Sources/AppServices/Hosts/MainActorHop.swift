/// Runs code that the platform's frameworks call from outside the main actor on the main
/// actor. Shared by the UIKit and CallKit adapters, not public API.
///
/// The system calls some handlers on threads of its own: a background task's expiration
/// handler, and the notification center's, a push registry's and a call provider's
/// delegate when the application asked for it. Each
/// handler the adapter gives the system is made outside the main actor (so that Swift does
/// not assume it runs there) and hops here: at once when it already runs on the main actor,
/// as UIKit's callbacks do, else as the main actor's next job.
package enum MainActorHop {
    /// Runs `body` on the main actor.
    ///
    /// Off the main actor, a task runs it: a main-actor job, in which the composite starts
    /// its work as it does in UIKit's callbacks. (A block sent to the main queue would not do
    /// where a thread other than the main one drains that queue, as on Linux: the runtime
    /// does not see such a block as running on the main actor, so work cannot start in it at
    /// once.) The task is not kept: it makes one synchronous call, whose work the composite
    /// owns from then on, and the system's handler must return at once.
    package nonisolated static func run(_ body: @escaping @MainActor () -> Void) {
        if SelectorClaim.isOnMainActor {
            MainActor.assumeIsolated { body() }
        } else {
            Task { @MainActor in body() }
        }
    }

    /// Runs `body` on the main actor with `value`, a framework object the caller hands over:
    /// it does not use `value` again.
    package nonisolated static func run<Value>(handingOver value: Value, _ body: @escaping @MainActor (Value) -> Void) {
        let handoff = Handoff(value: value)
        run { body(handoff.value) }
    }
}

/// A value handed from the thread the system called on to the main actor.
///
/// `@unchecked Sendable` is safe because the value is handed over, not shared: the sender
/// (a delegate method or system handler) does not touch it after making the handoff, and the
/// receiver uses it only on the main actor, so it is never used from two threads at once.
/// The values are the notification center and the notifications and responses it delivers,
/// the push registry and the payloads and credentials it delivers, and the call provider and
/// the actions and audio session it delivers, which the system does not mutate after
/// delivering them (an action is completed only on the main actor, by the adapter), and
/// background tasks and the task scheduler with a request handed to it, which the system
/// makes to be used from any thread.
package struct Handoff<Value>: @unchecked Sendable {
    package let value: Value

    /// Hands `value` over.
    package init(value: Value) {
        self.value = value
    }
}
