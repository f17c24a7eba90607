#if !canImport(AppKit)
public import Foundation

/// An object that responds to and handles events (`NSResponder`). Only what
/// ``NSApplication`` needs is transcribed.
@MainActor
open class NSResponder: NSObject, NSUserActivityRestoring {
    /// Creates a responder.
    public override init() {
        super.init()
    }

    /// Restores the state needed to continue `userActivity`; the default does nothing.
    open func restoreUserActivityState(_ userActivity: NSUserActivity) {}
}

/// The object that manages the application's main event loop and resources
/// (`NSApplication`). Only the members the adapter uses are transcribed.
@MainActor
open class NSApplication: NSResponder {
    /// The application's delegate.
    open weak var delegate: (any NSApplicationDelegate)?

    /// Answers a ``TerminateReply/terminateLater`` once the application knows whether it
    /// may quit. The shim does nothing; a simulated AppKit overrides it.
    open func reply(toApplicationShouldTerminate shouldTerminate: Bool) {}
}

extension NSApplication {
    /// Whether the application may quit, as its delegate answers
    /// `applicationShouldTerminate(_:)` (`NSApplication.TerminateReply`).
    public enum TerminateReply: UInt, Sendable {
        /// Do not quit.
        case terminateCancel = 0
        /// Quit now.
        case terminateNow = 1
        /// Decide later, by calling ``NSApplication/reply(toApplicationShouldTerminate:)``.
        case terminateLater = 2
    }
}

/// An object that restores its state from a user activity (AppKit's
/// `NSUserActivityRestoring`).
public protocol NSUserActivityRestoring: NSObjectProtocol {
    /// Restores the state needed to continue `userActivity`.
    @MainActor func restoreUserActivityState(_ userActivity: NSUserActivity)
}

#endif
