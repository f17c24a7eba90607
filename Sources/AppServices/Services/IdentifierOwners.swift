/// The service that declared each identifier first, for the validation of what services
/// declare by identifier and the system keeps one of per identifier (background tasks,
/// notification categories).
struct IdentifierOwners {
    private var owners: [String: String] = [:]

    /// Claims `identifier` for `service`; `nil` when it is the first claim, else who
    /// declared it, for the problem's message: "A twice" or "both A and B".
    mutating func claim(_ identifier: String, by service: String) -> String? {
        guard let owner = owners[identifier] else {
            owners[identifier] = service
            return nil
        }
        return owner == service ? "\(service) twice" : "both \(owner) and \(service)"
    }
}
