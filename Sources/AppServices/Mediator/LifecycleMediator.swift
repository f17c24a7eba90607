public import Foundation

/// Observes the application's life-cycle notifications and tells its listeners: the
/// mediator pattern, for objects that are not services.
///
/// On iOS the notifications are UIKit's own; on other platforms the ``ServiceComposite``
/// posts notifications of the same names after each lifecycle callback, while a mediator
/// observes (``LifecycleNotificationPolicy/whenObserved``). Listeners are
/// called after the matching callback has reached every service, in the order they were
/// added. The mediator holds its listeners strongly and stops observing when it is
/// released: no listener is called after that.
///
/// ```swift
/// let mediator = LifecycleMediator(listeners: [VideoPlayerListener(), CacheListener()])
/// ```
@MainActor
public final class LifecycleMediator {
    /// The listeners, in the order they are called.
    public private(set) var listeners: [any LifecycleListener]
    private let center: NotificationCenter
    // Written only in `init`, read only in `deinit`, and `NotificationCenter` is
    // thread-safe; `deinit` may run off the main actor, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private var observers: [any NSObjectProtocol] = []

    /// Creates a mediator that starts observing at once.
    ///
    /// - Parameters:
    ///   - listeners: The listeners, in calling order.
    ///   - center: The notification center to observe; the default center unless a test
    ///     isolates itself.
    public init(listeners: [any LifecycleListener], notificationCenter center: NotificationCenter = .default) {
        self.listeners = listeners
        self.center = center
        for event in LifecycleEvent.allCases {
            // `queue: nil` delivers synchronously on the posting thread; UIKit and the
            // composite post on the main actor, so the listeners run there. Another poster
            // of these names on another thread (a test, an SDK) reaches them on the main
            // actor's next turn, rather than stopping the program.
            let observer = center.addObserver(forName: event.notificationName, object: nil, queue: nil) {
                [weak self] _ in
                guard SelectorClaim.isOnMainActor else {
                    Task { @MainActor in self?.deliver(event) }
                    return
                }
                MainActor.assumeIsolated { self?.deliver(event) }
            }
            observers.append(observer)
        }
        LifecycleObservation.begin(center)
    }

    /// Adds `listener` at the end of the list. Adding a listener that is already there does
    /// nothing, so it is never called twice for one event.
    public func add(_ listener: any LifecycleListener) {
        guard !listeners.contains(where: { $0 === listener }) else { return }
        listeners.append(listener)
    }

    /// Removes `listener`; it is not called again.
    public func remove(_ listener: any LifecycleListener) {
        listeners.removeAll { $0 === listener }
    }

    /// Tells each listener, in order; one removed by a listener before it, during this
    /// event, is not told.
    private func deliver(_ event: LifecycleEvent) {
        for listener in listeners where listeners.contains(where: { $0 === listener }) {
            listener.receive(event)
        }
    }

    deinit {
        for observer in observers { center.removeObserver(observer) }
        LifecycleObservation.end(center)
    }
}
