public import AppServices

/// CarPlay as the system drives it: a CarPlay scene is a scene like the device's own (its
/// session's role is `SceneSessionRole.carTemplateApplication`), with an interface
/// controller CarPlay connects after the scene, and disconnects before it.
///
/// ```swift
/// let car = SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication))
/// try simulator.connectCarPlay(car, connection: .window)
/// try simulator.selectManeuver(in: car)
/// try simulator.close(car)
/// ```
extension LifecycleSimulator {
    /// A CarPlay scene connects, as when a person plugs the phone into the car: the scene
    /// connects, CarPlay connects its interface controller (with a window for a navigation
    /// application), and the scene enters the foreground and becomes active.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running, the scene
    ///   is connected already, or its session's role is not
    ///   `SceneSessionRole.carTemplateApplication`.
    public func connectCarPlay(
        _ scene: SceneInfo,
        connection: CarPlayConnection = .templates,
        options: SceneConnectionOptions = SceneConnectionOptions()
    ) throws(LifecycleSimulatorError) {
        try sendNow(.sceneWillConnect(scene, options))
        try sendNow(.carPlayDidConnect(scene, connection))
        try sceneToForeground(scene)
    }

    /// Cold launch by CarPlay alone, the device's screen staying off: will/didFinishLaunching,
    /// then the CarPlay scene connects as ``connectCarPlay(_:connection:options:)`` connects it.
    /// The launch itself is in the background state, as UIKit sends every scene-based
    /// launch (see ``coldLaunch(connecting:options:connectionOptions:)``).
    ///
    /// - Returns: Whether launch went ahead (the merged launch answer).
    @discardableResult
    public func coldLaunch(
        connectingCarPlay scene: SceneInfo,
        connection: CarPlayConnection = .templates,
        options: LaunchOptions = LaunchOptions()
    ) throws(LifecycleSimulatorError) -> Bool {
        let launched = try launchBeforeScenes(options)
        try connectCarPlay(scene, connection: connection)
        return launched
    }

    /// A person taps the banner of a navigation alert the application posted: a CarPlay scene
    /// in the background comes to the foreground first (`sceneWillEnterForeground`, the
    /// selection, `sceneDidBecomeActive`), as CarPlay brings the application forward.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when `scene` is not a connected CarPlay scene
    ///   whose interface controller came with a window (only navigation applications post
    ///   navigation alerts).
    public func selectNavigationAlert(in scene: SceneInfo) throws(LifecycleSimulatorError) {
        try bringingForward(scene) { () throws(LifecycleSimulatorError) in
            try sendNow(.carPlayDidSelectNavigationAlert(scene))
        }
    }

    /// A person taps the banner of a maneuver the application posted; see
    /// ``selectNavigationAlert(in:)``.
    public func selectManeuver(in scene: SceneInfo) throws(LifecycleSimulatorError) {
        try bringingForward(scene) { () throws(LifecycleSimulatorError) in
            try sendNow(.carPlayDidSelectManeuver(scene))
        }
    }

    /// The car suggests another content style for the screen of `scene`.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when `scene` is not a CarPlay scene whose
    ///   interface controller is connected.
    public func changeContentStyle(of scene: SceneInfo, to style: UserInterfaceStyle) throws(LifecycleSimulatorError) {
        try sendNow(.carPlayContentStyleDidChange(scene, style))
    }

    /// Runs `select` with `scene` in the foreground: a scene in the background enters it
    /// before and becomes active after, as for a notification tap.
    private func bringingForward(
        _ scene: SceneInfo,
        _ select: () throws(LifecycleSimulatorError) -> Void
    ) throws(LifecycleSimulatorError) {
        guard sceneStates[scene.identifier] == .background, carPlayConnections[scene.identifier] == .window else {
            return try select()
        }
        try sendNow(.sceneWillEnterForeground(scene))
        try select()
        try sendNow(.sceneDidBecomeActive(scene))
    }
}
