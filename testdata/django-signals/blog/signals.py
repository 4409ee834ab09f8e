from django.dispatch import Signal

# A project's own signal: only its explicit send()/send_robust() reach
# its receivers.
article_published = Signal()
