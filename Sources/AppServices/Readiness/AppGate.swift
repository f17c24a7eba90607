/// A milestone that closes and opens again: an app lock, a privacy screen, data that is
/// protected while the device is locked.
///
/// A gate is a type, declared once, that names the one service that opens and closes it.
/// While it is closed, work handed over with ``AppContext/whenOpen(_:named:perform:)`` is
/// held, and runs, in the order it was handed over, when the gate opens; while it is open,
/// such work runs at once. Each time the gate closes, new work is held again. A gate can
/// close by itself when the application returns to the foreground after a time in the
/// background (``closesAfterBackground``), before any service hears of the return, so a
/// link that arrives with it is held until the owner opens the gate again.
///
/// ```swift
/// enum AppLock: AppGate {
///     static var openedBy: any AppService.Type { LockService.self }
///     static var isInitiallyOpen: Bool { false }  // locked at launch: the time away is unknown
///     static var closesAfterBackground: Duration? { .seconds(60) }
/// }
///
/// // Anywhere: act on a link once the app is unlocked.
/// context.whenOpen(AppLock.self, named: "open \(url.path)") { context in
///     context.service(Router.self)?.route(url)
/// }
///
/// // In LockService, once the user has authenticated:
/// try context.open(AppLock.self)
/// ```
///
/// A gate is known to the composite from the first time anything names it; its owner
/// names it at launch (opening or closing it), so that it closes after a time in the
/// background from then on.
public protocol AppGate: SendableMetatype {
    /// The service that opens and closes the gate.
    static var openedBy: any AppService.Type { get }
    /// Whether the gate is open before its owner first opens or closes it. Default: `true`.
    /// A lock that protects content starts closed: a launch is no return from the
    /// background, so ``closesAfterBackground`` does not close it, whatever the time away.
    static var isInitiallyOpen: Bool { get }
    /// After how long in the background the gate closes by itself, as the application
    /// returns to the foreground (or a scene connects while it is in the background); `nil`
    /// (the default) for never. Read each time, so it may answer a time the person sets:
    ///
    /// ```swift
    /// static var closesAfterBackground: Duration? {
    ///     .seconds(UserDefaults.standard.double(forKey: "lockAfterSeconds"))
    /// }
    /// ```
    static var closesAfterBackground: Duration? { get }
}

extension AppGate {
    /// Open.
    public static var isInitiallyOpen: Bool { true }
    /// Never.
    public static var closesAfterBackground: Duration? { nil }

    /// The gate's name, from its type's name with the types it is declared in.
    static var name: String { qualifiedTypeName(Self.self) }

    /// The readiness point that stands for the gate: reached while it is open.
    static var point: ReadinessPoint { .milestone("gate \(name)") }
}

/// How long the application has been in the background, and whether it has been there.
public struct BackgroundTimes: Sendable, Hashable {
    /// How long ago, on the composite's clock, the application entered the background (or
    /// was launched into it), while it is there; `nil` in the foreground.
    public var inBackgroundFor: Duration?
    /// How long the application stayed in the background the last time it was there; `nil`
    /// before its first return.
    public var lastTimeInBackground: Duration?
    /// Whether the application is still in the foreground it launched into: `true` until it
    /// first returns from the background (in `applicationWillEnterForeground`, already
    /// `false`). A launch into the background launches into the first foreground it enters.
    public var isFirstForeground: Bool

    /// How long the application was away for the stay in the background that closes a gate
    /// now: the time so far while it is still there (a scene connecting in the background),
    /// else the stay it last returned from; `nil` before both. ``lastTimeInBackground`` alone
    /// still holds the stay before while a scene connects in the background.
    public var timeAway: Duration? { inBackgroundFor ?? lastTimeInBackground }

    /// Creates background times.
    public init(inBackgroundFor: Duration?, lastTimeInBackground: Duration?, isFirstForeground: Bool) {
        self.inBackgroundFor = inBackgroundFor
        self.lastTimeInBackground = lastTimeInBackground
        self.isFirstForeground = isFirstForeground
    }
}

/// A service that hears gates close and open.
@MainActor
public protocol GateHandling: AppService {
    /// The gate named `gate` closed (its owner closed it, or it closed after a time in the
    /// background).
    func gateDidClose(_ context: AppContext, gate: String)
    /// The gate named `gate` opened; the work held for it runs once every service has heard
    /// this, unless one of them closed it again (they then hear it close, after the open).
    func gateDidOpen(_ context: AppContext, gate: String)
}

extension GateHandling {
    /// Does nothing.
    public func gateDidClose(_ context: AppContext, gate: String) {}
    /// Does nothing.
    public func gateDidOpen(_ context: AppContext, gate: String) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``GateHandling``.
    static let gates = HandlerKind<any GateHandling>(
        { $0 as? any GateHandling },
        types: { $0 is any GateHandling.Type }
    )
}

extension AppCallback {
    /// A gate closed (``AppContext/close(_:)``, or after a time in the background; no
    /// delegate method).
    public static let gateDidClose = AppCallback("gateDidClose", heardBy: HandlerKinds.gates, direction: .down)
    /// A gate opened (``AppContext/open(_:)``; no delegate method).
    public static let gateDidOpen = AppCallback("gateDidOpen", heardBy: HandlerKinds.gates)

    /// The callbacks ``GateHandling`` services hear.
    static let gateCallbacks: [AppCallback] = [.gateDidClose, .gateDidOpen]
}
