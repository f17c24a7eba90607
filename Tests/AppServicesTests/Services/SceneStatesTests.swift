import Testing

@testable import AppServices

/// The scenes' state table: found by identifier whichever scene was looked up last, kept in
/// the order the scenes first arrived, and what the application's state they imply.
struct SceneStatesTests {
    @Test("A scene's state is found by its identifier, whichever scene was written last")
    func lookUpAfterAnotherScene() {
        var states = SceneStates()
        states["a"] = .unattached
        states["b"] = .foregroundInactive
        states["c"] = .background
        #expect(states["a"] == .unattached)
        #expect(states["b"] == .foregroundInactive)
        states["a"] = .foregroundActive
        #expect(states["c"] == .background)
        #expect(states["a"] == .foregroundActive)
        #expect(states["never"] == nil)
        #expect(states.map(\.key) == ["a", "b", "c"])
        #expect(states.map(\.value) == [.foregroundActive, .foregroundInactive, .background])
    }

    @Test("Removing a scene leaves the others found, in order")
    func removal() {
        var states = SceneStates()
        states["a"] = .unattached
        states["b"] = .background
        states["c"] = .foregroundActive
        states["b"] = nil
        states["never"] = nil
        #expect(states["b"] == nil)
        #expect(states["c"] == .foregroundActive)
        #expect(states.map(\.key) == ["a", "c"])
    }

    @Test("An identifier equal to a stored one but made apart finds its scene")
    func equalIdentifiersMadeApart() {
        var states = SceneStates()
        let identifier = String(repeating: "scene-", count: 8)
        states[identifier] = .foregroundInactive
        states["other"] = .background
        let again = "scene-" + String(repeating: "scene-", count: 7)
        #expect(states[again] == .foregroundInactive)
    }

    @Test("The state the scenes imply leaves out the scene named, and counts every other")
    func implied() {
        var states = SceneStates()
        states["a"] = .foregroundActive
        states["b"] = .background
        var all = ApplicationState.Implied()
        states.imply(into: &all, except: nil)
        #expect(all.state == .active)
        var withoutA = ApplicationState.Implied()
        states.imply(into: &withoutA, except: "a")
        #expect(withoutA.state == .background)
    }
}
