import { Injectable } from '@nestjs/common';

@Injectable()
export class StorageClient {
  async list(prefix: string): Promise<string[]> { // @def(storageList, "list")
    return [prefix];
  }

  async copy(files: string[], bucket: string): Promise<void> { // @def(storageCopy, "copy")
    for (const f of files) {
      this.log(`copy ${f} to ${bucket}`); // @site(copyLog, "log") @call(storageCopy, storageLog, copyLog)
    }
  }

  get(key: string): string { // @def(storageGet, "get")
    return key;
  }

  private log(message: string): void { // @def(storageLog, "log")
    console.log(message);
  }
}
