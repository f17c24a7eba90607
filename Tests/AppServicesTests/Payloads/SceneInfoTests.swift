import AppServices
import Testing

/// A scene information is a value: kept in one reference, it still compares, hashes and
/// changes as the value of its session and title.
struct SceneInfoTests {
    let session = SceneSession(persistentIdentifier: "main", role: .windowApplication, configurationName: "Default")

    @Test("Changing a copy's title or session leaves the original as it was")
    func copiesAreIndependent() {
        let original = SceneInfo(session: session, title: "Inbox")
        var retitled = original
        retitled.title = "Drafts"
        var moved = original
        moved.session.persistentIdentifier = "other"
        #expect(original.title == "Inbox")
        #expect(original.identifier == "main")
        #expect(retitled.title == "Drafts")
        #expect(retitled.identifier == "main")
        #expect(moved.identifier == "other")
        #expect(moved.title == "Inbox")
    }

    @Test("Equal sessions and titles are equal and hash alike, made apart or not; any field differing is not equal")
    func equalityAndHashing() {
        let one = SceneInfo(session: session, title: "Inbox")
        let same = SceneInfo(
            session: SceneSession(persistentIdentifier: "main", role: .windowApplication, configurationName: "Default"),
            title: "Inbox"
        )
        #expect(one == one)
        #expect(one == same)
        #expect(one.hashValue == same.hashValue)
        #expect(Set([one, same]).count == 1)
        var untitled = one
        untitled.title = nil
        var external = one
        external.session.role = .windowExternalDisplayNonInteractive
        var unconfigured = one
        unconfigured.session.configurationName = nil
        var renamed = one
        renamed.session.persistentIdentifier = "other"
        for different in [untitled, external, unconfigured, renamed] { #expect(different != one) }
        #expect(Set([one, untitled, external, unconfigured, renamed]).count == 5)
    }

    @Test("A dump shows the session and the title, as before")
    func dumpShowsFields() {
        var text = ""
        dump(SceneInfo(session: session, title: "Inbox"), to: &text)
        #expect(text.contains("session: AppServices.SceneSession"))
        #expect(text.contains("persistentIdentifier: \"main\""))
        #expect(text.contains("title: Optional(\"Inbox\")"))
        #expect(!text.contains("storage"))
    }
}
