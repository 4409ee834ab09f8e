from datetime import timedelta

from celery.schedules import crontab

from proj.maintenance import compact

REINDEX_TASK = "proj.maintenance.reindex"

CELERY_BEAT_SCHEDULE = {
    "vacuum-hourly": {
        "task": "proj.maintenance.vacuum",
        "schedule": timedelta(hours=1),
    },
    "compact-daily": {
        "task": compact.name,
        "schedule": crontab(minute=30, hour=2),
    },
    "reindex-weekly": {
        "task": REINDEX_TASK,
        "schedule": crontab(0, 4, day_of_week="sun"),
    },
}
