from django.db import models


class Order(models.Model):
    number = models.CharField(max_length=20)

    def ship(self):  # @def(ship, "ship")
        self.status = "shipped"
        self.save()  # @site(shipSave, "save") @sends(ship, orderSaved, "post_save", shipSave)


class Invoice(models.Model):
    total = models.IntegerField()


class Draft:
    """Not a model: saving it sends no signal."""

    def save(self):  # @def(draftSave, "save")
        pass
