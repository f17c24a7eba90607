import Synchronization

/// The signposts of one launch: an interval per attempt of each node (begun as the attempt
/// starts, ended as the state machine decides), one per startup command, and the
/// first-frame event.
///
/// It exists only when the launch has a signposter, and makes no message while the
/// signposter is off. An interval's identifier is kept from its beginning to its end, so an
/// interval is ended only if it was begun (the signposter may be switched on in between),
/// and at most once.
final class LaunchSignposts: Sendable {
    private struct Key: Hashable {
        let node: Int
        let token: UInt32
    }

    let signposter: any Signposter
    /// The intervals begun and not ended yet, by node and attempt token.
    private let open = Mutex<[Key: SignpostID]>([:])
    private let firstFrameMarked = Atomic<Bool>(false)

    init(_ signposter: any Signposter) {
        self.signposter = signposter
    }

    /// The interval's name for `node`: static, as signposters need it.
    static func name(of node: LaunchGraph.Node) -> StaticString {
        node.migration == nil ? "Initializer" : "Migration"
    }

    /// Whether the launch should decide signpost ends: the signposter records, or intervals
    /// it began before it was switched off are still open (and are ended, so that none is
    /// left open should it be switched on again).
    var isRecording: Bool {
        signposter.isEnabled || !open.withLock { $0.isEmpty }
    }

    /// The attempt `start` of `node` begins.
    func begin(_ start: LaunchStateMachine.Start, of node: LaunchGraph.Node) {
        guard signposter.isEnabled else { return }
        let id = signposter.makeSignpostID()
        open.withLock { $0[Key(node: start.node, token: start.token)] = id }
        var message = "\(node.name) (\(node.phase)), attempt \(start.attempt)"
        if start.foregroundRun > 0 { message += ", run \(start.foregroundRun) after the launch" }
        signposter.beginInterval(Self.name(of: node), id: id, message)
    }

    /// `outcome` as a signpost says it: without a failure's error, whose description may
    /// carry a person's data (a URL's query, a path) and which signposts write publicly; the
    /// report and the log have it.
    static func text(of outcome: LaunchReport.Outcome) -> String {
        outcome.kind == .failed ? "failed" : "\(outcome)"
    }

    /// Ends what `end` says, in `graph`.
    func end(_ end: LaunchStateMachine.SignpostEnd, in graph: LaunchGraph) {
        switch end {
        case .attempt(let index, let token, let outcome):
            guard let id = open.withLock({ $0.removeValue(forKey: Key(node: index, token: token)) }) else { return }
            let node = graph.nodes[index]
            signposter.endInterval(
                Self.name(of: node),
                id: id,
                "\(node.name) (\(node.phase)): \(Self.text(of: outcome))"
            )
        case .retried(let index, let token, let attempt, _):
            guard let id = open.withLock({ $0.removeValue(forKey: Key(node: index, token: token)) }) else { return }
            let node = graph.nodes[index]
            signposter.endInterval(
                Self.name(of: node),
                id: id,
                "\(node.name) (\(node.phase)): retried: attempt \(attempt) of \(node.policy.maxRetries + 1) failed"
            )
        case .withoutAttempt(let index, let outcome):
            guard signposter.isEnabled else { return }
            let node = graph.nodes[index]
            let id = signposter.makeSignpostID()
            signposter.beginInterval(Self.name(of: node), id: id, "\(node.name) (\(node.phase))")
            signposter.endInterval(
                Self.name(of: node),
                id: id,
                "\(node.name) (\(node.phase)): \(Self.text(of: outcome))"
            )
        }
    }

    /// The startup command `name` begins: returns the identifier to end its interval with,
    /// `nil` when the signposter is off.
    func beginCommand(_ name: String) -> SignpostID? {
        guard signposter.isEnabled else { return nil }
        let id = signposter.makeSignpostID()
        signposter.beginInterval("Startup command", id: id, "\(name) (\(LaunchPhase.beforeLaunchReturns))")
        return id
    }

    /// The startup command `name`, begun with `id`, returned (a command cannot fail).
    func endCommand(_ name: String, id: SignpostID) {
        signposter.endInterval(
            "Startup command",
            id: id,
            "\(name) (\(LaunchPhase.beforeLaunchReturns)): \(LaunchReport.Outcome.succeeded)"
        )
    }

    /// The host reported the first frame: an event, the first time only.
    func firstFrame() {
        guard firstFrameMarked.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged,
            signposter.isEnabled
        else { return }
        signposter.emitEvent("First frame", id: signposter.makeSignpostID(), "First frame")
    }
}
