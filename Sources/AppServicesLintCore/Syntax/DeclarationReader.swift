import Foundation
import SwiftParser
import SwiftSyntax
import Synchronization

/// Reads the type, protocol and extension declarations of Swift source files, with their
/// inheritance clauses and members, and the type aliases they declare.
///
/// Used both for the target the lint checks and for the library's own protocols (the
/// requirement table is checked against them with the same reading).
package struct DeclarationReader: Sendable {
    /// Aliases known before reading (the library's, for a target that uses it).
    package var knownAliases: [String: String]
    /// The library's type names (`AppContext`, `PushPayload`): one the target declares
    /// itself hides the library's in the target, and is spelled apart
    /// (``TypeSpelling/targetQualifier``).
    package var libraryTypeNames: Set<String> = []

    /// A reader that also expands `knownAliases`.
    package init(knownAliases: [String: String] = [:]) {
        self.knownAliases = knownAliases
    }

    /// The declarations of `files`, in file order, and the spelling used for their types
    /// (the known aliases and those the files declare).
    package func read(_ files: [SourceFile]) -> (declarations: [TypeDeclaration], spelling: TypeSpelling) {
        // Files are parsed and read on every core: the lint runs before its target compiles,
        // when the build has cores to spare, and parsing is most of its time.
        let parsed = concurrentMap(files) { file in
            let tree = Parser.parse(source: file.text)
            let collector = AliasCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            return (
                tree: tree,
                aliases: collector.aliases,
                memberAliases: collector.memberAliases,
                types: collector.types,
                memberTypes: collector.memberTypes
            )
        }
        // The library's aliases mean what they mean in the library, whatever the target
        // declares: spelled once, as the library spells them.
        let librarySpelling = TypeSpelling(aliases: knownAliases)
        var resolved = knownAliases.mapValues { librarySpelling.canonical(text: $0) }
        var aliases: [String: String] = [:]
        for file in parsed {
            // The source's own aliases win over the library's of the same name.
            aliases.merge(file.aliases) { _, own in own }
            // So do its own types: the library's `AppContext` is not what a target that
            // declares an `AppContext` means by the name. A private type hides it in its
            // own file only, which this reading does not tell apart: it hides nothing.
            for name in file.types.intersection(libraryTypeNames) {
                aliases[name] = TypeSpelling.targetQualifier + "." + name
            }
        }
        for name in aliases.keys { resolved[name] = nil }
        let spelling = TypeSpelling(aliases: aliases, resolved: resolved)
        // A type's aliases may be declared in its extensions, in other files.
        let memberAliases = parsed.reduce(into: [String: [String: String]]()) { merged, file in
            for (type, own) in file.memberAliases {
                merged[type, default: [:]].merge(own) { first, _ in first }
            }
            // A type nested in another hides the library's of its name inside that type.
            for (type, nested) in file.memberTypes {
                for name in nested.intersection(libraryTypeNames) {
                    merged[type, default: [:]][name] = TypeSpelling.targetQualifier + "." + type + "." + name
                }
            }
        }
        let declarations = concurrentMap(Array(zip(files, parsed.map(\.tree)))) { file, tree in
            let collector = TypeCollector(
                spelling: spelling,
                memberAliases: memberAliases,
                fileName: file.path,
                tree: tree
            )
            collector.walk(tree)
            return collector.declarations
        }
        return (declarations.flatMap { $0 }, spelling)
    }

    /// The members declared by `text`, one declaration per line or several in a row (the
    /// requirement table's notation), read as requirements of a protocol.
    package static func requirements(_ text: String, spelling: TypeSpelling) -> [DeclaredMember] {
        let file = SourceFile(path: "<requirement table>", text: "protocol Table {\n" + text + "\n}\n")
        let tree = Parser.parse(source: file.text)
        let collector = TypeCollector(spelling: spelling, fileName: file.path, tree: tree)
        collector.walk(tree)
        return collector.declarations.first?.members ?? []
    }
}

/// `transform` applied to every element of `elements`, on every core, in their order.
private func concurrentMap<Element: Sendable, Output: Sendable>(
    _ elements: [Element],
    _ transform: @Sendable (Element) -> Output
) -> [Output] {
    let outputs = Mutex<[Int: Output]>([:])
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        let output = transform(elements[index])
        outputs.withLock { $0[index] = output }
    }
    return outputs.withLock { stored in elements.indices.map { stored[$0]! } }
}

/// Collects the non-generic type aliases a file declares: those at its top level by name,
/// and those declared in a type or an extension by the type's name, then by their own. An
/// alias declared in a type (`enum API { typealias Error = APIError }`) names a type only in
/// that type and its extensions, so it is expanded only in their members.
private final class AliasCollector: DeclarationVisitor {
    var aliases: [String: String] = [:]
    /// By the qualified name of the type (as ``TypeDeclaration/name`` spells it), its aliases.
    var memberAliases: [String: [String: String]] = [:]
    /// The names of the types declared at the top level.
    var types: Set<String> = []
    /// By the qualified name of a type, the names of the types declared in it.
    var memberTypes: [String: Set<String>] = [:]
    /// The names of the enclosing declarations.
    private var scope: [String] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers) }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers) }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers) }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers) }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers) }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.append(TypeSpelling.squeezed(node.extendedType.trimmedDescription))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    private func enter(_ name: TokenSyntax, _ modifiers: DeclModifierListSyntax) -> SyntaxVisitorContinueKind {
        if let outer = scope.last {
            memberTypes[outer, default: []].insert(name.text)
        } else if !modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) {
            types.insert(name.text)
        }
        scope.append((scope.last.map { $0 + "." } ?? "") + name.text)
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        // The first of several declarations (branches of `#if`) wins: the library declares its
        // default traits' expansion first.
        guard node.genericParameterClause == nil else { return .skipChildren }
        let name = node.name.text
        let value = node.initializer.value.trimmedDescription
        if let type = scope.last {
            if memberAliases[type]?[name] == nil { memberAliases[type, default: [:]][name] = value }
        } else if aliases[name] == nil {
            aliases[name] = value
        }
        return .skipChildren
    }
}

/// A visitor of the declarations a type can be declared in: it does not enter the bodies
/// of functions, properties and initializers, where only local types live, and which are
/// most of a file.
private class DeclarationVisitor: SyntaxVisitor {
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Collects type, protocol and extension declarations with their members.
private final class TypeCollector: DeclarationVisitor {
    /// The spelling of types at the file's top level.
    let fileSpelling: TypeSpelling
    /// The aliases declared in each type and its extensions, by the type's qualified name.
    let memberAliases: [String: [String: String]]
    let converter: SourceLocationConverter
    let fileName: String
    var declarations: [TypeDeclaration] = []
    /// The names of the enclosing declarations.
    private var scope: [String] = []
    /// The spelling of types inside each enclosing declaration.
    private var scopeSpellings: [TypeSpelling] = []

    /// The spelling of types where the visit is: with the aliases of the enclosing types.
    private var spelling: TypeSpelling { scopeSpellings.last ?? fileSpelling }

    init(
        spelling: TypeSpelling,
        memberAliases: [String: [String: String]] = [:],
        fileName: String,
        tree: SourceFileSyntax
    ) {
        self.fileSpelling = spelling
        self.memberAliases = memberAliases
        self.converter = SourceLocationConverter(fileName: fileName, tree: tree)
        self.fileName = fileName
        super.init(viewMode: .sourceAccurate)
    }

    /// The spelling of types in the members of the type named `name` (`Outer.Inner`): the
    /// aliases of the file, then those of `Outer`, then those of `Outer.Inner`, the inner
    /// ones winning, as Swift looks names up.
    private func spelling(inside name: String) -> TypeSpelling {
        var aliases = fileSpelling.aliases
        var prefix = ""
        for component in name.split(separator: ".") {
            prefix += (prefix.isEmpty ? "" : ".") + component
            aliases.merge(memberAliases[prefix] ?? [:]) { _, own in own }
        }
        return TypeSpelling(aliases: aliases, resolved: fileSpelling.resolved)
    }

    /// Enters the declaration of `name`: its members are read with its aliases.
    private func push(_ name: String) {
        scope.append(name)
        scopeSpellings.append(spelling(inside: name))
    }

    private func pop() {
        scope.removeLast()
        scopeSpellings.removeLast()
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .class,
            node.name,
            node.inheritanceClause,
            node.memberBlock,
            conformances: Self.conformances(node.genericParameterClause, node.genericWhereClause)
        )
    }
    override func visitPost(_ node: ClassDeclSyntax) { pop() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .struct,
            node.name,
            node.inheritanceClause,
            node.memberBlock,
            conformances: Self.conformances(node.genericParameterClause, node.genericWhereClause)
        )
    }
    override func visitPost(_ node: StructDeclSyntax) { pop() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .enum,
            node.name,
            node.inheritanceClause,
            node.memberBlock,
            conformances: Self.conformances(node.genericParameterClause, node.genericWhereClause)
        )
    }
    override func visitPost(_ node: EnumDeclSyntax) { pop() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .actor,
            node.name,
            node.inheritanceClause,
            node.memberBlock,
            conformances: Self.conformances(node.genericParameterClause, node.genericWhereClause)
        )
    }
    override func visitPost(_ node: ActorDeclSyntax) { pop() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        // `protocol Tracking where Self: ApplicationStateHandling` refines the protocol as
        // `protocol Tracking: ApplicationStateHandling` does: every adopting type adopts it.
        enter(
            .protocol,
            node.name,
            node.inheritanceClause,
            node.memberBlock,
            alsoInherited: selfConformances(node.genericWhereClause)
        )
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { pop() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        var name = TypeSpelling.squeezed(node.extendedType.trimmedDescription)
        // `extension Cache<Disk>` extends `Cache`, constrained as `where Storage == Disk` is.
        var arguments: String?
        if let identifier = node.extendedType.as(IdentifierTypeSyntax.self),
            let clause = identifier.genericArgumentClause
        {
            name = identifier.name.text
            arguments = Self.oneLine(clause)
        }
        // The clauses are read before entering the extension: only its members get its aliases.
        let supertypes = inherited(node.inheritanceClause)
        let required = arguments == nil ? requiredConformances(node.genericWhereClause) : nil
        push(name)
        var declaration = TypeDeclaration(
            kind: .extension,
            name: name,
            location: location(of: node.extendedType),
            inherited: supertypes,
            members: members(of: node.memberBlock.members),
            requiredConformances: required,
            constraint: node.genericWhereClause.map { Self.oneLine($0.requirements) },
            extendedArguments: arguments
        )
        declaration.constraintConformances = Self.whereConformances(node.genericWhereClause)
        declarations.append(declaration)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { pop() }

    /// The protocols a `where` clause asks `Self` to adopt, or `nil` if it asks anything else.
    private func requiredConformances(_ clause: GenericWhereClauseSyntax?) -> [String]? {
        guard let clause else { return [] }
        var names: [String] = []
        for requirement in clause.requirements {
            guard case .conformanceRequirement(let conformance) = requirement.requirement,
                conformance.leftType.trimmedDescription == "Self"
            else { return nil }
            names += self.names(in: conformance.rightType).map(\.name)
        }
        return names
    }

    /// The types a `where` clause asks `Self` to conform to or inherit from, each where it is
    /// written; requirements on anything else are left out.
    private func selfConformances(_ clause: GenericWhereClauseSyntax?) -> [TypeDeclaration.Inherited] {
        guard let clause else { return [] }
        return clause.requirements.flatMap { requirement -> [TypeDeclaration.Inherited] in
            guard case .conformanceRequirement(let conformance) = requirement.requirement,
                conformance.leftType.trimmedDescription == "Self"
            else { return [] }
            return names(in: conformance.rightType)
        }
    }

    private func enter(
        _ kind: TypeDeclaration.Kind,
        _ name: TokenSyntax,
        _ clause: InheritanceClauseSyntax?,
        _ block: MemberBlockSyntax,
        alsoInherited: [TypeDeclaration.Inherited] = [],
        conformances: Set<String> = []
    ) -> SyntaxVisitorContinueKind {
        let qualified = (scope.last.map { $0 + "." } ?? "") + name.text
        let supertypes = inherited(clause) + alsoInherited
        push(qualified)
        var declaration = TypeDeclaration(
            kind: kind,
            name: qualified,
            location: location(of: name),
            inherited: supertypes,
            members: members(of: block.members)
        )
        declaration.genericConformances = conformances
        declarations.append(declaration)
        return .visitChildren
    }

    /// The conformances a generic type's declaration asks of its parameters
    /// (``TypeDeclaration/genericConformances``).
    private static func conformances(
        _ parameters: GenericParameterClauseSyntax?,
        _ clause: GenericWhereClauseSyntax?
    ) -> Set<String> {
        var conformances: Set<String> = []
        for parameter in parameters?.parameters ?? [] {
            guard let type = parameter.inheritedType else { continue }
            conformances.formUnion(conformanceItems(parameter.name.text, type))
        }
        conformances.formUnion(whereConformances(clause) ?? [])
        return conformances
    }

    /// The conformance requirements of a `where` clause, one per protocol
    /// (``TypeDeclaration/constraintConformances``); `nil` when it asks anything else.
    private static func whereConformances(_ clause: GenericWhereClauseSyntax?) -> [String]? {
        guard let clause else { return nil }
        var items: [String] = []
        for requirement in clause.requirements {
            guard case .conformanceRequirement(let conformance) = requirement.requirement else { return nil }
            items += conformanceItems(conformance.leftType.trimmedDescription, conformance.rightType)
        }
        return items
    }

    /// `subject: A & B` as `subject:A` and `subject:B`, spaces left out.
    private static func conformanceItems(_ subject: String, _ type: TypeSyntax) -> [String] {
        type.trimmedDescription.split(separator: "&").map { part in
            (subject + ":" + part).filter { !$0.isWhitespace }
        }
    }

    private func inherited(_ clause: InheritanceClauseSyntax?) -> [TypeDeclaration.Inherited] {
        guard let clause else { return [] }
        return clause.inheritedTypes.flatMap { names(in: $0.type) }
    }

    /// The nominal names a type in an inheritance clause stands for: `A & B` is two,
    /// `@preconcurrency AppServices.Foo<T>` is `Foo`, and a type alias (`typealias Lifecycle =
    /// A & B`) the names it stands for, each placed where the alias is written (`written`).
    private func names(
        in type: TypeSyntax,
        writtenAt written: SourceLocation? = nil,
        depth: Int = 0
    ) -> [TypeDeclaration.Inherited] {
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.flatMap { names(in: $0.type, writtenAt: written, depth: depth) }
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return names(in: attributed.baseType, writtenAt: written, depth: depth)
        }
        if let existential = type.as(SomeOrAnyTypeSyntax.self) {
            return names(in: existential.constraint, writtenAt: written, depth: depth)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let place = written ?? location(of: identifier.name)
            // Aliases may name aliases; a cycle among them is the source's error, not ours.
            if identifier.genericArgumentClause == nil, depth < 16,
                let expansion = spelling.aliases[identifier.name.text]
            {
                return names(in: TypeSpelling.parse(expansion), writtenAt: place, depth: depth + 1)
            }
            return [.init(name: identifier.name.text, location: place)]
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let base = TypeSpelling.squeezed(member.baseType.trimmedDescription)
            let name = TypeSpelling.modules.contains(base) ? member.name.text : base + "." + member.name.text
            return [.init(name: name, location: written ?? location(of: member.name))]
        }
        return []
    }

    private func members(of list: MemberBlockItemListSyntax) -> [DeclaredMember] {
        list.flatMap { item -> [DeclaredMember] in
            let decl = item.decl
            if let function = decl.as(FunctionDeclSyntax.self) { return [member(function)] }
            if let variable = decl.as(VariableDeclSyntax.self) { return members(variable) }
            if let initializer = decl.as(InitializerDeclSyntax.self) { return [member(initializer)] }
            if let conditional = decl.as(IfConfigDeclSyntax.self) {
                return conditional.clauses.flatMap { clause -> [DeclaredMember] in
                    if case .decls(let list) = clause.elements { return members(of: list) }
                    return []
                }
            }
            return []
        }
    }

    /// A name or label as the compiler knows it: without the backticks that let a keyword
    /// be one (`` `continue` ``).
    private static func name(_ token: TokenSyntax) -> String { token.identifier?.name ?? token.text }

    private func member(_ node: FunctionDeclSyntax) -> DeclaredMember {
        let parameters = node.signature.parameterClause.parameters
        let result = node.signature.returnClause.map { spelling.canonical($0.type) }
        let signature = MemberSignature(
            kind: .function,
            name: Self.name(node.name),
            labels: parameters.map { Self.name($0.firstName) },
            parameterNames: parameters.map { Self.name($0.secondName ?? $0.firstName) },
            parameterTypes: parameters.map { spelling.canonical($0.type) + ($0.ellipsis == nil ? "" : "...") },
            resultType: result == "Void" ? nil : result,
            isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
            isThrowing: node.signature.effectSpecifiers?.throwsClause != nil,
            isStatic: Self.isStatic(node.modifiers)
        )
        return DeclaredMember(
            signature: signature,
            location: location(of: node.name),
            isOverride: Self.has(node.modifiers, "override"),
            isObjC: Self.isObjC(node.attributes),
            declaration: Self.oneLine(node.with(\.body, nil)),
            writtenParameterTypes: parameters.map { Self.oneLine($0.type) },
            writtenResultType: node.signature.returnClause.map { Self.oneLine($0.type) }
        )
    }

    private func member(_ node: InitializerDeclSyntax) -> DeclaredMember {
        let parameters = node.signature.parameterClause.parameters
        let signature = MemberSignature(
            kind: .initializer,
            name: "init",
            labels: parameters.map { Self.name($0.firstName) },
            parameterNames: parameters.map { Self.name($0.secondName ?? $0.firstName) },
            parameterTypes: parameters.map { spelling.canonical($0.type) },
            isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
            isThrowing: node.signature.effectSpecifiers?.throwsClause != nil
        )
        return DeclaredMember(
            signature: signature,
            location: location(of: node.initKeyword),
            isOverride: Self.has(node.modifiers, "override"),
            isObjC: Self.isObjC(node.attributes),
            declaration: Self.oneLine(node.with(\.body, nil))
        )
    }

    private func members(_ node: VariableDeclSyntax) -> [DeclaredMember] {
        node.bindings.compactMap { binding -> DeclaredMember? in
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
            let written = binding.typeAnnotation.map { spelling.canonical($0.type) }
            let inferred = written == nil ? binding.initializer.flatMap { inferredType($0.value) } : nil
            let base =
                written == nil && inferred == nil ? binding.initializer.flatMap { staticMemberBase($0.value) } : nil
            let signature = MemberSignature(
                kind: .property,
                name: pattern.identifier.text,
                resultType: written ?? inferred,
                isResultTypeKnown: written != nil || inferred != nil,
                valueBaseType: base,
                isStatic: Self.isStatic(node.modifiers)
            )
            return DeclaredMember(
                signature: signature,
                location: location(of: pattern.identifier),
                isOverride: Self.has(node.modifiers, "override"),
                isObjC: Self.isObjC(node.attributes),
                declaration: Self.oneLine(node),
                writtenResultType: binding.typeAnnotation.map { Self.oneLine($0.type) } ?? inferred ?? base,
                isTypeInferred: written == nil && (inferred != nil || base != nil)
            )
        }
    }

    /// The type whose static member an initial value is (`Duration` for `Duration.seconds(1)`
    /// and `Duration.zero`): a type name, every component capitalized and not `Self`, before
    /// a member that is neither an initializer nor a nested type.
    private func staticMemberBase(_ expression: ExprSyntax) -> String? {
        let callee = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        guard let access = callee.as(MemberAccessExprSyntax.self), let base = access.base,
            access.declName.baseName.text != "init", access.declName.baseName.text.first?.isLowercase == true
        else { return nil }
        let text = base.trimmedDescription
        let components = text.split(separator: ".")
        guard text != "Self", !components.isEmpty, components.allSatisfy({ $0.first?.isUppercase == true }) else {
            return nil
        }
        return spelling.canonical(text: text)
    }

    /// The type Swift infers for a property's initial value, for the literals whose type
    /// does not depend on context: strings, Booleans, numbers, `T.self`, and arrays of one
    /// of these.
    private func inferredType(_ expression: ExprSyntax) -> String? {
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self",
            let base = access.base
        {
            return spelling.canonical(text: base.trimmedDescription) + ".Type"
        }
        if let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty {
            let types = Set(array.elements.map { inferredType($0.expression) })
            guard types.count == 1, let only = types.first, let element = only else { return nil }
            return "[" + element + "]"
        }
        return nil
    }

    private func location(of node: some SyntaxProtocol) -> SourceLocation {
        let start = node.startLocation(converter: converter)
        return SourceLocation(file: fileName, line: start.line, column: start.column)
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        has(modifiers, "static") || has(modifiers, "class")
    }

    private static func has(_ modifiers: DeclModifierListSyntax, _ name: String) -> Bool {
        modifiers.contains { $0.name.text == name }
    }

    private static func isObjC(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            let name = attribute.attributeName.trimmedDescription
            return name == "objc" || name == "IBAction" || name == "NSManaged"
        }
    }

    /// The declaration's text on one line, without its doc comment.
    static func oneLine(_ node: some SyntaxProtocol) -> String {
        let words = node.trimmedDescription.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
            .replacingOccurrences(of: ",)", with: ")")
    }
}
