/// The requirements of the library's protocols that the lint checks members against: the
/// capability protocols, `AppService`, `SceneService`, `Initializer`,
/// `SynchronousInitializer` and `StartupCommand`.
///
/// The table is data (``RequirementTable/appServices``), written as the declarations
/// themselves; a test reads the library's sources with the same ``DeclarationReader`` and
/// fails, naming the member, when a requirement is added, renamed, removed or changed in
/// the library and not here.
package struct RequirementTable: Sendable {
    /// A requirement of a protocol in the table.
    package struct Requirement: Sendable {
        /// The protocol that declares it.
        package var protocolName: String
        /// Its declaration, as the protocol writes it (`func applicationDidBecomeActive(_
        /// context: AppContext)`).
        package var declaration: String
        /// What a witness must match.
        package var signature: MemberSignature
        /// Whether the library's extension of the protocol implements it, so that a type
        /// that misses it still compiles.
        package var hasDefault: Bool
    }

    /// A protocol of the table, as the notation of ``RequirementTable/appServices`` writes it.
    package struct Entry: Sendable {
        /// The protocol's name.
        package var name: String
        /// The protocols of its inheritance clause that are in the table.
        package var refines: [String]
        /// Requirements with a default in the library, one declaration per line.
        package var withDefaults: String
        /// Requirements without a default.
        package var withoutDefaults: String
        /// Requirements of the protocols it refines that its own extension implements
        /// (`SynchronousInitializer` implements `Initializer`'s `perform(_:)`), by Swift name.
        package var defaultsForRefined: [String]
        /// Whether members are checked against it. A protocol that is not checked is listed
        /// so that members satisfying it are not taken for near misses of a capability
        /// (`LifecycleListener`'s `applicationDidBecomeActive()`).
        package var isChecked: Bool

        /// A protocol of the table.
        package static func `protocol`(
            _ name: String,
            refines: [String] = [],
            withDefaults: String = "",
            withoutDefaults: String = "",
            defaultsForRefined: [String] = [],
            isChecked: Bool = true
        ) -> Entry {
            Entry(
                name: name,
                refines: refines,
                withDefaults: withDefaults,
                withoutDefaults: withoutDefaults,
                defaultsForRefined: defaultsForRefined,
                isChecked: isChecked
            )
        }
    }

    /// A protocol, read.
    package struct CheckedProtocol: Sendable {
        /// The protocol's name.
        package var name: String
        /// The table's protocols it refines directly.
        package var refines: [String]
        /// Its own requirements, in order.
        package var requirements: [Requirement]
        /// Swift names of the refined protocols' requirements its extension implements.
        package var defaultsForRefined: [String]
        /// Whether members are checked against it.
        package var isChecked: Bool
    }

    /// The protocols, in the table's order.
    package let protocols: [CheckedProtocol]
    /// The library's type aliases that requirements use, by name.
    package let typeAliases: [String: String]
    /// The spelling of types, with ``typeAliases``.
    package let spelling: TypeSpelling
    private let byName: [String: Int]

    /// Reads `entries`: their declarations are parsed as Swift.
    package init(_ entries: [Entry], typeAliases: [String: String]) {
        let spelling = TypeSpelling(aliases: typeAliases)
        self.spelling = spelling
        self.typeAliases = typeAliases
        protocols = entries.map { entry in
            func read(_ text: String, hasDefault: Bool) -> [Requirement] {
                DeclarationReader.requirements(text, spelling: spelling).map {
                    Requirement(
                        protocolName: entry.name,
                        declaration: $0.declaration,
                        signature: $0.signature,
                        hasDefault: hasDefault
                    )
                }
            }
            return CheckedProtocol(
                name: entry.name,
                refines: entry.refines,
                requirements: read(entry.withDefaults, hasDefault: true)
                    + read(entry.withoutDefaults, hasDefault: false),
                defaultsForRefined: entry.defaultsForRefined,
                isChecked: entry.isChecked
            )
        }
        byName = Dictionary(protocols.enumerated().map { ($1.name, $0) }) { first, _ in first }
    }

    /// The protocol named `name`, if the table has it.
    package subscript(name: String) -> CheckedProtocol? {
        byName[name].map { protocols[$0] }
    }

    /// `name` and every table protocol it refines, directly or not.
    package func closure(of name: String) -> Set<String> {
        var result: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard result.insert(next).inserted, let entry = self[next] else { continue }
            pending += entry.refines
        }
        return result
    }

    /// Whether a type adopting exactly `adopted` (a closed set) gets a default for
    /// `requirement`: from the protocol's own extension or from a refining protocol it adopts.
    package func hasDefault(_ requirement: Requirement, adopting adopted: Set<String>) -> Bool {
        requirement.hasDefault
            || adopted.contains { self[$0]?.defaultsForRefined.contains(requirement.signature.swiftName) == true }
    }

    /// Whether `name` is a capability: a protocol refining `AppService` other than
    /// `SceneService`, whose members are callbacks.
    package func isCapability(_ name: String) -> Bool {
        name != "AppService" && name != "SceneService" && closure(of: name).contains("AppService")
    }
}
