import NoticeHub

/// The message types the tool carries, whose payloads `verify --payloads`
/// decodes (``NoticeTool/messageTypes``).
enum CarriedMessages {
    static var all: [any NoticeMessage.Type] { ToolContext.tool.messageTypes }
}
