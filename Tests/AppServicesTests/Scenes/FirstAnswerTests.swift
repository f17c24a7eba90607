import AppServices
import Testing

/// What an adapter asks of the services that adopt one of its protocols (a scene's window,
/// its privacy cover, a menu command): only those are asked, in order, each with a context
/// naming it and the scene.
@MainActor
@Suite struct FirstAnswerTests {
    /// An adapter's protocol, as `PrivacyCoverProviding` is the UIKit adapter's.
    protocol Labelling: AppService {
        func label(_ context: AppContext) -> String?
    }

    /// Who was asked, in order, and what each context named.
    final class Asked: AppService {
        var entries: [String] = []
    }

    final class First: AppService, Labelling {
        func label(_ context: AppContext) -> String? {
            context.service(Asked.self)?.entries.append(
                "First \(context.serviceName ?? "-") \(context.scene?.identifier ?? "-")"
            )
            return nil
        }
    }

    final class Bystander: AppService {}

    final class Second: AppService, Labelling {
        func label(_ context: AppContext) -> String? {
            context.service(Asked.self)?.entries.append(
                "Second \(context.serviceName ?? "-") \(context.scene?.identifier ?? "-")"
            )
            return context.scene == nil ? "app-wide" : nil
        }
    }

    final class Own: SceneService, Labelling {
        init(scene: SceneInfo, context: AppContext) {}
        func label(_ context: AppContext) -> String? {
            context.service(Asked.self)?.entries.append(
                "Own \(context.serviceName ?? "-") \(context.scene?.identifier ?? "-")"
            )
            return "own"
        }
    }

    private let main = SceneInfo(session: SceneSession(persistentIdentifier: "main", role: .windowApplication))

    @Test(
        "Only the services that adopt the protocol are asked, application-wide ones then the scene's own, until one answers"
    )
    func asksTheAdoptersInOrder() throws {
        let asked = Asked()
        let composite = ServiceComposite([asked, First(), Bystander(), Second()], configuration: .quiet)
        try composite.registerSceneServices([Own.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(main)

        #expect(composite.firstAnswer(from: (any Labelling).self, in: main) { $0.label($1) } == "own")
        #expect(asked.entries == ["First First main", "Second Second main", "Own Own main"])

        // Asked again (the adopters are remembered), and without a scene.
        asked.entries = []
        #expect(composite.firstAnswer(from: (any Labelling).self, in: nil) { $0.label($1) } == "app-wide")
        #expect(asked.entries == ["First First -", "Second Second -"])

        // Every service, adopter or not, through the general form.
        var everyone: [String] = []
        let none: Never? = composite.firstAnswer(in: main) { service, context in
            everyone.append(context.serviceName ?? "-")
            return nil
        }
        #expect(none == nil)
        #expect(everyone == ["Asked", "First", "Bystander", "Second", "Own"])
    }
}
