export class ReportArchiver {
  // Only ever called by name, from the action table in ActionRunner.run.
  archiveReport(id: string): string { // @answer(keyword, "archiveReport", ActionRunner.run)
    return 'archived ' + id;
  }

  // Nothing calls this any more: the report stage must say so.
  computeLegacyChecksum(data: string): number { // @answer(report, "computeLegacyChecksum")
    let sum = 0;
    for (const ch of data) sum += ch.charCodeAt(0);
    return sum;
  }

  summary(totals: number[]): string {
    // formatTotals is mentioned in this comment and in the string below,
    // which grep must not count as calls.
    return 'formatTotals: ' + totals.length;
  }
}

export class ActionRunner {
  run(archiver: ReportArchiver, action: number, id: string): unknown {
    const actions = ['archiveReport', 'summary'];
    const method = actions[action] as keyof ReportArchiver;
    return (archiver[method] as (x: string) => unknown)(id);
  }
}
