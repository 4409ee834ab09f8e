from shop.jobs import process_upload


def receive(upload_id):  # @def(receive, "receive")
    process_upload.delay(upload_id)  # @site(receiveDelay, "delay") @registered(receive, process_upload, "process_upload.delay() (Celery: queues the task)", receiveDelay)
