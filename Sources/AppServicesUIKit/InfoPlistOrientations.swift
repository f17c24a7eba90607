import AppServices
import Foundation

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

/// The application's Info.plist: the main bundle's; on Linux, the simulated device's of the
/// step running now, when a test kit's device runs it.
enum InfoPlist {
    static var dictionary: [String: Any]? {
        #if canImport(UIKit)
        return Bundle.main.infoDictionary
        #else
        return SimulatedFrameworks.current?.infoDictionary ?? Bundle.main.infoDictionary
        #endif
    }

    /// Whether the application adopts scenes (`UIApplicationSceneManifest`, which every app
    /// built with the iOS 27 SDK has): its windows are then its scenes', and it has none of
    /// its own.
    static var declaresScenes: Bool { dictionary?["UIApplicationSceneManifest"] != nil }
}

/// The interface orientations the application's Info.plist lists, read as UIKit reads them
/// when no delegate answers `application(_:supportedInterfaceOrientationsFor:)`.
///
/// The delegates answer with it when no service handles orientations and a subclass's
/// override called `super`. They do not ask `UIApplication`'s
/// `supportedInterfaceOrientations(for:)`: UIKit answers that by asking the application
/// delegate, whose method would then call itself without end.
@MainActor
enum InfoPlistOrientations {
    /// The Info.plist's orientations for `idiom`: `UISupportedInterfaceOrientations~ipad`
    /// on an iPad when it is there, else `UISupportedInterfaceOrientations`; with neither,
    /// UIKit's default (every orientation on an iPad, all but upside down elsewhere).
    static func mask(
        in info: [String: Any]? = InfoPlist.dictionary,
        idiom: UIUserInterfaceIdiom = UIDevice.current.userInterfaceIdiom
    ) -> UIInterfaceOrientationMask {
        let isPad = idiom == .pad
        let listed =
            (isPad ? info?["UISupportedInterfaceOrientations~ipad"] as? [String] : nil)
            ?? info?["UISupportedInterfaceOrientations"] as? [String]
        let mask = listed.map { names in
            names.reduce(into: UIInterfaceOrientationMask()) { mask, name in
                if let orientation = orientations[name] { mask.insert(orientation) }
            }
        }
        guard let mask, !mask.isEmpty else { return isPad ? .all : .allButUpsideDown }
        return mask
    }

    /// Each orientation's name in the Info.plist.
    private static let orientations: [String: UIInterfaceOrientationMask] = [
        "UIInterfaceOrientationPortrait": .portrait,
        "UIInterfaceOrientationPortraitUpsideDown": .portraitUpsideDown,
        "UIInterfaceOrientationLandscapeLeft": .landscapeLeft,
        "UIInterfaceOrientationLandscapeRight": .landscapeRight,
    ]
}
