import Foundation

extension UserInfoValue {
    /// Converts a property-list value as the platform delivers it: `String`, `NSNumber` (or
    /// `Int`, `Double`, `Bool`), `Data`, `Date`, arrays, dictionaries with string keys, and
    /// `NSNull`. Returns `nil` for anything else.
    ///
    /// A Boolean `NSNumber` (what JSON `true` becomes in a push payload) is recognised as
    /// ``bool(_:)``; other numbers keep the kind they were stored as: a floating-point one
    /// becomes ``double(_:)`` (a whole `2.0` included, boxed in an `NSNumber` or not), an
    /// integer ``int(_:)``. An unsigned integer beyond `Int.max` has no case and is left out.
    /// Array elements and dictionary entries that are not property-list values are left out.
    public init?(propertyListValue value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case let bool as Bool where Self.isBoolean(value):
            self = .bool(bool)
        case let number as NSNumber where Self.isFloatingPoint(number):
            self = .double(number.doubleValue)
        case let int as Int:
            self = .int(int)
        case let double as Double:
            self = .double(double)
        case let data as Data:
            self = .data(data)
        case let date as Date:
            self = .date(date)
        case let array as [Any]:
            self = .array(array.compactMap(UserInfoValue.init(propertyListValue:)))
        case let dictionary as [AnyHashable: Any]:
            self = .dictionary(UserInfo(propertyList: dictionary))
        case is NSNull:
            self = .null
        default:
            return nil
        }
    }

    /// The value as the platform's property-list object (`String`, `Int`, `Double`,
    /// `Bool`, `Data`, `Date`, `[Any]`, `[String: Any]`, `NSNull`), for handing back to the
    /// platform.
    public var propertyListValue: Any {
        switch self {
        case .string(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .bool(let value): return value
        case .data(let value): return value
        case .date(let value): return value
        case .array(let values): return values.map(\.propertyListValue)
        case .dictionary(let values): return values.propertyList
        case .null: return NSNull()
        }
    }

    /// Whether `value` is a Boolean: a Swift `Bool`, or the Boolean `NSNumber` subclass
    /// that property lists and JSON produce, which also casts to `Int`.
    private static func isBoolean(_ value: Any) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: value))
        return type == ObjectIdentifier(Bool.self)
            || (type == booleanNumberType && booleanNumberType != integerNumberType)
    }

    /// Whether `number` holds a floating-point value (`double` or `float`), which a whole
    /// one such as `2.0` also casts to `Int`.
    private static func isFloatingPoint(_ number: NSNumber) -> Bool {
        let kind = number.objCType.pointee
        return kind == CChar(UInt8(ascii: "d")) || kind == CChar(UInt8(ascii: "f"))
    }

    /// The class of a Boolean `NSNumber`, distinct from that of an integer one on every
    /// Foundation we run on (`__NSCFBoolean` versus `__NSCFNumber` or `NSNumber`).
    private static let booleanNumberType = ObjectIdentifier(Swift.type(of: NSNumber(value: true) as Any))
    private static let integerNumberType = ObjectIdentifier(Swift.type(of: NSNumber(value: 1) as Any))
}

extension Dictionary where Key == String, Value == UserInfoValue {
    /// Converts a platform user-info dictionary (a notification payload, a user activity's
    /// user info) into a ``UserInfo``.
    ///
    /// Entries whose key is not a string, or whose value is not a property-list value, are
    /// left out; adapters keep the raw dictionary in ``AppContext/platform``.
    public init(propertyList dictionary: [AnyHashable: Any]) {
        var converted: UserInfo = [:]
        for (key, value) in dictionary {
            // On Linux an NSString key does not compare equal to a String; casting the base
            // bridges both.
            guard let key = key.base as? String, let value = UserInfoValue(propertyListValue: value) else { continue }
            converted[key] = value
        }
        self = converted
    }

    /// The dictionary as the platform's property list, for handing back to the platform.
    public var propertyList: [String: Any] {
        mapValues(\.propertyListValue)
    }
}
