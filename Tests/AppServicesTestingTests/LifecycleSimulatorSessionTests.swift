import AppServices
import AppServicesTesting
import Testing

/// The lock of these tests: it closes after a minute in the background.
enum SimulatedLock: AppGate {
    static var openedBy: any AppService.Type { SessionRecorder.self }
    static var closesAfterBackground: Duration? { .seconds(60) }
}

/// Records sessions and gates.
final class SessionRecorder: RecordingService {}

@MainActor
struct LifecycleSimulatorSessionTests {
    @Test(
        "Sign-in, a stay in the background long enough to lock, an unlock, an account switch: the recorder hears each"
    )
    func sessionsAndGates() throws {
        let journal = CallJournal()
        let clock = TestClock()
        let composite = ServiceComposite(
            [journal, SessionRecorder(journal: journal)],
            configuration: .init(clock: clock)
        )
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        try simulator.beginSession(SessionInfo(identifier: "alice"))
        try simulator.open(SimulatedLock.self)
        try simulator.stayInBackground(for: .seconds(30), advancing: clock)
        #expect(composite.isOpen(SimulatedLock.self))
        try simulator.stayInBackground(for: .seconds(90), advancing: clock)
        #expect(!composite.isOpen(SimulatedLock.self))
        try simulator.open(SimulatedLock.self)
        try simulator.switchSession(to: SessionInfo(identifier: "bob"))
        let events = journal.calls.filter {
            [.sessionDidBegin, .sessionWillEnd, .gateDidClose, .gateDidOpen, .willEnterForeground].contains($0.callback)
        }
        #expect(
            events.map { "\($0.callback)" + ($0.detail.map { "(\($0))" } ?? "") } == [
                "sessionDidBegin(alice)", "willEnterForeground", "gateDidClose(SimulatedLock)", "willEnterForeground",
                "gateDidOpen(SimulatedLock)", "sessionWillEnd(alice)", "sessionDidBegin(bob)",
            ]
        )
        #expect(
            simulator.history.filter { $0.contains("Session(") || $0.contains("Gate(") } == [
                "beginSession(alice)", "openGate(SimulatedLock)", "openGate(SimulatedLock)", "switchSession(bob)",
            ]
        )
    }

    @Test("A sign-in with an identifier that lives is refused with the composite's error")
    func refusedSession() throws {
        let composite = ServiceComposite([])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        try simulator.beginSession(SessionInfo(identifier: "alice"))
        #expect(throws: ServiceCompositeError.self) { try simulator.beginSession(SessionInfo(identifier: "alice")) }
        #expect(throws: ServiceCompositeError.self) { try simulator.endSession("carol") }
    }

    @Test("Session steps are refused before launch")
    func beforeLaunch() {
        let simulator = LifecycleSimulator(driving: ServiceComposite([]))
        #expect(throws: LifecycleSimulatorError.self) { try simulator.beginSession(SessionInfo(identifier: "alice")) }
    }
}
