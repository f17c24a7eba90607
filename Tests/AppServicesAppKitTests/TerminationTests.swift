#if !canImport(AppKit)
import AppServices
import AppServicesAppKit
import AppServicesAppKitShim
import AppServicesTesting
import Logging
import Testing

/// AppKit's termination: cancel beats later beats now, and a "later" is answered with
/// `reply(toApplicationShouldTerminate:)` exactly once.
@MainActor
struct TerminationTests {
    struct Merge: Sendable, CustomTestStringConvertible {
        let answers: [Terminator.Answer]
        let reply: NSApplication.TerminateReply
        let laterReply: [Bool]
        var testDescription: String { "\(answers)" }
    }

    nonisolated static let merges: [Merge] = [
        Merge(answers: [], reply: .terminateNow, laterReply: []),
        Merge(answers: [.now, .now], reply: .terminateNow, laterReply: []),
        Merge(answers: [.now, .cancel], reply: .terminateCancel, laterReply: []),
        // Work that finishes on the spot is answered directly, without a reply; where work
        // cannot start on the spot (Apple systems before 26), "later" and one reply.
        ServiceComposite.startsWorkAtOnce
            ? Merge(answers: [.laterAgreeing(true), .now], reply: .terminateNow, laterReply: [])
            : Merge(answers: [.laterAgreeing(true), .now], reply: .terminateLater, laterReply: [true]),
        ServiceComposite.startsWorkAtOnce
            ? Merge(answers: [.laterAgreeing(true), .laterAgreeing(false)], reply: .terminateCancel, laterReply: [])
            : Merge(
                answers: [.laterAgreeing(true), .laterAgreeing(false)],
                reply: .terminateLater,
                laterReply: [false]
            ),
        // Work that suspends is answered "later", and replied to once, after the answer.
        Merge(answers: [.laterAgreeingAfterSuspending(true), .now], reply: .terminateLater, laterReply: [true]),
        Merge(
            answers: [.laterAgreeingAfterSuspending(true), .laterAgreeing(false)],
            reply: .terminateLater,
            laterReply: [false]
        ),
        Merge(answers: [.laterAgreeing(true), .cancel], reply: .terminateCancel, laterReply: []),
        Merge(answers: [.cancel, .laterAgreeing(true), .now], reply: .terminateCancel, laterReply: []),
    ]

    /// Each answer from its own service type, since a composite holds one service per type.
    func services(_ answers: [Terminator.Answer]) -> [any AppService] {
        final class Second: Terminator {}
        final class Third: Terminator {}
        let makers: [(Terminator.Answer) -> Terminator] = [Terminator.init, Second.init, Third.init]
        return zip(answers, makers).map { answer, make in make(answer) }
    }

    @Test("Cancel beats later beats now, and a later is replied to once", arguments: merges)
    func mergesReplies(_ merge: Merge) async {
        let delegate = TestApplicationDelegate(services(merge.answers))
        let appKit = SimulatedAppKit(delegate: delegate)
        #expect(appKit.quit() == merge.reply)
        #expect(appKit.application.terminationReplies.isEmpty, "AppKit hears the reply only after the answer")
        await delegate.composite.waitForPendingWork()
        #expect(appKit.application.terminationReplies == merge.laterReply)
    }

    /// Begins background work as the application resigns active (an upload), which runs
    /// until the test lets it finish.
    final class Uploader: AppService, ApplicationStateHandling {
        var finish: CheckedContinuation<Void, Never>?
        private(set) var finished = false
        func applicationWillResignActive(_ context: AppContext) {
            context.beginBackgroundWork(named: "upload") { [self] in
                await withCheckedContinuation { finish = $0 }
                finished = true
            }
        }
    }

    /// Launches, resigns active (where `uploader` begins its upload), and returns once the
    /// upload waits to be let finish.
    static func startUpload(_ uploader: Uploader, in appKit: SimulatedAppKit) async {
        appKit.launch()
        appKit.send("applicationWillResignActive:") { delegate, _ in
            delegate.applicationWillResignActive(appKit.notification("WillResignActive"))
        }
        // The work runs on another task: yield until it waits (a bound only a failing test reaches).
        for _ in 0..<100_000 where uploader.finish == nil { await Task.yield() }
    }

    @Test(
        "Background work is waited for before AppKit may quit, also without a desktop service",
        .timeLimit(.minutes(1))
    )
    func waitsForBackgroundWork() async {
        let uploader = Uploader()
        let delegate = TestApplicationDelegate([uploader])
        let appKit = SimulatedAppKit(delegate: delegate)
        await Self.startUpload(uploader, in: appKit)

        #expect(appKit.quit() == .terminateLater)
        #expect(appKit.application.terminationReplies.isEmpty)
        uploader.finish?.resume()
        for _ in 0..<100_000 where appKit.application.terminationReplies.isEmpty { await Task.yield() }
        #expect(uploader.finished)
        #expect(appKit.application.terminationReplies == [true])
    }

    /// Asks for time to quit, and agrees once the test says so.
    final class SlowToAgree: AppService, DesktopApplicationHandling {
        var agree: CheckedContinuation<Void, Never>?
        func applicationShouldTerminate(_ context: AppContext) -> TerminationReply {
            .later { [self] in
                await withCheckedContinuation { agree = $0 }
                return true
            }
        }
    }

    @Test(
        "Background work is cut off at the termination deadline counted from AppKit's request",
        .timeLimit(.minutes(1))
    )
    func oneDeadlineForServicesAndWork() async {
        let clock = TestClock()
        let uploader = Uploader()
        let slow = SlowToAgree()
        let delegate = TestApplicationDelegate(
            [uploader, slow],
            configuration: .init(logger: LogCapture().logger(), clock: clock)
        )
        let appKit = SimulatedAppKit(delegate: delegate)
        await Self.startUpload(uploader, in: appKit)
        #expect(appKit.quit() == .terminateLater)
        for _ in 0..<100_000 where slow.agree == nil { await Task.yield() }
        // The service agrees 20 s into the termination's 25: the upload has 5 s left.
        clock.advance(by: .seconds(20))
        slow.agree?.resume()
        // Until the reply's wait for the upload sleeps: at 25 s, not 25 s after the answer
        // (45 s), which a bound only this test's success exhausts.
        let late = TestClock.Instant(offset: .seconds(45))
        for _ in 0..<10_000 where !clock.sleeperDeadlines.contains(late) { await Task.yield() }
        #expect(clock.sleeperDeadlines == [TestClock.Instant(offset: .seconds(25))])
        clock.advance(by: .seconds(5))
        for _ in 0..<100_000 where appKit.application.terminationReplies.isEmpty { await Task.yield() }
        #expect(appKit.application.terminationReplies == [true])
        #expect(!uploader.finished, "cut off at the deadline")
        uploader.finish?.resume()
    }

    @Test("With no background work running, AppKit quits at once")
    func quitsAtOnceWithoutWork() {
        let appKit = SimulatedAppKit(delegate: TestApplicationDelegate([Recorder()]))
        appKit.launch()
        #expect(appKit.quit() == .terminateNow)
        #expect(appKit.application.terminationReplies.isEmpty)
    }

    @Test("When one objects, the work of a service that asked for time is not started")
    func cancelSkipsLaterWork() async {
        let later = Terminator(.laterAgreeing(true))
        final class Objector: Terminator {}
        let delegate = TestApplicationDelegate([later, Objector(.cancel)])
        #expect(SimulatedAppKit(delegate: delegate).quit() == .terminateCancel)
        await delegate.composite.waitForPendingWork()
        #expect(!later.workStarted)
    }

    @Test("Work that never finishes is cut off at the deadline, named, and the application quits, replied once")
    func repliesAtDeadline() async {
        let clock = TestClock()
        final class Quick: Terminator {}
        let logs = LogCapture()
        let delegate = TestApplicationDelegate(
            [Terminator(.laterNeverFinishing), Quick(.laterAgreeing(true))],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let appKit = SimulatedAppKit(delegate: delegate)
        #expect(appKit.quit() == .terminateLater)
        await clock.waitForSleepers(1)
        #expect(clock.sleeperDeadlines == [TestClock.Instant(offset: .seconds(25))], "the default deadline is 25 s")
        clock.advance(by: .seconds(24))
        #expect(appKit.application.terminationReplies.isEmpty)
        clock.advance(by: .seconds(1))
        await delegate.composite.waitForPendingWork()
        // Cut off and named: the application quits, as the person asked.
        #expect(appKit.application.terminationReplies == [true])
        #expect(logs.messages(at: .warning).contains { $0.contains("Terminator") && $0.contains("deadline") })
    }
}

#endif
