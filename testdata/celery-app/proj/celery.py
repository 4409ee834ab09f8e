from celery import Celery
from celery.schedules import crontab

from proj.tasks import notify

app = Celery("proj")


def configure_beat(application):  # @def(configureBeat, "configure_beat")
    application.conf.beat_schedule = {
        "cleanup-every-5-minutes": {
            "task": 'proj.tasks.cleanup',  # @site(beatCleanup, "'proj.tasks.cleanup'") @registered(configureBeat, cleanup, "beat_schedule[cleanup-every-5-minutes]: scheduled by Celery beat", beatCleanup)
            "schedule": 300.0,
        },
        "nightly-report": {
            "task": 'reports.send',  # @site(beatReport, "'reports.send'") @registered(configureBeat, sendReport, "beat_schedule[nightly-report]: scheduled by Celery beat", beatReport)
            "schedule": crontab(hour=3, minute=0),
            "args": (7,),
        },
        "stale-name": {
            "task": "proj.tasks.send_report",  # the task is named reports.send: links nothing
            "schedule": 60,
        },
        "gone": {
            "task": "proj.tasks.removed",  # no such task: links nothing
            "schedule": 60,
        },
    }


@app.on_after_configure.connect
def setup_periodic_tasks(sender, **kwargs):  # @def(setupPeriodic, "setup_periodic_tasks")
    sender.add_periodic_task(
        30.0,
        notify.s(1),  # @site(periodicNotify, "s") @registered(setupPeriodic, notify, "notify.s() (Celery: a signature of the task (chains, groups))", periodicNotify)
        name="notify every 30",
    )
