import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ReportService } from './report.service';

@Controller('reports')
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  // Invoked by the framework: HTTP GET /reports/:id.
  @Get(':id')
  findOne(@Param('id') id: string): string { // @def(findOne, "findOne")
    return id;
  }

  @Post()
  createReport(@Body() dto: { id: string }): string { // @def(createReport, "createReport")
    return this.reports.create(dto); // @site(postCreate, "create") @call(createReport, create, postCreate)
  }
}
