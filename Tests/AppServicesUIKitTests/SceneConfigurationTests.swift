#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Logging
import Testing

/// A connecting scene configured with its delegate's type, or, for compatibility, its name.
@MainActor
struct SceneConfigurationTests {
    /// The app's own scene delegate class.
    final class InboxSceneDelegate: ServiceOrientedSceneDelegate {}

    /// Proposes the configuration it is given for every connecting window scene.
    final class Configurator: AppService, SceneSessionHandling {
        let proposed: SceneConfiguration

        init(_ proposed: SceneConfiguration) {
            self.proposed = proposed
        }

        func application(
            _ context: AppContext,
            configurationForConnecting session: SceneSession,
            options: SceneConnectionOptions
        ) -> SceneConfiguration? {
            proposed
        }
    }

    func connect(_ proposed: SceneConfiguration, logs: LogCapture) -> UISceneConfiguration {
        let delegate = TestAppDelegate([Configurator(proposed)], configuration: .init(logger: logs.logger()))
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        return uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }.session.configuration
    }

    @Test("A scene configured by its delegate's type, and a storyboard, gets that class and that storyboard")
    func delegateByType() {
        let logs = LogCapture()
        let configuration = connect(
            SceneConfiguration(
                name: "Inbox",
                role: .windowApplication,
                delegateClass: InboxSceneDelegate.self,
                storyboardName: "Inbox"
            ),
            logs: logs
        )
        #expect(configuration.name == "Inbox")
        #expect(configuration.delegateClass.map(ObjectIdentifier.init) == ObjectIdentifier(InboxSceneDelegate.self))
        #expect(configuration.storyboard?.name == "Inbox")
        #expect(logs.messages(at: .error).isEmpty)
    }

    @Test("A delegate class name that is no class is logged as an error naming it, and UIKit keeps the Info.plist's")
    func misspeltNameIsLogged() {
        let logs = LogCapture()
        let configuration = connect(
            SceneConfiguration(name: "Inbox", role: .windowApplication, delegateClassName: "Inbox.SceenDelegate"),
            logs: logs
        )
        #expect(configuration.delegateClass == nil)
        #expect(
            logs.messages(at: .error) == [
                "The scene configuration Inbox names the scene delegate class Inbox.SceenDelegate, which is no class (a Swift class needs its module-qualified name, such as MyApp.SceneDelegate); UIKit takes the delegate class from the Info.plist's configuration of that name and role, and without one the scene gets no delegate. Give the class itself: SceneConfiguration(name:role:delegateClass:)."
            ]
        )
    }

    @Test("A delegate class name that is no class, in a configuration without a name, is logged as leaving no delegate")
    func misspeltNameWithoutConfigurationName() {
        let logs = LogCapture()
        let configuration = connect(
            SceneConfiguration(name: nil, role: .windowApplication, delegateClassName: "SceneDelegate"),
            logs: logs
        )
        #expect(configuration.delegateClass == nil)
        let error = logs.messages(at: .error).first ?? ""
        #expect(error.contains("takes nothing from the Info.plist, so the scene gets no delegate"), "\(error)")
        #expect(!error.contains("UIKit takes the delegate class from the Info.plist"))
    }

    @Test("Configurations compare their delegate classes by identity")
    func equality() {
        let byType = SceneConfiguration(name: "A", role: .windowApplication, delegateClass: InboxSceneDelegate.self)
        #expect(
            byType == SceneConfiguration(name: "A", role: .windowApplication, delegateClass: InboxSceneDelegate.self)
        )
        #expect(
            byType
                != SceneConfiguration(
                    name: "A",
                    role: .windowApplication,
                    delegateClass: ServiceOrientedSceneDelegate.self
                )
        )
        #expect(byType != SceneConfiguration(name: "A", role: .windowApplication))
    }
}
#endif
