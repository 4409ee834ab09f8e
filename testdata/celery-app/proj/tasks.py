from celery import shared_task

from proj.celery import app


@shared_task
def cleanup():  # @def(cleanup, "cleanup")
    return 0


@shared_task(name="reports.send")
def send_report(report_id):  # @def(sendReport, "send_report")
    return report_id


@app.task(bind=True)
def resize(self, image_id):  # @def(resize, "resize")
    return image_id


@app.task
def notify(user_id):  # @def(notify, "notify")
    return user_id


@shared_task
def add(x, y):  # @def(add, "add")
    return x + y


@shared_task
def mul(x, y):  # @def(mul, "mul")
    return x * y


@shared_task
def total(numbers):  # @def(total, "total")
    return sum(numbers)


@shared_task
def orphan():  # @def(orphan, "orphan") @callers(orphan)
    return None


@shared_task
def rebuild():  # @def(rebuild, "rebuild")
    return None


@shared_task
def prune():  # @def(prune, "prune")
    return None
