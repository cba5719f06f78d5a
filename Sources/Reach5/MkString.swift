/// The SDK's string helpers (public in 11.0, utils/StringUtils.swift): `start(name: value, …)`
/// over the non-nil fields, strings quoted.
public func mkString(start: String, fields: (field: Any?, name: String)...) -> String {
    mkString(start: "\(start)(", sep: ", ", end: ")", fields: fields)
}

public func mkString(start: String, sep: String, end: String, fields: [(field: Any?, name: String)]) -> String {
    let present = fields.compactMap { field, name -> String? in
        guard let field else { return nil }
        return field is String ? "\(name): \"\(field)\"" : "\(name): \(field)"
    }
    return mkString(start: start, sep: sep, end: end, fields: present)
}

public func mkString(start: String, sep: String, end: String, fields: [String]) -> String {
    start + fields.joined(separator: sep) + end
}
