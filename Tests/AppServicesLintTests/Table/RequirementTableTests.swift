import AppServicesLintCore
import Foundation
import Testing

/// The lint's requirement table against the library's protocols: the test that fails when a
/// capability member is added, renamed, removed or retyped in `Sources/AppServices` or in an
/// adapter module that declares capabilities, and the table is not updated.
struct RequirementTableTests {
    /// The modules whose protocols the table lists: the core, and the adapters that declare
    /// capabilities of their own (`MenuBuilding`, `PrivacyCoverViewProviding`).
    static let modules = ["Sources/AppServices", "Sources/AppServicesUIKit", "Sources/AppServicesSwiftUI"]

    @Test("The requirement table matches every protocol of the library's modules that the lint checks")
    func matchesTheLibrary() throws {
        let library = try Self.modules.flatMap { try Repository.swiftFiles(under: $0) }
        #expect(library.count > 50)
        for module in Self.modules {
            #expect(library.contains { $0.path.hasPrefix(module + "/") }, "no Swift file under \(module)")
        }
        let problems = RequirementTable.appServices.differences(fromLibrary: library)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test(
        "The table lists the capabilities, AppService, SceneService, SessionService, the initializers, StartupCommand, gates and milestones"
    )
    func protocols() {
        let table = RequirementTable.appServices
        for name in [
            "AppService", "SceneService", "SessionService", "Initializer", "SynchronousInitializer",
            "StartupCommand", "ApplicationStateHandling", "URLOpenHandling", "VoIPPushHandling", "CarPlayHandling",
            "CallHandling", "SessionHandling", "GateHandling", "MenuBuilding", "PrivacyCoverProviding",
            "SceneWindowProviding", "PrivacyCoverViewProviding", "AppGate", "AppMilestone",
        ] {
            #expect(table[name]?.isChecked == true, "\(name)")
        }
        #expect(table.protocols.filter { table.isCapability($0.name) && $0.isChecked }.count == 33)
        #expect(
            table["ApplicationStateHandling"]?.requirements.first?.declaration
                == "func applicationDidBecomeActive(_ context: AppContext)"
        )
    }

    // The library as it might change, to show the comparison names what changed.
    static let protocolSource = """
        @MainActor
        public protocol ApplicationStateHandling: AppService {
            /// The application became active.
            func applicationDidBecomeActive(_ context: AppContext)
            func applicationWillResignActive(_ context: AppContext)
        }
        extension ApplicationStateHandling {
            public func applicationDidBecomeActive(_ context: AppContext) {}
            public func applicationWillResignActive(_ context: AppContext) {}
        }
        """

    static let table = RequirementTable(
        [
            .protocol("AppService"),
            .protocol(
                "ApplicationStateHandling",
                refines: ["AppService"],
                withDefaults: """
                    func applicationDidBecomeActive(_ context: AppContext)
                    func applicationWillResignActive(_ context: AppContext)
                    """
            ),
        ],
        typeAliases: [:]
    )

    static func library(_ capability: String) -> [SourceFile] {
        [
            SourceFile(path: "AppService.swift", text: "public protocol AppService: AnyObject, Sendable {}"),
            SourceFile(path: "ApplicationStateHandling.swift", text: capability),
        ]
    }

    @Test("Agreeing table and library report nothing")
    func agreeing() {
        #expect(Self.table.differences(fromLibrary: Self.library(Self.protocolSource)) == [])
    }

    @Test("A member added to the library is named, with its file, line and declaration")
    func added() {
        let changed = Self.protocolSource.replacingOccurrences(
            of: "    func applicationWillResignActive(_ context: AppContext)\n}",
            with: "    func applicationWillResignActive(_ context: AppContext)\n"
                + "    func applicationDidReceiveVoiceCommand(_ context: AppContext, phrase: String)\n}"
        )
        let problems = Self.table.differences(fromLibrary: Self.library(changed))
        #expect(
            problems == [
                "ApplicationStateHandling.swift:6: ApplicationStateHandling.applicationDidReceiveVoiceCommand(_:phrase:) "
                    + "was added to the library but is not in the lint's requirement table "
                    + "(Sources/AppServicesLintCore/Table/RequirementTable+AppServices.swift): add "
                    + "'func applicationDidReceiveVoiceCommand(_ context: AppContext, phrase: String)' to "
                    + "ApplicationStateHandling's withoutDefaults"
            ]
        )
    }

    @Test("A renamed member is named with its old and new declarations")
    func renamed() {
        let changed = Self.protocolSource.replacingOccurrences(of: "WillResignActive", with: "WillResignFocus")
        let problems = Self.table.differences(fromLibrary: Self.library(changed))
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains("ApplicationStateHandling.applicationWillResignActive(_:) was renamed") == true
        )
        #expect(problems.first?.contains("'func applicationWillResignFocus(_ context: AppContext)'") == true)
    }

    @Test("A removed member, a retyped member and a default that went away are named")
    func removedAndRetyped() {
        let removed = Self.protocolSource.replacingOccurrences(
            of: "    func applicationWillResignActive(_ context: AppContext)\n}",
            with: "}"
        ).replacingOccurrences(of: "    public func applicationWillResignActive(_ context: AppContext) {}\n", with: "")
        #expect(
            Self.table.differences(fromLibrary: Self.library(removed)) == [
                "ApplicationStateHandling.applicationWillResignActive(_:) is in the lint's requirement table "
                    + "(Sources/AppServicesLintCore/Table/RequirementTable+AppServices.swift) but no longer in the "
                    + "library (ApplicationStateHandling.swift): remove "
                    + "'func applicationWillResignActive(_ context: AppContext)'"
            ]
        )
        let retyped = Self.protocolSource.replacingOccurrences(
            of: "applicationDidBecomeActive(_ context: AppContext)",
            with: "applicationDidBecomeActive(_ context: AppContext) async"
        )
        let problems = Self.table.differences(fromLibrary: Self.library(retyped))
        #expect(problems.count == 1)
        #expect(problems.first?.contains("applicationDidBecomeActive(_:) changed in the library") == true)
        let withoutDefault = Self.protocolSource.replacingOccurrences(
            of: "    public func applicationDidBecomeActive(_ context: AppContext) {}\n",
            with: ""
        )
        #expect(
            Self.table.differences(fromLibrary: Self.library(withoutDefault)) == [
                "ApplicationStateHandling.swift: ApplicationStateHandling.applicationDidBecomeActive(_:) has no "
                    + "default in the library, but the lint's requirement table "
                    + "(Sources/AppServicesLintCore/Table/RequirementTable+AppServices.swift) lists it withDefaults"
            ]
        )
    }

    @Test("A new capability protocol is named with its requirements")
    func newProtocol() {
        let files =
            Self.library(Self.protocolSource) + [
                SourceFile(
                    path: "MenuHandling.swift",
                    text: "public protocol MenuHandling: AppService {\n    func buildMenu(_ context: AppContext)\n}\n"
                )
            ]
        let problems = Self.table.differences(fromLibrary: files)
        #expect(problems.count == 1)
        #expect(
            problems.first?.hasPrefix("MenuHandling.swift:1: protocol MenuHandling (refining AppService) is not")
                == true
        )
        #expect(problems.first?.contains("'func buildMenu(_ context: AppContext)'") == true)
    }
}
