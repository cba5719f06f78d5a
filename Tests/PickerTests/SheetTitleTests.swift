import Testing

@testable import Picker

/// The sheet names what it asks: saving a new passkey when a registration offers to create one
/// (a create or signup sheet used to say "Choose a sign-in option"), else signing in.
@Suite struct SheetTitleTests {
    @Test func aSheetThatCreatesAPasskeySaysSo() {
        let create = Sheet(style: .modal, entries: [], options: [.createPasskey(rpId: "example.com", userName: "ada")])
        #expect(create.title == "Save a passkey")
        let signIn = Sheet(
            style: .modal,
            entries: [.init(index: 0, kind: .passkey, username: "ada", displayName: nil, lastUsed: nil, reference: [1])], options: [])
        #expect(signIn.title == "Choose a sign-in option")
    }
}
