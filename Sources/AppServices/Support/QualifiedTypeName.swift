/// The name of `type` with the types it is declared in, without its module:
/// `AccountService.Ready` for a `Ready` declared inside `AccountService`, `Ready` for one
/// declared at the top level or inside a function. Two types of the same name nested in
/// different types get different names, as `String(describing:)` (`Ready` for both) does not.
func qualifiedTypeName(_ type: Any.Type) -> String {
    var parts = String(reflecting: type).split(separator: ".", omittingEmptySubsequences: false)
    // The module, then what a local type's context is shown as: "(unknown context at $…)".
    if parts.count > 1 { parts.removeFirst() }
    parts.removeAll { $0.hasPrefix("(unknown context at ") || $0.hasPrefix("(extension in ") }
    return parts.isEmpty ? String(describing: type) : parts.joined(separator: ".")
}
