#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

/// The service the documentation of `MenuBuilding` shows.
final class ExportService: AppService, MenuBuilding {
    static let exportAction = Selector(("exportDocument:"))
    var canExport = false

    func buildMenu(with builder: any UIMenuBuilder, context: AppContext) {
        guard builder.system == .main else { return }
        let export = UIKeyCommand(
            title: "Export…",
            action: ExportService.exportAction,
            input: "e",
            modifierFlags: .command
        )
        builder.insertChild(UIMenu(title: "", options: .displayInline, children: [export]), atEndOfMenu: .file)
    }

    func validate(_ command: UICommand, context: AppContext) -> Bool {
        guard command.action == ExportService.exportAction else { return false }
        command.attributes = canExport ? [] : .disabled
        return true
    }
}

/// Services contributing to the main menu through the app delegate's `buildMenu(with:)`,
/// and validating the commands they own.
@MainActor
struct MenuTests {
    final class AppDelegate: ServiceOrientedAppDelegate {
        var services: [any AppService] = []
        override func makeServices() -> [any AppService] { services }
    }

    static func launched(_ services: [any AppService]) -> SimulatedUIKit {
        let delegate = AppDelegate()
        delegate.services = services
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        return uiKit
    }

    /// Adds a Sync menu after View, and owns its command; depends on the export service, so
    /// it contributes after it.
    final class SyncService: AppService, MenuBuilding {
        static let dependencies: [any AppService.Type] = [ExportService.self]
        static let syncAction = Selector(("syncNow:"))
        private(set) var validated: [String] = []

        func buildMenu(with builder: any UIMenuBuilder, context: AppContext) {
            // The export service contributed first: its command is in the File menu already.
            let file = builder.menu(for: .file)?.children.count ?? 0
            let sync = UIMenu(
                title: "Sync",
                identifier: UIMenu.Identifier("com.example.sync"),
                children: [UICommand(title: "Sync Now (after \(file))", action: Self.syncAction)]
            )
            builder.insertSibling(sync, afterMenu: .view)
            builder.insertChild(UIMenu(title: "Sync Settings", children: []), atEndOfMenu: .file)
        }

        func validate(_ command: UICommand, context: AppContext) -> Bool {
            validated.append(command.title)
            guard command.action == Self.syncAction else { return false }
            command.state = .on
            return true
        }
    }

    @Test("Every contributing service builds the menu, in dependency order, with the same builder")
    func dependencyOrder() {
        let uiKit = Self.launched([SyncService(), ExportService()])

        let menu = uiKit.buildMainMenu()

        #expect(
            menu.outline == [
                "App", "File", "  ", "    Export…", "  Sync Settings", "Edit", "View", "Sync", "  Sync Now (after 1)",
                "Window", "Help",
            ]
        )
        #expect(uiKit.delivered.contains("buildMenuWithBuilder:"))
    }

    @Test("The example of the documentation adds its command to the File menu")
    func documentedExample() throws {
        let uiKit = Self.launched([ExportService()])
        let menu = uiKit.buildMainMenu()
        #expect(menu.menu(for: .file)?.children.count == 1)
        let group = try #require(menu.menu(for: .file)?.children.first as? UIMenu)
        let export = try #require(group.children.first as? UIKeyCommand)
        #expect(export.input == "e")
        #expect(export.modifierFlags == .command)
    }

    @Test("The delegate claims buildMenuWithBuilder: and validateCommand: only when a service contributes")
    func claimedOnlyWithAContributor() {
        final class Plain: AppService, ApplicationStateHandling {}
        let without = Self.launched([Plain()])
        #expect(!SimulatedUIKit.claims(without.delegate, "buildMenuWithBuilder:"))
        #expect(!SimulatedUIKit.claims(without.delegate, "validateCommand:"))
        let menu = without.buildMainMenu()
        #expect(menu.outline == ["App", "File", "Edit", "View", "Window", "Help"])
        #expect(without.unclaimed.contains("buildMenuWithBuilder:"))

        let with = Self.launched([ExportService()])
        #expect(SimulatedUIKit.claims(with.delegate, "buildMenuWithBuilder:"))
        #expect(SimulatedUIKit.claims(with.delegate, "validateCommand:"))
    }

    @Test("A command is validated by the first service, in dependency order, that owns it")
    func validation() {
        let export = ExportService()
        let sync = SyncService()
        let uiKit = Self.launched([sync, export])

        let exportCommand = UIKeyCommand(title: "Export…", action: ExportService.exportAction, input: "e")
        uiKit.validate(exportCommand)
        #expect(exportCommand.attributes == .disabled)
        #expect(sync.validated.isEmpty, "the export service owned it first")

        export.canExport = true
        uiKit.validate(exportCommand)
        #expect(exportCommand.attributes == [])

        let syncCommand = UICommand(title: "Sync Now", action: SyncService.syncAction)
        uiKit.validate(syncCommand)
        #expect(syncCommand.state == .on)
        #expect(sync.validated == ["Sync Now"])

        let other = UICommand(title: "Print", action: Selector(("print:")), state: .mixed)
        uiKit.validate(other)
        #expect(other.state == .mixed, "no service owns it: left to UIKit")
        #expect(sync.validated == ["Sync Now", "Print"])
    }
}
#endif
