/// The type names the lint can resolve in one target, and how a member's types compare with
/// a requirement's when some of them it cannot resolve.
///
/// The lint compares types as written, with the aliases it reads expanded. A plain name it
/// knows nothing of (`Payload`) may be an alias, declared in another module of the app, of
/// the requirement's type (`PushPayload`), which Swift accepts in a witness; reporting a
/// mismatch there would be a guess, so such a name may be any type. The names it knows are
/// not aliases of another type: the requirement table's (the library's types), the target's
/// own, the standard library's and Foundation's, and Apple frameworks' (by their prefix:
/// `UIScene`, `UNNotificationResponse`, so that a callback keeping UIKit's parameter type
/// is still reported).
struct KnownTypes {
    /// Types of the standard library and Foundation that members commonly take, besides
    /// ``TypeIndex/neutral``'s; their aliases are in ``foundationAliases``.
    static let standard: Set<String> = [
        "Bool", "Any", "Never", "Void", "Optional", "Array", "Dictionary", "Set", "Result", "Substring", "Data",
        "Date", "URL", "URLComponents", "URLRequest", "UUID", "Duration", "Decimal", "IndexPath", "Notification",
        "Locale", "TimeZone", "Calendar", "DateComponents", "Task",
    ]

    /// Foundation's aliases of standard types that services write for what a requirement
    /// now takes as another type (`TimeInterval` seconds for a `Duration` budget): expanded
    /// as the target's own aliases are, unless the target declares one of the same name.
    static let foundationAliases: [String: String] = ["TimeInterval": "Double"]

    /// The prefixes of Apple frameworks' type names (`UI`, `UN`, `PK`): a framework type is
    /// never an alias of an app's or the library's type.
    static let frameworkPrefixes = [
        "UI", "NS", "UN", "PK", "CP", "CX", "CL", "CK", "CG", "CA", "AV", "MK", "WK", "HK", "IN", "BG", "MX", "SK",
        "WC", "CB", "CN", "PH", "EK", "LA", "AS", "GK", "SF", "AR", "QL",
    ]

    /// The names of the requirement table's types and of the target's types.
    private let names: Set<String>

    /// The types `table` and the target's `declarations` name: of the target's, those
    /// visible everywhere by a plain name (a nested type's short name is visible only inside
    /// the type enclosing it, and elsewhere may be an alias another module declares).
    init(table: RequirementTable, declarations: [TypeDeclaration]) {
        var names = Self.libraryTypeNames(in: table)
        for declaration in declarations {
            names.formUnion(Self.identifiers(in: declaration.name).prefix(1))
        }
        self.names = names
    }

    /// Whether `type`, a canonical spelling, is a plain name the lint cannot resolve.
    func isUnresolved(_ type: String) -> Bool {
        guard let first = type.first, first.isLetter || first == "_",
            type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return false }
        return !names.contains(type) && !Self.standard.contains(type) && !TypeIndex.neutral.contains(type)
            && !TypeIndex.frameworkProtocols.contains(type) && !Self.isFrameworkType(type)
    }

    /// Whether a member's type `type` may be the requirement's `wanted`: it is, or it is a
    /// name the lint cannot resolve, alone or made optional (`Payload?` for
    /// `UserNotification?`). An alias cannot add `inout`, so `inout` must be written where the
    /// requirement has it.
    func mayBeSame(_ type: String, _ wanted: String) -> Bool {
        if type == wanted { return true }
        let isInout = wanted.hasPrefix("inout ")
        guard type.hasPrefix("inout ") == isInout else { return false }
        if isInout { return mayBeSame(String(type.dropFirst(6)), String(wanted.dropFirst(6))) }
        if type.hasSuffix("?"), wanted.hasSuffix("?") {
            return mayBeSame(String(type.dropLast()), String(wanted.dropLast()))
        }
        return isUnresolved(type)
    }

    /// `member` with each parameter and result type that may be `requirement`'s
    /// (``mayBeSame(_:_:)``) spelled as the requirement's, so that only what the lint can
    /// tell apart makes a difference.
    func assuming(_ member: MemberSignature, like requirement: MemberSignature) -> MemberSignature {
        var result = member
        for index in member.parameterTypes.indices where index < requirement.parameterTypes.count {
            if mayBeSame(member.parameterTypes[index], requirement.parameterTypes[index]) {
                result.parameterTypes[index] = requirement.parameterTypes[index]
            }
        }
        if let type = member.resultType, let wanted = requirement.resultType, mayBeSame(type, wanted) {
            result.resultType = wanted
        }
        return result
    }

    /// Whether `member` may be a witness of `requirement`: it is one, taking the types the
    /// lint cannot resolve for the requirement's.
    func mayBeWitness(_ member: MemberSignature, of requirement: MemberSignature) -> Bool {
        assuming(member, like: requirement).satisfies(requirement)
    }

    /// A framework type's name: a framework prefix, then a capitalized word (`UIScene`, not
    /// `ASAP`).
    static func isFrameworkType(_ name: String) -> Bool {
        frameworkPrefixes.contains { prefix in
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.dropFirst(prefix.count)
            return rest.first?.isUppercase == true && rest.dropFirst().contains(where: \.isLowercase)
        }
    }

    /// The names of the types the requirement table's requirements take and return, and of
    /// its aliases and what they name: the library's types (and the standard ones they use).
    static func libraryTypeNames(in table: RequirementTable) -> Set<String> {
        var names: Set<String> = []
        for signature in table.protocols.flatMap(\.requirements).map(\.signature) {
            for type in signature.parameterTypes + [signature.resultType].compactMap({ $0 }) {
                names.formUnion(Self.identifiers(in: type))
            }
        }
        for (alias, type) in table.typeAliases {
            names.insert(alias)
            names.formUnion(Self.identifiers(in: type))
        }
        return names
    }

    /// The names in a type's spelling: `Set` and `PushType` in `Set<PushType>`.
    private static func identifiers(in type: String) -> [String] {
        type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}
