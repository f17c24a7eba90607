import AppServices
import AppServicesTesting
import Testing

/// Records, app-wide, what each scene's services heard.
final class SceneJournal: AppService {
    var entries: [String] = []
}

/// A scene's editor, which a richer one subclasses.
class PlainEditor: SceneService {
    required init(scene: SceneInfo, context: AppContext) {}
}

/// The richer editor, made before the plain one.
final class RichEditor: PlainEditor {}

/// A session's notes, which richer ones subclass.
class PlainNotes: SessionService {
    required init(session: SessionInfo, context: AppContext) {}
}

/// The richer notes, made before the plain ones.
final class RichNotes: PlainNotes {}

/// Per-scene state: hears only its own scene's callbacks.
final class EditorSession: SceneService, SceneHandling {
    static var dependencies: [any AppService.Type] { [SceneJournal.self] }
    let scene: SceneInfo
    let journal: SceneJournal?

    init(scene: SceneInfo, context: AppContext) {
        self.scene = scene
        self.journal = context.service(SceneJournal.self)
        journal?.entries.append("make \(scene.identifier)")
    }

    func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        journal?.entries.append("\(scene.identifier) connect \(context.scene?.identifier ?? "-")")
    }

    func sceneDidBecomeActive(_ context: AppContext) {
        journal?.entries.append("\(scene.identifier) active \(context.scene?.identifier ?? "-")")
        #expect(context.sceneService(EditorSession.self) === self, "a scene finds its own services")
    }

    func sceneDidEnterBackground(_ context: AppContext) {
        journal?.entries.append("\(scene.identifier) background")
    }
}

/// An application-wide scene handler, to show the order.
final class AppWideScenes: AppService, SceneHandling {
    static var dependencies: [any AppService.Type] { [SceneJournal.self] }
    weak var journal: SceneJournal?

    func sceneDidBecomeActive(_ context: AppContext) {
        context.service(SceneJournal.self)?.entries.append("app-wide active \(context.scene?.identifier ?? "-")")
    }

    func sceneDidEnterBackground(_ context: AppContext) {
        context.service(SceneJournal.self)?.entries.append("app-wide background")
    }
}

final class NeedsMissing: SceneService {
    static var dependencies: [any AppService.Type] { [MissingAppService.self] }
    init(scene: SceneInfo, context: AppContext) {}
}
final class MissingAppService: AppService {}

@MainActor
struct SceneServiceTests {
    let one = SceneInfo(session: SceneSession(persistentIdentifier: "one"))
    let two = SceneInfo(session: SceneSession(persistentIdentifier: "two"))

    @Test("A scene's or session's service of exactly the type asked for comes before a subclass, as with service(_:)")
    func exactTypeFirst() throws {
        let composite = ServiceComposite([])
        try composite.registerSceneServices([RichEditor.self, PlainEditor.self])
        try composite.registerSessionServices([RichNotes.self, PlainNotes.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(one)
        try composite.beginSession(SessionInfo(identifier: "alice"))

        #expect(composite.sceneService(PlainEditor.self, in: one).map { type(of: $0) } == PlainEditor.self)
        #expect(composite.sceneService(RichEditor.self, in: one) != nil)
        #expect(composite.sessionService(PlainNotes.self).map { type(of: $0) } == PlainNotes.self)
        #expect(composite.sessionService(RichNotes.self) != nil)
    }

    @Test("Each scene gets its own scene services, which hear only its callbacks, after app-wide services going up")
    func ownScenesOnly() throws {
        let journal = SceneJournal()
        let composite = ServiceComposite([journal, AppWideScenes()])
        try composite.registerSceneServices([EditorSession.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(one)
        composite.sceneWillConnect(two)
        composite.sceneWillEnterForeground(one)
        composite.sceneDidBecomeActive(one)
        composite.sceneWillResignActive(one)
        composite.sceneDidEnterBackground(one)
        #expect(
            journal.entries.filter { !$0.contains("derived") } == [
                "make one", "one connect one", "make two", "two connect two",
                "app-wide active one", "one active one",
                "one background", "app-wide background",
            ]
        )
        #expect(composite.sceneService(EditorSession.self, in: two)?.scene == two)
    }

    @Test("A scene service that looks at the connected scenes as it subscribes sees every one connected before")
    func subscribingSeesTheOtherScenes() throws {
        /// Counts, as it subscribes, the services of the scenes connected before its own.
        final class Inspector: SceneService {
            static var seen: [String] = []
            let context: AppContext
            init(scene: SceneInfo, context: AppContext) { self.context = context }
            func subscribe(to events: inout EventSubscriptions) {
                Self.seen.append(context.connectedScenes.map { "\($0.identifier): \($0.services.count)" }.joined())
            }
        }
        Inspector.seen = []
        let composite = ServiceComposite([SceneJournal()])
        try composite.registerSceneServices([Inspector.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(one)
        composite.sceneWillConnect(two)
        #expect(Inspector.seen.last == "one: 1", "scene one and its service, while scene two's service subscribes")
    }

    @Test("Scene services are released when their scene disconnects, and made anew when it reconnects")
    func releasedOnDisconnect() throws {
        let journal = SceneJournal()
        let composite = ServiceComposite([journal])
        try composite.registerSceneServices([EditorSession.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(one)
        weak let first = composite.sceneService(EditorSession.self, in: one)
        #expect(first != nil)
        composite.sceneDidDisconnect(one)
        #expect(first == nil, "released with its scene")
        #expect(composite.sceneService(EditorSession.self, in: one) == nil)

        composite.sceneWillConnect(one)
        #expect(composite.sceneService(EditorSession.self, in: one) != nil)
        #expect(journal.entries.filter { $0.hasPrefix("make") } == ["make one", "make one"])
    }

    @Test("Validation lists a scene service registered twice, or also app-wide, and a missing app-wide dependency")
    func validation() throws {
        let composite = ServiceComposite([SceneJournal(), EditorSessionAppWide()])
        try composite.registerSceneServices([
            EditorSession.self, EditorSession.self, NeedsMissing.self, EditorSessionAppWide.self,
        ])
        let error = #expect(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(
            error?.problems.map(\.message) == [
                "EditorSessionAppWide is registered both as a scene service and application-wide; register it once.",
                "EditorSession is registered twice (positions 1 and 2); a composite holds one scene service per type. Remove one registration.",
                "NeedsMissing depends on MissingAppService, which is not registered. Register MissingAppService or remove the dependency.",
            ]
        )
    }

    @Test("A dependency on, or a lookup of, a scene or session service from where it cannot be reached says so")
    func dependencyOnAScopedService() throws {
        /// An application-wide service that depends on a scene service.
        final class Layout: AppService {
            static var dependencies: [any AppService.Type] { [RichEditor.self] }
        }
        /// A scene service that depends on a session service.
        final class Toolbar: SceneService {
            static var dependencies: [any AppService.Type] { [RichNotes.self] }
            init(scene: SceneInfo, context: AppContext) {}
        }
        let composite = ServiceComposite([Layout()])
        try composite.registerSceneServices([RichEditor.self, Toolbar.self])
        try composite.registerSessionServices([RichNotes.self])
        let error = #expect(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(
            error?.problems.map(\.message) == [
                "Layout depends on RichEditor, which is registered as a scene service, made per scene: a service "
                    + "cannot depend on it. Depend on an application-wide service instead, or find RichEditor when it "
                    + "is needed with sceneService(_:in:) (or a scene's context.sceneService(_:)).",
                "Toolbar depends on RichNotes, which is registered as a session service, made per session: a scene "
                    + "service cannot depend on it. Depend on an application-wide service instead, or find RichNotes "
                    + "when it is needed with sessionService(_:in:) (or a session's context.sessionService(_:)).",
            ]
        )
        let lookup = #expect(throws: ServiceCompositeError.self) { try composite.requireService(RichEditor.self) }
        #expect(
            lookup?.message.hasPrefix(
                "RichEditor is registered as a scene service, made per scene, which requireService(_:) does not find"
            ) == true
        )
    }

    @Test("firstAnswer asks app-wide services in order, then the scene's own, and stops at the first answer")
    func firstAnswer() throws {
        let journal = SceneJournal()
        let composite = ServiceComposite([journal, AppWideScenes()])
        try composite.registerSceneServices([EditorSession.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(one)
        var asked: [String] = []
        let answer: String? = composite.firstAnswer(in: one) { service, context in
            asked.append("\(type(of: service)) \(context.scene?.identifier ?? "-")")
            return (service as? EditorSession).map { "window of \($0.scene.identifier)" }
        }
        #expect(answer == "window of one")
        #expect(asked == ["SceneJournal one", "AppWideScenes one", "EditorSession one"])
        #expect(composite.firstAnswer(in: nil) { service, _ in service as? EditorSession } == nil)
    }

    @Test("Registering scene services after the first callback is refused, naming them")
    func lateRegistration() {
        let composite = ServiceComposite([])
        _ = composite.didFinishLaunching()
        let error = #expect(throws: ServiceCompositeError.self) {
            try composite.registerSceneServices([EditorSession.self])
        }
        #expect(error?.code == .registrationAfterDispatch)
        #expect(error?.message.contains("EditorSession") == true)
    }
}

final class EditorSessionAppWide: SceneService {
    init(scene: SceneInfo, context: AppContext) {}
    init() {}
}
