/// The service that declared each identifier first, for the validation of what services
/// declare by identifier and the system keeps one of per identifier (background tasks,
/// notification categories).
struct IdentifierOwners {
    private var owners: [String: any AppService.Type] = [:]

    /// Claims `identifier` for a service of type `type`; `nil` when it is the first claim,
    /// else who declared it, for the problem's message: "A twice" or "both A and B" (with
    /// the types they are declared in, when two services have one name). Services are
    /// named only then.
    mutating func claim(_ identifier: String, by type: any AppService.Type) -> String? {
        guard let owner = owners[identifier] else {
            owners[identifier] = type
            return nil
        }
        let (first, second) = (owner.serviceName, type.serviceName)
        if owner == type { return "\(second) twice" }
        guard first == second else { return "both \(first) and \(second)" }
        return "both \(qualifiedTypeName(owner)) and \(qualifiedTypeName(type))"
    }
}
