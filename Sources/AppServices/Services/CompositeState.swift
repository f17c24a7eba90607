/// Everything a ``ServiceComposite`` remembers between two calls, in one place: the
/// services and their plan, the application's and the scenes' states, the events waiting
/// for a dispatch to end, the work the composite owns, the scenes' services, readiness, and
/// what the host installed.
///
/// Its state is written in this file only: the composite's other files read it and change
/// it through the methods below, one per thing that happens. Where the state has
/// transitions (a dispatch beginning and ending), the method returns what the composite
/// must then do (``DispatchStart``, ``DispatchEnd``), and the composite does it outside,
/// so that calling a service, logging or posting a notification never happens in here.
/// The smaller owners it holds (``LifecycleStateTracker``, ``EventQueue``,
/// ``ReadinessBoard``, ``SceneServices``, ``OwnedTasks``, ``RecentNotificationResponses``)
/// keep their own state private and are changed only from here.
@MainActor
final class CompositeState {
    // The properties read on every dispatch skip the run-time exclusivity check, which cost
    // about a fifth of a dispatch: each access is instantaneous (a read, an increment, a
    // pop) and never calls out while open, so no access can overlap another.

    // MARK: - Services and their plan

    /// Services as registered, composites not yet flattened.
    private(set) var registered: [any AppService]
    /// Set once the composite is sealed: the validated, ordered services and handler lists.
    @exclusivity(unchecked) private(set) var plan: ServiceComposite.Plan?
    /// The plan's handler lists, kept apart so a dispatch reads the one list it needs
    /// without copying the whole plan (which retains every array in it).
    @exclusivity(unchecked) private(set) var handlers = HandlerTable()
    /// The handler lists' boxes, one per kind at the kind's index, unretained, made when the
    /// composite is sealed: a dispatch reads its list through one without retaining
    /// anything (the boxes live in ``handlers``, which lives as long as this state).
    // `nonisolated(unsafe)` only so that `deinit` can free it: it is written once, on the
    // main actor, when the composite is sealed, and read on the main actor afterwards; by
    // `deinit` no other reference to the state exists.
    nonisolated(unsafe) private var handlerBoxes = UnsafeMutableBufferPointer<Unmanaged<AnyHandlerListBox>?>(
        start: nil,
        count: 0
    )
    /// The composite this one was flattened into, if any.
    private(set) weak var outer: ServiceComposite?
    /// Whether the composite was flattened into another: read before ``outer``, since a
    /// weak reference's every read retains, and most composites are never nested.
    private(set) var isNested = false
    /// The callback that sealed the composite, for error messages.
    private(set) var sealedBy: String?
    /// The launch plan being run by the composite's callbacks; `nil` when none is attached.
    private(set) var launch: Launch?
    /// Why a host's launch plan could not be made, reported with the other validation
    /// problems.
    private(set) var launchPlanProblems: [ServiceGraphError.Problem] = []

    // MARK: - Dispatch

    /// The application's and each scene's state, tracked from the callbacks.
    @exclusivity(unchecked) private(set) var lifecycle = LifecycleStateTracker()
    /// Events posted during a dispatch, and how deep the running dispatches are nested.
    @exclusivity(unchecked) private var events = EventQueue()
    /// Subscriptions made with ``ServiceComposite/subscribe(to:_:)``, by event type.
    private(set) var dynamicSubscribers: [ObjectIdentifier: any AnySubscriptionRoute] = [:]
    /// Receivers of ``ServiceComposite/lifecycleEvents(bufferingPolicy:)``.
    let lifecycleBroadcaster = LifecycleEventBroadcaster()

    // MARK: - Work the composite owns

    /// Work that must finish before a system completion handler is called: the services'
    /// part of a completion-handler callback, and its deadline timer. Cancelled at
    /// termination; the handler itself is called exactly once by its gate.
    private(set) var handlerWork = OwnedTasks<HandlerWork>()
    /// Work a service started to outlive its callback
    /// (``AppContext/beginBackgroundWork(named:endsOnForeground:_:)``), waited for when winding down.
    private(set) var outlivingWork = OwnedTasks<ServiceComposite.OutlivingWork>()
    /// Background tasks the system is running, each with its task to complete once.
    private(set) var backgroundTaskRuns = OwnedTasks<ServiceComposite.RunningBackgroundTask>()

    // MARK: - Scenes, readiness, notification responses

    /// The scene-service types, and the services of each connected scene.
    private(set) var sceneServices = SceneServices()
    /// The session-service types, the services of each session that lives, and the current
    /// session.
    private(set) var sessionServices = SessionServices()
    /// Whether any session lives: read on every dispatch, so kept apart from
    /// ``sessionServices`` (whose read is checked for exclusivity and copies the struct).
    @exclusivity(unchecked) private(set) var hasSessions = false
    /// Whether some application-wide notification service declared categories
    /// (``UserNotificationHandling/notificationCategories``) when they were last read: a
    /// notification is then matched against each service's categories. Read at sealing and
    /// at ``ServiceComposite/updateNotificationCategories()``; until then, assumed.
    @exclusivity(unchecked) private(set) var servicesFilterNotifications = true
    /// Why the application was launched, as known so far.
    private(set) var launchReason = LaunchReason.user
    /// Whether the launch has initializers that repeat while the application is active:
    /// read on every change of activity, so kept apart from ``launch``.
    @exclusivity(unchecked) private(set) var launchRepeats = false
    /// Whether a callback may still say more of it: read on every dispatch.
    @exclusivity(unchecked) private(set) var isLaunchReasonProvisional = false
    /// What has been reached, who waits for what, and the work held until then.
    private(set) var readiness = ReadinessBoard()
    /// Notification responses delivered lately, so that none is delivered twice.
    private(set) var notificationResponses = RecentNotificationResponses()
    /// The activity types announced with `willContinueUserActivity` and not yet continued or
    /// failed, with the services that answered `true` (they show the progress themselves).
    private(set) var announcedContinuations: [String: [String]] = [:]

    // MARK: - What the host installed

    /// The platform's background-task scheduler.
    private(set) var scheduler: (any BackgroundTaskScheduler)?
    /// The continued-processing jobs registered under their own identifiers, which a
    /// declared wildcard names (registered at their first submission).
    private var registeredJobs: Set<String> = []
    /// The platform's background time, held while outliving work runs.
    private(set) var backgroundTime: (any BackgroundTimeProvider)?
    /// The platform's notification center, where the services' categories are registered.
    private(set) var notificationCenter: (any NotificationCenterProvider)?
    /// Whether the services' categories have been registered: from then on an empty set is
    /// registered too, so a category no service defines any more is removed.
    private(set) var registeredNotificationCategories = false
    /// The request for notification authorization under way, which later requests join.
    private(set) var authorizationRequest: Task<NotificationAuthorization, Never>?
    /// The notification categories each scene-service type defined, as last read from a
    /// service of a connected scene (in the order the types first connected), kept after
    /// the scenes disconnect: the system keeps a registered set, and notifications arrive
    /// while no scene is connected.
    private(set) var sceneNotificationCategories: [(type: ObjectIdentifier, categories: [NotificationCategory])] = []
    /// Where services report incoming calls (the CallKit adapter's provider).
    private(set) var incomingCallReporter: (any IncomingCallReporter)?

    /// The composite's clock, read as the time since the composite was made.
    let clock: ClockReading

    init(registered: [any AppService], clock: any Clock<Duration> = ContinuousClock()) {
        self.registered = registered
        self.clock = ClockReading(clock)
    }

    deinit {
        handlerBoxes.deallocate()
    }

    /// Calls `body` with the services that hear `callback` (which adopt the capability
    /// `Service`), borrowed, for a dispatch; does nothing before sealing.
    @inline(__always)
    func withHandlers<Service>(
        of callback: AppCallback,
        as service: Service.Type,
        _ body: (borrowing HandlerList<Service>) -> Void
    ) {
        let index = callback.handlers.index
        guard index < handlerBoxes.count, let box = handlerBoxes[index] else { return }
        Self.borrowList(box, callback, body)
    }

    // Nonisolated, so that the closure handed to the standard library is too: a closure
    // isolated to the main actor given to a module built in Swift 5 mode checks its
    // executor at run time, which would cost as much as the rest of the dispatch.
    @inline(__always)
    private nonisolated static func borrowList<Service>(
        _ box: Unmanaged<AnyHandlerListBox>,
        _ callback: AppCallback,
        _ body: (borrowing HandlerList<Service>) -> Void
    ) {
        box._withUnsafeGuaranteedRef { body(HandlerListBox<Service>.cast($0, for: callback).list) }
    }

    // MARK: - Registration and sealing

    /// Services were registered before the first callback.
    func register(_ services: [any AppService]) { registered.append(contentsOf: services) }

    /// Scene-service types were registered before the first callback.
    func registerSceneServices(_ types: [any SceneService.Type]) { changeSceneServices { $0.register(types) } }

    /// Session-service types were registered before the first callback.
    func registerSessionServices(_ types: [any SessionService.Type]) { sessionServices.register(types) }

    /// A launch plan was attached (or replaced by the tree's merged one).
    func attach(_ launch: Launch) {
        self.launch = launch
        launchRepeats = !launch.graph.repeating.isEmpty
        firstFrameRequested = false
    }

    /// Whether the attached launch has been asked to report its first frame.
    private(set) var firstFrameRequested = false

    /// The launch to ask to report its first frame, the first time the application or a
    /// scene becomes active: the attached one, once; `nil` afterwards, so that every later
    /// activation reads a flag rather than reaching the launch (a retain and an atomic
    /// exchange each time).
    @inline(__always)
    func launchToReportFirstFrame() -> Launch? {
        guard !firstFrameRequested, let launch else { return nil }
        firstFrameRequested = true
        return launch
    }

    /// The host's launch plan could not be made.
    func launchPlanFailed(_ problems: [ServiceGraphError.Problem]) { launchPlanProblems = problems }

    /// The first callback sealed the composite with `plan`.
    func seal(_ plan: ServiceComposite.Plan, by callback: String) {
        precondition(self.plan == nil, "The composite was sealed twice, by \(sealedBy ?? "?") and by \(callback).")
        self.plan = plan
        handlers = plan.handlers
        let boxes = plan.handlers.unretainedBoxes
        handlerBoxes = .allocate(capacity: boxes.count)
        _ = handlerBoxes.initialize(from: boxes)
        sealedBy = callback
        changeSceneServices { $0.seal(order: plan.sceneServiceOrder) }
        sessionServices.seal(order: plan.sessionServiceOrder)
    }

    /// The application-wide notification services' categories were read: `declared` when
    /// some service declares any.
    func notificationCategoriesRead(declared: Bool) { servicesFilterNotifications = declared }

    /// The composite was flattened into `outer`, which dispatches for it from now on: the
    /// subscriptions made on it before are `outer`'s now (after `outer`'s own), and so are
    /// its lifecycle streams.
    func nest(in outer: ServiceComposite) {
        self.outer = outer
        isNested = true
        let adopting = outer.state
        for (event, route) in dynamicSubscribers {
            if let own = adopting.dynamicSubscribers[event] {
                own.append(contentsOf: route)
            } else {
                adopting.dynamicSubscribers[event] = route
            }
        }
        dynamicSubscribers = [:]
        adopting.lifecycleBroadcaster.takeOver(lifecycleBroadcaster)
    }

    // MARK: - Dispatch

    /// What the composite does before calling the services of a callback.
    struct DispatchStart {
        /// The callback arrived in a state it does not fit, for the first time: log it.
        let unexpected: LifecycleStateTracker.Unexpected?
    }

    /// What the composite does once the services of a callback have been called.
    struct DispatchEnd: OptionSet {
        let rawValue: UInt8
        /// Deliver the events posted during the dispatch, in order.
        static let drainEvents = DispatchEnd(rawValue: 1 << 0)
    }

    /// A callback is about to be dispatched (`scene` for a scene's callback): its state
    /// change applies now unless it is a "will" callback.
    @inline(__always)
    func beginDispatch(_ callback: AppCallback, scene: SceneInfo?) -> DispatchStart {
        events.enterDispatch()
        return DispatchStart(unexpected: lifecycle.willDispatch(callback, scene: scene))
    }

    /// The application-wide callback `callback` is about to be dispatched, with no scene.
    @inline(__always)
    func beginDispatch(_ callback: AppCallback) -> DispatchStart {
        events.enterDispatch()
        return DispatchStart(unexpected: lifecycle.willDispatch(callback))
    }

    /// Every service has heard `callback`: a "will" callback's state change applies now.
    @inline(__always)
    func endDispatch(_ callback: AppCallback, scene: SceneInfo?) -> DispatchEnd {
        lifecycle.didDispatch(callback, scene: scene)
        return events.exitDispatch() ? .drainEvents : []
    }

    /// Every service has heard the application-wide `callback`.
    @inline(__always)
    func endDispatch(_ callback: AppCallback) -> DispatchEnd {
        lifecycle.didDispatch(callback)
        return events.exitDispatch() ? .drainEvents : []
    }

    /// The box of the last scene callback's platform objects and scene, which the next scene
    /// callback reuses when it comes with the same objects and an equal scene; dropped when
    /// a scene disconnects, so that no scene outlives that here.
    private var sceneOrigin: AppContext.Origin.Box?

    /// What the contexts of a callback carry for `platform` and `scene`: `nil` when both
    /// are, the platform's objects unboxed without a scene, and for a scene the last scene
    /// callback's box again when it holds the same.
    @inline(__always)
    func origin(platform: PlatformObjects?, scene: SceneInfo?) -> AppContext.Origin? {
        guard let scene else { return platform.map(AppContext.Origin.platform) }
        return .box(sceneBox(platform: platform, scene: scene))
    }

    /// The box of a scene callback (see ``origin(platform:scene:)``).
    private func sceneBox(platform: PlatformObjects?, scene: SceneInfo) -> AppContext.Origin.Box {
        if let sceneOrigin, sceneOrigin.platform === platform, sceneOrigin.scene?.isSame(as: scene) == true {
            return sceneOrigin
        }
        let made = AppContext.Origin.Box(platform: platform, scene: scene, session: nil)
        sceneOrigin = made
        // A scene described anew (its title changed) is listed as its callbacks describe it.
        if let index = connectedScenes.firstIndex(where: { $0.identifier == scene.identifier }),
            connectedScenes[index] != scene
        {
            connectedScenes[index] = scene
        }
        return made
    }

    /// The application-wide services that adopt each adapter's capability asked of so far
    /// (``ServiceComposite/firstAnswer(from:in:platform:_:)``), by the capability's type.
    /// A list searched in order, not a dictionary: an adapter asks of a handful of
    /// capabilities, and hashing the key cost more than the whole question.
    private var adoptersByCapability: [(capability: ObjectIdentifier, adopters: [any AppService])] = []

    /// The services of `services` (the sealed plan's) that adopt `capability`, in order:
    /// found the first time a capability is asked of, and remembered, since the plan does
    /// not change once sealed.
    func adopters<Capability>(
        of capability: Capability.Type,
        among services: ContiguousArray<any AppService>
    ) -> [any AppService] {
        let key = ObjectIdentifier(capability)
        for known in adoptersByCapability where known.capability == key { return known.adopters }
        let found = services.filter { $0 is Capability }
        // Stored whole, not appended in place, so that no access to the list overlaps
        // another and none is checked at run time (see `changeSceneServices`).
        adoptersByCapability = adoptersByCapability + [(key, found)]
        if found.isEmpty { capabilitiesAdoptedByNone = capabilitiesAdoptedByNone + [key] }
        return found
    }

    /// The capabilities asked of so far (``adopters(of:among:)``) that no application-wide
    /// service adopts: identifiers only, so that asking retains nothing.
    private var capabilitiesAdoptedByNone: [ObjectIdentifier] = []

    /// Whether `capability` is known to have no adopter among the application-wide
    /// services (``adopters(of:among:)`` found none).
    func isAdoptedByNone<Capability>(_ capability: Capability.Type) -> Bool {
        capabilitiesAdoptedByNone.contains(ObjectIdentifier(capability))
    }

    /// A launch is being dispatched, into the background or not (from its options), for
    /// the reason its options give.
    func launching(_ options: LaunchOptions) {
        lifecycle.launch(intoBackground: options.launchedInBackground)
        launchOptionsArrived(options)
        // A launch into the background is there from its start: the gates that close after
        // a time in the background count it, and its first foreground is the one it
        // launched into.
        if options.launchedInBackground, enteredBackgroundAt == nil, foregroundsFromBackground == 0 {
            enteredBackgroundAt = clock.now
            launchedIntoBackground = true
        }
    }

    /// The launch options arrived (with `willFinishLaunching`, and again with
    /// `didFinishLaunching`): the reason they give, which services and initializers read from
    /// then on.
    func launchOptionsArrived(_ options: LaunchOptions) {
        launchReason = LaunchReason(options)
        isLaunchReasonProvisional = launchReason.isProvisional
    }

    /// The first callback that can say why the application was launched says `reason`
    /// (`nil`: it says nothing, and the provisional reason stands): it replaces the
    /// provisional reason of its kind, in front of the user (a scene's connection) or in
    /// the background (a background callback). Returns the reason when it changed.
    ///
    /// A scene that connects before any background callback has said why ends a launch
    /// that seemed to be into the background (``LaunchReason/otherBackground``): UIKit
    /// launches a scene-based application in the background state whatever launched it,
    /// so the scene says the launch was in front of the user, for its reason or, with
    /// none, ``LaunchReason/user``. The application is then where such a launch leaves it,
    /// inactive and never in the background: its first scene entering the foreground
    /// brings no `applicationWillEnterForeground`, as an application without scenes gets
    /// none at its launch, and no time in the background was spent.
    func settleLaunchReason(_ reason: LaunchReason?, inBackground: Bool) -> LaunchReason? {
        guard isLaunchReasonProvisional else { return nil }
        let seemedInBackground = launchReason == .otherBackground
        if seemedInBackground && !inBackground {
            isLaunchReasonProvisional = false
            launchReason = reason ?? .user
            lifecycle.launchTurnedOutInFront()
            if launchedIntoBackground {
                launchedIntoBackground = false
                enteredBackgroundAt = nil
            }
            return launchReason
        }
        guard seemedInBackground == inBackground else { return nil }
        isLaunchReasonProvisional = false
        guard let reason else { return nil }
        launchReason = reason
        return reason
    }

    // MARK: - Events

    /// Whether an event posted now waits for the running dispatch to end.
    var eventsMustWait: Bool { events.mustQueue }

    /// An event posted during a dispatch waits for it to end.
    func queueEvent(_ delivery: @escaping () -> Void) { events.append(delivery) }

    /// An event's delivery starts (it counts as a dispatch: events it posts wait for it).
    func beginEventDelivery() { events.enterDispatch() }

    /// An event's delivery ended; the queue is emptied by whoever started delivering.
    func endEventDelivery() { _ = events.exitDispatch() }

    /// A session's or a scene's services are being made, and then hear that it began or
    /// connects: an event posted meanwhile (from a service's initializer) waits, as during a
    /// dispatch, until all of them exist and the session is current.
    func beginMakingServices() { events.enterDispatch() }

    /// The services are made and have heard: whether the events that waited are to be
    /// delivered now (nothing else is running that delivers them at its end).
    func endMakingServices() -> Bool { events.exitDispatch() }

    /// Starts emptying the event queue; `false` when it is being emptied already or empty.
    func beginDrainingEvents() -> Bool { events.beginDraining() }

    /// The next queued event's delivery; `nil`, and draining ends, when none is left.
    func nextEvent() -> (() -> Void)? { events.nextDelivery() }

    /// A subscription to an event type outside any service.
    func subscribe(_ route: any AnySubscriptionRoute, to event: ObjectIdentifier) { dynamicSubscribers[event] = route }

    // MARK: - Work

    /// An id for handler work, stored once its task exists.
    func reserveHandlerWork() -> Int { handlerWork.reserveID() }

    /// Handler work `id` started (`task`) or ended (`nil`); `atTermination`, for a deadline
    /// timer, completes its gate at once when the application terminates.
    func setHandlerWork(_ id: Int, _ task: Task<Void, Never>?, atTermination: (@MainActor () -> Void)? = nil) {
        handlerWork[id] = task.map { HandlerWork(task: $0, atTermination: atTermination) }
    }

    /// An id for outliving work, stored once its task exists.
    func reserveOutlivingWork() -> Int { outlivingWork.reserveID() }

    /// Outliving work `id` started or ended (`nil`).
    func setOutlivingWork(_ id: Int, _ work: ServiceComposite.OutlivingWork?) { outlivingWork[id] = work }

    /// An id for a background task's run, stored once it is known not to finish at once.
    func reserveBackgroundTaskRun() -> Int { backgroundTaskRuns.reserveID() }

    /// A background task's run `id` is waiting (`run`) or ended (`nil`).
    func setBackgroundTaskRun(_ id: Int, _ run: ServiceComposite.RunningBackgroundTask?) {
        backgroundTaskRuns[id] = run
    }

    // MARK: - Scenes

    /// `scene` connected with `services` made so far (in dependency order). Returns
    /// duplicate event subscriptions among them.
    func connect(_ scene: SceneInfo, _ services: ContiguousArray<any AppService>) -> [ServiceGraphError.Problem] {
        // The services subscribe (their code runs) before the table is taken out to change.
        let (routes, problems) = ServiceSubscriptions.routes(of: services)
        changeSceneServices { $0.connect(scene, services, routes: routes) }
        return problems
    }

    /// `scene` disconnected: its services are released.
    func disconnect(_ scene: SceneInfo) {
        let released = changeSceneServices { $0.disconnect(scene.identifier) }
        withExtendedLifetime(released) {}
    }

    /// Changes the scene services on a copy taken out and stored back, never inside an
    /// access to the property: the optimizer then proves that no access to it overlaps
    /// another and checks none at run time, at every scene callback that reads them.
    private func changeSceneServices<Result>(_ change: (inout SceneServices) -> Result) -> Result {
        var services = sceneServices
        sceneServices = SceneServices()
        defer { sceneServices = services }
        return change(&services)
    }

    /// The scenes connected now, in the order they connected (a scene that reconnects keeps
    /// its place), each as its latest callback described it.
    private(set) var connectedScenes: [SceneInfo] = []

    /// `scene` as its latest callback described it (its title may have changed since it
    /// connected), when it is connected.
    func latestDescription(of scene: SceneInfo) -> SceneInfo {
        connectedScenes.first { $0.identifier == scene.identifier } ?? scene
    }

    /// `scene` connected.
    func sceneConnected(_ scene: SceneInfo) {
        if let index = connectedScenes.firstIndex(where: { $0.identifier == scene.identifier }) {
            connectedScenes[index] = scene
        } else {
            connectedScenes.append(scene)
        }
    }

    /// The scene named `identifier` disconnected.
    func sceneDisconnected(_ identifier: String) {
        connectedScenes.removeAll { $0.identifier == identifier }
        sceneOrigin = nil
    }

    // MARK: - Sessions

    /// `session` began, with `services` made so far (in dependency order). Returns duplicate
    /// event subscriptions among them.
    func beginSession(
        _ session: SessionInfo,
        _ services: ContiguousArray<any AppService>,
        origin: AppContext.Origin
    ) -> [ServiceGraphError.Problem] {
        defer { hasSessions = true }
        // The services subscribe (their code runs) before the table is changed, outside
        // any access to it.
        let (routes, problems) = ServiceSubscriptions.routes(of: services)
        sessionServices.begin(session, services, routes: routes, origin: origin)
        return problems
    }

    /// The session named `identifier` became the current one.
    func makeCurrentSession(_ identifier: String) { sessionServices.makeCurrent(identifier) }

    /// The session named `identifier` is about to end; `false` when it is ending already.
    func sessionWillEnd(_ identifier: String) -> Bool { sessionServices.beginEnding(identifier) }

    /// The session named `identifier` ended: its services are released.
    func endSession(_ identifier: String) {
        sessionServices.end(identifier)
        hasSessions = !sessionServices.isEmpty
    }

    // MARK: - Readiness

    /// An id for a waiter or held work.
    func makeReadinessID() -> Int { readiness.makeID() }

    /// Whether the task that learns when `point` is ready must start: `true` once.
    func startWatching(_ point: ReadinessPoint) -> Bool { readiness.startWatching(point) }

    /// Someone waits for a point.
    func wait(_ waiter: ReadinessBoard.Waiter) { readiness.wait(waiter) }

    /// A waiter stopped waiting (its task was cancelled); `nil` when it was resumed already.
    func removeWaiter(id: Int) -> ReadinessBoard.Waiter? { readiness.removeWaiter(id: id) }

    /// Work is held until its point.
    func hold(_ entry: ReadinessBoard.Entry, name: String) { readiness.hold(entry, name: name) }

    /// Work held ran.
    func recordRun(of entry: ReadinessBoard.Entry) { readiness.recordRun(of: entry) }

    /// Work ran at once, its point being reached already.
    func recordImmediate(name: String, point: ReadinessPoint) { readiness.recordImmediate(name: name, point: point) }

    /// Work was dropped without being held (see ``ReadinessBoard/recordDropped(name:point:)``).
    func recordDropped(name: String, point: ReadinessPoint) { readiness.recordDropped(name: name, point: point) }

    /// `point` was reached: the waiters to resume and the work to run, in order.
    func reach(_ points: [ReadinessPoint]) -> (waiters: [ReadinessBoard.Waiter], work: [ReadinessBoard.Entry]) {
        readiness.reach(points)
    }

    /// `work`, taken to run, is held again first: its gate closed while it waited to run.
    func holdAgain(_ work: ArraySlice<ReadinessBoard.Entry>) { readiness.holdAgain(work) }

    /// `work`, taken to run, is dropped: its session ended while it waited to run.
    func recordCancelled(_ work: ArraySlice<ReadinessBoard.Entry>) { readiness.recordCancelled(work) }

    /// The gate at `point` begins to open or close (see
    /// ``ReadinessBoard/beginChanging(_:opens:)``).
    func beginChanging(_ point: ReadinessPoint, opens: Bool) { readiness.beginChanging(point, opens: opens) }

    /// The gate at `point` changes while its services hear it change (see
    /// ``ReadinessBoard/changeWhileHeard(_:opens:)``).
    func changeWhileHeard(_ point: ReadinessPoint, opens: Bool) -> Bool {
        readiness.changeWhileHeard(point, opens: opens)
    }

    /// The gate at `point` has been heard changing (see ``ReadinessBoard/endChanging(_:)``).
    func endChanging(_ point: ReadinessPoint) -> Bool { readiness.endChanging(point) }

    /// `point` can never come: the waiters to fail; its held work is dropped.
    func giveUp(_ point: ReadinessPoint, reason: String) -> [ReadinessBoard.Waiter] {
        readiness.giveUp(point, reason: reason)
    }

    /// Nothing can be reached any more (termination): the waiters to fail.
    func endReadiness(reason: String) -> [ReadinessBoard.Waiter] { readiness.end(reason: reason) }

    /// The launch failed or was cancelled: milestones and phases will not be reached, gates
    /// still open. Returns the waiters to fail.
    func endLaunchReadiness(reason: String) -> [ReadinessBoard.Waiter] { readiness.endLaunch(reason: reason) }

    /// `point` can never come: the waiters to fail and the work dropped.
    func giveUpAndDrop(
        _ point: ReadinessPoint,
        reason: String
    ) -> (waiters: [ReadinessBoard.Waiter], dropped: [ReadinessBoard.Entry]) {
        readiness.giveUpAndDrop(point, reason: reason)
    }

    /// The held work from the contexts of the session whose lifetime is `lifetime`,
    /// dropped as it ends.
    func dropHeld(fromSession lifetime: AppContext.Origin.Box) -> [ReadinessBoard.Entry] {
        readiness.dropHeld(fromSession: lifetime)
    }

    /// The waiters that follow the current session and wait for another session's
    /// milestone than `current`'s, to resolve again.
    func takeWaiters(followingCurrentSessionBut current: String?) -> [ReadinessBoard.Waiter] {
        readiness.takeWaiters(followingCurrentSessionBut: current)
    }

    /// The waiters from the contexts of the session whose lifetime is `lifetime`, failed as
    /// it ends.
    func takeWaiters(fromSession lifetime: AppContext.Origin.Box) -> [ReadinessBoard.Waiter] {
        readiness.takeWaiters(fromSession: lifetime)
    }

    /// Replaces the held work handed over from the contexts of the scene named `identifier`,
    /// which disconnected, with `rebind(entry)`, but for work routed to a scene's connection.
    func rebindHeld(
        fromScene identifier: String,
        _ rebind: (ReadinessBoard.Entry, _ forGate: Bool) -> ReadinessBoard.Entry
    ) {
        readiness.rebindHeld(fromScene: identifier, rebind)
    }

    /// `point` is reached no longer (a gate closed, a session's milestone reset).
    func reset(_ point: ReadinessPoint) { readiness.reset(point) }

    /// `point` belongs to the session named `session`.
    func note(_ point: ReadinessPoint, ofSession session: String) { readiness.note(point, ofSession: session) }

    /// The points of the session named `session`, forgotten as it ends.
    func takePoints(ofSession session: String) -> Set<ReadinessPoint> { readiness.takePoints(ofSession: session) }

    /// A gate was named: remembered the first time, with how it starts and when it closes.
    func note(
        gate point: ReadinessPoint,
        initiallyOpen: Bool,
        closesAfterBackground: @escaping @Sendable () -> Duration?
    ) -> Bool {
        readiness.note(gate: point, initiallyOpen: initiallyOpen, closesAfterBackground: closesAfterBackground)
    }

    // MARK: - Time in the background

    /// When the application last entered the background, on the composite's clock, while it
    /// is there.
    private(set) var enteredBackgroundAt: Duration?
    /// How long the application stayed in the background the last time.
    private(set) var lastTimeInBackground: Duration?
    /// How many times the application has entered the foreground from the background (a
    /// launch into the background's first foreground not counted: it is the one it
    /// launched into).
    private(set) var foregroundsFromBackground = 0
    /// The application was launched into the background and has not entered the foreground.
    private var launchedIntoBackground = false

    /// The gates that closed for the time in the background of the current stay already, as
    /// a scene connected in the background: the return to the foreground that follows closes
    /// only the others (a gate's time may change during the stay: a time the person sets).
    private(set) var gatesClosedInThisStay: Set<ReadinessPoint> = []

    /// The application entered the background at `now`.
    func enteredBackground(at now: Duration) {
        enteredBackgroundAt = now
        gatesClosedInThisStay = []
    }

    /// How long the application has been in the background at `now`, when it is there.
    func timeInBackground(at now: Duration) -> Duration? { enteredBackgroundAt.map { now - $0 } }

    /// The gates at `points` closed for the time in the background during this stay.
    func closedInThisStay(_ points: some Sequence<ReadinessPoint>) { gatesClosedInThisStay.formUnion(points) }

    /// The application is entering the foreground at `now`: returns how long it stayed in
    /// the background, when it was there.
    func enteringForeground(at now: Duration) -> Duration? {
        // A launch into the background that no callback explained stays unexplained: a
        // background callback after the application was in front is not why it launched.
        isLaunchReasonProvisional = false
        if launchedIntoBackground {
            launchedIntoBackground = false
        } else {
            foregroundsFromBackground += 1
        }
        guard let since = enteredBackgroundAt else { return nil }
        enteredBackgroundAt = nil
        gatesClosedInThisStay = []
        lastTimeInBackground = now - since
        return lastTimeInBackground
    }

    // MARK: - Notification responses

    /// A notification response arrived; whether it is new, or delivered already.
    func deliver(
        _ response: NotificationResponse,
        completion: @escaping @MainActor () -> Void
    ) -> RecentNotificationResponses.Delivery {
        notificationResponses.deliver(response, completion: completion)
    }

    /// An activity of `type` is about to be continued; `services` answered that they show its
    /// progress themselves.
    func announceContinuation(of type: String, by services: [String]) {
        announcedContinuations[type] = services
    }

    /// The activity of `type` was continued or failed: the services that answered `true` when
    /// it was announced, if it was.
    func takeAnnouncedContinuation(of type: String) -> [String]? {
        announcedContinuations.removeValue(forKey: type)
    }

    /// The services finished with a response: the completions of its repeats, to call.
    func finished(_ response: NotificationResponse) -> [@MainActor () -> Void] {
        notificationResponses.finished(response)
    }

    // MARK: - What the host installs

    /// The host registered the background tasks with `scheduler`; `false` (and nothing
    /// changes) when it had already.
    func install(scheduler: any BackgroundTaskScheduler) -> Bool {
        guard self.scheduler == nil else { return false }
        self.scheduler = scheduler
        return true
    }

    /// The continued-processing job `identifier` is about to be registered: `false` when it
    /// has been already.
    func claimJobRegistration(_ identifier: String) -> Bool { registeredJobs.insert(identifier).inserted }

    /// The system refused to register the job `identifier`: a later submission tries again.
    func releaseJobRegistration(_ identifier: String) { registeredJobs.remove(identifier) }

    /// The host gives the platform's background time (`nil` for none).
    func install(backgroundTime: (any BackgroundTimeProvider)?) { self.backgroundTime = backgroundTime }

    /// The host gives the platform's notification center.
    func install(notificationCenter: any NotificationCenterProvider) { self.notificationCenter = notificationCenter }

    /// The services' categories were registered (see ``registeredNotificationCategories``).
    func registeredNotificationCategories(_ registered: Bool) { registeredNotificationCategories = registered }

    /// Keeps `categories` as what the scene-service type `type` defines now; returns whether
    /// that changed.
    func keepSceneNotificationCategories(_ categories: [NotificationCategory], of type: ObjectIdentifier) -> Bool {
        guard let index = sceneNotificationCategories.firstIndex(where: { $0.type == type }) else {
            sceneNotificationCategories.append((type, categories))
            return true
        }
        guard sceneNotificationCategories[index].categories != categories else { return false }
        sceneNotificationCategories[index].categories = categories
        return true
    }

    /// A request for notification authorization began (`request`), or ended (`nil`).
    func authorizationRequest(_ request: Task<NotificationAuthorization, Never>?) { authorizationRequest = request }

    /// The host gives the way to report incoming calls (`nil` for none).
    func install(incomingCallReporter: (any IncomingCallReporter)?) {
        self.incomingCallReporter = incomingCallReporter
    }
}
