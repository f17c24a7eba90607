public import AppServices

/// A ``RecordingService`` made per connected scene: register its subclasses with
/// `ServiceComposite/registerSceneServices(_:)`, and each connected scene gets its own
/// recorder, which hears only that scene's callbacks and is released when it disconnects.
///
/// A recorder writes into the ``CallJournal`` registered application-wide in the
/// composite, if there is one, so a test reads every scene's calls in one place:
///
/// ```swift
/// final class EditorRecorder: RecordingSceneService {}
///
/// let journal = CallJournal()
/// let composite = ServiceComposite([journal])
/// try composite.registerSceneServices([EditorRecorder.self])
/// let simulator = LifecycleSimulator(driving: composite)
/// try simulator.coldLaunch(connecting: first)
/// try simulator.connect(second)
/// let recorder = try #require(composite.sceneService(EditorRecorder.self, in: second))
/// #expect(!recorder.calls.isEmpty)
/// #expect(recorder.calls.allSatisfy { $0.scene == second.identifier })  // its own scene's calls
/// #expect(!journal.calls(in: first).isEmpty)                           // the other's, in the journal
/// ```
@MainActor
open class RecordingSceneService: RecordingService, SceneService {
    /// The scene this recorder was made for.
    public let scene: SceneInfo

    /// Creates the recorder of `scene`, writing into the application-wide ``CallJournal``
    /// of `context`'s composite, if one is registered.
    public required init(scene: SceneInfo, context: AppContext) {
        self.scene = scene
        super.init(journal: context.service(CallJournal.self))
    }
}
