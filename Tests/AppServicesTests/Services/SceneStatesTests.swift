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

    @Test("Exchanging a scene's state returns the one it had, and sets, adds or removes as the subscript does")
    func exchange() {
        var states = SceneStates()
        #expect(states.exchange("a", .unattached) == nil)
        states["b"] = .background
        #expect(states.exchange("a", .foregroundActive) == .unattached)
        #expect(states.implied(treating: nil, as: nil) == .active)
        #expect(states.exchange("a", nil) == .foregroundActive)
        #expect(states.exchange("never", nil) == nil)
        #expect(states.map(\.key) == ["b"])
        #expect(states.implied(treating: nil, as: nil) == .background)
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

    @Test("The state the scenes imply counts each scene once, or one as told to, or leaves it out")
    func implied() {
        var states = SceneStates()
        #expect(states.implied(treating: nil, as: nil) == nil)
        states["a"] = .foregroundActive
        states["b"] = .background
        states["c"] = .unattached
        #expect(states.implied(treating: nil, as: nil) == .active)
        #expect(states.implied(treating: "a", as: nil) == .background)
        #expect(states.implied(treating: "a", as: .foregroundInactive) == .inactive)
        #expect(states.implied(treating: "c", as: .foregroundActive) == .active)
        #expect(states.implied(treating: "new", as: .foregroundInactive) == .active)
        states["a"] = .disconnected
        #expect(states.implied(treating: nil, as: nil) == .background)
        states["b"] = nil
        #expect(states.implied(treating: nil, as: nil) == nil)
        #expect(states.implied(treating: "c", as: .background) == .background)
    }

    @Test("Over seeded random changes, the counted state is the one the table implies")
    func countsFollowTheTable() {
        var generator = SplitMix64(seed: 0x5CE7E)
        var states = SceneStates()
        let identifiers = ["a", "b", "c", "d"]
        for _ in 0..<2_000 {
            let identifier = identifiers[Int(generator.next() % 4)]
            let choice = Int(generator.next() % 6)
            states[identifier] = choice == 5 ? nil : SceneState.allCases[choice]
            let values = states.map(\.value)
            let expected: ApplicationState? =
                values.contains(.foregroundActive)
                ? .active
                : values.contains(.foregroundInactive) ? .inactive : values.contains(.background) ? .background : nil
            #expect(states.implied(treating: nil, as: nil) == expected)
            #expect(ApplicationState.implied(byScenes: values) == expected)
        }
    }
}
