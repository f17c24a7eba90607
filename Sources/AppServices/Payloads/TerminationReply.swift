/// A service's answer when a macOS application is asked whether it may quit
/// (`NSApplication.TerminateReply`).
///
/// When several services answer, ``cancel`` beats ``later(_:)``, which beats ``now``: one
/// objection keeps the application running, and the application waits for every service
/// that asked for time.
public enum TerminationReply: Sendable {
    /// Quit now.
    case now
    /// Do not quit.
    case cancel
    /// Quit after `work` has run; it returns whether quitting may go ahead. Work still
    /// running at the termination deadline (``ServiceComposite/Configuration-swift.struct/Deadlines-swift.struct/termination``),
    /// or that throws, is cancelled and the application quits: only a `false` keeps it. So
    /// `work` must not wait for the person (a "Save changes?" sheet): answer ``cancel``,
    /// ask, and quit again (`NSApplication.shared.terminate(nil)`) once they have chosen.
    case later(@Sendable @MainActor () async -> Bool)
}
