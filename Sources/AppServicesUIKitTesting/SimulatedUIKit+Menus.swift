#if !canImport(UIKit)
import AppServices
import AppServicesUIKit
public import AppServicesUIKitShim

/// The main menu as UIKit builds it: UIKit asks the app delegate, after `responds(to:)` with
/// `buildMenuWithBuilder:`, to contribute to a builder that holds the system's menus, and
/// asks it to validate a command (`validateCommand:`) before the menu shows it.
///
/// ```swift
/// let menu = uiKit.buildMainMenu()
/// #expect(menu.menu(for: .file)?.children.count == 1)
/// ```
extension SimulatedUIKit {
    /// Builds the main menu as UIKit does: a builder holding the system's top-level menus
    /// (application, File, Edit, View, Window, Help), given to the app delegate's
    /// `buildMenu(with:)` when it claims `buildMenuWithBuilder:`. Returns the builder, with
    /// what the delegate made of it.
    @discardableResult
    public func buildMainMenu() -> SimulatedMenuBuilder {
        let builder = SimulatedMenuBuilder(system: .main)
        guard let responder = delegate as? UIResponder else { return builder }
        guard claimsDuringStep(responder, "buildMenuWithBuilder:") else {
            unclaimed.append("buildMenuWithBuilder:")
            return builder
        }
        delivered.append("buildMenuWithBuilder:")
        withSimulatedFrameworks { responder.buildMenu(with: builder) }
        return builder
    }

    /// Asks the app delegate to validate `command` as UIKit does before the menu shows it,
    /// when it claims `validateCommand:`; `command` then has the title, state and
    /// attributes the delegate gave it. Whether the delegate was asked.
    @discardableResult
    public func validate(_ command: UICommand) -> Bool {
        guard let responder = delegate as? UIResponder, claimsDuringStep(responder, "validateCommand:") else {
            unclaimed.append("validateCommand:")
            return false
        }
        delivered.append("validateCommand:")
        withSimulatedFrameworks { responder.validate(command) }
        return true
    }
}

/// A menu builder as UIKit gives `buildMenu(with:)`: the system's menus, which the methods
/// of `UIMenuBuilder` change in place. A method naming a menu the builder does not hold does
/// nothing, as UIKit's does.
@MainActor
public final class SimulatedMenuBuilder: UIMenuBuilder {
    /// The menu system being built.
    public let system: UIMenuSystem
    /// The main menu: its children are the top-level menus, in order.
    public private(set) var root: UIMenu

    /// A builder holding the system's top-level menus, each empty.
    public init(system: UIMenuSystem) {
        self.system = system
        let identifiers: [(String, UIMenu.Identifier)] = [
            ("App", .application), ("File", .file), ("Edit", .edit), ("View", .view), ("Window", .window),
            ("Help", .help),
        ]
        root = UIMenu(
            title: "",
            identifier: .root,
            children: identifiers.map { UIMenu(title: $0.0, identifier: $0.1) }
        )
    }

    /// The menu with `identifier`, anywhere in the main menu.
    public func menu(for identifier: UIMenu.Identifier) -> UIMenu? {
        Self.find(identifier, in: root)
    }

    /// Replaces the menu `replacedIdentifier` with `replacementMenu`.
    public func replace(menu replacedIdentifier: UIMenu.Identifier, with replacementMenu: UIMenu) {
        edit(parentOf: replacedIdentifier) { children, index in children[index] = replacementMenu }
    }

    /// Replaces the elements of the menu `parentIdentifier` with what `childrenBlock` returns.
    public func replaceChildren(
        ofMenu parentIdentifier: UIMenu.Identifier,
        from childrenBlock: ([UIMenuElement]) -> [UIMenuElement]
    ) {
        guard let menu = menu(for: parentIdentifier) else { return }
        replace(menu: parentIdentifier, with: menu.replacingChildren(childrenBlock(menu.children)))
    }

    /// Inserts `siblingMenu` before the menu `siblingIdentifier`.
    public func insertSibling(_ siblingMenu: UIMenu, beforeMenu siblingIdentifier: UIMenu.Identifier) {
        edit(parentOf: siblingIdentifier) { children, index in children.insert(siblingMenu, at: index) }
    }

    /// Inserts `siblingMenu` after the menu `siblingIdentifier`.
    public func insertSibling(_ siblingMenu: UIMenu, afterMenu siblingIdentifier: UIMenu.Identifier) {
        edit(parentOf: siblingIdentifier) { children, index in children.insert(siblingMenu, at: index + 1) }
    }

    /// Inserts `childMenu` first in the menu `parentIdentifier`.
    public func insertChild(_ childMenu: UIMenu, atStartOfMenu parentIdentifier: UIMenu.Identifier) {
        replaceChildren(ofMenu: parentIdentifier) { [childMenu] + $0 }
    }

    /// Inserts `childMenu` last in the menu `parentIdentifier`.
    public func insertChild(_ childMenu: UIMenu, atEndOfMenu parentIdentifier: UIMenu.Identifier) {
        replaceChildren(ofMenu: parentIdentifier) { $0 + [childMenu] }
    }

    /// Removes the menu `removedIdentifier`.
    public func remove(menu removedIdentifier: UIMenu.Identifier) {
        edit(parentOf: removedIdentifier) { children, index in children.remove(at: index) }
    }

    /// The titles of the main menu's elements, nested menus indented, commands by title: a
    /// readable picture for a test to compare.
    public var outline: [String] {
        root.children.flatMap { Self.outline($0, depth: 0) }
    }

    private static func outline(_ element: UIMenuElement, depth: Int) -> [String] {
        let line = String(repeating: "  ", count: depth) + element.title
        guard let menu = element as? UIMenu else { return [line] }
        return [line] + menu.children.flatMap { outline($0, depth: depth + 1) }
    }

    private static func find(_ identifier: UIMenu.Identifier, in menu: UIMenu) -> UIMenu? {
        if menu.identifier == identifier { return menu }
        for case let child as UIMenu in menu.children {
            if let found = find(identifier, in: child) { return found }
        }
        return nil
    }

    /// Changes the children of the menu that holds `identifier`, given the index of that
    /// menu among them; nothing when no menu holds it.
    private func edit(parentOf identifier: UIMenu.Identifier, _ change: (inout [UIMenuElement], Int) -> Void) {
        root = Self.edit(root, parentOf: identifier, change) ?? root
    }

    private static func edit(
        _ menu: UIMenu,
        parentOf identifier: UIMenu.Identifier,
        _ change: (inout [UIMenuElement], Int) -> Void
    ) -> UIMenu? {
        var children = menu.children
        if let index = children.firstIndex(where: { ($0 as? UIMenu)?.identifier == identifier }) {
            change(&children, index)
            return menu.replacingChildren(children)
        }
        for (index, child) in children.enumerated() {
            guard let child = child as? UIMenu, let edited = edit(child, parentOf: identifier, change) else { continue }
            children[index] = edited
            return menu.replacingChildren(children)
        }
        return nil
    }
}
#endif
