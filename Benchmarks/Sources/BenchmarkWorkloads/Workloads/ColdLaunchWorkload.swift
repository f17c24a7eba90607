public import AppServices
import Synchronization

/// Target 10: what the library adds to a cold launch. One launch is everything an
/// application does on the main thread from making its services to its first frame:
///
/// - ours: 30 services of distinct types and a plan of 40 initializers with dependencies
///   (10 before launch returns), a composite made of them, validated and sealed by
///   `willFinishLaunching`, `didFinishLaunching` returning, the first frame reported;
/// - the peer: a hand-written delegate that makes the same 30 services, calls their launch
///   method, and runs the same 40 initializers' closures in a fixed order, all on the main
///   thread, as an app delegate that does its start-up work itself does.
///
/// Every initializer's work is the same closure on both sides: a fixed amount of
/// computation (`workSteps` dependent rounds of a SplitMix64 generator; 0 for none), counted. Ours
/// runs the 30 critical-phase initializers off the main thread, as the library does; the
/// main thread pays for starting them.
@MainActor
public final class ColdLaunchWorkload {
    /// How many services the application has.
    public static let serviceCount = 30
    /// How many initializers its launch plan has.
    public static let initializerCount = 40
    /// How many of the initializers run before launch returns.
    public static let beforeLaunchReturnsCount = 10

    /// Calls of the initializers' work, on both sides, from any thread.
    private let workCount = WorkCounter()
    /// How much each initializer computes.
    public let workSteps: Int
    private var launchedServices: [any CallbackCounting] = []
    private var peerDelegates: [HandWrittenLaunchDelegate] = []

    /// A workload whose initializers each compute `workSteps` generator rounds.
    public init(workSteps: Int) {
        self.workSteps = workSteps
    }

    /// Each initializer's dependencies, by index: the two before it in a layered graph,
    /// where a critical-phase initializer may also depend on one that runs before launch
    /// returns (an earlier phase), never the other way round.
    static func dependencies(of index: Int) -> [Int] {
        let candidates = [index - 1, index - 3]
        return candidates.filter { candidate in
            guard candidate >= 0 else { return false }
            // Before-launch-returns initializers depend only on each other.
            return index >= beforeLaunchReturnsCount || candidate < beforeLaunchReturnsCount
        }
    }

    /// The initializer's work: `workSteps` generator rounds, and counting the call.
    private var work: @Sendable () -> Void {
        { [workCount, workSteps] in
            // Each round reseeds the generator with its last output: a chain of dependent
            // multiplications, which no compiler can vectorize or skip.
            var mixed = UInt64(workSteps)
            for _ in 0..<workSteps {
                var generator = SplitMix64(seed: mixed)
                mixed = generator.next()
            }
            // Stored where the optimizer cannot drop it.
            workCount.lastResult.store(mixed, ordering: .relaxed)
            workCount.calls.add(1, ordering: .relaxed)
        }
    }

    /// One cold launch through the library, up to the first frame; returns the composite,
    /// whose critical phase may still be running (``finish(_:)`` waits for it).
    public func launchThroughComposite() -> ServiceComposite {
        let services = (0..<Self.serviceCount).map { LaunchCounterFactory().make(index: $0) }
        let work = self.work
        let initializers: [any Initializer] = (0..<Self.initializerCount).map { index in
            let name = "initializer-\(index)"
            let dependencyNames = Self.dependencies(of: index).map { "initializer-\($0)" }
            if index < Self.beforeLaunchReturnsCount {
                return ClosureInitializer.beforeLaunchReturns(name, dependencyNames: dependencyNames) { _ in work() }
            }
            return ClosureInitializer(name, dependencyNames: dependencyNames) { _ in work() }
        }
        let plan: LaunchPlan
        do {
            plan = try LaunchPlan(initializers: initializers)
        } catch {
            preconditionFailure("The cold-launch plan is invalid: \(error)")
        }
        let composite = ServiceComposite(services, configuration: .benchmark, launchPlan: plan)
        _ = composite.willFinishLaunching()
        _ = composite.didFinishLaunching()
        composite.reportFirstFrame()
        launchedServices = services
        return composite
    }

    /// Waits, untimed, until the launch has run every initializer, so that one launch's
    /// work off the main thread does not run into the next measurement.
    public func finish(_ composite: ServiceComposite) async {
        guard let launch = composite.launch else { preconditionFailure("The composite has no launch.") }
        await launch.waitUntilIdle()
    }

    /// One cold launch written by hand, up to the first frame.
    public func launchByHand() {
        let delegate = HandWrittenLaunchDelegate(serviceCount: Self.serviceCount, work: work)
        _ = delegate.applicationDidFinishLaunching()
        peerDelegates = [delegate]
    }

    /// The initializers' work counted on both sides, and the services' launch calls.
    public var counts: (work: Int, ours: Int, peer: Int) {
        (
            workCount.calls.load(ordering: .relaxed),
            launchedServices.reduce(0) { $0 &+ $1.callbackCount },
            peerDelegates.reduce(0) { $0 &+ $1.callbackCount }
        )
    }
}

/// A service that counts its launch call.
@MainActor
final class LaunchCounter<A: Digit, B: Digit, C: Digit>: CallbackCounting, LaunchHandling {
    private(set) var callbackCount = 0

    nonisolated init() {}

    @inline(never)
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        callbackCount &+= 1
        return true
    }
}

/// Makes launch counters, each of its own type.
struct LaunchCounterFactory: DistinctTypeFactory {
    func make<A: Digit, B: Digit, C: Digit>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> any CallbackCounting {
        LaunchCounter<A, B, C>()
    }
}

/// Counts the initializers' work calls from any thread.
final class WorkCounter: Sendable {
    let calls = Atomic<Int>(0)
    /// The last work's result, kept so that its computation is not optimized away.
    let lastResult = Atomic<UInt64>(0)
}
