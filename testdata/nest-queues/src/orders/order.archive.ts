import { OnEvent } from '@nestjs/event-emitter';
import { REOPENED, SharedEvents } from '@app/shared';

export class ArchiveListener {
  @OnEvent(SharedEvents.Archived)
  onArchived(): void { // @def(onArchived, "onArchived")
    console.log('archived');
  }

  @OnEvent(REOPENED)
  onReopened(): void { // @def(onReopened, "onReopened")
    console.log('reopened');
  }
}
