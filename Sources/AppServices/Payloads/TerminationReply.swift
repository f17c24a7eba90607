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
    /// Quit after `work` has run; it returns whether quitting may go ahead.
    case later(@Sendable @MainActor () async -> Bool)
}
