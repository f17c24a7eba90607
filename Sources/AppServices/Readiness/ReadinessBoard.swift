/// What has been reached, who waits for what, and the work held until then: the state of
/// the composite's readiness, written here only.
///
/// Milestones are reached by name (their type's name); phases are reached when the launch
/// says so, through one watcher task per phase that someone waits for.
@MainActor
struct ReadinessBoard {
    /// Work held until a point, in arrival order.
    struct Entry {
        let id: Int
        let point: ReadinessPoint
        /// What the held work is called, for messages: `Service: name`.
        let label: String
        let service: (any AppService.Type)?
        /// The box of the context the work was handed over with (its session, its scene).
        let origin: AppContext.Origin?
        let work: @MainActor (AppContext) -> Void
    }

    /// A suspended waiter and how to resume it.
    struct Waiter {
        let id: Int
        let point: ReadinessPoint
        /// Who waits, for messages.
        let name: String
        /// The session whose service's context waits (its lifetime box), failed as it ends.
        var session: AppContext.Origin.Box? = nil
        /// Whether it waits for a milestone of whichever session is current (a repeating
        /// initializer's condition), and so resolves again when another becomes current.
        var followsCurrentSession = false
        let resume: (Result<Void, ReadinessError>) -> Void
    }

    private var reached: Set<ReadinessPoint> = []
    private var waiters: [Waiter] = []
    /// Who waits, and for what, in the order they began.
    var waiting: [(name: String, point: ReadinessPoint)] { waiters.map { ($0.name, $0.point) } }
    private var held: [Entry] = []
    /// The work held now, by label, in arrival order.
    var heldLabels: [String] { held.map(\.label) }
    /// Every piece of held work ever handed over, by id, in arrival order.
    private(set) var records: [HeldWork] = []
    /// Points whose watcher task has been started.
    private var watched: Set<ReadinessPoint> = []
    /// Why nothing more will be reached, once the application terminated.
    private(set) var endReason: String?
    /// Why no milestone or phase will be reached, once the launch failed or was cancelled:
    /// gates, which their services open and close, scene connections, and sessions'
    /// milestones, which their services reach, still are.
    private var launchEndReason: String?
    /// Why a point can never be reached, for points the launch gave up on.
    private var unreachable: [ReadinessPoint: String] = [:]
    private var nextID = 0
    /// The points of each session's milestones named so far, by session identifier.
    private var sessionPoints: [String: Set<ReadinessPoint>] = [:]
    /// The gates named so far, with what tells the time in the background after which each
    /// closes (its type's ``AppGate/closesAfterBackground``, read each time it is needed).
    private var gates: [ReadinessPoint: @Sendable () -> Duration?] = [:]
    /// The gates whose services are hearing them open or close.
    private var changing: [ReadinessPoint: GateChange] = [:]
    /// Where the record of each piece of work still held is.
    private var recordIndex: [Int: Int] = [:]

    /// Whether `point` has been reached.
    func isReached(_ point: ReadinessPoint) -> Bool { reached.contains(point) }

    /// Whether `point` is a gate's (it opens and closes).
    func isGate(_ point: ReadinessPoint) -> Bool { gates[point] != nil }

    /// Why `point` can never be reached now, if it cannot.
    func whyUnreachable(_ point: ReadinessPoint) -> String? {
        unreachable[point] ?? endReason ?? (endsWithLaunch(point) ? launchEndReason : nil)
    }

    /// Whether `point` comes only with the launch (a phase, or a milestone of its
    /// services), so that a launch that failed or was cancelled gives it up; a gate opens,
    /// a scene connects, and a session's services reach its milestones, whatever became of
    /// the launch.
    private func endsWithLaunch(_ point: ReadinessPoint) -> Bool {
        gates[point] == nil && !point.isSceneConnection && !point.isSessionMilestone
    }

    /// Records that a watcher task for `point` runs; `false` if one does already.
    mutating func startWatching(_ point: ReadinessPoint) -> Bool {
        watched.insert(point).inserted
    }

    /// A new id for a waiter or a piece of held work.
    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Registers a waiter for `point`, which is neither reached nor unreachable.
    mutating func wait(_ waiter: Waiter) { waiters.append(waiter) }

    /// Removes the waiter `id`, if it still waits, for its cancellation.
    mutating func removeWaiter(id: Int) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index)
    }

    /// Holds `entry` until its point, recorded under `name`.
    mutating func hold(_ entry: Entry, name: String) {
        recordIndex[entry.id] = records.count
        held.append(entry)
        records.append(HeldWork(name: name, waitsFor: "\(entry.point)", outcome: .held))
    }

    /// Records that held work ran (it already was taken from the board).
    mutating func recordRun(of entry: Entry) { setOutcome(.ran, of: entry.id) }

    /// Records a run of work that did not have to wait: its point was reached already.
    mutating func recordImmediate(name: String, point: ReadinessPoint) {
        records.append(HeldWork(name: name, waitsFor: "\(point)", outcome: .ran))
    }

    /// Records work dropped without being held: it waited for a point that can never come
    /// for it (a milestone of a session that ended), though it may for others.
    mutating func recordDropped(name: String, point: ReadinessPoint) {
        records.append(HeldWork(name: name, waitsFor: "\(point)", outcome: .cancelled))
    }

    /// `point` is reached: returns the waiters to resume and the held work to run, in
    /// arrival order; both empty when it was reached before.
    mutating func reach(_ point: ReadinessPoint) -> (waiters: [Waiter], work: [Entry]) {
        reach([point])
    }

    /// Reaches each of `points` (those not reached yet): the waiters to resume and the work
    /// to run, of all of them, each in arrival order (work held for one and for another
    /// interleaved as it was handed over).
    mutating func reach(_ points: [ReadinessPoint]) -> (waiters: [Waiter], work: [Entry]) {
        let reaching = points.filter { reached.insert($0).inserted }
        guard !reaching.isEmpty else { return ([], []) }
        let ready = waiters.filter { reaching.contains($0.point) }
        waiters.removeAll { reaching.contains($0.point) }
        let work = held.filter { reaching.contains($0.point) }
        held.removeAll { reaching.contains($0.point) }
        return (ready, work)
    }

    /// Holds `work`, taken to run, again ahead of what is held: its point was reset (a gate
    /// closed) while the work before it ran.
    mutating func holdAgain(_ work: ArraySlice<Entry>) {
        held.insert(contentsOf: work, at: 0)
    }

    /// `work`, taken to run, will not run: its session ended while the work before it ran.
    mutating func recordCancelled(_ work: ArraySlice<Entry>) {
        for entry in work { setOutcome(.cancelled, of: entry.id) }
    }

    /// A gate's open or close that its services are hearing, and whether the gate is still
    /// so: a service may change it back meanwhile, which they hear once they have all heard
    /// this change.
    private struct GateChange {
        /// Whether the services hear the gate open (else close).
        let opens: Bool
        /// Whether no service changed it back since.
        var holds = true
    }

    /// The gate at `point` begins to open (`opens`) or to close: it reads as its services
    /// hear it while they do, but what waits for it is still held, in order, until they have.
    mutating func beginChanging(_ point: ReadinessPoint, opens: Bool) { changing[point] = GateChange(opens: opens) }

    /// Whether the gate at `point`, while its services hear it change, reads as open: heard
    /// opening and not closed since, or heard closing and opened since.
    func isOpenWhileChanging(_ point: ReadinessPoint) -> Bool {
        guard let change = changing[point] else { return false }
        return change.opens == change.holds
    }

    /// The gate at `point` opens (`opens`) or closes while its services hear it change:
    /// `true` if they do, and then it is noted (a change back, which they hear once they
    /// have heard this one; or a change back taken back); `false` when no change is heard.
    mutating func changeWhileHeard(_ point: ReadinessPoint, opens: Bool) -> Bool {
        guard var change = changing[point] else { return false }
        change.holds = change.opens == opens
        changing[point] = change
        return true
    }

    /// The gate at `point` has been heard changing: whether it is still as they heard it.
    mutating func endChanging(_ point: ReadinessPoint) -> Bool { changing.removeValue(forKey: point)?.holds ?? true }

    /// `point` can never be reached (`reason` says why): returns its waiters to fail; its
    /// held work is dropped and recorded as cancelled.
    mutating func giveUp(_ point: ReadinessPoint, reason: String) -> [Waiter] {
        giveUpAndDrop(point, reason: reason).waiters
    }

    /// ``giveUp(_:reason:)``, also returning the held work it dropped.
    mutating func giveUpAndDrop(_ point: ReadinessPoint, reason: String) -> (waiters: [Waiter], dropped: [Entry]) {
        guard !reached.contains(point) else { return ([], []) }
        // Given up before: what waits for it now came since, and is dropped for the first
        // reason.
        if unreachable[point] == nil { unreachable[point] = reason }
        let failed = waiters.filter { $0.point == point }
        waiters.removeAll { $0.point == point }
        let dropped = held.filter { $0.point == point }
        for entry in dropped { setOutcome(.cancelled, of: entry.id) }
        held.removeAll { $0.point == point }
        return (failed, dropped)
    }

    /// Drops the held work handed over from the contexts of the session whose lifetime is
    /// `lifetime` (its services', whatever the work waits for), recorded as cancelled, and
    /// returns it.
    mutating func dropHeld(fromSession lifetime: AppContext.Origin.Box) -> [Entry] {
        let dropped = held.filter { $0.origin?.sessionLifetime === lifetime }
        guard !dropped.isEmpty else { return [] }
        for entry in dropped { setOutcome(.cancelled, of: entry.id) }
        held.removeAll { $0.origin?.sessionLifetime === lifetime }
        return dropped
    }

    /// The waiters from the contexts of the session whose lifetime is `lifetime`, taken to
    /// fail as it ends: they would resume for a session that has ended.
    mutating func takeWaiters(fromSession lifetime: AppContext.Origin.Box) -> [Waiter] {
        let taken = waiters.filter { $0.session === lifetime }
        waiters.removeAll { $0.session === lifetime }
        return taken
    }

    /// The waiters that follow the current session (``Waiter/followsCurrentSession``) and
    /// wait for a milestone of a session other than `current`, taken to resolve again.
    mutating func takeWaiters(followingCurrentSessionBut current: String?) -> [Waiter] {
        var others: Set<ReadinessPoint> = []
        for (session, points) in sessionPoints where session != current { others.formUnion(points) }
        let taken = waiters.filter { $0.followsCurrentSession && others.contains($0.point) }
        waiters.removeAll { $0.followsCurrentSession && others.contains($0.point) }
        return taken
    }

    /// Replaces each piece of held work handed over from the contexts of the scene named
    /// `identifier` (its services', or an application-wide service's in one of its callbacks)
    /// with `rebind(entry)`, in place; work routed to a scene's connection is left as it is.
    /// `rebind` is told whether the entry waits for a gate.
    mutating func rebindHeld(fromScene identifier: String, _ rebind: (Entry, _ forGate: Bool) -> Entry) {
        for index in held.indices
        where held[index].origin?.scene?.identifier == identifier && !held[index].point.isSceneConnection {
            held[index] = rebind(held[index], isGate(held[index].point))
        }
    }

    /// `point` is no longer reached, nor unreachable: a gate closed, or a session's
    /// milestone after its session ended. Work held for it from now on waits again.
    mutating func reset(_ point: ReadinessPoint) {
        reached.remove(point)
        unreachable[point] = nil
    }

    /// Remembers that `point` belongs to the session named `session`, to be given up and
    /// reset when it ends.
    mutating func note(_ point: ReadinessPoint, ofSession session: String) {
        sessionPoints[session, default: []].insert(point)
    }

    /// The points that belong to the session named `session`, forgotten.
    mutating func takePoints(ofSession session: String) -> Set<ReadinessPoint> {
        sessionPoints.removeValue(forKey: session) ?? []
    }

    /// Remembers the gate `point`, the first time it is named: whether it starts open, and
    /// after how long in the background it closes. Returns whether it was new.
    mutating func note(
        gate point: ReadinessPoint,
        initiallyOpen: Bool,
        closesAfterBackground: @escaping @Sendable () -> Duration?
    ) -> Bool {
        guard gates[point] == nil else { return false }
        gates[point] = closesAfterBackground
        if initiallyOpen { reached.insert(point) }
        return true
    }

    /// The gates named so far that close after a time in the background, with that time as
    /// they tell it now (a time the person sets).
    var gatesClosingInBackground: [(point: ReadinessPoint, after: Duration)] {
        gates.compactMap { point, after in after().map { (point, $0) } }.sortedOnce { "\($0.point)" < "\($1.point)" }
    }

    /// Nothing more will be reached (`reason` says why): returns every waiter to fail; all
    /// held work is dropped and recorded as cancelled.
    mutating func end(reason: String) -> [Waiter] {
        guard endReason == nil else { return [] }
        endReason = reason
        let failed = waiters
        waiters = []
        for entry in held { setOutcome(.cancelled, of: entry.id) }
        held = []
        return failed
    }

    /// The launch failed or was cancelled (`reason` says why): no phase, and no milestone of
    /// the application's services, will be reached. Returns their waiters to fail; their
    /// held work is dropped and recorded as cancelled. What waits for a gate, a scene's
    /// connection or a session's milestone goes on waiting for it.
    mutating func endLaunch(reason: String) -> [Waiter] {
        guard endReason == nil, launchEndReason == nil else { return [] }
        launchEndReason = reason
        var failed: [Waiter] = []
        var stillWaiting: [Waiter] = []
        for waiter in waiters {
            if endsWithLaunch(waiter.point) { failed.append(waiter) } else { stillWaiting.append(waiter) }
        }
        waiters = stillWaiting
        var stillHeld: [Entry] = []
        for entry in held {
            if endsWithLaunch(entry.point) { setOutcome(.cancelled, of: entry.id) } else { stillHeld.append(entry) }
        }
        held = stillHeld
        return failed
    }

    private mutating func setOutcome(_ outcome: HeldWork.Outcome, of id: Int) {
        guard let index = recordIndex.removeValue(forKey: id) else { return }
        records[index].outcome = outcome
    }
}
