import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import { SUM, Topics } from './math.patterns';

@Controller()
export class MathController {
  @MessagePattern({ role: 'math', cmd: SUM })
  accumulate(data: number[]): number { // @def(accumulate, "accumulate")
    return data.reduce((a, b) => a + b, 0);
  }

  @EventPattern(Topics.UserCreated)
  onUserCreated(data: unknown): void { // @def(onUserCreated, "onUserCreated")
    console.log(data);
  }
}
