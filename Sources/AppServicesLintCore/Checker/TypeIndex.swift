/// The types a target declares, each with its extensions, and what each one adopts of the
/// requirement table: directly, or through a protocol or class declared in the same target.
struct TypeIndex {
    /// A type or protocol of the target: its declaration, if the target has it, and its
    /// extensions.
    struct Entity {
        let name: String
        let declarations: [TypeDeclaration]

        /// What was declared: `nil` when the target only extends the type.
        var kind: TypeDeclaration.Kind? {
            declarations.first { $0.kind != .extension }?.kind
        }

        /// Whether instances exist: a class, structure, enumeration or actor.
        var isConcrete: Bool {
            switch kind {
            case .class, .struct, .enum, .actor: true
            case .protocol, .extension, nil: false
            }
        }

        var inherited: [TypeDeclaration.Inherited] { declarations.flatMap(\.inherited) }

        /// Members that implement something: a protocol's own members are requirements, so
        /// only its extensions' count.
        var implementations: [DeclaredMember] {
            declarations.filter { $0.kind != .protocol }.flatMap(\.members)
        }

        /// Where the type is declared (or first extended).
        var location: SourceLocation {
            (declarations.first { $0.kind != .extension } ?? declarations[0]).location
        }
    }

    /// What an entity adopts of the table.
    struct Adoption {
        /// Table protocols, closed under refinement.
        var protocols: Set<String> = []
        /// For each protocol, the entry of the entity's own inheritance clauses that leads
        /// to it.
        var via: [String: TypeDeclaration.Inherited] = [:]
        /// Protocols that come from a superclass of the target (its own conformance is
        /// checked there), each with the superclass that adopts it.
        var fromSuperclass: [String: String] = [:]
        /// Whether every supertype is known: declared in the target, in the table, or a
        /// standard protocol that adopts none of the table's.
        var isComplete = true
        /// The platform delegate protocols it adopts (``DelegateMethods/ownerTypes``' values),
        /// with those they refine: the methods of these delegates are the type's own business.
        var delegates: Set<String> = []
        /// Members of superclasses and of extensions of adopted protocols, in the target (a
        /// constrained extension's when the entity meets its constraint, or may).
        var inheritedImplementations: [DeclaredMember] = []
        /// The names of all its supertypes, known or not, for the constraints of extensions.
        var supertypes: Set<String> = []
    }

    /// Supertypes that adopt nothing of the table: the standard library's protocols and
    /// Foundation's root class.
    static let neutral: Set<String> = [
        "AnyObject", "Sendable", "SendableMetatype", "Equatable", "Hashable", "Comparable", "Identifiable",
        "Codable", "Encodable", "Decodable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error",
        "LocalizedError", "CaseIterable", "RawRepresentable", "Actor", "Copyable", "Escapable", "BitwiseCopyable",
        "NSObject", "NSObjectProtocol", "String", "Int", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8",
        "UInt16", "UInt32", "UInt64", "Double", "Float", "Character",
    ]

    /// Protocols and classes of Apple's frameworks that services commonly adopt or inherit
    /// besides a capability: declared in modules that cannot import this library, so they
    /// adopt nothing of the table either (unlike a supertype of the app's other modules,
    /// which might).
    static let frameworkProtocols: Set<String> = [
        "ObservableObject", "Observable", "UIResponder", "NSResponder", "CLLocationManagerDelegate",
        "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDataDelegate", "URLSessionDownloadDelegate",
        "URLSessionWebSocketDelegate", "WKNavigationDelegate", "WKUIDelegate", "WKScriptMessageHandler",
        "CXProviderDelegate", "CXCallObserverDelegate", "MXMetricManagerSubscriber", "SKPaymentTransactionObserver",
        "WCSessionDelegate", "CBCentralManagerDelegate", "CBPeripheralDelegate", "CBPeripheralManagerDelegate",
        "NSFetchedResultsControllerDelegate",
    ]

    /// Foundation's delegate protocols without a framework prefix.
    static let foundationDelegates: Set<String> = [
        "XMLParserDelegate", "StreamDelegate", "NetServiceDelegate", "NetServiceBrowserDelegate",
        "FileManagerDelegate", "PortDelegate",
    ]

    /// Whether `name` is a protocol of Apple's frameworks that adopts nothing of the table:
    /// a listed one, or a delegate, observer, data source or subscriber protocol named with
    /// a framework's prefix (`AVAudioPlayerDelegate`, `PHPhotoLibraryChangeObserver`).
    static func isFrameworkProtocol(_ name: String) -> Bool {
        if frameworkProtocols.contains(name) || foundationDelegates.contains(name) { return true }
        let roles = ["Delegate", "Observer", "DataSource", "Subscriber"]
        return KnownTypes.isFrameworkType(name) && roles.contains { name.hasSuffix($0) }
    }

    let entities: [Entity]
    private let byName: [String: Int]
    private let table: RequirementTable

    init(_ declarations: [TypeDeclaration], table: RequirementTable) {
        var order: [String] = []
        var grouped: [String: [TypeDeclaration]] = [:]
        for declaration in declarations {
            if grouped[declaration.name] == nil { order.append(declaration.name) }
            grouped[declaration.name, default: []].append(declaration)
        }
        entities = order.map { Entity(name: $0, declarations: grouped[$0]!) }
        byName = Dictionary(uniqueKeysWithValues: entities.enumerated().map { ($1.name, $0) })
        self.table = table
    }

    /// The entity an inheritance clause written in `scope` (the qualified name of the type it
    /// belongs to, or `nil` at top level) means by `name`, as Swift looks it up: a type
    /// nested in `scope` or in a type enclosing it, innermost first, else the top-level one.
    /// A nested type is not visible by its short name elsewhere, where the name may be a
    /// protocol of another module.
    func resolve(_ name: String, in scope: String? = nil) -> Entity? {
        var enclosing = scope.map { $0.split(separator: ".").map(String.init) } ?? []
        while !enclosing.isEmpty {
            if let index = byName[(enclosing + [name]).joined(separator: ".")] { return entities[index] }
            enclosing.removeLast()
        }
        return byName[name].map { entities[$0] }
    }

    /// What `entity` adopts, following the target's protocols and classes.
    func adoption(of entity: Entity) -> Adoption {
        adoption(of: entity, visiting: [])
    }

    private func adoption(of entity: Entity, visiting: Set<String>) -> Adoption {
        var result = Adoption()
        if entity.kind == nil {
            result.isComplete = false
            // The target's extension of a library protocol implements that protocol's members.
            if table[entity.name] != nil { result.protocols = table.closure(of: entity.name) }
        }
        for inherited in entity.inherited {
            result.delegates.formUnion(DelegateMethods.closure(of: inherited.name))
            result.supertypes.insert(inherited.name)
            if isLibraryProtocol(inherited.name) {
                let protocols = table.closure(of: inherited.name)
                result.supertypes.formUnion(protocols)
                for name in protocols where result.via[name] == nil { result.via[name] = inherited }
                result.protocols.formUnion(protocols)
            } else if let other = resolve(inherited.name, in: entity.name), other.name != entity.name,
                !visiting.contains(other.name)
            {
                let inner = adoption(of: other, visiting: visiting.union([entity.name]))
                for name in inner.protocols where result.via[name] == nil { result.via[name] = inherited }
                result.protocols.formUnion(inner.protocols)
                if other.kind == .class {
                    for name in inner.protocols {
                        result.fromSuperclass[name] = inner.fromSuperclass[name] ?? other.name
                    }
                }
                result.fromSuperclass.merge(inner.fromSuperclass) { current, _ in current }
                result.isComplete = result.isComplete && inner.isComplete
                result.delegates.formUnion(inner.delegates)
                result.supertypes.formUnion(inner.supertypes)
                result.inheritedImplementations += other.implementations + inner.inheritedImplementations
            } else if !Self.neutral.contains(inherited.name), !Self.isFrameworkProtocol(inherited.name),
                DelegateMethods.closure(of: inherited.name).isEmpty
            {
                result.isComplete = false
            }
        }
        // A protocol adopted both directly and through a superclass is the type's own too.
        for inherited in entity.inherited where isLibraryProtocol(inherited.name) {
            for name in table.closure(of: inherited.name) { result.fromSuperclass[name] = nil }
        }
        for name in result.protocols.sorted() where name != entity.name {
            guard let index = byName[name], entities[index].kind == nil else { continue }
            for declaration in entities[index].declarations where mayApply(declaration, to: result) {
                result.inheritedImplementations += declaration.members
            }
        }
        return result
    }

    /// The protocols of the table that `declaration`, one of `entity`'s, adopts through its
    /// own inheritance clause, with those they refine.
    func protocols(adoptedBy declaration: TypeDeclaration, of entity: Entity) -> Set<String> {
        var alone = declaration
        alone.kind = .extension
        return adoption(of: Entity(name: entity.name, declarations: [alone])).protocols
    }

    /// Whether the target's extension `declaration` of a library protocol reaches a type
    /// adopting `adoption`: it asks nothing, the type adopts what it asks, or the lint cannot
    /// tell (the clause asks something else, names a protocol the lint does not know, or the
    /// type has a supertype the lint does not know).
    private func mayApply(_ declaration: TypeDeclaration, to adoption: Adoption) -> Bool {
        guard let required = declaration.requiredConformances else { return true }
        let known = required.allSatisfy { table[$0] != nil || resolve($0)?.kind == .protocol }
        return !known || !adoption.isComplete || required.allSatisfy(adoption.supertypes.contains)
    }

    /// Whether `name` in an inheritance clause means the table's protocol: the target does not
    /// declare a type of that name, which Swift's name lookup would find first.
    private func isLibraryProtocol(_ name: String) -> Bool {
        table[name] != nil && byName[name].map { entities[$0].kind == nil } ?? true
    }
}
