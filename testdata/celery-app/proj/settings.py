from datetime import timedelta

from celery.schedules import crontab

REINDEX_TASK = "proj.maintenance.reindex"

CELERY_BEAT_SCHEDULE = {
    "vacuum-hourly": {
        "task": "proj.maintenance.vacuum",
        "schedule": timedelta(hours=1),
    },
    "reindex-weekly": {
        "task": REINDEX_TASK,
        "schedule": crontab(0, 4, day_of_week="sun"),
    },
}
