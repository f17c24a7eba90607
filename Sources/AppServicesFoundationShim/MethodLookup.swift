// The Objective-C runtime's method lookup, which the adapters use to tell whether an app's
// subclass overrides one of their callbacks. On Apple platforms the real
// `NSObject.instanceMethod(for:)` is used and this file is empty.
#if !canImport(ObjectiveC)
import Foundation

/// A method implementation, as the runtime's method lookup returns it (the Objective-C
/// runtime's `IMP`): equal for two classes exactly when they share one implementation.
///
/// In the shim it identifies the class whose method answers the selector.
public struct IMP: Hashable, Sendable {
    let declaringClass: ObjectIdentifier
}

/// What the Objective-C compiler records for each class and the shim cannot see: the
/// selectors of the methods a class itself implements.
///
/// On Apple platforms the compiler records every `@objc` method of a class, including each
/// override of a delegate callback, and `NSObject.instanceMethod(for:)` finds it. Swift on
/// Linux keeps no such record, so code that wants the same answer here says which callbacks
/// its class implements:
///
/// ```swift
/// final class AppDelegate: ServiceOrientedAppDelegate {
///     override func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { ... }
/// }
/// #if !canImport(UIKit)
/// ObjectiveCMethods.record(["application:openURL:options:"], implementedBy: AppDelegate.self)
/// #endif
/// ```
public enum ObjectiveCMethods {
    private static let lock = NSLock()
    // Written only under `lock`; the dictionary is a value, copied out under the lock.
    nonisolated(unsafe) private static var methods: [ObjectIdentifier: Set<String>] = [:]

    /// Records that `implementingClass` implements methods with the `selectors` (their
    /// Objective-C names, such as `application:openURL:options:`), as the compiler would.
    public static func record(_ selectors: some Sequence<String>, implementedBy implementingClass: AnyClass) {
        lock.lock()
        methods[ObjectIdentifier(implementingClass), default: []].formUnion(selectors)
        lock.unlock()
    }

    /// The implementation of `selector` for instances of `type`: that of the nearest class,
    /// `type` or one of its superclasses, recorded as implementing it; `nil` when none is.
    public static func implementation(of selector: String, in type: AnyClass) -> IMP? {
        lock.lock()
        let recorded = methods
        lock.unlock()
        var current: AnyClass? = type
        while let candidate = current {
            if recorded[ObjectIdentifier(candidate)]?.contains(selector) == true {
                return IMP(declaringClass: ObjectIdentifier(candidate))
            }
            current = _getSuperclass(candidate)
        }
        return nil
    }
}

#endif
