@_exported public import ArgumentParser
@_exported public import NoticeHub

/// What a command-line tool built on NoticeHub carries: an app's
/// projections, which its posts apply and its trims, archives, rebuilds and
/// checks keep, and its message types, whose payloads `verify --payloads`
/// decodes. ``commands`` are the tool's commands, `noticectl`'s own.
///
/// ```swift
/// import NoticeHubCommands
///
/// @main struct ShopCtl: NoticeToolCommand {
///     static let configuration = CommandConfiguration(
///         commandName: "shopctl", abstract: "Operate the shop's journal.", subcommands: NoticeTool.commands)
///     static let tool = NoticeTool(projections: [StockProjection()], messageTypes: [StockMoved.self])
/// }
/// ```
///
/// See the article *Your own noticectl*.
public struct NoticeTool: Sendable {
    /// The projections the tool carries.
    public let projections: [any Projection]
    /// The message types whose payloads the tool decodes.
    public let messageTypes: [any NoticeMessage.Type]
    /// Projections a journal gets although its registry names none of them:
    /// those whose tables a journal written before projections were
    /// registered already holds, which the tool adopts.
    package let adopted: (@Sendable (NoticeHub) -> [any Projection])?
    /// Whether the commands that write (`init`, `post`, `import`) install
    /// the projections in a journal that lacks them, as the app's hub does
    /// when it opens; false for a tool whose own commands install its
    /// projections when they need them.
    package let installsOnWrite: Bool

    /// A tool carrying `projections` and `messageTypes`. Its commands that
    /// write (`init`, `post`, `import`) install the projections in a journal
    /// that lacks them, as the app's hub does when it opens.
    public init(projections: [any Projection] = [], messageTypes: [any NoticeMessage.Type] = []) {
        self.init(projections: projections, messageTypes: messageTypes, installsOnWrite: true, adopting: nil)
    }

    package init(
        projections: [any Projection], messageTypes: [any NoticeMessage.Type], installsOnWrite: Bool,
        adopting adopted: (@Sendable (NoticeHub) -> [any Projection])?
    ) {
        self.projections = projections
        self.messageTypes = messageTypes
        self.installsOnWrite = installsOnWrite
        self.adopted = adopted
    }

    /// What `TOOL --version` prints: the tool's name, NoticeHub's release
    /// and the schema SQLite's journals are written at.
    package static var versionLine: String { VersionCommand.line }

    /// Every command a tool gets, as `noticectl` has them: `init`, `post`,
    /// `tail`, `projections`, `subscribe`, `subscribers`, `request`, `respond`, `verify`,
    /// `stats`, `export`, `import`, `archive`, `trim`, `retention`, `erase`
    /// and `version`. Add the app's own commands beside them.
    public static let commands: [any ParsableCommand.Type] = [
        InitCommand.self,
        PostCommand.self,
        TailCommand.self,
        ProjectionsCommand.self,
        SubscribeCommand.self,
        SubscribersCommand.self,
        RequestCommand.self,
        RespondCommand.self,
        VerifyCommand.self,
        StatsCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        ArchiveCommand.self,
        TrimCommand.self,
        RetentionCommand.self,
        EraseCommand.self,
        VersionCommand.self,
    ]
}
