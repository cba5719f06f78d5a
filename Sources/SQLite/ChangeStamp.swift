/// Identifies one state of a database as seen from one connection; see `Database.changeStamp()`.
public struct ChangeStamp: Equatable, Sendable {
    public var dataVersion: Int64
    public var localWrites: UInt64
}
