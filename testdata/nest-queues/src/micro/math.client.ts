import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';

@Injectable()
export class MathClient {
  constructor(@Inject('MATH_SERVICE') private readonly client: ClientProxy) {}

  // The same pattern, written with its fields in another order and literal.
  total(values: number[]) { // @def(total, "total")
    return this.client.send({ cmd: 'sum', role: 'math' }, values); // @site(totalSend, "send") @event(total, accumulate, "{cmd:'sum',role:'math'}", totalSend)
  }

  created(): void { // @def(created, "created")
    this.client.emit('user.created', { id: 1 }); // @site(createdEmit, "emit") @event(created, onUserCreated, "user.created", createdEmit)
  }

  // Another command: accumulate does not answer it.
  other(values: number[]) { // @def(other, "other")
    return this.client.send({ cmd: 'max', role: 'math' }, values);
  }
}
