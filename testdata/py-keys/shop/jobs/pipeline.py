from celery import shared_task


@shared_task(bind=True)
def process_upload(self, upload_id):  # @def(process_upload, "process_upload")
    return upload_id


@shared_task
def notify_owner(upload_id):  # @def(notify_owner, "notify_owner")
    return upload_id
