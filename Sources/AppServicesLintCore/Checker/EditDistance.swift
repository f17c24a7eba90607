/// The Levenshtein distance between two names, compared without regard to letter case,
/// when it is at most `limit`; `nil` when it is larger.
func editDistance(_ first: String, _ second: String, limit: Int) -> Int? {
    let a = Array(first.lowercased().utf8)
    let b = Array(second.lowercased().utf8)
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty {
        let distance = max(a.count, b.count)
        return distance <= limit ? distance : nil
    }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            rowMinimum = min(rowMinimum, current[j])
        }
        // Every later row is at least this row's minimum.
        if rowMinimum > limit { return nil }
        swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}
