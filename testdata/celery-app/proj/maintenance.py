from celery import shared_task


@shared_task
def vacuum():
    return None


@shared_task
def reindex():
    return None


@shared_task
def compact():
    return None
