// UIKit's menu declarations the UIKit adapter's menu capability uses, transcribed for
// platforms that have no UIKit: the menu builder an app delegate's `buildMenu(with:)`
// receives, the menus and commands it holds, and the responder methods that build and
// validate them.
//
// Source: the iOS 26.2 SDK's UIMenuBuilder.h, UIMenu.h, UIMenuElement.h, UIMenuSystem.h,
// UICommand.h and UIResponder.h, as Swift imports them (the `NS_SWIFT_NAME`s, the overlay's
// initializers with their defaults); Documentation/Reference in this repository lists the
// Objective-C declarations. Only the members the adapter, its test kit and services in
// this package's tests use are transcribed: the builder's methods before iOS 26, no images
// beyond a placeholder class, no alternates.
#if !canImport(UIKit)

/// An image (`UIImage`): only its place in the menu initializers is transcribed.
open class UIImage: NSObject {
    /// The name of the system symbol the image shows.
    public let systemName: String

    /// A system symbol image.
    public init?(systemName name: String) {
        self.systemName = name
        super.init()
    }
}

/// An element of a menu: a menu, a command or an action (`UIMenuElement`).
@MainActor
open class UIMenuElement: NSObject {
    /// The title shown.
    open var title: String { storedTitle }
    /// The image shown beside the title.
    open private(set) var image: UIImage?
    /// What ``title`` reads, and a command's settable title writes.
    var storedTitle: String

    /// Creates an element; UIKit's initializers are its subclasses'.
    init(title: String, image: UIImage?) {
        self.storedTitle = title
        self.image = image
        super.init()
    }

    /// Whether a menu element is disabled, destructive or hidden (`UIMenuElementAttributes`).
    public struct Attributes: OptionSet, Sendable {
        /// The attributes' bits.
        public let rawValue: UInt

        /// Creates attributes from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Shown, but cannot be chosen.
        public static var disabled: Attributes { Attributes(rawValue: 1 << 0) }
        /// Shown as destructive.
        public static var destructive: Attributes { Attributes(rawValue: 1 << 1) }
        /// Not shown.
        public static var hidden: Attributes { Attributes(rawValue: 1 << 2) }
        /// Leaves the menu open when chosen.
        @available(iOS 16.0, *)
        public static var keepsMenuPresented: Attributes { Attributes(rawValue: 1 << 3) }
    }

    /// Whether a menu element shows a check mark (`UIMenuElementState`).
    public enum State: Int, Sendable {
        /// No mark.
        case off = 0
        /// A check mark.
        case on = 1
        /// A mark for a mixed state.
        case mixed = 2
    }
}

/// A menu: a titled group of elements (`UIMenu`).
@MainActor
open class UIMenu: UIMenuElement {
    /// The menu's identifier.
    open private(set) var identifier: UIMenu.Identifier
    /// How the menu is shown.
    open private(set) var options: UIMenu.Options
    /// The menu's elements, in order.
    open private(set) var children: [UIMenuElement]

    /// Creates a menu; an automatically generated identifier when `identifier` is `nil`.
    public convenience init(
        title: String = "",
        image: UIImage? = nil,
        identifier: UIMenu.Identifier? = nil,
        options: UIMenu.Options = [],
        children: [UIMenuElement] = []
    ) {
        self.init(
            storingTitle: title,
            image: image,
            identifier: identifier ?? UIMenu.Identifier("com.apple.menu.dynamic.\(UIMenu.nextGenerated())"),
            options: options,
            children: children
        )
    }

    private init(
        storingTitle title: String,
        image: UIImage?,
        identifier: UIMenu.Identifier,
        options: UIMenu.Options,
        children: [UIMenuElement]
    ) {
        self.identifier = identifier
        self.options = options
        self.children = children
        super.init(title: title, image: image)
    }

    /// A copy of this menu with `newChildren` as its elements.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(storingTitle: title, image: image, identifier: identifier, options: options, children: newChildren)
    }

    private static var generated = 0

    private static func nextGenerated() -> Int {
        generated += 1
        return generated
    }

    /// A menu's identifier (`UIMenuIdentifier`).
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        /// The identifier's string.
        public let rawValue: String

        /// Creates an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates an identifier.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The main menu bar itself.
        public static var root: Identifier { Identifier("com.apple.menu.root") }
        /// The application menu.
        public static var application: Identifier { Identifier("com.apple.menu.application") }
        /// The File menu.
        public static var file: Identifier { Identifier("com.apple.menu.file") }
        /// The Edit menu.
        public static var edit: Identifier { Identifier("com.apple.menu.edit") }
        /// The View menu.
        public static var view: Identifier { Identifier("com.apple.menu.view") }
        /// The Window menu.
        public static var window: Identifier { Identifier("com.apple.menu.window") }
        /// The Help menu.
        public static var help: Identifier { Identifier("com.apple.menu.help") }
        /// The File menu's New Scene item.
        public static var newScene: Identifier { Identifier("com.apple.menu.new-scene") }
        /// The File menu's Close item.
        public static var close: Identifier { Identifier("com.apple.menu.close") }
        /// The Edit menu's Find submenu.
        public static var find: Identifier { Identifier("com.apple.menu.find") }
        /// The application menu's Settings item.
        public static var preferences: Identifier { Identifier("com.apple.menu.preferences") }
    }

    /// How a menu is shown (`UIMenuOptions`).
    public struct Options: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt

        /// Creates options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Shown inline in its parent, with separators, rather than as a submenu.
        public static var displayInline: Options { Options(rawValue: 1 << 0) }
        /// Shown as destructive.
        public static var destructive: Options { Options(rawValue: 1 << 1) }
        /// One element at most is on.
        @available(iOS 15.0, *)
        public static var singleSelection: Options { Options(rawValue: 1 << 5) }
        /// Shown as a row of images.
        @available(iOS 17.0, *)
        public static var displayAsPalette: Options { Options(rawValue: 1 << 7) }
    }
}

/// A menu command that sends an action message up the responder chain (`UICommand`).
@MainActor
open class UICommand: UIMenuElement {
    /// The message the command sends.
    open private(set) var action: Selector
    /// A value that tells commands with the same action apart.
    open private(set) var propertyList: Any?
    /// The title shown in the discoverability overlay.
    open var discoverabilityTitle: String?
    /// Whether the command is disabled, destructive or hidden; `validate(_:)` may change it.
    open var attributes: UIMenuElement.Attributes
    /// Whether the command shows a check mark; `validate(_:)` may change it.
    open var state: UIMenuElement.State
    /// The title shown; `validate(_:)` may change it.
    open override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }

    /// Creates a command.
    public convenience init(
        title: String = "",
        image: UIImage? = nil,
        action: Selector,
        propertyList: Any? = nil,
        discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off
    ) {
        self.init(
            storingTitle: title,
            image: image,
            action: action,
            propertyList: propertyList,
            discoverabilityTitle: discoverabilityTitle,
            attributes: attributes,
            state: state
        )
    }

    init(
        storingTitle title: String,
        image: UIImage?,
        action: Selector,
        propertyList: Any?,
        discoverabilityTitle: String?,
        attributes: UIMenuElement.Attributes,
        state: UIMenuElement.State
    ) {
        self.action = action
        self.propertyList = propertyList
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        super.init(title: title, image: image)
    }
}

/// A menu command with a keyboard shortcut (`UIKeyCommand`).
@MainActor
open class UIKeyCommand: UICommand {
    /// The key pressed with the modifiers.
    open private(set) var input: String?
    /// The modifier keys held.
    open private(set) var modifierFlags: UIKeyModifierFlags

    /// Creates a command with a keyboard shortcut.
    public convenience init(
        title: String = "",
        image: UIImage? = nil,
        action: Selector,
        input: String,
        modifierFlags: UIKeyModifierFlags = [],
        propertyList: Any? = nil,
        discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off
    ) {
        self.init(
            storingInput: input,
            modifierFlags: modifierFlags,
            title: title,
            image: image,
            action: action,
            propertyList: propertyList,
            discoverabilityTitle: discoverabilityTitle,
            attributes: attributes,
            state: state
        )
    }

    private init(
        storingInput input: String,
        modifierFlags: UIKeyModifierFlags,
        title: String,
        image: UIImage?,
        action: Selector,
        propertyList: Any?,
        discoverabilityTitle: String?,
        attributes: UIMenuElement.Attributes,
        state: UIMenuElement.State
    ) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(
            storingTitle: title,
            image: image,
            action: action,
            propertyList: propertyList,
            discoverabilityTitle: discoverabilityTitle,
            attributes: attributes,
            state: state
        )
    }
}

/// The modifier keys of a keyboard shortcut (`UIKeyModifierFlags`).
public struct UIKeyModifierFlags: OptionSet, Sendable {
    /// The flags' bits.
    public let rawValue: Int

    /// Creates flags from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock.
    public static var alphaShift: UIKeyModifierFlags { UIKeyModifierFlags(rawValue: 1 << 16) }
    /// Shift.
    public static var shift: UIKeyModifierFlags { UIKeyModifierFlags(rawValue: 1 << 17) }
    /// Control.
    public static var control: UIKeyModifierFlags { UIKeyModifierFlags(rawValue: 1 << 18) }
    /// Option.
    public static var alternate: UIKeyModifierFlags { UIKeyModifierFlags(rawValue: 1 << 19) }
    /// Command.
    public static var command: UIKeyModifierFlags { UIKeyModifierFlags(rawValue: 1 << 20) }
    /// A key of the numeric keypad.
    public static var numericPad: UIKeyModifierFlags { UIKeyModifierFlags(rawValue: 1 << 21) }
}

/// A system of menus: the main menu bar, or context menus (`UIMenuSystem`).
@MainActor
open class UIMenuSystem: NSObject {
    /// The main menu bar (Mac Catalyst, and iPadOS with a keyboard).
    open class var main: UIMenuSystem { mainSystem }
    /// Context menus.
    open class var context: UIMenuSystem { contextSystem }

    private static let mainSystem = UIMenuSystem()
    private static let contextSystem = UIMenuSystem()

    /// Asks the application to rebuild the system's menus (`buildMenu(with:)` again).
    open func setNeedsRebuild() {}
    /// Asks the responders to validate the system's commands again.
    open func setNeedsRevalidate() {}
}

/// What `buildMenu(with:)` receives to add, replace and remove menus (`UIMenuBuilder`).
///
/// The methods before iOS 26 are transcribed.
@MainActor
public protocol UIMenuBuilder {
    /// The menu system being built.
    var system: UIMenuSystem { get }
    /// The menu with `identifier`, if the builder has one.
    func menu(for identifier: UIMenu.Identifier) -> UIMenu?
    /// Replaces the menu `replacedIdentifier` with `replacementMenu`.
    func replace(menu replacedIdentifier: UIMenu.Identifier, with replacementMenu: UIMenu)
    /// Replaces the elements of the menu `parentIdentifier` with what `childrenBlock` returns
    /// for them.
    func replaceChildren(
        ofMenu parentIdentifier: UIMenu.Identifier,
        from childrenBlock: ([UIMenuElement]) -> [UIMenuElement]
    )
    /// Inserts `siblingMenu` before the menu `siblingIdentifier`, in its parent.
    func insertSibling(_ siblingMenu: UIMenu, beforeMenu siblingIdentifier: UIMenu.Identifier)
    /// Inserts `siblingMenu` after the menu `siblingIdentifier`, in its parent.
    func insertSibling(_ siblingMenu: UIMenu, afterMenu siblingIdentifier: UIMenu.Identifier)
    /// Inserts `childMenu` as the first element of the menu `parentIdentifier`.
    func insertChild(_ childMenu: UIMenu, atStartOfMenu parentIdentifier: UIMenu.Identifier)
    /// Inserts `childMenu` as the last element of the menu `parentIdentifier`.
    func insertChild(_ childMenu: UIMenu, atEndOfMenu parentIdentifier: UIMenu.Identifier)
    /// Removes the menu `removedIdentifier`.
    func remove(menu removedIdentifier: UIMenu.Identifier)
}

#endif
