extension ServiceComposite {
    /// Dispatches AppKit's `applicationWillBecomeActive(_:)`.
    public func willBecomeActive(platform: PlatformObjects? = nil) {
        notify(.willBecomeActive, { $0.desktop }, platform: platform) { $0.applicationWillBecomeActive($1) }
    }

    /// Dispatches AppKit's `applicationDidResignActive(_:)`.
    public func didResignActive(platform: PlatformObjects? = nil) {
        notify(.didResignActive, { $0.desktop }, platform: platform) { $0.applicationDidResignActive($1) }
    }

    /// Dispatches AppKit's `applicationWillHide(_:)`.
    public func willHide(platform: PlatformObjects? = nil) {
        notify(.willHide, { $0.desktop }, platform: platform) { $0.applicationWillHide($1) }
    }

    /// Dispatches AppKit's `applicationDidHide(_:)`.
    public func didHide(platform: PlatformObjects? = nil) {
        notify(.didHide, { $0.desktop }, platform: platform) { $0.applicationDidHide($1) }
    }

    /// Dispatches AppKit's `applicationWillUnhide(_:)`.
    public func willUnhide(platform: PlatformObjects? = nil) {
        notify(.willUnhide, { $0.desktop }, platform: platform) { $0.applicationWillUnhide($1) }
    }

    /// Dispatches AppKit's `applicationDidUnhide(_:)`.
    public func didUnhide(platform: PlatformObjects? = nil) {
        notify(.didUnhide, { $0.desktop }, platform: platform) { $0.applicationDidUnhide($1) }
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
    ///     whether to quit (every service's work returned `true`), when all have finished or
    ///     at ``Configuration-swift.struct/Deadlines-swift.struct/termination`` (a service
    ///     that has not finished by then counts as `false`). Pass it to
    ///     `NSApplication.reply(toApplicationShouldTerminate:)`.
    public func shouldTerminate(
        platform: PlatformObjects? = nil,
        reply: @escaping @MainActor (Bool) -> Void
    ) -> TerminationDecision {
        var jobs: [FanOutJob<Bool>] = []
        let cancel = ask(.shouldTerminate, { $0.desktop }, merge: .anyTrue, platform: platform) { handler, context in
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
            AppCallback.shouldTerminate.rawValue,
            jobs,
            deadline: configuration.deadlines.termination,
            merge: .allTrue,
            unanswered: false
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
        return ask(.shouldTerminateAfterLastWindowClosed, { $0.desktop }, merge: .anyTrue, platform: platform) {
            $0.applicationShouldTerminateAfterLastWindowClosed($1)
        }
    }

    /// Dispatches AppKit's `applicationShouldHandleReopen(_:hasVisibleWindows:)`.
    ///
    /// - Returns: `false` if any service returned `false`; `true` otherwise.
    public func shouldHandleReopen(hasVisibleWindows: Bool, platform: PlatformObjects? = nil) -> Bool {
        ask(.shouldHandleReopen, { $0.desktop }, merge: .allTrue, platform: platform) {
            $0.applicationShouldHandleReopen($1, hasVisibleWindows: hasVisibleWindows)
        }
    }

    /// Dispatches AppKit's `applicationSupportsSecureRestorableState(_:)`.
    ///
    /// - Returns: `false` if any service returned `false`; `nil` when no service handles
    ///   the desktop callbacks (the adapter then does not claim it).
    public func supportsSecureRestorableState(platform: PlatformObjects? = nil) -> Bool? {
        guard handles(.supportsSecureRestorableState) else { return nil }
        return ask(.supportsSecureRestorableState, { $0.desktop }, merge: .allTrue, platform: platform) {
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
