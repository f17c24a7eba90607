import Testing

@testable import AppServices

struct LaunchStateMachineSignpostTests {
    static let nodes: [Machine.Node] = [
        .init("Remote", policy: .retry(times: 1, backoff: .exponential(initial: .ms(100)))),
        .init("Broken", policy: .optional),
        .init("NeedsBroken", after: ["Broken"]),
    ]

    @Test("Each attempt's end is decided once: retried, then its run's outcome; a node that never ran ends without one")
    func decidesEnds() throws {
        var machine = try Machine.make(Self.nodes, signposting: true)
        machine.launchToCritical()
        let (remote, broken, needsBroken) = (0, 1, 2)

        let firstRemote = machine.token("Remote")
        let retried = machine.finish("Remote", .failed("offline"), at: .ms(10)).effects
        #expect(retried.signposts == [.retried(node: remote, token: firstRemote, attempt: 1, error: "offline")])
        #expect(machine.fireTimer(at: .ms(110)).effects.signposts.isEmpty, "starting an attempt ends nothing")
        let secondRemote = machine.token("Remote")
        let succeeded = machine.finish("Remote", at: .ms(120)).effects
        #expect(succeeded.signposts == [.attempt(node: remote, token: secondRemote, .succeeded)])

        let brokenToken = machine.token("Broken")
        let failed = machine.finish("Broken", .failed("disk full"), at: .ms(130)).effects
        #expect(
            failed.signposts == [
                .attempt(node: broken, token: brokenToken, .failed("disk full")),
                .withoutAttempt(node: needsBroken, .skipped("dependency Broken failed")),
            ]
        )
    }

    @Test("Without signposts, no input decides any")
    func decidesNothingWhenOff() throws {
        var machine = try Machine.make(Self.nodes)
        machine.launchToCritical()
        #expect(machine.finish("Remote", .failed("offline"), at: .ms(10)).effects.signposts.isEmpty)
        #expect(machine.fireTimer(at: .ms(110)).effects.signposts.isEmpty)
        #expect(machine.finish("Remote", at: .ms(120)).effects.signposts.isEmpty)
        #expect(machine.finish("Broken", .failed("disk full"), at: .ms(130)).effects.signposts.isEmpty)
    }
}
