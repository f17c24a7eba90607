import AppServicesLintCore
import Foundation
import Testing

/// The delegate methods the lint recognises against the library's table and against the
/// migration article's callback map, so that a warning names the member the article names.
struct DelegateMethodTests {
    @Test("Every renamed delegate method leads to a requirement of the table")
    func renamedResolve() {
        for entry in DelegateMethods.renamed {
            let requirement = RequirementTable.appServices[entry.capability]?.requirements.first {
                $0.signature.swiftName == entry.member
            }
            #expect(requirement != nil, "\(entry.delegateMethod) -> \(entry.capability).\(entry.member)")
        }
    }

    @Test("Every delegate method the lint maps, and every callback of the article's map, has a known base name")
    func baseNamesKnown() throws {
        let methods = DelegateMethods.renamed.map(\.delegateMethod) + (try Self.rows().map(\.callback))
        for method in methods {
            let baseName = String(method.prefix { $0 != "(" })
            #expect(DelegateMethods.baseNames.contains(baseName), "\(method)")
        }
    }

    /// A row of the article's callback map: the UIKit callback, the capability, the member.
    struct Row: CustomTestStringConvertible, Sendable {
        let callback: String
        let capability: String
        let member: String
        var testDescription: String { callback }
    }

    /// The rows of the table under "Callback map" whose first cell is a method's name alone.
    static func rows() throws -> [Row] {
        let article = try Repository.text("Sources/AppServices/Documentation.docc/MigratingAMassiveAppDelegate.md")
        return article.split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`"), cells[0].hasSuffix(")`"),
                cells[0].dropFirst().firstIndex(of: "`") == cells[0].index(before: cells[0].endIndex)
            else { return nil }
            let member = cells[2].split(separator: "`").first.map(String.init) ?? ""
            return Row(
                callback: String(cells[0].dropFirst().dropLast()),
                capability: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                member: member
            )
        }
    }

    @Test("The article's callback map has rows")
    func articleRows() throws {
        #expect(try Self.rows().count >= 50)
    }

    @Test("Each callback of the article's map leads to the member the article names", arguments: try rows())
    func articleRow(_ row: Row) {
        let owner =
            row.callback.hasPrefix("windowScene")
            ? "UIWindowScene"
            : row.callback.hasPrefix("scene") || row.callback.hasPrefix("stateRestoration")
                ? "UIScene"
                : row.callback.hasPrefix("userNotificationCenter") ? "UNUserNotificationCenter" : "UIApplication"
        let requirement = DelegateMethods.capabilityMember(
            for: row.callback,
            ownerType: owner,
            table: .appServices
        )
        #expect(requirement?.protocolName == row.capability)
        #expect(requirement?.signature.swiftName == row.member)
    }
}
