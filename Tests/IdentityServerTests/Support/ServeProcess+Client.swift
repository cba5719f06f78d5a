import TestSupport

extension ServeProcess {
    /// A client for this server (a new URLSession: tests call it a few times per server).
    var client: HTTPClient { HTTPClient(baseURL: baseURL) }
}
