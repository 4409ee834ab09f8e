from shop.jobs.pipeline import *


def finish(upload_id):  # @def(finish, "finish")
    notify_owner.apply_async(args=[upload_id])  # @site(finishAsync, "apply_async") @registered(finish, notify_owner, "notify_owner.apply_async() (Celery: queues the task with options)", finishAsync)
