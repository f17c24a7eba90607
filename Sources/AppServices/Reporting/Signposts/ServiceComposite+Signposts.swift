extension ServiceComposite {
    /// Marks the milestone `name` (of `session`, for a milestone of a session) as a signpost
    /// event, when `point` is reached for the first time: call it before reaching `point`.
    func signpostMilestone(_ name: String, point: ReadinessPoint, session: String?) {
        guard let signposter = configuration.signposter, signposter.isEnabled, !state.readiness.isReached(point)
        else { return }
        let message = session.map { "\(name), session \($0)" } ?? name
        signposter.emitEvent("Milestone", id: signposter.makeSignpostID(), message)
    }
}
