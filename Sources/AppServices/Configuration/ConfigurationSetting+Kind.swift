#if Configuration
import Configuration

extension ConfigurationSetting {
    /// The values a setting allows: a type, and a range or a list of allowed values.
    ///
    /// Numbers must be finite (`nan` and `inf` are refused) and within the range given.
    /// New kinds may be added.
    public struct Kind: Sendable, CustomStringConvertible {
        enum Base: Sendable {
            case string(oneOf: [String]?)
            case int(ClosedRange<Int>?)
            case double(ClosedRange<Double>?)
            case bool
            case stringArray(eachOneOf: [String]?)
        }

        let base: Base

        /// Any text.
        public static let string = Kind(base: .string(oneOf: nil))
        /// One of `values`, spelled exactly.
        public static func string(oneOf values: [String]) -> Kind { Kind(base: .string(oneOf: values)) }
        /// Any whole number.
        public static let int = Kind(base: .int(nil))
        /// A whole number within `range`.
        public static func int(in range: ClosedRange<Int>) -> Kind { Kind(base: .int(range)) }
        /// Any finite number.
        public static let double = Kind(base: .double(nil))
        /// A finite number within `range`.
        public static func double(in range: ClosedRange<Double>) -> Kind { Kind(base: .double(range)) }
        /// `true` or `false`.
        public static let bool = Kind(base: .bool)
        /// A list of texts (comma-separated in the environment and on the command line).
        public static let stringArray = Kind(base: .stringArray(eachOneOf: nil))
        /// A list of texts, each one of `values`.
        public static func stringArray(eachOneOf values: [String]) -> Kind {
            Kind(base: .stringArray(eachOneOf: values))
        }

        /// What the kind allows, as error messages say it after "expected":
        /// `a number from 0.0 to 1.0`.
        public var description: String {
            switch base {
            case .string(nil): "text"
            case .string(let values?): "one of \(values.joined(separator: ", "))"
            case .int(nil): "a whole number"
            case .int(let range?): "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .double(nil): "a finite number"
            case .double(let range?): "a number from \(range.lowerBound) to \(range.upperBound)"
            case .bool: "true or false"
            case .stringArray(nil): "a list of texts"
            case .stringArray(let values?): "a list of texts, each one of \(values.joined(separator: ", "))"
            }
        }

        /// The type a value of this kind is read as.
        var configType: ConfigType {
            switch base {
            case .string: .string
            case .int: .int
            case .double: .double
            case .bool: .bool
            case .stringArray: .stringArray
            }
        }

        /// `content` as this kind's type where Swift's literals make it another: a whole
        /// number written for a `.double` setting (`default: 1`, or `1` in ``LayeredConfiguration/defaults``)
        /// is that number, as it is in the file, the environment and on the command line.
        func normalized(_ content: ConfigContent) -> ConfigContent {
            guard case .double = base, case .int(let number) = content else { return content }
            return .double(Double(number))
        }

        /// Whether JSON's `value` is of this kind's type (`null` is no value, and none is).
        func accepts(_ value: JSONValue) -> Bool {
            switch (base, value) {
            case (.string, .string), (.int, .number), (.double, .number), (.bool, .bool): true
            case (.stringArray, .array(let ofStrings)): ofStrings
            default: false
            }
        }

        /// Whether `content`, read as ``configType``, is allowed.
        func allows(_ content: ConfigContent) -> Bool {
            switch (base, content) {
            case (.string(let values), .string(let text)): values?.contains(text) ?? true
            case (.int(let range), .int(let number)): range?.contains(number) ?? true
            case (.double(let range), .double(let number)): number.isFinite && (range?.contains(number) ?? true)
            case (.bool, .bool): true
            case (.stringArray(let values), .stringArray(let texts)):
                values.map { allowed in texts.allSatisfy(allowed.contains) } ?? true
            default: false
            }
        }
    }
}
#endif  // Configuration
