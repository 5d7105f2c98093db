import NoticeHub

/// The promises every journal backend keeps, as checks a backend's tests
/// run: appends (order, gapless sequence numbers, idempotence by id, group
/// commit, the three durabilities), reads and their filters, followers and
/// durable subscribers, patterns, conversations, payload versions, export
/// and import, requests across journal objects, responder claims, storage
/// failures and, for a backend with SQL state, a user's projections.
///
/// The SQLite and PostgreSQL backends run every check; a backend of another
/// package runs ``checks(for:)``. Each check makes fresh places of the
/// backend, so checks may run in parallel.
public enum JournalConformance {
    /// Every check, whatever it needs.
    public static let checks: [ConformanceCheck] =
        append + reading + conversations + payloadVersions + metadata + requests + projections + trimming

    /// The checks that apply to `backend`: those its capabilities meet.
    public static func checks(for backend: ConformanceBackend) -> [ConformanceCheck] {
        checks.filter { $0.applies(to: backend) }
    }

    /// Exports of `source` import into `target` byte for byte, kinds,
    /// conversations, causes, payload versions and metadata included: for a backend's
    /// tests that hold two backends.
    public static func checkExport(from source: ConformanceBackend, into target: ConformanceBackend) throws {
        try ExportImportChecks().exportsOfOneBackendImportIntoAnother(from: source, into: target)
        try ExportImportChecks().exportsKeepKindsConversationsAndCauses(from: source, into: target)
        try PayloadVersionChecks().exportsKeepPayloadVersions(from: source, into: target)
        try MetadataChecks().exportsKeepMetadata(from: source, into: target)
    }

    static let append: [ConformanceCheck] =
        AppendChecks.durabilities.map { durability in
            ConformanceCheck("notices survive reopening and replay in order (\(durability))") {
                try AppendChecks().noticesSurviveReopeningAndReplayInOrder(backend: $0, durability: durability)
            }
        } + [
            ConformanceCheck("reads select a range, names, a sender and a limit") {
                try AppendChecks().readsSelectARangeNamesASenderAndALimit(backend: $0)
            },
            ConformanceCheck("a long read sees every notice once") {
                try AppendChecks().aLongReadSeesEveryNoticeOnce(backend: $0)
            },
            ConformanceCheck("appends are idempotent by notice id") {
                try AppendChecks().appendsAreIdempotentByNoticeID(backend: $0)
            },
            ConformanceCheck("concurrent durable posters share commits and lose nothing") {
                try AppendChecks().concurrentDurablePostersShareCommitsAndLoseNothing(backend: $0)
            },
            ConformanceCheck("statistics count and bound") { try AppendChecks().statisticsCountAndBound(backend: $0) },
            ConformanceCheck("counts follow every way a notice is stored") {
                try CountChecks().countsFollowEveryWayANoticeIsStored(backend: $0)
            },
            ConformanceCheck("a refused notice is not counted", needs: .projections) {
                try CountChecks().aRefusedNoticeIsNotCounted(backend: $0)
            },
            ConformanceCheck(
                "a check from a checkpoint reads what follows and the span", needs: [.trimming, .behindTheBackSQL]
            ) {
                try CountChecks().aCheckFromACheckpointReadsWhatFollowsAndTheSpan(backend: $0)
            },
            ConformanceCheck("rows deleted behind the journal's back are miscounted", needs: .behindTheBackSQL) {
                try CountChecks().rowsDeletedBehindTheJournalsBackAreMiscounted(backend: $0)
            },
            ConformanceCheck("oversized payloads and posts after close are refused") {
                try AppendChecks().oversizedPayloadsAndPostsAfterCloseAreRefused(backend: $0)
            },
            ConformanceCheck("names and payloads full of quotes and SQL are stored as data") {
                try AppendChecks().namesAndPayloadsFullOfQuotesAndSQLAreStoredAsData(backend: $0)
            },
            ConformanceCheck("a storage failure carries the backend's error", needs: .behindTheBackSQL) {
                try StorageFailureChecks().aStorageFailureCarriesTheBackendsError(backend: $0)
            },
            ConformanceCheck("exports import again byte for byte") {
                try ExportImportChecks().exportsOfOneBackendImportIntoAnother(from: $0, into: $0)
            },
            ConformanceCheck("exports keep kinds, conversations and causes") {
                try ExportImportChecks().exportsKeepKindsConversationsAndCauses(from: $0, into: $0)
            },
            ConformanceCheck("a bad line imports nothing") {
                try ExportImportChecks().aBadLineImportsNothing(backend: $0)
            },
            ConformanceCheck("concurrent imports of the same notices store each once") {
                try ExportImportChecks().concurrentImportsOfTheSameNoticesStoreEachOnce(backend: $0)
            },
        ]

    static let trimming: [ConformanceCheck] = [
        ConformanceCheck("a trim removes the oldest notices and reads below it are refused", needs: .trimming) {
            try TrimChecks().aTrimRemovesTheOldestNoticesAndReadsBelowItAreRefused(backend: $0)
        },
        ConformanceCheck(
            "a trim keeps the last notice and those a durable subscriber has not handled", needs: .trimming
        ) {
            try TrimChecks().theLastNoticeAndUnhandledNoticesAreKept(backend: $0)
        },
        ConformanceCheck("followers and durable subscribers below a trim are stopped", needs: .trimming) {
            try TrimChecks().followersAndDurableSubscribersBelowATrimAreStopped(backend: $0)
        },
        ConformanceCheck("a trim cut short is finished by the next", needs: .trimming) {
            try TrimChecks().aTrimCutShortIsFinishedByTheNext(backend: $0)
        },
        ConformanceCheck(
            "a trim keeps the state the journal starts from, and rebuilds start there", needs: .trimming
        ) {
            try SnapshotChecks().aTrimKeepsTheStateTheJournalStartsFromAndRebuildsStartThere(backend: $0)
        },
        ConformanceCheck(
            "a journal's tail imports into an empty journal on the state it starts from", needs: .trimming
        ) {
            try SnapshotChecks().aJournalsTailImportsIntoAnEmptyJournalOnTheStateItStartsFrom(backend: $0)
        },
        ConformanceCheck("an archive and the rest of the journal restore the whole history", needs: .trimming) {
            try SnapshotChecks().anArchiveAndTheRestRestoreTheWholeHistory(backend: $0)
        },
        ConformanceCheck("a raised version starts from the state it upcasts", needs: .trimming) {
            try StartingStateUpcastChecks().aRaisedVersionStartsFromTheUpcastState(backend: $0)
        },
        ConformanceCheck("a tail with an earlier version's state imports upcast", needs: .trimming) {
            try StartingStateUpcastChecks().aTailWithAnEarlierVersionsStateImportsUpcast(backend: $0)
        },
        ConformanceCheck("a retention policy is kept in the journal and cleared again", needs: .trimming) {
            try RetentionChecks().aPolicyIsKeptInTheJournalAndClearedAgain(backend: $0)
        },
        ConformanceCheck("applying a retention policy trims by count and age", needs: .trimming) {
            try RetentionChecks().applyingAPolicyTrimsByCountAndAge(backend: $0)
        },
        ConformanceCheck("retention applied in the background stops when cancelled", needs: .trimming) {
            try RetentionChecks().retentionAppliedInTheBackgroundStopsWhenCancelled(backend: $0)
        },
        ConformanceCheck("applying a retention policy trims by size", needs: .trimming) {
            try RetentionChecks().applyingAPolicyTrimsBySize(backend: $0)
        },
        ConformanceCheck("a durable subscriber holds retention back", needs: .trimming) {
            try RetentionChecks().aDurableSubscriberHoldsRetentionBack(backend: $0)
        },
        ConformanceCheck("a rule by name removes the oldest notices of its names only", needs: .retentionByName) {
            try NameRetentionChecks().aRuleRemovesTheOldestNoticesOfItsNamesOnly(backend: $0)
        },
        ConformanceCheck(
            "rules by name limit age and bytes and keep what the journal needs", needs: [.retentionByName, .trimming]
        ) {
            try NameRetentionChecks().rulesLimitAgeAndBytesAndKeepWhatTheJournalNeeds(backend: $0)
        },
        ConformanceCheck("a rule by name keeps the latest notice of each key", needs: .retentionByName) {
            try NameRetentionChecks().aRuleKeepsTheLatestNoticeOfEachKey(backend: $0)
        },
        ConformanceCheck(
            "bad rules by name, and rules over a projection's names, are refused", needs: .retentionByName
        ) {
            try NameRetentionChecks().badRulesAndRulesOverAProjectionsNamesAreRefused(backend: $0)
        },
        ConformanceCheck("the notices of a key are erased and the journal checks sound", needs: .erasure) {
            try ErasureChecks().theNoticesOfAKeyAreErasedAndTheJournalChecksSound(backend: $0)
        },
        ConformanceCheck("an erasure that cannot be done changes nothing", needs: .erasure) {
            try ErasureChecks().anErasureThatCannotBeDoneChangesNothing(backend: $0)
        },
    ]

    static let reading: [ConformanceCheck] = [
        ConformanceCheck("a following hub delivers what others append, in order, and its own once") {
            try FollowChecks().aFollowingHubDeliversWhatOthersAppendInOrderAndItsOwnOnce(backend: $0)
        },
        ConformanceCheck("commit announcements wake a follower between polls", needs: .commitAnnouncements) {
            try FollowChecks().commitAnnouncementsWakeAFollowerBetweenPolls(backend: $0)
        },
        ConformanceCheck("a durable subscriber resumes after its cursor without gap or duplicate") {
            try FollowChecks().aDurableSubscriberResumesAfterItsCursorWithoutGapOrDuplicate(backend: $0)
        },
        ConformanceCheck("one subscriber per name runs at a time across journal objects") {
            try FollowChecks().oneSubscriberPerNameRunsAtATimeAcrossJournalObjects(backend: $0)
        },
        ConformanceCheck("a journal rolled back under a cursor is reported") {
            try FollowChecks().aJournalRolledBackUnderACursorIsReported(backend: $0)
        },
        ConformanceCheck("pattern queries select the matching names in order") {
            try PatternQueryChecks().patternQueriesSelectTheMatchingNamesInOrder(backend: $0)
        },
        ConformanceCheck("a match beyond a page of other names is found") {
            try PatternQueryChecks().aMatchBeyondAPageOfOtherNamesIsFound(backend: $0)
        },
        ConformanceCheck("replay and durable subscribers take patterns") {
            try PatternQueryChecks().replayAndDurableSubscribersTakePatterns(backend: $0)
        },
    ]

    static let conversations: [ConformanceCheck] =
        AppendChecks.durabilities.map { durability in
            ConformanceCheck("posted notices keep their kind, conversation and cause (\(durability))") {
                try ConversationChecks().postedNoticesKeepTheirKindConversationAndCause(
                    backend: $0, durability: durability)
            }
        }
        + [Durability.always, .never].map { durability in
            ConformanceCheck("a batch keeps each notice's kind, conversation and cause (\(durability))") {
                try ConversationChecks().aBatchKeepsEachNoticesKindConversationAndCause(
                    backend: $0, durability: durability)
            }
        } + [
            ConformanceCheck("reads select a conversation, kinds and a cause") {
                try ConversationChecks().readsSelectAConversationKindsAndACause(backend: $0)
            },
            ConformanceCheck("a kind no notice has is refused", needs: .behindTheBackSQL) {
                try ConversationChecks().aKindNoNoticeHasIsRefused(backend: $0)
            },
        ]

    static let payloadVersions: [ConformanceCheck] =
        AppendChecks.durabilities.map { durability in
            ConformanceCheck("posted notices keep their payload version (\(durability))") {
                try PayloadVersionChecks().postedNoticesKeepTheirVersion(backend: $0, durability: durability)
            }
        }
        + [Durability.always, .never].map { durability in
            ConformanceCheck("a batch keeps each notice's payload version (\(durability))") {
                try PayloadVersionChecks().aBatchKeepsEachNoticesVersion(backend: $0, durability: durability)
            }
        } + [
            ConformanceCheck("exports keep payload versions") {
                try PayloadVersionChecks().exportsKeepPayloadVersions(from: $0, into: $0)
            },
            ConformanceCheck("a payload version no notice has is refused", needs: .behindTheBackSQL) {
                try PayloadVersionChecks().aVersionNoNoticeHasIsRefused(backend: $0)
            },
        ]

    static let metadata: [ConformanceCheck] =
        AppendChecks.durabilities.map { durability in
            ConformanceCheck("posted notices keep their metadata (\(durability))") {
                try MetadataChecks().postedNoticesKeepTheirMetadata(backend: $0, durability: durability)
            }
        }
        + [Durability.always, .never].map { durability in
            ConformanceCheck("a batch keeps each notice's metadata (\(durability))") {
                try MetadataChecks().aBatchKeepsEachNoticesMetadata(backend: $0, durability: durability)
            }
        } + [
            ConformanceCheck("exports keep metadata") {
                try MetadataChecks().exportsKeepMetadata(from: $0, into: $0)
            },
            ConformanceCheck("metadata no notice has is refused", needs: .behindTheBackSQL) {
                try MetadataChecks().metadataNoNoticeHasIsRefused(backend: $0)
            },
        ]

    static let requests: [ConformanceCheck] = [
        ConformanceCheck("responders on other journal objects answer, and the conversation is stored", needs: .requests)
        {
            try await RequestChecks().respondersOnOtherJournalsAnswerAndTheConversationIsStored(backend: $0)
        },
        ConformanceCheck("a responder that dies mid-request is not waited for", needs: .requests) {
            try await RequestChecks().aResponderThatDiesMidRequestIsNotWaitedFor(backend: $0)
        },
        ConformanceCheck("a responder claims its place again after losing it", needs: .requests) {
            try await RequestChecks().aResponderClaimsItsPlaceAgainAfterLosingIt(backend: $0)
        },
        ConformanceCheck("replicas that share a sender are each counted", needs: .requests) {
            try await RequestChecks().replicasThatShareASenderAreEachCounted(backend: $0)
        },
        ConformanceCheck(
            "a responder that claims again mid-request is still counted", needs: [.requests, .renewedClaims]
        ) {
            try await RequestChecks().aResponderThatClaimsAgainMidRequestIsStillCounted(backend: $0)
        },
        ConformanceCheck("live claims are listed until released or their holder dies", needs: .requests) {
            try ResponderClaimChecks().liveClaimsAreListedUntilReleasedOrTheirHolderDies(backend: $0)
        },
    ]

    static let projections: [ConformanceCheck] = [
        ConformanceCheck("a fresh journal holds only the journal until a projection is installed", needs: .projections)
        {
            try ProjectionLifecycleChecks().aFreshJournalHoldsOnlyTheJournalUntilAProjectionIsInstalled(backend: $0)
        },
        ConformanceCheck("state is kept while posting and rebuilt when the version goes up", needs: .projections) {
            try ProjectionLifecycleChecks().stateIsKeptWhilePostingAndRebuiltWhenTheVersionGoesUp(backend: $0)
        },
        ConformanceCheck("a projection joining a journal with notices is built from them", needs: .projections) {
            try ProjectionLifecycleChecks().aProjectionJoiningAJournalWithNoticesIsBuiltFromThem(backend: $0)
        },
        ConformanceCheck("a hub without an installed projection cannot post its notices", needs: .projections) {
            try ProjectionLifecycleChecks().aHubWithoutAnInstalledProjectionCannotPostItsNotices(backend: $0)
        },
        ConformanceCheck(
            "a notice journaled behind the projection's back makes it stale until rebuilt",
            needs: [.projections, .behindTheBackSQL]
        ) {
            try ProjectionLifecycleChecks().aNoticeJournaledBehindTheProjectionsBackMakesItStaleUntilRebuilt(
                backend: $0)
        },
        ConformanceCheck("a journal holding a newer version is refused and unchanged", needs: .projections) {
            try ProjectionLifecycleChecks().aJournalHoldingANewerVersionIsRefusedAndUnchanged(backend: $0)
        },
        ConformanceCheck(
            "a declaration that breaks the rules is refused before anything is written", needs: .projections
        ) {
            try ProjectionLifecycleChecks().aDeclarationThatBreaksTheRulesIsRefusedBeforeAnythingIsWritten(backend: $0)
        },
        ConformanceCheck("a rebuild that fails leaves the old state", needs: .projections) {
            try ProjectionLifecycleChecks().aRebuildThatFailsLeavesTheOldState(backend: $0)
        },
        ConformanceCheck(
            "a removed projection leaves its tables and registry and can come back", needs: .projections
        ) {
            try ProjectionLifecycleChecks().aRemovedProjectionLeavesItsTablesAndRegistryAndCanComeBack(backend: $0)
        },
        ConformanceCheck(
            "a projection keeping each notice's sequence, id and time agrees with its replay",
            needs: [.projections, .trimming]
        ) {
            try ProjectionVerifyChecks().aProjectionKeepingEachNoticesSequenceIdAndTimeAgreesWithItsReplay(
                backend: $0)
        },
        ConformanceCheck("a reset subscriber goes on from its new position") {
            try SubscriberResetChecks().aResetSubscriberGoesOnFromItsNewPosition(backend: $0)
        },
        ConformanceCheck("a running subscriber goes on from its reset cursor at its next batch", needs: .cursorResets) {
            try SubscriberResetChecks().aRunningSubscriberGoesOnFromItsResetCursorAtItsNextBatch(backend: $0)
        },
        ConformanceCheck("every notice goes to one member of the group", needs: .groups) {
            try SubscriberGroupChecks().everyNoticeGoesToOneMemberOfTheGroup(backend: $0)
        },
        ConformanceCheck("a dead member's notices go to another once their lease runs out", needs: .groups) {
            try SubscriberGroupChecks().aDeadMembersNoticesGoToAnotherOnceTheirLeaseRunsOut(backend: $0)
        },
        ConformanceCheck("a slow batch keeps its leases", needs: .groups) {
            try SubscriberGroupChecks().aSlowBatchKeepsItsLeases(backend: $0)
        },
        ConformanceCheck("a member stops when its group is deleted", needs: .groups) {
            try SubscriberGroupChecks().aMemberStopsWhenItsGroupIsDeleted(backend: $0)
        },
        ConformanceCheck("a name runs either exclusively or as a group", needs: .groups) {
            try SubscriberGroupChecks().aNameRunsEitherExclusivelyOrAsAGroup(backend: $0)
        },
        ConformanceCheck("a notice thrown for is retried, then parked, and replayed", needs: .parking) {
            try ParkingChecks().aNoticeThrownForIsRetriedThenParkedAndReplayed(backend: $0)
        },
        ConformanceCheck("dropped parked notices and deleted subscribers are gone", needs: .parking) {
            try ParkingChecks().droppedParkedNoticesAndDeletedSubscribersAreGone(backend: $0)
        },
        ConformanceCheck("observed state follows this hub's and another journal's commits", needs: .projections) {
            try StateObservationChecks().observedStateFollowsThisHubsAndAnotherJournalsCommits(backend: $0)
        },
    ]
}
