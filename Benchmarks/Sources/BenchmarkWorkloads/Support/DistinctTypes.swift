/// One decimal digit as a type. Three of them name up to 1,000 distinct instantiations of
/// a generic service class, because a ``AppServices/ServiceComposite`` holds one service
/// per type and the benchmarks need up to 1,000 services. The names stay short
/// (`StateCounter<D1, D2, D3>`), as real service names are.
public protocol Digit {}

/// The digit 0.
public enum D0: Digit {}
/// The digit 1.
public enum D1: Digit {}
/// The digit 2.
public enum D2: Digit {}
/// The digit 3.
public enum D3: Digit {}
/// The digit 4.
public enum D4: Digit {}
/// The digit 5.
public enum D5: Digit {}
/// The digit 6.
public enum D6: Digit {}
/// The digit 7.
public enum D7: Digit {}
/// The digit 8.
public enum D8: Digit {}
/// The digit 9.
public enum D9: Digit {}

/// Makes one value of a generic type from three digit types.
public protocol DistinctTypeFactory {
    /// What the factory makes.
    associatedtype Product
    /// Makes the product whose type is named by `A`, `B` and `C`.
    func make<A: Digit, B: Digit, C: Digit>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> Product
}

extension DistinctTypeFactory {
    /// Makes the product for `index` (0..<1000), named by its three decimal digits, so
    /// different indices give values of different types.
    public func make(index: Int) -> Product {
        precondition((0..<1000).contains(index), "Only 1,000 distinct types are available; asked for index \(index).")
        var digitTypes: [any Digit.Type] = [D0.self, D1.self, D2.self, D3.self, D4.self]
        digitTypes += [D5.self, D6.self, D7.self, D8.self, D9.self] as [any Digit.Type]
        let hundreds = digitTypes[index / 100]
        let tens = digitTypes[index / 10 % 10]
        let ones = digitTypes[index % 10]
        return make(hundreds, tens, ones)
    }
}
