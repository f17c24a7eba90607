/// An application's version, as people write it (`"2.10.1"`), compared number by number:
/// `"2.10"` comes after `"2.9"`, and a missing number counts as 0, so `"2"` equals `"2.0"`.
///
/// The numbers are read from the start of the string up to the first part that is not a
/// number: `"3.1 (42)"` and `"3.1-beta"` compare as `3.1`. A string with no number at all
/// compares as `0`.
///
/// ```swift
/// Migration("move-drafts", when: .whenUpgrading(from: "1.0"..<"2.4")) { context in ... }
/// ```
public struct AppVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The version as written.
    public let text: String
    /// Its numbers, trailing zeros removed, so that equal versions have equal numbers.
    let numbers: [Int]

    /// The version written as `text`.
    public init(_ text: String) {
        self.text = text
        var numbers: [Int] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            let digits = part.prefix(while: \.isNumber)
            guard let number = Int(digits) else { break }
            numbers.append(number)
            if digits.count < part.count { break }
        }
        while numbers.last == 0 { numbers.removeLast() }
        self.numbers = numbers
    }

    /// The version written as the literal.
    public init(stringLiteral text: String) { self.init(text) }

    /// The version as written.
    public var description: String { text }

    /// Whether the two are the same version, number by number (`"2"` equals `"2.0.0"`).
    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.numbers == rhs.numbers }

    /// Hashes the numbers, as equality compares them.
    public func hash(into hasher: inout Hasher) { hasher.combine(numbers) }

    /// Decodes the version from its text.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the version as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Whether `lhs` comes before `rhs`, number by number.
    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for (left, right) in zip(lhs.numbers, rhs.numbers) where left != right { return left < right }
        return lhs.numbers.count < rhs.numbers.count
    }
}
