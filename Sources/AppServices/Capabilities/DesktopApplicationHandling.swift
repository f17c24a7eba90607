/// A service that handles the macOS-only parts of the application life cycle
/// (`NSApplicationDelegate`).
///
/// Launch, becoming active, resigning active and termination reach
/// ``LaunchHandling`` and ``ApplicationStateHandling`` on macOS too; URLs reach
/// ``URLOpenHandling`` one at a time.
@MainActor
public protocol DesktopApplicationHandling: AppService {
    /// The application is about to become active (`applicationWillBecomeActive(_:)`).
    func applicationWillBecomeActive(_ context: AppContext)
    /// The application resigned active (`applicationDidResignActive(_:)`).
    func applicationDidResignActive(_ context: AppContext)
    /// The application is about to hide (`applicationWillHide(_:)`).
    func applicationWillHide(_ context: AppContext)
    /// The application was hidden (`applicationDidHide(_:)`).
    func applicationDidHide(_ context: AppContext)
    /// The application is about to unhide (`applicationWillUnhide(_:)`).
    func applicationWillUnhide(_ context: AppContext)
    /// The application was unhidden (`applicationDidUnhide(_:)`).
    func applicationDidUnhide(_ context: AppContext)
    /// Whether the application may quit now (`applicationShouldTerminate(_:)`).
    ///
    /// Merge: ``TerminationReply/cancel`` beats ``TerminationReply/later(_:)``, which beats
    /// ``TerminationReply/now``. Default ``TerminationReply/now``.
    func applicationShouldTerminate(_ context: AppContext) -> TerminationReply
    /// Whether to quit when the last window closes
    /// (`applicationShouldTerminateAfterLastWindowClosed(_:)`). Merge: `true` if any.
    /// Default `false`.
    func applicationShouldTerminateAfterLastWindowClosed(_ context: AppContext) -> Bool
    /// Whether AppKit should do its default reopen behaviour
    /// (`applicationShouldHandleReopen(_:hasVisibleWindows:)`). Return `false` after
    /// handling the reopen yourself. Merge: `false` if any. Default `true`.
    func applicationShouldHandleReopen(_ context: AppContext, hasVisibleWindows: Bool) -> Bool
    /// Whether the application's restorable state uses secure coding
    /// (`applicationSupportsSecureRestorableState(_:)`). Merge: `false` if any. Default `true`.
    func applicationSupportsSecureRestorableState(_ context: AppContext) -> Bool
}

extension DesktopApplicationHandling {
    /// Does nothing.
    public func applicationWillBecomeActive(_ context: AppContext) {}
    /// Does nothing.
    public func applicationDidResignActive(_ context: AppContext) {}
    /// Does nothing.
    public func applicationWillHide(_ context: AppContext) {}
    /// Does nothing.
    public func applicationDidHide(_ context: AppContext) {}
    /// Does nothing.
    public func applicationWillUnhide(_ context: AppContext) {}
    /// Does nothing.
    public func applicationDidUnhide(_ context: AppContext) {}
    /// Lets the application quit.
    public func applicationShouldTerminate(_ context: AppContext) -> TerminationReply { .now }
    /// Does not ask to quit.
    public func applicationShouldTerminateAfterLastWindowClosed(_ context: AppContext) -> Bool { false }
    /// Leaves reopening to AppKit.
    public func applicationShouldHandleReopen(_ context: AppContext, hasVisibleWindows: Bool) -> Bool { true }
    /// Supports secure restorable state.
    public func applicationSupportsSecureRestorableState(_ context: AppContext) -> Bool { true }
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``DesktopApplicationHandling``.
    static let desktop = HandlerKind<any DesktopApplicationHandling>(
        { $0 as? any DesktopApplicationHandling },
        types: { $0 is any DesktopApplicationHandling.Type }
    )
}

extension AppCallback {
    /// `applicationWillBecomeActive:`
    public static let willBecomeActive = AppCallback(
        "willBecomeActive",
        heardBy: HandlerKinds.desktop,
        selectors: PlatformSelectors(appKit: "applicationWillBecomeActive:")
    )
    /// `applicationDidResignActive:`
    public static let didResignActive = AppCallback(
        "didResignActive",
        heardBy: HandlerKinds.desktop,
        direction: .down,
        selectors: PlatformSelectors(appKit: "applicationDidResignActive:")
    )
    /// `applicationWillHide:`
    public static let willHide = AppCallback(
        "willHide",
        heardBy: HandlerKinds.desktop,
        direction: .down,
        selectors: PlatformSelectors(appKit: "applicationWillHide:")
    )
    /// `applicationDidHide:`
    public static let didHide = AppCallback(
        "didHide",
        heardBy: HandlerKinds.desktop,
        direction: .down,
        selectors: PlatformSelectors(appKit: "applicationDidHide:")
    )
    /// `applicationWillUnhide:`
    public static let willUnhide = AppCallback(
        "willUnhide",
        heardBy: HandlerKinds.desktop,
        selectors: PlatformSelectors(appKit: "applicationWillUnhide:")
    )
    /// `applicationDidUnhide:`
    public static let didUnhide = AppCallback(
        "didUnhide",
        heardBy: HandlerKinds.desktop,
        selectors: PlatformSelectors(appKit: "applicationDidUnhide:")
    )
    /// `applicationShouldTerminate:`
    public static let shouldTerminate = AppCallback(
        "shouldTerminate",
        heardBy: HandlerKinds.desktop,
        selectors: PlatformSelectors(appKit: "applicationShouldTerminate:"),
        deadline: { $0.termination }
    )
    /// `applicationShouldTerminateAfterLastWindowClosed:`
    public static let shouldTerminateAfterLastWindowClosed = AppCallback(
        "shouldTerminateAfterLastWindowClosed",
        heardBy: HandlerKinds.desktop,
        selectors: PlatformSelectors(appKit: "applicationShouldTerminateAfterLastWindowClosed:")
    )
    /// `applicationShouldHandleReopen:hasVisibleWindows:`
    public static let shouldHandleReopen = AppCallback(
        "shouldHandleReopen",
        heardBy: HandlerKinds.desktop,
        selectors: PlatformSelectors(appKit: "applicationShouldHandleReopen:hasVisibleWindows:")
    )
    /// `applicationSupportsSecureRestorableState:`
    public static let supportsSecureRestorableState = AppCallback(
        "supportsSecureRestorableState",
        heardBy: HandlerKinds.desktop,
        selectors: PlatformSelectors(appKit: "applicationSupportsSecureRestorableState:")
    )

    /// The callbacks ``DesktopApplicationHandling`` services hear.
    static let desktopCallbacks: [AppCallback] = [
        .willBecomeActive, .didResignActive, .willHide, .didHide, .willUnhide, .didUnhide, .shouldTerminate,
        .shouldTerminateAfterLastWindowClosed, .shouldHandleReopen, .supportsSecureRestorableState,
    ]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches AppKit's `applicationWillBecomeActive(_:)`.
    public func willBecomeActive(platform: PlatformObjects? = nil) {
        notify(.willBecomeActive, (any DesktopApplicationHandling).self, platform: platform) {
            $0.applicationWillBecomeActive($1)
        }
    }

    /// Dispatches AppKit's `applicationDidResignActive(_:)`.
    public func didResignActive(platform: PlatformObjects? = nil) {
        notify(.didResignActive, (any DesktopApplicationHandling).self, platform: platform) {
            $0.applicationDidResignActive($1)
        }
    }

    /// Dispatches AppKit's `applicationWillHide(_:)`.
    public func willHide(platform: PlatformObjects? = nil) {
        notify(.willHide, (any DesktopApplicationHandling).self, platform: platform) { $0.applicationWillHide($1) }
    }

    /// Dispatches AppKit's `applicationDidHide(_:)`.
    public func didHide(platform: PlatformObjects? = nil) {
        notify(.didHide, (any DesktopApplicationHandling).self, platform: platform) { $0.applicationDidHide($1) }
    }

    /// Dispatches AppKit's `applicationWillUnhide(_:)`.
    public func willUnhide(platform: PlatformObjects? = nil) {
        notify(.willUnhide, (any DesktopApplicationHandling).self, platform: platform) { $0.applicationWillUnhide($1) }
    }

    /// Dispatches AppKit's `applicationDidUnhide(_:)`.
    public func didUnhide(platform: PlatformObjects? = nil) {
        notify(.didUnhide, (any DesktopApplicationHandling).self, platform: platform) { $0.applicationDidUnhide($1) }
    }

    /// The merged answer to AppKit's `applicationShouldTerminate(_:)`.
    public enum TerminationDecision: Sendable, Hashable {
        /// Quit now (`.terminateNow`).
        case now
        /// Do not quit (`.terminateCancel`).
        case cancel
        /// Quit later (`.terminateLater`): the composite calls the reply handler once, when
        /// every service that asked for time has finished or at the deadline.
        case later
    }

    /// Dispatches AppKit's `applicationShouldTerminate(_:)` and merges the answers:
    /// ``TerminationReply/cancel`` beats ``TerminationReply/later(_:)``, which beats
    /// ``TerminationReply/now``.
    ///
    /// The work of the services that answered ``TerminationReply/later(_:)`` starts at once.
    /// If all of it finishes on the spot, the answer is direct: ``TerminationDecision/now``
    /// when every piece agreed, ``TerminationDecision/cancel`` otherwise, and `reply` is not
    /// called. Otherwise the answer is ``TerminationDecision/later`` and `reply` comes once,
    /// after this returns.
    ///
    /// - Parameters:
    ///   - platform: The raw platform objects to hand to services, if any.
    ///   - reply: For ``TerminationDecision/later`` only: called exactly once with
    ///     whether to quit (no service's work returned `false`), when all have finished or
    ///     at ``Configuration-swift.struct/Deadlines-swift.struct/termination``. Work that
    ///     has not finished by then, or that threw, does not keep the application: it is
    ///     cancelled, named in a warning, and the application quits, as the person asked
    ///     (a `false` then would silently undo Cmd-Q, or cancel a logout or restart). Pass it
    ///     to `NSApplication.reply(toApplicationShouldTerminate:)`.
    public func shouldTerminate(
        platform: PlatformObjects? = nil,
        reply: @escaping @MainActor (Bool) -> Void
    ) -> TerminationDecision {
        var jobs: [FanOutJob<Bool>] = []
        let cancel = ask(.shouldTerminate, (any DesktopApplicationHandling).self, merge: .anyTrue, platform: platform) {
            handler,
            context in
            switch handler.applicationShouldTerminate(context) {
            case .now: return false
            case .cancel: return true
            case .later(let work):
                jobs.append(FanOutJob(serviceType: context.currentServiceType, run: work))
                return false
            }
        }
        if cancel { return .cancel }
        if jobs.isEmpty { return .now }
        // The services that asked for time finish concurrently under one deadline, through
        // the same exactly-once machinery as the completion-handler callbacks.
        let answer = PendingTermination()
        runExactlyOnce(
            AppCallback.shouldTerminate.name,
            jobs,
            deadline: configuration.deadlines.termination,
            merge: .allTrue,
            unanswered: true
        ) { quit in
            // AppKit must hear `.terminateLater` before any reply, so work that finished
            // before this method returned becomes the direct answer instead.
            if answer.hasReturned { reply(quit) } else { answer.decision = quit ? .now : .cancel }
        }
        answer.hasReturned = true
        return answer.decision
    }

    /// Dispatches AppKit's `applicationShouldTerminateAfterLastWindowClosed(_:)`.
    ///
    /// - Returns: `true` if any service returned `true`; `nil` when no service handles the
    ///   desktop callbacks (the adapter then does not claim it).
    public func shouldTerminateAfterLastWindowClosed(platform: PlatformObjects? = nil) -> Bool? {
        guard handles(.shouldTerminateAfterLastWindowClosed) else { return nil }
        return ask(
            .shouldTerminateAfterLastWindowClosed,
            (any DesktopApplicationHandling).self,
            merge: .anyTrue,
            platform: platform
        ) {
            $0.applicationShouldTerminateAfterLastWindowClosed($1)
        }
    }

    /// Dispatches AppKit's `applicationShouldHandleReopen(_:hasVisibleWindows:)`.
    ///
    /// - Returns: `false` if any service returned `false`; `true` otherwise.
    public func shouldHandleReopen(hasVisibleWindows: Bool, platform: PlatformObjects? = nil) -> Bool {
        ask(.shouldHandleReopen, (any DesktopApplicationHandling).self, merge: .allTrue, platform: platform) {
            $0.applicationShouldHandleReopen($1, hasVisibleWindows: hasVisibleWindows)
        }
    }

    /// Dispatches AppKit's `applicationSupportsSecureRestorableState(_:)`.
    ///
    /// - Returns: `false` if any service returned `false`; `nil` when no service handles
    ///   the desktop callbacks (the adapter then does not claim it).
    public func supportsSecureRestorableState(platform: PlatformObjects? = nil) -> Bool? {
        guard handles(.supportsSecureRestorableState) else { return nil }
        return ask(
            .supportsSecureRestorableState,
            (any DesktopApplicationHandling).self,
            merge: .allTrue,
            platform: platform
        ) {
            $0.applicationSupportsSecureRestorableState($1)
        }
    }
}

/// The answer to `applicationShouldTerminate` while it is being made: direct if the
/// services' work finishes before the method returns, "later" otherwise.
@MainActor
private final class PendingTermination {
    var decision = ServiceComposite.TerminationDecision.later
    var hasReturned = false
}
