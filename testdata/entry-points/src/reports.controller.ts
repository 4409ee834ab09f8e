import { Controller, Get, Injectable, OnModuleInit, Post } from '@nestjs/common';
import { Cron, CronExpression, Interval } from '@nestjs/schedule';

@Controller('reports')
export class ReportsController {
  constructor(private readonly jobs: ReportJobs) {}

  @Get(':id')
  findOne(id: string) { // @def(findOne, "findOne") @entry(findOne, "route GET /reports/:id")
    return this.load(id); // @site(findLoad, "load") @call(findOne, load, findLoad)
  }

  @Post()
  create() { // @def(create, "create") @callers(create, refresh)
    return {};
  }

  load(id: string) { // @def(load, "load")
    return { id };
  }

  refresh() { // @def(refresh, "refresh") @callers(refresh)
    return this.create(); // @site(refreshCreate, "create") @call(refresh, create, refreshCreate)
  }
}

@Injectable()
export class ReportJobs implements OnModuleInit {
  onModuleInit() { // @def(onModuleInit, "onModuleInit") @entry(onModuleInit, "lifecycle hook onModuleInit")
  }

  @Cron('*/5 * * * *')
  sweep() { // @def(sweep, "sweep") @entry(sweep, "runs every 5 minutes")
  }

  @Cron(CronExpression.EVERY_DAY_AT_MIDNIGHT)
  nightly() { // @def(nightly, "nightly") @entry(nightly, "runs every day at midnight")
  }

  @Interval(60000)
  poll() { // @def(poll, "poll") @entry(poll, "runs every minute")
  }
}
