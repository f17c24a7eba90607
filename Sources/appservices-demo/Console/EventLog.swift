import AppServices

/// Prints what the app's services, initializers and commands do, one line each, as it
/// happens: who, what reached them, and what they did about it.
///
/// ```text
///     AnalyticsService          didEnterBackground                 uploading 3 events in the background
/// ```
///
/// Lines go to standard output (``Console``), each in one write, so lines printed at once
/// by initializers running in parallel never mix.
struct EventLog: Sendable {
    /// Prints one line: `who` (a service, initializer or command), `what` reached it (a
    /// callback, an event, a launch run), and `detail`.
    func record(_ who: String, _ what: String, _ detail: String = "") {
        Console.writeLine("    " + who.padding(to: 26) + what.padding(to: 35) + detail)
    }

    /// Prints one line for the callback `service` is handling.
    @MainActor
    func record(_ service: some AppService, _ context: AppContext, _ detail: String = "") {
        record(String(describing: type(of: service)), context.callback.map { "\($0)" } ?? "callback", detail)
    }

    /// Prints one line for the event `service` received.
    @MainActor
    func record<Event: AppEvent>(_ service: some AppService, received event: Event, _ detail: String = "") {
        record(String(describing: type(of: service)), String(describing: Event.self), detail)
    }

    /// Prints one line for an initializer's or command's run.
    func record(_ context: InitializerContext, _ detail: String) {
        let run = context.foregroundRun == 0 ? "launch (\(context.phase))" : "foreground run \(context.foregroundRun)"
        record(context.name, run, detail)
    }

    /// Prints a heading for a step of the session.
    func heading(_ text: String) {
        Console.writeLine("\n  \(text)")
    }
}

extension String {
    /// The string followed by spaces up to `width` characters, and always at least one.
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(width - count, 1))
    }
}
