// The type ReachFiveNative.swift names (a doc comment and `cancelOngoingRequests`' context); the
// sheet itself is the left-out CredentialManager's.
import Foundation
@_exported import Foundation

open class ASAuthorizationController: NSObject {}
