#if Configuration
import Configuration

/// Checks the values of declared settings in every layer, and finds keys nobody declared.
struct ConfigurationValidator: Sendable {
    let settings: [ConfigurationSetting]

    /// Every declared setting whose winning value (the one a reader would return, from the
    /// first layer that has the key) is of the wrong type or not allowed, in declaration
    /// order.
    func problems(in layers: [ConfigurationLayer]) -> [ConfigurationProblem] {
        settings.compactMap { setting in
            let key = AbsoluteConfigKey(setting.key)
            for layer in layers {
                let encodedKey: String
                let shown: String?
                let isSecret: Bool
                if let written = layer.fileValues[setting.name], !setting.kind.accepts(written) {
                    // The provider would convert it (`true` to 1.0): the file's JSON says what it is.
                    guard written != .null else { continue }
                    encodedKey = setting.name
                    shown = written.text
                    isSecret = Self.anyValue(forKey: key, in: layer.provider)?.value?.isSecret ?? false
                } else {
                    do {
                        let lookup = try layer.provider.value(forKey: key, type: setting.kind.configType)
                        guard let value = lookup.value else { continue }
                        if setting.kind.allows(value.content) { return nil }
                        encodedKey = lookup.encodedKey
                        shown = Self.text(of: value.content)
                        isSecret = value.isSecret
                    } catch {
                        // There is a value, but it cannot be read as the declared type.
                        guard let found = Self.anyValue(forKey: key, in: layer.provider) else { continue }
                        encodedKey = found.encodedKey
                        shown = found.value.map { Self.text(of: $0.content) }
                        isSecret = found.value?.isSecret ?? false
                    }
                }
                return ConfigurationProblem(
                    key: setting.name,
                    source: layer.describe(encodedKey: encodedKey),
                    value: isSecret || setting.isSecret ? nil : shown ?? "a value of another type",
                    expected: setting.kind.description
                )
            }
            return nil
        }
    }

    /// The keys in `layers` that no setting declares, nor `known` names (the keys the
    /// application gives defaults or secrecy to, which it reads too), each with where it was
    /// found: in the file, every key; in the environment, the variables under a declared
    /// prefix (the first part of a declared key: `ANALYTICS_` for `analytics.sampleRate`).
    func unknownKeys(in layers: [ConfigurationLayer], known: Set<String>, ignoring ignored: Set<String>) -> [String] {
        let declared = Set(settings.map(\.name)).union(known)
        let declaredVariables = Set(settings.map(\.environmentVariable)).union(
            known.map { ConfigurationSetting($0, .string).environmentVariable }
        )
        let prefixes = Set(
            settings.compactMap { setting in
                setting.name.split(separator: ".").first.map {
                    ConfigurationSetting(String($0), setting.kind).environmentVariable + "_"
                }
            }
        )
        var unknown: [String] = []
        for layer in layers {
            switch layer.source {
            case .file(let path):
                unknown += layer.keys.filter { !declared.contains($0) }.sortedOnce()
                    .map { "\($0) in the configuration file \(path)" }
            case .environment:
                unknown += layer.keys.filter { variable in
                    !declaredVariables.contains(variable) && !ignored.contains(variable)
                        && prefixes.contains { variable.hasPrefix($0) }
                }
                .sortedOnce().map { "the environment variable \($0)" }
            case .commandLine, .defaults:
                break
            }
        }
        return unknown
    }

    /// A value as a message shows it: text in quotes, numbers and lists as written.
    private static func text(of content: ConfigContent) -> String {
        switch content {
        case .string(let text): "\"\(text)\""
        case .int(let number): "\(number)"
        case .double(let number): "\(number)"
        case .bool(let flag): "\(flag)"
        case .stringArray(let texts): "[" + texts.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .intArray(let numbers): "\(numbers)"
        case .doubleArray(let numbers): "\(numbers)"
        case .boolArray(let flags): "\(flags)"
        case .bytes, .byteChunkArray: "bytes"
        }
    }

    /// The value under `key` in `provider`, whatever its type.
    private static func anyValue(forKey key: AbsoluteConfigKey, in provider: any ConfigProvider) -> LookupResult? {
        let types: [ConfigType] = [.string, .int, .double, .bool, .stringArray, .intArray, .doubleArray, .boolArray]
        for type in types {
            if let lookup = try? provider.value(forKey: key, type: type), lookup.value != nil { return lookup }
        }
        return nil
    }
}
#endif  // Configuration
