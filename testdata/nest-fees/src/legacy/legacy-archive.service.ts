// A second moveFilesToPermanentStorage on another class: its callers must
// never be mixed up with EvidenceService's.
export class LegacyArchiveService {
  moveFilesToPermanentStorage(reportId: string): void { // @def(legacyMove, "moveFilesToPermanentStorage")
    void reportId;
  }
}

export class LegacyJob {
  private archive: LegacyArchiveService = new LegacyArchiveService();

  run(): void { // @def(legacyRun, "run")
    this.archive.moveFilesToPermanentStorage('r-1'); // @site(runMove, "moveFilesToPermanentStorage") @call(legacyRun, legacyMove, runMove)
  }
}

export function makeArchive(): LegacyArchiveService { // @def(makeArchive, "makeArchive")
  return new LegacyArchiveService();
}

export async function nightly(): Promise<void> { // @def(nightly, "nightly")
  const archive = makeArchive(); // @site(nightlyMake, "makeArchive") @call(nightly, makeArchive, nightlyMake)
  archive.moveFilesToPermanentStorage('r-2'); // @site(nightlyMove, "moveFilesToPermanentStorage") @call(nightly, legacyMove, nightlyMove)
}
