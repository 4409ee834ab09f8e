import { Injectable } from '@nestjs/common';

@Injectable()
export class ReportRepository {
  save(dto: { id: string }): string { // @def(repoSave, "save")
    return dto.id;
  }
}
