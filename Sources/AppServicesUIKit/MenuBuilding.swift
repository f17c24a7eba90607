#if os(iOS) || targetEnvironment(macCatalyst) || !canImport(UIKit)
public import AppServices

#if canImport(UIKit)
public import UIKit
#else
public import AppServicesUIKitShim
#endif

/// A service that contributes to the application's main menu (the menu bar of Mac Catalyst,
/// and of iPadOS with a keyboard): the menus and commands of its feature, and the state of
/// the commands it owns.
///
/// UIKit builds the main menu by asking the application's responders, the app delegate
/// among them, in `buildMenu(with:)`. `ServiceOrientedAppDelegate` asks every service that
/// adopts this protocol, in dependency order, with the same builder, so a service finds the
/// menus of the services it depends on already in place. It claims `buildMenu(with:)` and
/// `validate(_:)` (answers `responds(to:)` with `true`) only when a service adopts it, or
/// when the app's subclass overrides them.
///
/// A command is enabled, validated and performed by the responder that implements its
/// action: UIKit walks the responder chain for one, and a service is not a responder. So
/// the action is an `@objc` method of a responder, for an application-wide command the
/// app delegate's subclass, which hands it to the service (see the end); UIKit then asks that
/// responder to validate the command, and the app delegate asks every adopting service in
/// dependency order until one answers `true`, which means the command is its own and it
/// has set the command's title, state or attributes. A command whose action no responder
/// implements is shown disabled, and never validated.
///
/// Merge rules: `buildMenu(with:)` reaches every adopting service, in dependency order;
/// ``validate(_:context:)`` stops at the first service that owns the command.
///
/// The main menu is the application's: adopt this protocol in application-wide services.
/// The current session's services that adopt it are asked too, after them, but the app
/// delegate claims the two methods only when an application-wide service adopts it, and
/// UIKit builds the menu once and again only when asked: an application-wide service that
/// shows a session's commands asks UIKit to rebuild (`UIMenuSystem.main.setNeedsRebuild()`)
/// when a session begins or ends. A scene's own services (`SceneService`) are not asked.
///
/// From iOS 26, an application that gives `UIMainMenuSystem` a build handler
/// (`setBuildConfiguration(_:buildHandler:)`) is no longer asked `buildMenu(with:)`: no
/// service contributes unless the handler calls the app delegate's `buildMenu(with:)` with
/// its builder.
///
/// ```swift
/// final class ExportService: AppService, MenuBuilding {
///     static let exportAction = Selector(("exportDocument:"))
///     var canExport = false
///
///     func buildMenu(with builder: any UIMenuBuilder, context: AppContext) {
///         guard builder.system == .main else { return }
///         let export = UIKeyCommand(
///             title: "Export…",
///             action: ExportService.exportAction,
///             input: "e",
///             modifierFlags: .command
///         )
///         builder.insertChild(UIMenu(title: "", options: .displayInline, children: [export]), atEndOfMenu: .file)
///     }
///
///     func validate(_ command: UICommand, context: AppContext) -> Bool {
///         guard command.action == ExportService.exportAction else { return false }
///         command.attributes = canExport ? [] : .disabled
///         return true
///     }
/// }
/// ```
///
/// The app delegate's subclass implements the action, an `@objc func exportDocument(_ sender:
/// Any?)` that finds the service with `composite.service(ExportService.self)` and has it
/// export: UIKit enables the command for that responder, and asks it to validate it.
@MainActor
public protocol MenuBuilding: AppService {
    /// Adds this service's menus and commands to `builder`, or changes or removes the
    /// system's (`buildMenu(with:)`). Check `builder.system`: the main menu is `.main`.
    func buildMenu(with builder: any UIMenuBuilder, context: AppContext)

    /// Updates `command` before the menu shows it, if it is this service's (its action is
    /// one this service performs): set its title, state or attributes and return `true`;
    /// return `false` for another service's command. The default owns none.
    func validate(_ command: UICommand, context: AppContext) -> Bool
}

extension MenuBuilding {
    /// Owns no command: `false`.
    public func validate(_ command: UICommand, context: AppContext) -> Bool { false }
}

extension AdapterCapability {
    /// ``MenuBuilding``: the services that contribute to the main menu.
    static let menuBuilding = AdapterCapability("MenuBuilding") { $0 is any MenuBuilding }
}

extension ServiceComposite {
    /// Asks every ``MenuBuilding`` service, in dependency order, to contribute to `builder`.
    func buildMenu(with builder: any UIMenuBuilder, platform: PlatformObjects?) {
        forEachService(adopting: (any MenuBuilding).self, in: nil, platform: platform) {
            $0.buildMenu(with: builder, context: $1)
        }
    }

    /// Asks the ``MenuBuilding`` services, in dependency order, to validate `command`, until
    /// one owns it; whether one did.
    @discardableResult
    func validate(_ command: UICommand, platform: PlatformObjects?) -> Bool {
        firstAnswer(from: (any MenuBuilding).self, in: nil, platform: platform) {
            $0.validate(command, context: $1) ? true : nil
        } ?? false
    }
}
#endif
