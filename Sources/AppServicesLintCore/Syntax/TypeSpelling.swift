import SwiftParser
import SwiftSyntax

/// Spells a type the same way however the source wrote it, so that two spellings of one
/// type compare equal: `Optional<Bool>` and `Bool?`, `Swift.Bool` and `Bool`, `any Error` and
/// `Error`, `[any AppService.Type]` and `[AppService.Type]`, a type alias and what it names.
///
/// Attributes (`@Sendable`, `@escaping`, `@MainActor`) and ownership specifiers other than
/// `inout` do not decide whether a member satisfies a requirement here, so they are dropped.
package struct TypeSpelling: Sendable {
    /// Modules whose name may qualify a type the lint compares (`Swift.Bool`,
    /// `AppServices.AppContext`, `UIKit.UIApplication`); the qualifier is dropped.
    static let modules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "_Concurrency", "AppServices", "AppServicesUIKit",
        "AppServicesSwiftUI", "Configuration", "UIKit", "SwiftUI", "AppKit", "UserNotifications", "PushKit", "CarPlay",
    ]

    /// What qualifies the spelling of a type the target declares with a library type's name
    /// (`ThisTarget.AppContext`), which hides the library's within the target: a member that
    /// takes it is not the requirement's witness.
    static let targetQualifier = "ThisTarget"

    /// Type aliases to expand, by name, to their canonical spelling.
    package var aliases: [String: String]
    /// Aliases already spelled canonically, used as they are, after ``aliases``: the
    /// library's, whose types are named in the library's scope, so that a type the target
    /// declares with one of their names does not change what they mean.
    package var resolved: [String: String]

    /// A spelling that expands `aliases` (names to canonical spellings), then `resolved`.
    package init(aliases: [String: String] = [:], resolved: [String: String] = [:]) {
        self.aliases = aliases
        self.resolved = resolved
    }

    /// The canonical spelling of `type`: no whitespace, sugar for optionals, arrays and
    /// dictionaries, no `any` or `some`, no module qualifiers, aliases expanded.
    func canonical(_ type: TypeSyntax) -> String {
        canonical(type, depth: 0)
    }

    /// The canonical spelling of the type written as `text`.
    package func canonical(text: String) -> String {
        canonical(Self.parse(text))
    }

    private func canonical(_ type: TypeSyntax, depth: Int) -> String {
        // Aliases may name aliases; a cycle among them is the source's error, not ours.
        guard depth < 16 else { return Self.squeezed(type.trimmedDescription) }
        let next = depth + 1
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifierSpelling(identifier.name.text, identifier.genericArgumentClause, depth: next)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            if let base = member.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil,
                Self.modules.contains(base.name.text)
            {
                // `AppServices.AppContext` is the library's, whatever the target declares.
                return identifierSpelling(
                    member.name.text,
                    member.genericArgumentClause,
                    depth: next,
                    qualified: true
                )
            }
            return canonical(member.baseType, depth: next) + "." + member.name.text
                + arguments(member.genericArgumentClause, depth: next)
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return canonical(optional.wrappedType, depth: next) + "?"
        }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return canonical(unwrapped.wrappedType, depth: next) + "?"
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return "[" + canonical(array.element, depth: next) + "]"
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return "[" + canonical(dictionary.key, depth: next) + ":" + canonical(dictionary.value, depth: next) + "]"
        }
        if let existential = type.as(SomeOrAnyTypeSyntax.self) {
            return canonical(existential.constraint, depth: next)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let isInout = attributed.specifiers.contains { $0.trimmedDescription == "inout" }
            return (isInout ? "inout " : "") + canonical(attributed.baseType, depth: next)
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                return canonical(only.type, depth: next)
            }
            let elements = tuple.elements.map { element in
                (element.firstName.map { $0.text + ":" } ?? "") + canonical(element.type, depth: next)
            }
            return elements.isEmpty ? "Void" : "(" + elements.joined(separator: ",") + ")"
        }
        if let function = type.as(FunctionTypeSyntax.self) {
            let parameters = function.parameters.map { canonical($0.type, depth: next) }.joined(separator: ",")
            var effects = ""
            if function.effectSpecifiers?.asyncSpecifier != nil { effects += "async" }
            if function.effectSpecifiers?.throwsClause != nil { effects += "throws" }
            return "(" + parameters + ")" + effects + "->" + canonical(function.returnClause.type, depth: next)
        }
        if let metatype = type.as(MetatypeTypeSyntax.self) {
            // `(any P).Type` is the metatype of the existential type itself, not `any P.Type`,
            // the existential metatype (any conforming type) that a requirement such as
            // `dependencies` takes: it stays apart.
            if let tuple = metatype.baseType.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first, only.firstName == nil, only.type.is(SomeOrAnyTypeSyntax.self)
            {
                return "(any " + canonical(only.type, depth: next) + ")." + metatype.metatypeSpecifier.text
            }
            return canonical(metatype.baseType, depth: next) + "." + metatype.metatypeSpecifier.text
        }
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.map { canonical($0.type, depth: next) }.sorted().joined(separator: "&")
        }
        return Self.squeezed(type.trimmedDescription)
    }

    private func identifierSpelling(
        _ name: String,
        _ clause: GenericArgumentClauseSyntax?,
        depth: Int,
        qualified: Bool = false
    ) -> String {
        let types = clause?.arguments.compactMap { TypeSyntax($0.argument) } ?? []
        switch (name, types.count) {
        case ("Optional", 1), ("ImplicitlyUnwrappedOptional", 1):
            return canonical(types[0], depth: depth) + "?"
        case ("Array", 1):
            return "[" + canonical(types[0], depth: depth) + "]"
        case ("Dictionary", 2):
            return "[" + canonical(types[0], depth: depth) + ":" + canonical(types[1], depth: depth) + "]"
        case ("Void", 0):
            return "Void"
        default:
            if clause == nil, let expansion = aliases[name],
                !(qualified && expansion.hasPrefix(Self.targetQualifier + "."))
            {
                return canonical(Self.parse(expansion), depth: depth)
            }
            if clause == nil, let spelled = resolved[name] { return spelled }
            return name + arguments(clause, depth: depth)
        }
    }

    private func arguments(_ clause: GenericArgumentClauseSyntax?, depth: Int) -> String {
        guard let clause else { return "" }
        let spelled = clause.arguments.map { argument in
            TypeSyntax(argument.argument).map { canonical($0, depth: depth) }
                ?? Self.squeezed(argument.argument.trimmedDescription)
        }
        return "<" + spelled.joined(separator: ",") + ">"
    }

    /// The generic type that the canonical spelling `type` applies to its arguments: `Set`
    /// for `Set<String>`, `Array` for `[String]`, `Dictionary` for `[String:Int]`, `Optional`
    /// for `Duration?`; `nil` for a type that is not a generic type's application.
    static func genericBase(of type: String) -> String? {
        if type.hasSuffix("?") { return "Optional" }
        if type.hasPrefix("["), type.hasSuffix("]") {
            // A dictionary has its colon outside any inner brackets: `[[String:Int]]` is an array.
            var depth = 0
            for character in type {
                switch character {
                case "[", "(", "<": depth += 1
                case "]", ")", ">": depth -= 1
                case ":" where depth == 1: return "Dictionary"
                default: break
                }
            }
            return "Array"
        }
        guard type.hasSuffix(">"), let open = type.firstIndex(of: "<") else { return nil }
        let base = type[..<open]
        guard !base.isEmpty, base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return nil
        }
        return String(base)
    }

    /// The type written as `text`.
    static func parse(_ text: String) -> TypeSyntax {
        var parser = Parser(text)
        return TypeSyntax.parse(from: &parser)
    }

    /// `text` without whitespace.
    static func squeezed(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace })
    }
}
