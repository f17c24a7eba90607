/// The service that declared each identifier first, for the validation of what services
/// declare by identifier and the system keeps one of per identifier (background tasks,
/// notification categories).
struct IdentifierOwners {
    private var owners: [String: (name: String, type: Any.Type)] = [:]

    /// Claims `identifier` for `service` (of type `type`); `nil` when it is the first
    /// claim, else who declared it, for the problem's message: "A twice" or "both A and B"
    /// (with the types they are declared in, when two services have one name).
    mutating func claim(_ identifier: String, by service: String, of type: Any.Type) -> String? {
        guard let owner = owners[identifier] else {
            owners[identifier] = (service, type)
            return nil
        }
        if owner.type == type { return "\(service) twice" }
        guard owner.name == service else { return "both \(owner.name) and \(service)" }
        return "both \(qualifiedTypeName(owner.type)) and \(qualifiedTypeName(type))"
    }
}
