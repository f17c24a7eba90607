/// Keeps `value` alive as far as the optimizer knows, so the work that produced it cannot
/// be deleted. The benchmark package's `blackHole` does the same; the ratio check does not
/// link that package, so both use this one.
@inline(never)
public func consume<Value>(_ value: Value) {
    withExtendedLifetime(value) {}
}
