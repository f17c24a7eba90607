/// The signpost interval of one callback with a completion handler: begun when the
/// callback is dispatched to its services, ended exactly once, as its completion handler is
/// called, naming the services that had not answered at the deadline.
///
/// Made only when the composite has a signposter that is on: without one, a dispatch pays
/// one check and makes nothing. A class, so that the `nil` a dispatch without signposts
/// carries costs a null check to drop (as an optional struct holding an existential, it
/// went through `Optional`'s generic value witnesses on every fan-out).
final class CallbackSignpost: Sendable {
    let signposter: any Signposter
    let id: SignpostID
    let callback: String

    /// The interval's name, as Instruments lists it.
    static let name: StaticString = "Callback"

    private init(signposter: any Signposter, id: SignpostID, callback: String) {
        self.signposter = signposter
        self.id = id
        self.callback = callback
    }

    /// Begins the interval of `callback` dispatched to `count` services; `nil` (and nothing
    /// made) when `signposter` is `nil` or off.
    @inline(__always)
    static func begin(_ callback: String, services count: Int, _ signposter: (any Signposter)?) -> CallbackSignpost? {
        guard let signposter, signposter.isEnabled else { return nil }
        return begin(callback, services: count, on: signposter)
    }

    @inline(never)
    private static func begin(
        _ callback: String,
        services count: Int,
        on signposter: any Signposter
    )
        -> CallbackSignpost
    {
        let id = signposter.makeSignpostID()
        signposter.beginInterval(name, id: id, "\(callback) to \(count) \(count == 1 ? "service" : "services")")
        return CallbackSignpost(signposter: signposter, id: id, callback: callback)
    }

    /// Every service answered (or failed) before the deadline.
    func allAnswered(_ count: Int) {
        signposter.endInterval(
            Self.name,
            id: id,
            "\(callback): \(count == 1 ? "its service" : "all \(count) services") answered"
        )
    }

    /// The deadline came first (`why` says how) while `unanswered` were still working.
    func expired(_ why: String, unanswered: [String]) {
        signposter.endInterval(
            Self.name,
            id: id,
            "\(callback) \(why); not answered: \(unanswered.joined(separator: ", "))"
        )
    }
}
