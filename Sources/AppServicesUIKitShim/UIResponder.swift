#if !canImport(UIKit)

/// An object that responds to and handles events: the base class of the application, its
/// scenes, windows and view controllers, and of app and scene delegates (`UIResponder`).
@MainActor
open class UIResponder: NSObject, UIUserActivityRestoring {
    /// Creates a responder.
    public override init() {
        super.init()
    }

    #if !canImport(ObjectiveC)
    /// Whether the object implements the method `aSelector` names (`NSObject`'s
    /// `responds(to:)`, which UIKit asks before it calls an optional delegate method).
    ///
    /// Without an Objective-C runtime the shim cannot look methods up, so it answers `false`;
    /// the adapters override it with the answer UIKit would get.
    nonisolated open func responds(to aSelector: Selector!) -> Bool {
        false
    }

    /// The implementation of the method `aSelector` names for instances of this class
    /// (`NSObject`'s `instanceMethod(for:)`), or `nil` when no class in its chain has one.
    ///
    /// The shim finds what ``ObjectiveCMethods`` recorded, as the runtime finds what the
    /// compiler recorded.
    nonisolated open class func instanceMethod(for aSelector: Selector!) -> IMP! {
        ObjectiveCMethods.implementation(of: NSStringFromSelector(aSelector), in: self)
    }
    #endif

    /// The activity the responder keeps current (`userActivity`, iOS 8): UIKit asks it to add
    /// its state (``updateUserActivityState(_:)``) before the activity is saved or sent.
    open var userActivity: NSUserActivity?

    /// Adds the responder's state to `activity`, its ``userActivity``; the default does
    /// nothing.
    open func updateUserActivityState(_ activity: NSUserActivity) {}

    /// Restores the state needed to continue `activity`; the default does nothing.
    open func restoreUserActivityState(_ activity: NSUserActivity) {}

    /// Adds, replaces and removes menus of `builder`'s system
    /// (`buildMenuWithBuilder:`); UIKit asks the application's responders, the application
    /// delegate among them, when it builds the main menu. The default does nothing.
    @available(iOS 13.0, *)
    open func buildMenu(with builder: any UIMenuBuilder) {}

    /// Updates `command` (its title, state or attributes) before the menu shows it
    /// (`validateCommand:`); UIKit asks the responder that would perform the command's
    /// action. The default does nothing.
    @available(iOS 13.0, *)
    open func validate(_ command: UICommand) {}
}

/// An object that restores its state from a user activity (`UIUserActivityRestoring`).
///
/// UIKit calls ``restoreUserActivityState(_:)`` on each object an app delegate passes to
/// the restoration handler of `application(_:continue:restorationHandler:)`.
@MainActor
public protocol UIUserActivityRestoring: NSObjectProtocol {
    /// Restores the state needed to continue `userActivity`.
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}

#endif
