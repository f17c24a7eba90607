/// The app delegate that does its start-up work itself: it makes its services, calls
/// their launch method in order, then runs its start-up closures in a fixed order, all on
/// the main thread, before `didFinishLaunching` returns.
@MainActor
public final class HandWrittenLaunchDelegate {
    private let services: [any LaunchedService]
    private let work: @Sendable () -> Void
    private let application = PeerApplication()

    /// Creates the delegate and its `serviceCount` services, of distinct classes; `work` is
    /// each start-up closure's work.
    public init(serviceCount: Int, work: @escaping @Sendable () -> Void) {
        self.services = (0..<serviceCount).map { LaunchedServiceFactory().make(index: $0) }
        self.work = work
    }

    /// Calls every service's launch method, then runs the start-up closures.
    public func applicationDidFinishLaunching() -> Bool {
        var answer = true
        for service in services where !service.applicationDidFinishLaunching(application) { answer = false }
        for _ in 0..<ColdLaunchWorkload.initializerCount { work() }
        return answer
    }

    /// How many launch calls the services received.
    public var callbackCount: Int { services.reduce(0) { $0 &+ $1.callbackCount } }
}

/// What the hand-written delegate declares for its services.
@MainActor
protocol LaunchedService: AnyObject {
    var callbackCount: Int { get }
    func applicationDidFinishLaunching(_ application: PeerApplication) -> Bool
}

/// One of the hand-written delegate's services; the digits make each a distinct class.
@MainActor
final class DistinctLaunchedService<A: Digit, B: Digit, C: Digit>: LaunchedService {
    private(set) var callbackCount = 0

    nonisolated init() {}

    @inline(never)
    func applicationDidFinishLaunching(_ application: PeerApplication) -> Bool {
        callbackCount &+= 1
        return true
    }
}

/// Makes the hand-written delegate's services, each of its own class.
struct LaunchedServiceFactory: DistinctTypeFactory {
    func make<A: Digit, B: Digit, C: Digit>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> any LaunchedService {
        DistinctLaunchedService<A, B, C>()
    }
}
