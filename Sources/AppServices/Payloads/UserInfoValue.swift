public import Foundation

/// A platform-neutral dictionary of property-list values, such as a push notification's
/// payload or a shortcut item's user info.
public typealias UserInfo = [String: UserInfoValue]

/// One value of a ``UserInfo`` dictionary: the property-list types a notification or
/// activity payload can carry.
///
/// Adapters convert the platform's `[AnyHashable: Any]` dictionaries into this type; the
/// raw dictionary stays available through ``AppContext/platform``.
///
/// ```swift
/// let payload: UserInfo = ["aps": ["content-available": 1], "orderID": "A-17"]
/// ```
public enum UserInfoValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// Raw bytes.
    case data(Data)
    /// A point in time.
    case date(Date)
    /// An ordered list of values.
    case array([UserInfoValue])
    /// A nested dictionary.
    case dictionary([String: UserInfoValue])
    /// An explicit null (`NSNull`).
    case null

    /// The string, when this value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this value is one (or a `Double` with no fractional part).
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The Boolean, when this value is one (or the integer 0 or 1, as property lists
    /// often encode flags).
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(0): return false
        case .int(1): return true
        default: return nil
        }
    }

    /// The nested dictionary, when this value is one.
    public var dictionaryValue: [String: UserInfoValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The array, when this value is one.
    public var arrayValue: [UserInfoValue]? {
        if case .array(let value) = self { return value }
        return nil
    }
}

extension UserInfoValue: ExpressibleByStringLiteral {
    /// Creates a string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension UserInfoValue: ExpressibleByIntegerLiteral {
    /// Creates an integer value from a literal.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension UserInfoValue: ExpressibleByFloatLiteral {
    /// Creates a floating-point value from a literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension UserInfoValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension UserInfoValue: ExpressibleByArrayLiteral {
    /// Creates an array value from a literal.
    public init(arrayLiteral elements: UserInfoValue...) { self = .array(elements) }
}

extension UserInfoValue: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary value from a literal.
    public init(dictionaryLiteral elements: (String, UserInfoValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension UserInfoValue: ExpressibleByNilLiteral {
    /// Creates ``null`` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}
