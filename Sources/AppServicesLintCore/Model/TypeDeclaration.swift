/// A type, protocol or extension declared in the sources the lint reads, with what it
/// inherits and the members it declares.
package struct TypeDeclaration: Sendable {
    /// What was declared.
    package enum Kind: Hashable, Sendable {
        /// A class.
        case `class`
        /// A structure.
        case `struct`
        /// An enumeration.
        case `enum`
        /// An actor.
        case actor
        /// A protocol; its members are its own requirements.
        case `protocol`
        /// An extension of a type or protocol named ``TypeDeclaration/name``.
        case `extension`
    }

    /// A type named in an inheritance clause, and where.
    package struct Inherited: Hashable, Sendable {
        /// The type's name, without module qualifier, generic arguments or attributes.
        package var name: String
        /// Where it is written.
        package var location: SourceLocation
    }

    /// What was declared.
    package var kind: Kind
    /// The name, qualified by the enclosing types (`Outer.Inner`); for an extension, the
    /// name of the extended type as written.
    package var name: String
    /// Where the name is written.
    package var location: SourceLocation
    /// The types of its inheritance clause, in order; for a protocol, then those its `where`
    /// clause asks `Self` to adopt (`protocol Tracking where Self: ApplicationStateHandling`).
    package var inherited: [Inherited]
    /// The members it declares (for a protocol, its requirements), `#if` branches included.
    package var members: [DeclaredMember]
    /// For an extension, the protocols its `where` clause asks the extended type to adopt
    /// (`Refreshing` for `where Self: Refreshing`); `nil` when the clause asks something
    /// else too (a same-type requirement, one on an associated type), which the lint cannot
    /// judge.
    package var requiredConformances: [String]? = []
    /// For an extension with a `where` clause, its requirements as written, on one line
    /// (`Storage == Disk`); `nil` otherwise.
    package var constraint: String?
    /// For an extension of a generic type with its arguments bound (`extension Cache<Disk>`,
    /// which constrains as `where Storage == Disk` does), the arguments as written
    /// (`<Disk>`); `nil` otherwise.
    package var extendedArguments: String?

    /// For a generic type, the conformances its declaration asks of its generic parameters,
    /// in its parameter clause and its `where` clause, one per protocol, spaces left out
    /// (`Storage:Codable`, `Storage:Sendable` for `<Storage: Codable & Sendable>`).
    package var genericConformances: Set<String> = []
    /// For an extension with a `where` clause of conformance requirements only, those
    /// requirements, one per protocol, spelled as ``genericConformances``; `nil` otherwise.
    package var constraintConformances: [String]?

    /// Whether it is an extension that constrains the extended type's generic parameters.
    package var isConstrained: Bool { constraint != nil || extendedArguments != nil }

    /// Whether this extension's constraint asks nothing that `type`'s declarations do not
    /// ask already (`extension Cache where Storage: Sendable` of `Cache<Storage: Codable &
    /// Sendable>`): the extension is as unconstrained as the type, and its members witness
    /// the type's conformances.
    package func isImplied(by type: [TypeDeclaration]) -> Bool {
        guard extendedArguments == nil, let asked = constraintConformances, !asked.isEmpty else { return false }
        let given = type.reduce(into: Set<String>()) { $0.formUnion($1.genericConformances) }
        return asked.allSatisfy(given.contains)
    }

    /// What tells one constrained extension's constraint from another's, spaces left out;
    /// `nil` for one without.
    package var constraintKey: String? {
        guard isConstrained else { return nil }
        return (extendedArguments ?? "") + "|" + (constraint ?? "").filter { !$0.isWhitespace }
    }

    /// The extension's header as written, for messages, with `protocols` adopted:
    /// `extension Cache<Disk>`, `extension Cache: Refreshing where Storage == Disk`.
    package func header(adopting protocols: String? = nil) -> String {
        "extension " + name + (extendedArguments ?? "") + (protocols.map { ": " + $0 } ?? "")
            + (constraint.map { " where " + $0 } ?? "")
    }
}

/// A member as declared in a source file.
package struct DeclaredMember: Sendable {
    /// What Swift compares to find witnesses.
    package var signature: MemberSignature
    /// Where its name is written.
    package var location: SourceLocation
    /// Whether it is marked `override`.
    package var isOverride: Bool
    /// Whether it is marked `@objc` (or `@IBAction`), so that something other than
    /// AppServices may call it.
    package var isObjC: Bool
    /// The declaration without its body or doc comment, on one line.
    package var declaration: String
    /// The parameters' types as written, for messages.
    package var writtenParameterTypes: [String] = []
    /// The result type (of a property: its type) as written, or as inferred, for messages.
    package var writtenResultType: String?
    /// Whether a property's type is inferred from its initial value rather than written.
    package var isTypeInferred = false
}
