extension ServiceComposite {
    /// Marks the milestone `name` (of a session, for a milestone of `session`) as a signpost
    /// event, when `point` is reached for the first time: call it before reaching `point`.
    /// The session's identifier is left out: it names an account, and signposts are public.
    func signpostMilestone(_ name: String, point: ReadinessPoint, session: String?) {
        guard let signposter = configuration.signposter, signposter.isEnabled, !state.readiness.isReached(point)
        else { return }
        let message = session == nil ? name : "\(name), of a session"
        signposter.emitEvent("Milestone", id: signposter.makeSignpostID(), message)
    }
}
