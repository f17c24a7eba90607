package import Logging

/// Finds what `UserInfo(propertyList:)` leaves out of a user-info dictionary, so that it can
/// be named in a warning.
package enum PropertyListCheck {
    /// Logs one warning naming `owner` (`Notification order-7`) and the entries of
    /// `userInfo` a payload leaves out, if any, and where the raw ones are (`rawIn`).
    package static func warnAboutDroppedEntries(
        of userInfo: [AnyHashable: Any],
        in owner: @autoclosure () -> String,
        rawIn: String,
        logger: Logger
    ) {
        let dropped = droppedKeyPaths(in: userInfo)
        guard !dropped.isEmpty else { return }
        logger.warning(
            "\(owner()) has user-info entries that are not property-list values: \(dropped.joined(separator: ", ")). Services receive it without them; \(rawIn).",
            metadata: ["droppedKeys": "\(dropped.joined(separator: ","))"]
        )
    }

    /// The paths of the entries of `dictionary` that are not property-list values, sorted;
    /// `prefix` goes before each.
    package static func droppedKeyPaths(in dictionary: [AnyHashable: Any], prefix: String = "") -> [String] {
        var dropped: [String] = []
        for (key, value) in dictionary {
            guard let name = key.base as? String else {
                dropped.append(prefix + "\(key.base)")
                continue
            }
            dropped += droppedPaths(of: value, at: prefix + name)
        }
        return dropped.sorted()
    }

    /// The paths inside `value`, at `path`, that the conversion leaves out: `path` itself when
    /// `value` is no property-list value, the nested ones of an array or a dictionary.
    private static func droppedPaths(of value: Any, at path: String) -> [String] {
        guard UserInfoValue(propertyListValue: value) != nil else { return [path] }
        if let array = value as? [Any] {
            return array.indices.flatMap { droppedPaths(of: array[$0], at: "\(path)[\($0)]") }
        }
        if let dictionary = value as? [AnyHashable: Any] {
            return droppedKeyPaths(in: dictionary, prefix: path + ".")
        }
        return []
    }
}
