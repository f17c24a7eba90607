/// How an initializer runs again while the application is active
/// (``Initializer/repeats``): every ``interval`` after its last success, once each of its
/// ``conditions`` holds.
///
/// The interval counts from the last success, in this launch or an earlier one (the time is
/// kept in the ``LaunchHistory``, as for ``Initializer/minimumInterval``, which it also
/// stands for: the initializer is not due at launch or on entering the foreground sooner).
/// A run that fails is tried again an interval after it began, not at once.
/// The repetition runs only while the application is active: it starts when the
/// application becomes active, once the initializer's phase is ready (its launch run and
/// those of the rest of its phase, and of the phases before, have finished; for an
/// on-demand initializer, its own launch run), and stops
/// when the application resigns active; time spent away counts, so work overdue on the
/// return runs at once. When the work is due and a condition does not hold (a milestone not
/// reached yet, a gate closed), it waits until every one holds. Each run is listed in the
/// report with the foreground runs, and ``Launch/nextDueTimes`` says when the next is due.
///
/// ```swift
/// struct FeedRefresh: Initializer {
///     var repeats: Repetition? {
///         .every(.seconds(15 * 60), when: [.reached(SignedIn.self), .open(AppLock.self)])
///     }
///
///     func perform(_ context: InitializerContext) async throws {
///         try await context.service(FeedService.self)?.refresh()
///     }
/// }
/// ```
public struct Repetition: Sendable {
    /// How long after its last success the initializer runs again.
    public let interval: Duration
    /// What must hold for it to run.
    public let conditions: [Condition]

    /// Every `interval` after the last success, once each of `conditions` holds.
    ///
    /// - Parameters:
    ///   - interval: How long after its last success the initializer runs again; more than
    ///     zero.
    ///   - conditions: Milestones that must be reached and gates that must be open.
    ///     Default: none.
    public static func every(_ interval: Duration, when conditions: [Condition] = []) -> Repetition {
        precondition(interval > .zero, "An initializer repeats after more than no time, not after \(interval).")
        return Repetition(interval: interval, conditions: conditions)
    }

    /// Something that must hold for a repeating initializer to run: a milestone reached, or
    /// a gate open.
    public struct Condition: Sendable, CustomStringConvertible {
        /// "milestone SignedIn reached", "gate AppLock open".
        public let description: String
        /// The readiness point to wait for, and the service that brings it, on `composite`.
        let resolve:
            @MainActor @Sendable (_ composite: ServiceComposite) -> (point: ReadinessPoint, owner: any AppService.Type)

        /// `milestone` has been reached (for a session's milestone: in the current session;
        /// when that session ends first, or another becomes current, in the session current
        /// then).
        public static func reached<Milestone: AppMilestone>(_ milestone: Milestone.Type) -> Condition {
            Condition(description: "milestone \(Milestone.name) reached") { composite in
                (
                    composite.sessionPoint(Milestone.self, session: composite.currentSession?.identifier),
                    Milestone.reachedBy
                )
            }
        }

        /// `gate` is open.
        public static func open<Gate: AppGate>(_ gate: Gate.Type) -> Condition {
            Condition(description: "gate \(Gate.name) open") { composite in
                composite.noteGate(gate)
                return (Gate.point, Gate.openedBy)
            }
        }

        /// Whether the condition holds on `composite` now.
        @MainActor
        func holds(on composite: ServiceComposite) -> Bool {
            composite.state.readiness.isReached(resolve(composite).point)
        }

        /// Waits until every one of `conditions` holds on `composite` at the same time: a
        /// wait for one may outlast another (a gate closed, a session ended meanwhile), so
        /// the conditions are checked again until a pass finds them all holding.
        @MainActor
        static func waitForAll(
            _ conditions: [Condition],
            on composite: ServiceComposite,
            waiter: String
        ) async throws(ReadinessError) {
            var waited = true
            while waited {
                waited = false
                for condition in conditions where !condition.holds(on: composite) {
                    try await condition.wait(on: composite, waiter: waiter)
                    waited = true
                }
            }
        }

        /// Waits until the condition holds on `composite`: a session's milestone, in the
        /// session current when it is asked, and again in the next one when that session
        /// ends first or another becomes current (an account switch).
        @MainActor
        func wait(on composite: ServiceComposite, waiter: String) async throws(ReadinessError) {
            while true {
                let (point, owner) = resolve(composite)
                do {
                    return try await composite.waitUntil(
                        point,
                        waiter: waiter,
                        owner: owner,
                        followsCurrentSession: true
                    )
                } catch let error
                    where error.code == .unreachable
                    && (resolve(composite).point != point || composite.whyUnreachable(point, owner: owner) == nil)
                {
                    // Its session ended, or another became current: the current one's now (the
                    // same again when the switch went back meanwhile, and it still may come).
                    continue
                }
            }
        }
    }
}
