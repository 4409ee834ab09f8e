from django.contrib import admin
from django.db import models


class Coverage(models.Model):
    ranges = models.ManyToManyField("Range")

    def overlaps(self, other):
        return any(r in other.ranges.all() for r in self.ranges.all())


class CoverageInline(admin.TabularInline):
    model = Coverage

    def ranges(self, obj):  # @def(inlineRanges, "ranges") @nocallers(inlineRanges)
        return [str(r) for r in obj.ranges.all()]


def count_ranges(cov):
    return cov.ranges.count()
