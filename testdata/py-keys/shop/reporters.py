from django.db import models
from django.dispatch import receiver

from shop.order_signals import reporter_forgotten


class Reporter(models.Model):
    def forget(self):  # @def(forget, "forget")
        reporter_forgotten.send(sender=self.__class__, instance=self)  # @site(forgetSend, "send") @event(forget, on_forgotten, "reporter_forgotten", forgetSend)


class Author(models.Model):
    def forget(self):  # @def(authorForget, "forget")
        reporter_forgotten.send(sender=self.__class__, instance=self)


@receiver(reporter_forgotten, sender=Reporter)
def on_forgotten(sender, instance, **kwargs):  # @def(on_forgotten, "on_forgotten")
    return instance
