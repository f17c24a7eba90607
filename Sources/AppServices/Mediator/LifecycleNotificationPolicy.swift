import Foundation
import Synchronization

/// When a composite posts UIKit-named lifecycle notifications
/// (`UIApplicationDidBecomeActiveNotification`, ...) after its lifecycle callbacks.
///
/// Posting a notification costs an allocation and a lock even when nobody listens, so by
/// default the composite posts only while a ``LifecycleMediator`` observes its
/// notification center. Code that observes the notifications through `NotificationCenter`
/// directly asks for ``always``. Where the platform posts them itself (UIKit), the adapters
/// choose ``never``. AppKit posts notifications of other names (`NSApplication...`), so the
/// AppKit adapter keeps the default, and a mediator in a Mac application hears the
/// composite's.
public struct LifecycleNotificationPolicy: Sendable, Hashable, CustomStringConvertible {
    private enum Base: String, Sendable, Hashable {
        case never
        case whenObserved
        case always
    }

    private let base: Base

    /// Never post (the platform does, or nobody needs them).
    public static let never = LifecycleNotificationPolicy(base: .never)
    /// Post while at least one ``LifecycleMediator`` observes the center. The default.
    public static let whenObserved = LifecycleNotificationPolicy(base: .whenObserved)
    /// Always post.
    public static let always = LifecycleNotificationPolicy(base: .always)

    /// The policy's name.
    public var description: String { base.rawValue }

    /// Whether the policy may post now, before looking at the center: `false` for
    /// ``never``, and for ``whenObserved`` while no mediator observes any center.
    @inline(__always)
    var mayPost: Bool {
        switch base {
        case .never: false
        case .always: true
        case .whenObserved: LifecycleObservation.isAnyObserved
        }
    }

    /// Whether to post to `center` now. The center is only looked at when a mediator
    /// observes some center: this runs on every lifecycle callback.
    func shouldPost(to center: @autoclosure () -> NotificationCenter) -> Bool {
        switch base {
        case .never: return false
        case .always: return true
        case .whenObserved: return LifecycleObservation.isAnyObserved && LifecycleObservation.isObserved(center())
        }
    }
}

/// How many mediators observe each notification center, so composites post only when
/// someone listens. Mediators register and unregister from any thread (their `deinit`),
/// hence the lock.
enum LifecycleObservation {
    private static let observers = Locked<[ObjectIdentifier: Int]>([:])
    /// How many mediators observe any center, read without the lock on every lifecycle
    /// callback: usually none.
    private static let total = Atomic<Int>(0)

    /// Whether any mediator observes any center, without taking the lock.
    static var isAnyObserved: Bool { total.load(ordering: .relaxed) > 0 }

    static func isObserved(_ center: NotificationCenter) -> Bool {
        observers.withLock { $0[ObjectIdentifier(center)] != nil }
    }

    static func begin(_ center: NotificationCenter) {
        observers.withLock { $0[ObjectIdentifier(center), default: 0] += 1 }
        total.add(1, ordering: .relaxed)
    }

    static func end(_ center: NotificationCenter) {
        total.subtract(1, ordering: .relaxed)
        observers.withLock { observers in
            let id = ObjectIdentifier(center)
            let remaining = (observers[id] ?? 1) - 1
            observers[id] = remaining > 0 ? remaining : nil
        }
    }
}
