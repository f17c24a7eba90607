public import AppServices
import Foundation

/// The notification responses a simulator delivered, to date those given no date as the
/// system dates every delivery.
///
/// A notification given no date (`UserNotification`'s default) is delivered as it is the
/// first time under its identifier and action. Each later delivery under them (the same
/// notification tapped again, or a newer one that replaced it) gets a date of its own,
/// later for each: on a device those are two deliveries with two dates, and the composite,
/// which tells the two deliveries of one response apart from two responses by the date,
/// hears both. One step that hands one response to two routes (a cold launch's connection
/// options, then the notification center's delegate, as UIKit does) makes one delivery.
package struct NotificationDeliveries {
    /// The request identifiers and actions delivered under.
    private var delivered: Set<String> = []
    private var redelivered = 0

    /// Creates an empty record.
    package init() {}

    /// `response` as the system delivers it now.
    package mutating func deliver(_ response: NotificationResponse) -> NotificationResponse {
        guard response.notification.date == UserNotification(identifier: "").date else { return response }
        let key = "\(response.notification.identifier) \(response.action)"
        guard delivered.insert(key).inserted == false else { return response }
        redelivered += 1
        var dated = response
        dated.notification.date = Date(timeIntervalSinceReferenceDate: Double(redelivered))
        return dated
    }
}

extension LifecycleSimulator {
    /// `response` as the system delivers it now (`NotificationDeliveries`).
    func delivery(_ response: NotificationResponse) -> NotificationResponse {
        notificationDeliveries.deliver(response)
    }

    /// A notification arrives while the application is in the foreground: the notification
    /// center asks how to show it.
    ///
    /// - Returns: The options it is shown with: the union of the options of the services that
    ///   heard it; none when the target gives no options (a target of one's own that answers
    ///   `nil`), as the notification center shows nothing for a delegate that does not answer.
    /// - Throws: ``LifecycleSimulatorError`` when the application is not in the foreground
    ///   (the system then shows the notification without asking).
    public func presentNotification(
        _ notification: UserNotification
    ) async throws(LifecycleSimulatorError) -> NotificationPresentationOptions {
        guard case .presentation(let options) = try await send(.willPresentNotification(notification)) else {
            return []
        }
        return options
    }

    /// A person's response to a notification is delivered in the current state: a tap while
    /// the application is in the foreground, or an action handled in the background (which
    /// wakes a suspended application).
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running (a response
    ///   then launches it: see ``coldLaunch(respondingTo:options:)`` and
    ///   ``coldLaunch(connecting:respondingTo:options:)``).
    public func deliverNotificationResponse(_ response: NotificationResponse) async throws(LifecycleSimulatorError) {
        try await send(.didReceiveNotificationResponse(delivery(response)))
    }

    /// Delivers `response`, already made a delivery (``delivery(_:)``), in the current state.
    private func deliverInPlace(_ response: NotificationResponse) async throws(LifecycleSimulatorError) {
        try await send(.didReceiveNotificationResponse(response))
    }

    /// A person taps a notification while the application runs (a warm start).
    ///
    /// In the foreground, only the response is delivered. From the background (or suspended)
    /// the application comes to the foreground first, and the response is delivered while it
    /// is inactive, as UIKit does: `willEnterForeground`, the response, `didBecomeActive` (as
    /// the delegate method returns, not when the services finish). It returns once the
    /// response's completion handler is called. In
    /// a scene-based application the response's target scene comes forward the same way
    /// (`sceneWillEnterForeground`, the response, `sceneDidBecomeActive`) when it is in the
    /// background. A dismissal (`NotificationResponse.Action.dismiss`) brings nothing
    /// forward: it is delivered in the current state, as is an action that does not open the
    /// application when given to ``deliverNotificationResponse(_:)``.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running, the
    ///   target scene is not connected, or a scene-based application has no scene in the
    ///   foreground and the response names no target scene to bring forward (UIKit always
    ///   names the scene a tap opens).
    public func tapNotification(_ response: NotificationResponse) async throws(LifecycleSimulatorError) {
        let response = delivery(response)
        if response.action == .dismiss { return try await deliverInPlace(response) }
        if usesScenes {
            guard let scene = response.targetScene else {
                if connectedScenes(in: [.foregroundActive, .foregroundInactive]).isEmpty {
                    throw LifecycleSimulatorError(
                        step: "tapNotification(\(response.notification.identifier))",
                        state: "no scene is in the foreground and the response names no target scene to bring forward",
                        possibleSteps: sceneStates.values.allSatisfy { $0 == .disconnected }
                            ? ["connect(_:options:) with the response in its connection options"]
                            : connectedScenes(in: [.background]).map {
                                "tapNotification of a response whose targetScene is \($0.identifier)"
                            }
                    )
                }
                return try await deliverInPlace(response)
            }
            guard sceneStates[scene.identifier] == .background else {
                return try await deliverInPlace(response)
            }
            try sendNow(.sceneWillEnterForeground(scene))
            let delivered = try await startAndLetBegin(.didReceiveNotificationResponse(response))
            try sendNow(.sceneDidBecomeActive(scene))
            _ = await delivered.value()
            return
        }
        guard state == .background || state == .suspended else {
            return try await deliverInPlace(response)
        }
        try sendNow(.willEnterForeground)
        let delivered = try await startAndLetBegin(.didReceiveNotificationResponse(response))
        try sendNow(.didBecomeActive)
        _ = await delivered.value()
    }

    /// Cold launch of an application without scenes from a tap on a notification:
    /// will/didFinishLaunching, the response (while inactive), then didBecomeActive as the
    /// delegate method returns; returns once the response's completion handler is called.
    ///
    /// - Returns: Whether launch went ahead (the merged launch answer).
    @discardableResult
    public func coldLaunch(
        respondingTo response: NotificationResponse,
        options: LaunchOptions = LaunchOptions()
    ) async throws(LifecycleSimulatorError) -> Bool {
        try refuseSceneLessLaunch("coldLaunch(respondingTo:)")
        let will = try sendNow(.willFinishLaunching(options))
        let did = try sendNow(.didFinishLaunching(options))
        let delivered = try await startAndLetBegin(.didReceiveNotificationResponse(delivery(response)))
        try sendNow(.didBecomeActive)
        _ = await delivered.value()
        return will == .launch(true) && did == .launch(true)
    }

    /// Cold launch of a scene-based application from a tap on a notification, as UIKit makes
    /// it: will/didFinishLaunching (in the background state, as every scene-based launch; see
    /// ``coldLaunch(connecting:options:connectionOptions:)``), `scene` connects with the response in its connection
    /// options (`SceneConnectionOptions/notificationResponse`) and enters the foreground, the
    /// notification center hands the same response to its delegate, and the scene becomes
    /// active.
    ///
    /// The composite delivers the response to its services after `sceneWillConnect`, and
    /// once only: the center's delivery finds it delivered and completes at once. The
    /// services' work on it may still run when this returns: await the composite's
    /// `ServiceComposite/waitForPendingWork()` to let it finish.
    ///
    /// - Returns: Whether launch went ahead (the merged launch answer).
    @discardableResult
    public func coldLaunch(
        connecting scene: SceneInfo,
        respondingTo response: NotificationResponse,
        options: LaunchOptions = LaunchOptions()
    ) throws(LifecycleSimulatorError) -> Bool {
        let launched = try launchBeforeScenes(options)
        // One delivery, made twice: in the connection options, then through the delegate.
        let response = delivery(response)
        try sendNow(.sceneWillConnect(scene, SceneConnectionOptions(notificationResponse: response)))
        try sendNow(.sceneWillEnterForeground(scene))
        var delivered = response
        if delivered.targetScene == nil { delivered.targetScene = scene }
        try sendNow(.didReceiveNotificationResponse(delivered))
        try sendNow(.sceneDidBecomeActive(scene))
        return launched
    }
}
