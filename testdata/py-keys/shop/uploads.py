from shop.jobs import process_upload


def receive(upload_id):  # @def(receive, "receive")
    process_upload.delay(upload_id)  # @site(receiveDelay, "delay") @call(receive, process_upload, receiveDelay)
