// On Linux, Foundation's NSObject has no `responds(to:)`, so a delegate could not override
// it as it does on macOS. This module's NSObject adds it; the adapter, which does not
// import Foundation itself, sees only this one.
#if !canImport(AppKit) && !canImport(ObjectiveC)
import Foundation

/// The root class of AppKit objects (the Objective-C runtime's `NSObject`), with the member
/// AppKit relies on that swift-corelibs-foundation's `NSObject` lacks: ``responds(to:)``.
///
/// Isolated to the main actor, unlike the real `NSObject`. The compiler treats a subclass
/// of the real `NSObject` that is isolated to a global actor (`@MainActor class
/// AppDelegate: NSObject`) as `Sendable`, a rule it applies to no other superclass; this
/// isolation gives subclasses of the shim the same property. Every subclass in this
/// package is main-actor isolated anyway (``NSResponder``, ``NSApplication``, the adapter).
@MainActor
open class NSObject: Foundation.NSObject {
    /// Creates an object.
    public override init() {
        super.init()
    }

    /// Whether the object implements the method `aSelector` names, which AppKit asks before
    /// it calls an optional delegate method.
    ///
    /// Without an Objective-C runtime the shim cannot look methods up, so it answers
    /// `false`; the adapter overrides it with the answer AppKit would get.
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
}

#endif
