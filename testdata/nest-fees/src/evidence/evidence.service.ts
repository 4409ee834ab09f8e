import { Injectable } from '@nestjs/common';
import { StorageClient } from '../storage/storage.client';
import { formatReportId as fmtId } from '../util/format';

// @callers(move, handle)
@Injectable()
export class EvidenceService {
  private readonly cache = new Map<string, string>();

  constructor(private readonly storage: StorageClient) {}

  async moveFilesToPermanentStorage(reportId: string): Promise<void> { // @def(move, "moveFilesToPermanentStorage")
    const id = fmtId(reportId); // @site(moveFmt, "fmtId") @call(move, formatReportId, moveFmt)
    const files = await this.storage.list(id); // @site(moveList, "list") @call(move, storageList, moveList)
    await this.storage.copy(files, 'permanent'); // @site(moveCopy, "copy") @call(move, storageCopy, moveCopy)
    this.cache.get(id); // a Map's get is not StorageClient.get: @callers(storageGet)
  }
}
