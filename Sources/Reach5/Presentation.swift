/// Where the SDK's UI is presented from (11.0's `Presentation`): on Linux, a headless
/// presentation (a keychain and the person who answers its sheet) stands in for the view
/// controller. `Presentation(from: window)` is what an 11.0 app writes; the 8.2 forms take the
/// `HeadlessPresentation` itself as their `anchor:`.
public struct Presentation: Sendable {
    private let headless: HeadlessPresentation

    public init(from viewController: HeadlessPresentation) {
        headless = viewController
    }

    /// The view controller to present from: the headless presentation. Never fails here (the SDK
    /// throws when its view controller was deallocated; this one is held strongly).
    public func presentingViewController() throws -> HeadlessPresentation { headless }

    /// The window to anchor system UI on: the headless presentation.
    public func anchor() -> HeadlessPresentation { headless }

    /// The context provider a web authentication session presents from: the headless presentation.
    public func webAuthContextProvider() throws -> HeadlessPresentation { headless }
}
