// `import NoticeHub` gives an app the hub and its embedded default journal in
// one line: the core (the hub, delivery, requests, projections, the backend
// contract) and the SQLite backend, each a module of its own.
@_exported public import NoticeHubCore
@_exported public import NoticeHubSQLite
