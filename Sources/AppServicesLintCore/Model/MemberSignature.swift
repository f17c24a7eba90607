/// What decides whether a member satisfies a protocol requirement: its kind, name, argument
/// labels, parameter and result types, effects and whether it is static, with types in
/// their canonical spelling (``TypeSpelling``).
///
/// Parameter names, attributes and access do not take part in the comparison, as they do
/// not in Swift's.
package struct MemberSignature: Hashable, Sendable {
    /// What kind of member it is.
    package enum Kind: Hashable, Sendable {
        /// A method.
        case function
        /// A property.
        case property
        /// An initializer.
        case initializer
    }

    /// The member's kind.
    package var kind: Kind
    /// The base name: `application` for `application(_:open:options:)`, `init` for an
    /// initializer.
    package var name: String
    /// The argument labels, `_` where there is none; empty for a property.
    package var labels: [String]
    /// The parameters' names, for messages.
    package var parameterNames: [String]
    /// The parameters' canonical types.
    package var parameterTypes: [String]
    /// The canonical result type of a method (`nil` for `Void`) or the type of a property;
    /// `nil` for a property whose type the lint cannot tell (no annotation, and an initial
    /// value it does not infer).
    package var resultType: String?
    /// Whether a property's type is written or inferred from a literal, rather than unknown.
    package var isResultTypeKnown: Bool
    /// For a property whose type is unknown, the type whose static member its initial value
    /// is: `Duration` for `Duration.seconds(1)` or `Duration.zero`.
    package var valueBaseType: String?
    /// Whether it is `async`.
    package var isAsync: Bool
    /// Whether it throws.
    package var isThrowing: Bool
    /// Whether it is `static` (or `class`).
    package var isStatic: Bool

    /// Creates a signature.
    package init(
        kind: Kind,
        name: String,
        labels: [String] = [],
        parameterNames: [String] = [],
        parameterTypes: [String] = [],
        resultType: String? = nil,
        isResultTypeKnown: Bool = true,
        valueBaseType: String? = nil,
        isAsync: Bool = false,
        isThrowing: Bool = false,
        isStatic: Bool = false
    ) {
        self.kind = kind
        self.name = name
        self.labels = labels
        self.parameterNames = parameterNames
        self.parameterTypes = parameterTypes
        self.resultType = resultType
        self.isResultTypeKnown = isResultTypeKnown
        self.valueBaseType = valueBaseType
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.isStatic = isStatic
    }

    /// The member's Swift name: `application(_:open:options:)`, `requiredConfigurationKeys`,
    /// `init(scene:context:)`.
    package var swiftName: String {
        kind == .property ? name : name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// What Swift compares when it looks for a witness: everything but parameter names and
    /// whether a property's type is known.
    package var witnessKey: String {
        let effects = (isAsync ? " async" : "") + (isThrowing ? " throws" : "")
        let prefix = isStatic ? "static " : ""
        switch kind {
        case .property:
            return prefix + "var " + name + ": " + (resultType ?? "?")
        case .function, .initializer:
            return prefix + swiftName + " (" + parameterTypes.joined(separator: ", ") + ")" + effects + " -> "
                + (resultType ?? "Void")
        }
    }

    /// Whether this member, written in a conforming type, is a witness of `requirement`:
    /// the same kind, name, labels, parameter types, result type and static-ness, and no
    /// effect the requirement lacks (a synchronous, non-throwing method satisfies an `async
    /// throws` requirement). A property whose type the lint cannot tell matches any type its
    /// initial value allows (``mayHaveType(_:)``).
    package func satisfies(_ requirement: MemberSignature) -> Bool {
        guard kind == requirement.kind, name == requirement.name, labels == requirement.labels,
            parameterTypes == requirement.parameterTypes, isStatic == requirement.isStatic
        else { return false }
        if isAsync && !requirement.isAsync { return false }
        if isThrowing && !requirement.isThrowing { return false }
        return mayHaveType(requirement.resultType)
    }

    /// Whether the result type (a property's type) may be `type`: it is, or it is unknown and
    /// the initial value does not rule `type` out. A static member of `T` (``valueBaseType``)
    /// is taken for a `T`, or in a namespace (`Names.warmup`) for some other type, but not for
    /// a `T?`: `var budget = Duration.seconds(1)` is a `Duration`, which no `Duration?`
    /// requirement accepts.
    ///
    /// A generic type written without its arguments (`var userActivityTypes: Set = [...]`)
    /// has arguments Swift infers from the initial value, which the lint does not: it may be
    /// any application of that type (`Set<String>`), and no other type.
    package func mayHaveType(_ type: String?) -> Bool {
        if isResultTypeKnown {
            guard let resultType, let type else { return resultType == type }
            return resultType == type || TypeSpelling.genericBase(of: type) == resultType
        }
        return valueBaseType.map { type != $0 + "?" } ?? true
    }
}
