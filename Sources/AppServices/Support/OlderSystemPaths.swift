/// The paths of older Apple systems, which a process can ask for on a newer system (or on
/// Linux) through its environment, so that one build tests them all.
///
/// Set in the environment of a test run, or of an app in its Xcode scheme:
///
/// - `APPSERVICES_WITHOUT_TASK_IMMEDIATE=1`: completion-handler work starts as an ordinary
///   main-actor task, as on iOS 18 to 25, macOS 15 and the other systems before 26, which
///   have no `Task.immediate`, instead of on the spot.
/// - `APPSERVICES_BEFORE_IOS_27=1`: `AppServicesUIKit` submits background task requests
///   with `submit(_:)`, as on iOS 18 to 26, instead of iOS 27's
///   `submitTaskRequest(_:completionHandler:)`; and `SimulatedUIKit` asks the application's
///   delegate for a window scene's orientations, as UIKit does before iOS 27 (on a device,
///   UIKit decides which delegate it asks).
///
/// Each is read once, the first time it is needed; any value but empty or `0` asks for the
/// older path. A newer path is never taken where the system lacks it, whatever is set.
package enum OlderSystemPaths {
    /// Whether `APPSERVICES_WITHOUT_TASK_IMMEDIATE` asks for the path without `Task.immediate`.
    package static let withoutTaskImmediate = asksForOlderPath(
        CLibrary.environmentVariable("APPSERVICES_WITHOUT_TASK_IMMEDIATE")
    )

    /// Whether `APPSERVICES_BEFORE_IOS_27` asks for the background-task submission of iOS
    /// 18 to 26.
    package static let beforeIOS27 = asksForOlderPath(CLibrary.environmentVariable("APPSERVICES_BEFORE_IOS_27"))

    /// Whether an environment variable's `value` asks for the older path: set, and neither
    /// empty nor `0`.
    package static func asksForOlderPath(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty && value != "0"
    }
}
