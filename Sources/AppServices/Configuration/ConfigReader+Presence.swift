#if Configuration
import Configuration

extension ConfigReader {
    /// The value of `key` as text, whatever type the providing layer stored it as; `nil`
    /// when no layer has a value.
    ///
    /// Environment variables and arguments are text, but a JSON file or in-memory defaults
    /// store numbers, booleans and arrays as such, and asking for another type finds
    /// nothing; so each type is tried in turn.
    func textValues(forKey key: ConfigKey, isSecret: Bool) -> [String]? {
        if let value = string(forKey: key, isSecret: isSecret) { return [value] }
        if let value = int(forKey: key, isSecret: isSecret) { return [String(value)] }
        if let value = double(forKey: key, isSecret: isSecret) { return [String(value)] }
        if let value = bool(forKey: key, isSecret: isSecret) { return [String(value)] }
        if let value = stringArray(forKey: key, isSecret: isSecret) { return value }
        if let value = intArray(forKey: key, isSecret: isSecret) { return value.map { String($0) } }
        if let value = doubleArray(forKey: key, isSecret: isSecret) { return value.map { String($0) } }
        if let value = boolArray(forKey: key, isSecret: isSecret) { return value.map { String($0) } }
        return nil
    }

    /// The keys in `keys` that no layer has a value for, in order.
    func missingKeys(_ keys: [ConfigKey]) -> [String] {
        // Asked as secret so that access reporters never print a value found here.
        keys.filter { textValues(forKey: $0, isSecret: true) == nil }.map(\.description)
    }
}
#endif  // Configuration
