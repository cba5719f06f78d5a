// Stand-ins for the view hierarchy the SDK's presentation code walks (Presentation.swift in 11.0,
// the providers' `viewController:` in 9.1 and 10.0). A headless run has no window: `view.window`
// is nil and no scene is connected, as for a view controller not yet on screen.
import Foundation

@MainActor
open class UIView {
    open var window: UIWindow?
    public init() {}
}

@MainActor
open class UIWindow: UIView {
    open var isKeyWindow: Bool { false }
    override public init() {}
}

@MainActor
open class UIViewController {
    public let view = UIView()
    public init() {}
}

@MainActor
open class UIScene: Hashable {
    public enum ActivationState: Sendable { case unattached, foregroundActive, foregroundInactive, background }
    open var activationState: ActivationState { .unattached }
    public init() {}
    nonisolated public static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@MainActor
open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { [] }
}
