public import Foundation

extension ServiceComposite {
    /// Dispatches `application(_:shouldSaveSecureApplicationState:)`.
    ///
    /// - Returns: `true` if any service returned `true`; `false` with no handling service.
    public func shouldSaveSecureApplicationState(coder: NSCoder, platform: PlatformObjects? = nil) -> Bool {
        ask(.shouldSaveSecureApplicationState, { $0.stateRestoration }, merge: .anyTrue, platform: platform) {
            $0.application($1, shouldSaveSecureApplicationState: coder)
        }
    }

    /// Dispatches `application(_:shouldRestoreSecureApplicationState:)`.
    ///
    /// - Returns: `true` if any service returned `true`; `false` with no handling service.
    public func shouldRestoreSecureApplicationState(coder: NSCoder, platform: PlatformObjects? = nil) -> Bool {
        ask(.shouldRestoreSecureApplicationState, { $0.stateRestoration }, merge: .anyTrue, platform: platform) {
            $0.application($1, shouldRestoreSecureApplicationState: coder)
        }
    }

    /// Dispatches `application(_:willEncodeRestorableStateWith:)`.
    public func willEncodeRestorableState(coder: NSCoder, platform: PlatformObjects? = nil) {
        notify(.willEncodeRestorableState, { $0.stateRestoration }, platform: platform) {
            $0.application($1, willEncodeRestorableStateWith: coder)
        }
    }

    /// Dispatches `application(_:didDecodeRestorableStateWith:)`.
    public func didDecodeRestorableState(coder: NSCoder, platform: PlatformObjects? = nil) {
        notify(.didDecodeRestorableState, { $0.stateRestoration }, platform: platform) {
            $0.application($1, didDecodeRestorableStateWith: coder)
        }
    }

    /// Dispatches `application(_:viewControllerWithRestorationIdentifierPath:coder:)`.
    ///
    /// - Returns: The first non-`nil` view controller in dependency order, or `nil`.
    public func viewController(
        restorationIdentifierPath: [String],
        coder: NSCoder,
        platform: PlatformObjects? = nil
    ) -> AnyObject? {
        ask(
            .viewControllerWithRestorationIdentifierPath,
            { $0.stateRestoration },
            merge: .firstNonNil(),
            platform: platform
        ) { $0.application($1, viewControllerWithRestorationIdentifierPath: restorationIdentifierPath, coder: coder) }
    }
}
