/// How the answers of several services (or event subscribers) become the one answer the
/// caller receives.
///
/// Every handler is called; the merge sees every answer, in dependency order, and never
/// short-circuits. The presets implement the rules of the dispatch table; an ``AppEvent``
/// names one for its ``AppEvent/Response``.
///
/// ```swift
/// struct ShouldShowOnboarding: AppEvent {
///     typealias Response = Bool
///     static var responseMerge: ResponseMerge<Bool> { .allTrue }
/// }
/// ```
public struct ResponseMerge<Response>: Sendable {
    private let noAnswer: @Sendable () -> Response
    private let combine: @Sendable (_ merged: Response, _ next: Response) -> Response
    private let finish: @Sendable (_ merged: Response, _ first: Response) -> Response

    /// Creates a merge that folds the answers pairwise, in order.
    ///
    /// - Parameters:
    ///   - noAnswer: The answer when nobody answers.
    ///   - combine: Folds the next answer into the answers so far.
    public init(
        whenNoneAnswers noAnswer: @escaping @Sendable () -> Response,
        combine: @escaping @Sendable (_ merged: Response, _ next: Response) -> Response
    ) {
        self.init(whenNoneAnswers: noAnswer, combine: combine, finish: { merged, _ in merged })
    }

    /// Creates a merge that folds the answers pairwise and then gets a last look at the
    /// folded answer and the first answer.
    ///
    /// - Parameters:
    ///   - noAnswer: The answer when nobody answers.
    ///   - combine: Folds the next answer into the answers so far.
    ///   - finish: Turns the fold and the first answer into the result.
    public init(
        whenNoneAnswers noAnswer: @escaping @Sendable () -> Response,
        combine: @escaping @Sendable (_ merged: Response, _ next: Response) -> Response,
        finish: @escaping @Sendable (_ merged: Response, _ first: Response) -> Response
    ) {
        self.noAnswer = noAnswer
        self.combine = combine
        self.finish = finish
    }

    /// Merges `answers`, given in dependency order.
    public func merge<Answers: Sequence<Response>>(_ answers: Answers) -> Response {
        var fold = Fold(self)
        for answer in answers { fold.add(answer) }
        return fold.result
    }

    /// The answer when nobody answers.
    public var answerWhenNoneAnswers: Response { noAnswer() }

    /// Folds answers one at a time, so dispatch loops merge without collecting an array.
    struct Fold {
        private let rule: ResponseMerge
        private var merged: Response?
        private var first: Response?

        init(_ rule: ResponseMerge) { self.rule = rule }

        mutating func add(_ answer: Response) {
            if let merged {
                self.merged = rule.combine(merged, answer)
            } else {
                merged = answer
                first = answer
            }
        }

        var result: Response {
            guard let merged, let first else { return rule.noAnswer() }
            return rule.finish(merged, first)
        }
    }
}

extension ResponseMerge where Response == Void {
    /// Nothing to merge: every handler is called for its effect.
    public static var none: ResponseMerge<Void> {
        ResponseMerge(whenNoneAnswers: {}, combine: { _, _ in })
    }
}

extension ResponseMerge where Response == Bool {
    /// `true` if any handler answers `true`; `false` when none answers.
    public static var anyTrue: ResponseMerge<Bool> {
        ResponseMerge(whenNoneAnswers: { false }, combine: { merged, next in merged || next })
    }

    /// `false` if any handler answers `false`; `true` when none answers.
    public static var allTrue: ResponseMerge<Bool> {
        ResponseMerge(whenNoneAnswers: { true }, combine: { merged, next in merged && next })
    }
}

extension ResponseMerge {
    /// The first non-`nil` answer in order; `nil` when there is none.
    public static func firstNonNil<Wrapped>() -> ResponseMerge<Wrapped?> where Response == Wrapped? {
        ResponseMerge(whenNoneAnswers: { nil }, combine: { merged, next in merged ?? next })
    }

    /// Every answer, in order (for events whose response is a list).
    public static func concatenating<Element>() -> ResponseMerge<[Element]> where Response == [Element] {
        ResponseMerge(whenNoneAnswers: { [] }, combine: { merged, next in merged + next })
    }
}

extension ResponseMerge where Response == BackgroundFetchResult {
    /// ``BackgroundFetchResult/newData`` if any, else ``BackgroundFetchResult/failed`` if
    /// any, else ``BackgroundFetchResult/noData``, which is also the answer when none
    /// answers.
    public static var backgroundFetch: ResponseMerge<BackgroundFetchResult> {
        ResponseMerge(
            whenNoneAnswers: { .noData },
            combine: { merged, next in
                if merged == .newData || next == .newData { return .newData }
                if merged == .failed || next == .failed { return .failed }
                return .noData
            }
        )
    }
}

extension ResponseMerge where Response == InterfaceOrientationMask {
    /// The intersection of the answers; if it is empty, the first answer. ``InterfaceOrientationMask/all``
    /// when none answers (the adapter does not ask then).
    public static var orientationIntersection: ResponseMerge<InterfaceOrientationMask> {
        ResponseMerge(
            whenNoneAnswers: { .all },
            combine: { merged, next in merged.intersection(next) },
            finish: { merged, first in merged.isEmpty ? first : merged }
        )
    }
}

extension ResponseMerge where Response == UserInfo? {
    /// The dictionaries merged in order, an earlier answer winning a key both set; `nil`
    /// when no handler answers with a dictionary.
    public static var mergingUserInfo: ResponseMerge<UserInfo?> {
        ResponseMerge(
            whenNoneAnswers: { nil },
            combine: { merged, next in
                guard let merged else { return next }
                guard let next else { return merged }
                return merged.merging(next) { earlier, _ in earlier }
            }
        )
    }
}
